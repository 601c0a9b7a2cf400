/** Renders the UI slice's toasts in a polite live region; each can be dismissed and fades after a while. */
import { useEffect } from 'react';
import { useStore } from '../state/store';
import type { UiToast } from '../state/slices/ui';

const AUTO_DISMISS_MS = { info: 6000, success: 6000, warning: 10000, error: 0 } as const;

function ToastItem({ toast }: { toast: UiToast }) {
  const dismiss = useStore((s) => s.dismissToast);
  useEffect(() => {
    const ms = AUTO_DISMISS_MS[toast.level];
    if (!ms) return;
    const t = setTimeout(() => dismiss(toast.id), ms);
    return () => clearTimeout(t);
  }, [toast.id, toast.level, dismiss]);
  return (
    <div className={`toast toast-${toast.level}`} role={toast.level === 'error' ? 'alert' : 'status'}>
      <div className="toast-text">
        <strong>{toast.title}</strong>
        {toast.body ? <div>{toast.body}</div> : null}
      </div>
      <button type="button" className="btn btn-ghost btn-small" aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}

export function Toasts() {
  const toasts = useStore((s) => s.toasts);
  return (
    <div className="toasts" aria-live="polite" aria-label="Notifications">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}
