/**
 * Where a job ran, as a history row's second metadata line says it. The key's
 * name often repeats the environment's ("Sandbox (built-in)" · "Sandbox key 1"):
 * then the key alone says both, and the line fits the panel's default width.
 * The row's tooltip keeps both names whole.
 */
/** An environment's name without a trailing note in brackets: "Sandbox (built-in)" → "sandbox". */
function bareName(text: string): string {
  return text.replace(/\s*\([^)]*\)\s*$/, '').trim().toLowerCase();
}

export function rowWhere(environmentName: string, keyName: string): string {
  const env = environmentName.trim();
  const key = keyName.trim();
  if (!env) return key;
  if (!key) return env;
  // The key says both only when it starts with the environment's whole name: "Second key" says nothing of "Second sandbox".
  const bare = bareName(env);
  if (bare.length >= 3 && key.toLowerCase().startsWith(bare)) return key;
  return `${env} · ${key}`;
}
