/**
 * Shows the host's in-app notifications (`app:toast`) in the toasts host. A
 * finished job's toast gets an Open button when the viewport can show it.
 */
import { useEffect } from 'react';
import { shownOfKind } from '../../../shared/api';
import { bridge } from '../bridge';
import { useStore } from '../state/store';

function openAction(localId: string | undefined) {
  if (!localId) return undefined;
  const job = useStore.getState().jobsById[localId];
  if (job && shownOfKind(job.kind) === 'none') return undefined;
  return {
    label: 'Open',
    run: () => {
      const known = useStore.getState().jobsById[localId];
      if (known) useStore.getState().openJob(known);
    },
  };
}

export function useHostToasts(): void {
  const pushToast = useStore((s) => s.pushToast);
  useEffect(() => {
    try {
      return bridge().api.app.onToast((t) => {
        const action = t.level === 'success' ? openAction(t.localId) : undefined;
        pushToast(action ? { ...t, action } : t);
      });
    } catch {
      // No host installed (unit tests): nothing to listen to.
      return undefined;
    }
  }, [pushToast]);
}
