/**
 * Response headers of the browser shell. The CSP is Electron's (see
 * electron/app/security.ts, which the shells cannot import because it loads
 * `electron`) plus the event socket on loopback.
 */
export const WEB_CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "img-src 'self' blob: data:",
  "connect-src 'self' ws://127.0.0.1:* ws://localhost:* blob: data:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ');

/** On every response, whatever the route. */
export const BASE_HEADERS: Record<string, string> = {
  'Content-Security-Policy': WEB_CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** API answers and errors are never cached. */
export const NO_STORE = { 'Cache-Control': 'no-store' };
