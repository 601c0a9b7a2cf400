/** Placeholder: replaced by its feature. */
export function Viewport() {
  return <section aria-label="Viewport" />;
}
