/**
 * "Test connection": look up a job id that cannot exist. The service checks
 * the credentials before the id, so 404 means the key was accepted and 401
 * means it was not — without creating anything or spending credits.
 *
 * The request carries the secret, so it goes to the environment's base URL
 * and nowhere else: a redirect is never followed (`fetch` would resend the
 * `x-client-*` headers to wherever `Location` points, another origin
 * included), and the result says where it pointed.
 */
import { randomUUID } from 'node:crypto';
import { ENDPOINTS } from '../../../shared/api';
import type { ConnectionTest } from '../../../shared/ipc';
import type { Credentials } from '../contracts';

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; signal: AbortSignal; redirect: 'manual' },
) => Promise<{ status: number; headers?: { get(name: string): string | null } }>;

export async function testConnection(baseUrl: string, credentials: Credentials, fetchImpl: FetchLike, timeoutMs = 15_000): Promise<ConnectionTest> {
  const probeId = `connection-test-${randomUUID()}`;
  const url = `${baseUrl.replace(/\/+$/, '')}${ENDPOINTS['get-job'].path.replace('{jobId}', probeId)}`;
  let status: number;
  let location: string | null | undefined;
  try {
    const response = await fetchImpl(url, {
      method: 'GET',
      headers: { 'x-client-id': credentials.clientId, 'x-client-secret': credentials.clientSecret, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'manual',
    });
    status = response.status;
    location = response.headers?.get('location');
  } catch (err) {
    return { outcome: 'unreachable', message: `Could not reach ${baseUrl}: ${describeNetworkError(err)}. Check the base URL and your connection.` };
  }
  if (status >= 300 && status < 400) return redirected(url, status, location);
  if (status === 404) return { outcome: 'connected', status, message: 'Connected: the service accepted this key.' };
  if (status === 401) return { outcome: 'rejected', status, message: 'The service rejected this key (401). Check the client id and secret.' };
  if (status === 403) return { outcome: 'rejected', status, message: 'The service refused this key (403). It may have been revoked or lack access; check it in the API dashboard.' };
  if (status === 402) return { outcome: 'connected', status, message: 'Connected, but the service reports that API billing is not set up or credits are exhausted (402).' };
  return { outcome: 'unexpected', status, message: `The service answered ${status}, which a key check does not expect. Check the base URL.` };
}

/** A redirect, not followed: where it pointed, in words (the secret went only to the base URL). */
export function redirected(requestUrl: string, status: number, location: string | null | undefined): ConnectionTest {
  let target: URL | undefined;
  try {
    target = location ? new URL(location, requestUrl) : undefined;
  } catch {
    target = undefined;
  }
  const from = new URL(requestUrl);
  if (target && target.origin !== from.origin) {
    return {
      outcome: 'redirected',
      status,
      message: `The service redirected the key check to another host (${target.host}). The redirect was not followed: Asset Studio sends a key's secret only to the base URL it was entered for. If that host is the right one, make it the environment's base URL and type the secret again.`,
    };
  }
  return {
    outcome: 'redirected',
    status,
    message: `The service answered with a redirect (${status})${target ? ` to ${target.pathname}` : ''}. It was not followed: signed requests go only to the base URL itself. Check the base URL (it may need a different path, or https://).`,
  };
}

/** A network failure in words, built from the error's code only (never from request details). */
function describeNetworkError(err: unknown): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return 'no answer in time';
  const cause = err instanceof Error ? (err as Error & { cause?: { code?: unknown } }).cause : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  switch (code) {
    case 'ECONNREFUSED':
      return 'the connection was refused';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'the host name could not be resolved';
    case 'ECONNRESET':
      return 'the connection was reset';
    case undefined:
      return 'a network error';
    default:
      return `a network error (${code})`;
  }
}
