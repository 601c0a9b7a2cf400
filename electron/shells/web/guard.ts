/**
 * The browser shell's front door. Every HTTP request and the event socket
 * pass `checkRequest` before any route (and so any service) runs:
 *
 * - `Host` must be `127.0.0.1:PORT` or `localhost:PORT`: a DNS-rebinding page
 *   reaches us under its own host name and is refused;
 * - `Origin`, when the browser sends one, must be this host's own origin:
 *   another site (or another local port) cannot drive the API
 *   (both from shared/http/local-guard.ts, which the sandbox uses too);
 * - the per-launch token must be present: `Authorization: Bearer` or `?token=`
 *   (first page load, `<img>` and the WebSocket, which cannot set headers);
 * - or, for plain GETs of the renderer's own files and job assets only, the
 *   HttpOnly cookie set on the first page load (a page's scripts, styles and
 *   workers are fetched by the browser without the query string). The cookie
 *   holds its own random value, never the token: browsers send cookies to
 *   every port of 127.0.0.1, so any other local server the user visits may
 *   read it, and what it reads opens no `/api/` route and no event socket.
 */
import crypto from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { allowedHosts, allowedOrigins, checkHostAndOrigin } from '../../../shared/http/local-guard';

/** A fresh token per launch: 32 random bytes, base64url. */
export function createToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Port-scoped because cookies are shared by every port of a host. */
export function cookieName(port: number): string {
  return `asset_studio_${port}`;
}

export type GuardVerdict = { ok: true; via: 'header' | 'query' | 'cookie' } | { ok: false; status: 401 | 403; reason: string };

export interface GuardOptions {
  token: string;
  /** The cookie's own value (not the token): it opens static files and asset GETs, nothing else. */
  cookieSecret: string;
  port: number;
  /** Whether the session cookie may stand in for the token on this request (GETs of static files and assets only). */
  cookieAllowed: boolean;
}

export { allowedHosts, allowedOrigins };

/** Constant-time comparison, so response timing does not reveal how much of a guess was right. */
export function tokenMatches(expected: string, given: string | undefined | null): boolean {
  if (typeof given !== 'string' || given.length === 0) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function cookieValue(req: IncomingMessage, name: string): string | undefined {
  const raw = header(req, 'cookie');
  if (!raw) return undefined;
  for (const part of raw.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

export function checkRequest(req: IncomingMessage, url: URL, options: GuardOptions): GuardVerdict {
  // Host and Origin: the rules every loopback server of the app shares (the sandbox's inspection API too).
  const place = checkHostAndOrigin({ host: header(req, 'host'), origin: header(req, 'origin') }, options.port);
  if (!place.ok) return place;
  const authorization = header(req, 'authorization');
  const bearer = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (tokenMatches(options.token, bearer)) return { ok: true, via: 'header' };
  if (tokenMatches(options.token, url.searchParams.get('token'))) return { ok: true, via: 'query' };
  if (options.cookieAllowed && tokenMatches(options.cookieSecret, cookieValue(req, cookieName(options.port)))) return { ok: true, via: 'cookie' };
  return { ok: false, status: 401, reason: 'missing or wrong token' };
}
