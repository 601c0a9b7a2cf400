/**
 * Where a key's secret may be sent, as pure
 * decisions shared by main (which enforces them) and Settings (which explains
 * them before anything is sent).
 *
 * - Plain `http://` is for this computer only (the sandbox, a local proxy):
 *   anything else needs `https://`, or the environment's explicit, visible
 *   "allow plain http://" override, because the secret travels in a header.
 * - A secret belongs to the origins (scheme, host, port) it was entered for:
 *   when an environment's base or storage origin changes, its keys' secrets
 *   are forgotten and asked for again.
 */

/**
 * `localhost`, 127.0.0.0/8 and `[::1]`: names that never leave this computer.
 * `*.localhost` names are not among them: Node resolves them through the
 * ordinary resolver, so a DNS server that answers for `evil.localhost` would
 * receive the secret in clear. They count as remote unless the environment
 * allows plain http://.
 */
export function isLoopbackHostname(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/\.$/, '');
  if (h === 'localhost') return true;
  if (h === '[::1]' || h === '::1') return true;
  const v4 = /^127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(h);
  return v4 !== null && v4.slice(1).every((n) => Number(n) <= 255);
}

/** True for an `http://` URL to another computer: the secret would cross the network in clear. */
export function isPlainHttpToRemote(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === 'http:' && !isLoopbackHostname(parsed.hostname);
}

export interface EnvironmentUrls {
  baseUrl: string;
  storageUrl: string;
}

/** Field problems for URLs that need https:// (none when the environment allows plain http://). */
export function plainHttpProblems(urls: EnvironmentUrls, allowPlainHttp: boolean): { field: 'baseUrl' | 'storageUrl'; message: string }[] {
  if (allowPlainHttp) return [];
  return (['baseUrl', 'storageUrl'] as const)
    .filter((field) => isPlainHttpToRemote(urls[field]))
    .map((field) => ({ field, message: 'use https:// (plain http:// is only for this computer)' }));
}

/** The origin of a URL, or the URL itself when it cannot be parsed (so any change counts). */
export function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
}

/** Whether moving an environment from `before` to `after` sends requests to another origin. */
export function originsChanged(before: EnvironmentUrls, after: EnvironmentUrls): boolean {
  return originOf(before.baseUrl) !== originOf(after.baseUrl) || originOf(before.storageUrl) !== originOf(after.storageUrl);
}
