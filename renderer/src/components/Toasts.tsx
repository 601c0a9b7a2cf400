/**
 * Renders the UI slice's toasts in a polite live region; each can be
 * dismissed, success and info toasts fade after a while, errors stay until
 * read and fold under the newest one (see app/toast-stack).
 */
import { useEffect, useState } from 'react';
import { useStore } from '../state/store';
import type { UiToast } from '../state/slices/ui';
import { stackToasts } from '../app/toast-stack';

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
      {toast.action ? (
        <button
          type="button"
          className="btn btn-secondary btn-small"
          onClick={() => {
            toast.action!.run();
            dismiss(toast.id);
          }}
        >
          {toast.action.label}
        </button>
      ) : null}
      <button type="button" className="btn btn-ghost btn-small" aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
        ×
      </button>
    </div>
  );
}

export function Toasts() {
  const toasts = useStore((s) => s.toasts);
  const [expanded, setExpanded] = useState(false);
  const { shown, folded } = stackToasts(toasts, expanded);
  const errors = toasts.filter((t) => t.level === 'error').length;
  return (
    <div className="toasts" aria-live="polite" aria-label="Notifications">
      {folded > 0 || (expanded && errors > 1) ? (
        <button type="button" className="btn btn-ghost btn-small toast-fold" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
          {expanded ? 'Fold the errors' : `${folded} more error${folded === 1 ? '' : 's'}`}
        </button>
      ) : null}
      {shown.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}
