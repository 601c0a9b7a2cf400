/**
 * A modal dialog on Radix Dialog: focus trapped inside, Escape and a click
 * outside close it, stacked dialogs close one at a time, and focus goes back
 * to the control that opened it (see focus-return.ts for dialogs opened from
 * a menu). Same props as the app's earlier <dialog>-based one.
 */
import { Dialog as RadixDialog } from 'radix-ui';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
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
  // Read before Radix moves focus into the dialog (layout effects run before its focus scope mounts).
  useLayoutEffect(() => {
    if (open) origin.current = focusOrigin();
  }, [open]);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className={`dialog${className ? ` ${className}` : ''}`}
          aria-label={title}
          aria-describedby={undefined}
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
