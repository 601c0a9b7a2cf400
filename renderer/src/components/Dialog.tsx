/**
 * A modal dialog on Radix Dialog: focus trapped inside, Escape and a click
 * outside close it, stacked dialogs close one at a time, and focus goes back
 * to the control that opened it (see focus-return.ts for dialogs opened from
 * a menu). Same props as the app's earlier <dialog>-based one.
 */
import { Dialog as RadixDialog } from 'radix-ui';
import { useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { pushDialog, topDialog } from './dialog-stack';
import { focusOrigin, installFocusTracking, returnFocus } from './focus-return';

export interface DialogProps {
  open: boolean;
  title: string;
  onClose(): void;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
}

installFocusTracking();

export function Dialog({ open, title, onClose, children, footer, className }: DialogProps) {
  const origin = useRef<HTMLElement | null>(null);
  const id = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  // Read before Radix moves focus into the dialog (layout effects run before its focus scope mounts).
  useLayoutEffect(() => {
    if (!open) return;
    origin.current = focusOrigin();
    return pushDialog({ id, close: () => closeRef.current() });
  }, [open, id]);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className={`dialog${className ? ` ${className}` : ''}`}
          aria-label={title}
          aria-describedby={undefined}
          onEscapeKeyDown={(e) => {
            // Close the dialog opened last, whichever layer Radix handed the key to (see dialog-stack.ts).
            const top = topDialog();
            if (!top || top.id === id) return;
            e.preventDefault();
            top.close();
          }}
          onCloseAutoFocus={(e) => {
            if (returnFocus(origin.current)) e.preventDefault();
          }}
        >
          <header className="dialog-head">
            <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="btn btn-ghost btn-small" aria-label="Close">
              ×
            </RadixDialog.Close>
          </header>
          <div className="dialog-body">{children}</div>
          {footer ? <footer className="dialog-foot">{footer}</footer> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
