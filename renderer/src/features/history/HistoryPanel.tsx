/** Placeholder: replaced by its feature. */
export function HistoryPanel() {
  return <section aria-label="Job history" />;
}
