/** Shows the host's in-app notifications (`app:toast`) in the toasts host. */
import { useEffect } from 'react';
import { bridge } from '../bridge';
import { useStore } from '../state/store';

export function useHostToasts(): void {
  const pushToast = useStore((s) => s.pushToast);
  useEffect(() => {
    try {
      return bridge().api.app.onToast((t) => pushToast(t));
    } catch {
      // No host installed (unit tests): nothing to listen to.
      return undefined;
    }
  }, [pushToast]);
}
