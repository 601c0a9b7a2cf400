/**
 * The window's notifications. Information and success toasts are Radix
 * toasts that fade by themselves (hover or focus holds them, a swipe or ×
 * dismisses them); a set's or batch's one toast stays while it runs. Errors
 * stay until read, but as ONE collapsible card that shows the newest and
 * counts the rest (the same error again raises its count), so a run of
 * failures never covers the viewport's stats or the animation timeline.
 */
import { Toast } from 'radix-ui';
import { useState } from 'react';
import { useStore } from '../state/store';
import type { UiToast } from '../domain/toasts/toast-stack';
import { stackToasts, toastDuration, toastPlacement } from '../domain/toasts/toast-stack';
import { useLayoutMode } from './use-layout-mode';

function FadingToast({ toast }: { toast: UiToast }) {
  const dismiss = useStore((s) => s.dismissToast);
  return (
    <Toast.Root
      className={`toast toast-${toast.level}`}
      // Radix announces the toast itself; the role lets a reader (and a test) find it as a status message.
      role="status"
      duration={toast.duration ?? toastDuration(toast.level)}
      type={toast.level === 'warning' ? 'foreground' : 'background'}
      onOpenChange={(open) => {
        if (!open) dismiss(toast.id);
      }}
    >
      <div className="toast-text">
        <Toast.Title asChild>
          <strong>{toast.title}</strong>
        </Toast.Title>
        {toast.body ? <Toast.Description>{toast.body}</Toast.Description> : null}
      </div>
      {toast.action ? (
        <Toast.Action
          altText={toast.action.label}
          className="btn btn-secondary btn-small"
          onClick={() => {
            toast.action!.run();
            dismiss(toast.id);
          }}
        >
          {toast.action.label}
        </Toast.Action>
      ) : null}
      <Toast.Close className="btn btn-ghost btn-small" aria-label="Dismiss">
        ×
      </Toast.Close>
    </Toast.Root>
  );
}

function ErrorItem({ toast }: { toast: UiToast }) {
  const dismiss = useStore((s) => s.dismissToast);
  return (
    <li className="toast toast-error" role="alert">
      <div className="toast-text">
        <strong>{toast.title}</strong>
        {toast.count && toast.count > 1 ? <span className="toast-count">{` (${toast.count} times)`}</span> : null}
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
    </li>
  );
}

/** All error toasts in one card: the newest shown, the others one click away (what shows: stackToasts). */
export function ErrorStack({ toasts }: { toasts: readonly UiToast[] }) {
  const [expanded, setExpanded] = useState(false);
  const dismiss = useStore((s) => s.dismissToast);
  const { errors, toggle } = stackToasts(toasts, expanded);
  if (errors.length === 0) return null;
  const all = toasts.filter((t) => t.level === 'error');
  return (
    <section className="toast-errors" aria-label="Problems">
      {toggle ? (
        <header className="toast-errors-head">
          <button type="button" className="btn btn-ghost btn-small" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
            {toggle}
          </button>
          <button type="button" className="btn btn-ghost btn-small" onClick={() => all.forEach((t) => dismiss(t.id))}>
            Dismiss all
          </button>
        </header>
      ) : null}
      <ul className="toast-errors-list">
        {errors.map((t) => (
          <ErrorItem key={t.id} toast={t} />
        ))}
      </ul>
    </section>
  );
}

export function Toasts() {
  const toasts = useStore((s) => s.toasts);
  const historyWidth = useStore((s) => s.historyWidth);
  const { placement, right } = toastPlacement(useLayoutMode(), historyWidth);
  const { fading } = stackToasts(toasts, false);
  return (
    <Toast.Provider swipeDirection="right" label="Notifications">
      <div className="toasts" data-placement={placement} style={{ right }}>
        <ErrorStack toasts={toasts} />
        {fading.map((t) => (
          <FadingToast key={t.id} toast={t} />
        ))}
        <Toast.Viewport className="toast-viewport" aria-label="Notifications" />
      </div>
    </Toast.Provider>
  );
}
