/** Placeholder: replaced by its feature. */
export function BatchView() {
  return <section aria-label="Batch" />;
}
