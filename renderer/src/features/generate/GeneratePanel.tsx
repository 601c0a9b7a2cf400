/** Placeholder: replaced by its feature. */
export function GeneratePanel() {
  return <section aria-label="Generate" />;
}
