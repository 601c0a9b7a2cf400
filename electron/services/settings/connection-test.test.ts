/**
 * "Test connection" signs one request with the key's secret: it must reach
 * the environment's own base URL and nothing else. A redirect is never
 * followed (another origin would get the secret), and the result says so.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { serveLocally, type LocalServer } from '../../test/local-server';
import { testConnection, type FetchLike } from './connection-test';

const CREDENTIALS = { clientId: 'client-redirect-test', clientSecret: 'secret-that-must-stay-home-0123456789' };
const servers: LocalServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A server that records what reached it and answers like the service to an unknown job id (404: key accepted). */
async function elsewhere(): Promise<{ server: LocalServer; seen: IncomingHttpHeaders[] }> {
  const seen: IncomingHttpHeaders[] = [];
  const server = await serveLocally((req, res) => {
    seen.push(req.headers);
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
  });
  servers.push(server);
  return { server, seen };
}

async function redirectingTo(target: (path: string) => string, status = 302): Promise<LocalServer> {
  const server = await serveLocally((req, res) => res.writeHead(status, { location: target(req.url ?? '/') }).end());
  servers.push(server);
  return server;
}

const realFetch = globalThis.fetch as unknown as FetchLike;

describe('Test connection and redirects', () => {
  it.each([301, 302, 307, 308])('does not follow a %i to another origin: the other host never sees the secret, and the result says why', async (status) => {
    const other = await elsewhere();
    const base = await redirectingTo((p) => `${other.server.baseUrl}${p}`, status);
    const result = await testConnection(`${base.baseUrl}/v1`, CREDENTIALS, realFetch);
    expect(other.seen).toHaveLength(0);
    expect(result.outcome).toBe('redirected');
    expect(result.status).toBe(status);
    expect(result.message).toContain(new URL(other.server.baseUrl).host);
    expect(result.message).toMatch(/not followed/i);
    expect(result.message).not.toContain(CREDENTIALS.clientSecret);
  });

  it('does not follow a redirect within the same origin either, and says the base URL should be the one it points to', async () => {
    const base = await redirectingTo((p) => `/moved${p}`);
    const result = await testConnection(base.baseUrl, CREDENTIALS, realFetch);
    expect(result.outcome).toBe('redirected');
    expect(result.message).toMatch(/base URL/);
  });
});
