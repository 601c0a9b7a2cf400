/**
 * Where focus goes back to when a dialog closes. Radix returns focus to the
 * element that held it when the dialog opened, but a dialog opened from a
 * menu item (or from another dialog's button that then unmounts) finds that
 * element gone and focus falls to <body>. This remembers the last focused
 * element outside menus, so a dialog opened from a ⋯ menu returns to the ⋯
 * button, and one opened from inside another dialog returns into it.
 */
let lastFocused: HTMLElement | null = null;
let installed = false;

function track(e: FocusEvent): void {
  const el = e.target;
  if (!(el instanceof HTMLElement) || el === document.body) return;
  if (el.closest('[role="menu"]')) return;
  lastFocused = el;
}

export function installFocusTracking(): void {
  if (installed || typeof document === 'undefined') return;
  installed = true;
  document.addEventListener('focusin', track, true);
}

/** The element to return to, read when a dialog opens. */
export function focusOrigin(): HTMLElement | null {
  const active = typeof document !== 'undefined' ? document.activeElement : null;
  if (active instanceof HTMLElement && active !== document.body && active.isConnected && !active.closest('[role="menu"]')) return active;
  return lastFocused?.isConnected ? lastFocused : null;
}

/** Focuses `el` if it is still on the page and focusable; reports whether it did. */
export function returnFocus(el: HTMLElement | null): boolean {
  if (!el?.isConnected) return false;
  el.focus();
  return document.activeElement === el;
}

/**
 * A popover's onCloseAutoFocus: Radix gives focus back to the popover's button
 * a task after the popover goes, and by then the user may already have put it
 * elsewhere (Escape, then straight into the search field): taking it back
 * would send the next letters typed to the button. Focus that has moved on
 * stays; focus that fell to the page body (it was inside the popover) goes
 * back to the button as usual.
 */
export function keepFocusMovedOn(e: Event): void {
  const active = typeof document !== 'undefined' ? document.activeElement : null;
  if (active instanceof HTMLElement && active !== document.body && active.isConnected) e.preventDefault();
}
