/** Placeholder: replaced by its feature. */
export function SettingsDialog() {
  return <section aria-label="Settings" />;
}
