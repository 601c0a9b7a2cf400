/**
 * Where a job ran, as a history row's second metadata line says it. The key's
 * name often repeats the environment's ("Sandbox (built-in)" · "Sandbox key 1"):
 * then the key alone says both, and the line fits the panel's default width.
 * The row's tooltip keeps both names whole.
 */
function firstWord(text: string): string {
  return (text.trim().split(/[\s(·,-]+/)[0] ?? '').toLowerCase();
}

export function rowWhere(environmentName: string, keyName: string): string {
  const env = environmentName.trim();
  const key = keyName.trim();
  if (!env) return key;
  if (!key) return env;
  const word = firstWord(env);
  if (word.length >= 3 && key.toLowerCase().startsWith(word)) return key;
  return `${env} · ${key}`;
}
