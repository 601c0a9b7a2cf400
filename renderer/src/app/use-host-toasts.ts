/**
 * Shows the host's in-app notifications (`app:toast`) in the toasts host. A
 * finished job's toast gets an Open button when the viewport can show it; the
 * jobs of one set of takes or one batch share one toast that counts up
 * (toast-groups.ts), with Open for the takes side by side or the batch.
 */
import { useEffect } from 'react';
import { shownOfKind } from '../../../shared/api';
import type { Toast } from '../../../shared/ipc';
import { bridge } from '../bridge';
import { useStore } from '../state/store';
import type { UiToast } from '../domain/toasts/toast-stack';
import { groupKeyOf, groupToastView, outcomeOf, withOutcome, type ToastGroup } from '../domain/toasts/toast-groups';

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

/** Open for a group: a batch's view; a set's finished takes side by side (one alone in the viewport). */
function groupAction(group: ToastGroup, done: readonly string[]): UiToast['action'] {
  if (group.kind === 'batch') return { label: 'Open', run: () => void useStore.getState().showBatch(group.groupId) };
  if (done.length === 0) return undefined;
  return {
    label: 'Open',
    run: () => {
      const state = useStore.getState();
      if (done.length > 1) state.openCompare(done, { setId: group.groupId });
      else if (state.jobsById[done[0]!]) state.openJob(state.jobsById[done[0]!]!);
    },
  };
}

/** The group a notice belongs to as it stands in the store now (its size, its name, the members that had already ended). */
function groupNow(key: NonNullable<ReturnType<typeof groupKeyOf>>, previous: ToastGroup | undefined): ToastGroup {
  const state = useStore.getState();
  const members = Object.values(state.jobsById).filter((j) => (key.kind === 'batch' ? j.batchId : j.setId) === key.groupId);
  const batch = key.kind === 'batch' ? state.batches[key.groupId] : undefined;
  const first = members[0];
  const name = batch ? `Batch ${batch.name}` : first ? first.title || first.prompt || '' : '';
  return { id: key.id, kind: key.kind, groupId: key.groupId, name, total: Math.max(batch?.counts.total ?? 0, members.length, previous?.total ?? 0), outcomes: previous?.outcomes ?? {} };
}

/**
 * What a host notice becomes: a job's own toast, or its group's toast after
 * counting it. `groups` holds the groups seen so far; a group whose toast the
 * user dismissed (or that faded) is not shown again.
 */
export function toastFromNotice(t: Toast, groups: Map<string, ToastGroup>): (Omit<UiToast, 'id'> & { id: string }) | undefined {
  const job = t.localId ? useStore.getState().jobsById[t.localId] : undefined;
  const key = groupKeyOf(job);
  if (!key || !t.localId) {
    const action = t.level === 'success' ? openAction(t.localId) : undefined;
    return action ? { ...t, action } : t;
  }
  const previous = groups.get(key.id);
  if (previous && !useStore.getState().toasts.some((x) => x.id === key.id)) return undefined;
  const group = withOutcome(groupNow(key, previous), t.localId, outcomeOf(t.level));
  groups.set(key.id, group);
  const view = groupToastView(group);
  const action = groupAction(group, view.done);
  return { id: view.id, level: view.level, title: view.title, body: view.body, duration: view.duration, localId: t.localId, ...(action ? { action } : {}) };
}

export function useHostToasts(): void {
  const pushToast = useStore((s) => s.pushToast);
  useEffect(() => {
    const groups = new Map<string, ToastGroup>();
    try {
      return bridge().api.app.onToast((t) => {
        const toast = toastFromNotice(t, groups);
        if (toast) pushToast(toast);
      });
    } catch {
      // No host installed (unit tests): nothing to listen to.
      return undefined;
    }
  }, [pushToast]);
}
