/**
 * Who may talk to a loopback server of this app (the browser shell, the
 * built-in sandbox's inspection API): the request must name this machine and
 * port in `Host` (a DNS-rebinding page reaches the port under its own host
 * name), and an `Origin`, when a browser sends one, must be the server's own
 * (another site, or another local port, is another origin). Pure: it reads
 * header values, so every server applies the same rules.
 */

export type HostOriginVerdict = { ok: true } | { ok: false; status: 403; reason: 'host not allowed' | 'origin not allowed' };

/** `Host` values that name this machine on `port`. */
export function allowedHosts(port: number): string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
}

/** Origins of this server as a browser writes them. */
export function allowedOrigins(port: number): string[] {
  return allowedHosts(port).map((h) => `http://${h}`);
}

export function checkHostAndOrigin(headers: { host?: string; origin?: string }, port: number): HostOriginVerdict {
  const host = headers.host?.toLowerCase();
  if (!host || !allowedHosts(port).includes(host)) return { ok: false, status: 403, reason: 'host not allowed' };
  if (headers.origin !== undefined && !allowedOrigins(port).includes(headers.origin.toLowerCase())) {
    return { ok: false, status: 403, reason: 'origin not allowed' };
  }
  return { ok: true };
}
