/**
 * Which open dialog Escape closes. Radix picks the "highest" dismissable
 * layer by the order layers registered, and when a second dialog opens
 * within a frame or two of the first (Export → "Add a project folder in
 * Settings"), the first one can keep its Escape listener: Escape then closed
 * the Export dialog under Settings and left Settings open (seen in about half
 * of the CI runs). The app keeps its own order of opening, and
 * whichever dialog receives the Escape closes the one opened last.
 */
export interface OpenDialog {
  readonly id: string;
  close(): void;
}

const stack: OpenDialog[] = [];

/** Records a dialog as opened now (on top); returns its removal. */
export function pushDialog(dialog: OpenDialog): () => void {
  stack.push(dialog);
  return () => {
    const at = stack.indexOf(dialog);
    if (at >= 0) stack.splice(at, 1);
  };
}

/** The dialog Escape should close: the one opened last and still open. */
export function topDialog(): OpenDialog | undefined {
  return stack[stack.length - 1];
}
