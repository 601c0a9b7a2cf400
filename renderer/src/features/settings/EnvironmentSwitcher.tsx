/** Placeholder: replaced by its feature. */
export function EnvironmentSwitcher() {
  return <section aria-label="Environment" />;
}
