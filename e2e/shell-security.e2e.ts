/**
 * Journey: nobody but the page the user opened can drive the browser shell.
 * A request without the token gets 401, one from another origin gets 403 even
 * with the token, and neither reaches a service: the job ledger stays empty
 * and (where the built-in sandbox runs) no request reaches the service.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { expect, test, type StudioHost } from './fixtures';

const SUBMIT = JSON.stringify({ kind: 'text-to-3d', fields: { prompt: 'a wooden chair' } });

/** How many jobs the ledger holds, asked with the token (as the app would). */
async function ledgerSize(studio: StudioHost): Promise<number> {
  const listed = await studio.invoke<{ jobs: unknown[] }>('jobs:list', { includeHidden: true });
  if (!listed.ok) throw new Error(`jobs:list failed: ${listed.problem.message}`);
  return listed.value.jobs.length;
}

/** Requests the built-in sandbox has seen, or undefined when this build has no sandbox. */
async function sandboxRequests(studio: StudioHost): Promise<string | undefined> {
  const snap = await studio.invoke<{ environments: { builtin: boolean; baseUrl: string }[] }>('settings:get');
  const builtin = snap.ok ? snap.value.environments.find((e) => e.builtin) : undefined;
  if (!builtin) return undefined;
  const res = await fetch(`${new URL(builtin.baseUrl).origin}/__sandbox/state`);
  if (!res.ok) return undefined;
  const requests = ((await res.json()) as { requests?: { path?: string }[] }).requests ?? [];
  // Reading the state is itself logged; only service requests count.
  return JSON.stringify(requests.filter((r) => !r.path?.startsWith('/__sandbox')));
}

function socketStatus(url: string, headers: Record<string, string> = {}): Promise<number | 'open'> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { headers });
    ws.once('open', () => {
      ws.close();
      resolve('open');
    });
    ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.once('error', () => resolve(0));
  });
}

test('requests without the token get 401 and reach no service', async ({ studio, request }) => {
  const sandboxBefore = await sandboxRequests(studio);
  const noToken = await request.post(`${studio.origin}/api/invoke/jobs:submit`, { headers: { 'content-type': 'application/json' }, data: SUBMIT });
  const wrongToken = await request.post(`${studio.origin}/api/invoke/jobs:submit`, {
    headers: { 'content-type': 'application/json', authorization: 'Bearer not-the-token' },
    data: SUBMIT,
  });
  expect(noToken.status()).toBe(401);
  expect(wrongToken.status()).toBe(401);
  expect((await request.get(`${studio.origin}/`)).status()).toBe(401);
  expect((await request.post(`${studio.origin}/api/files?name=a.png`, { data: Buffer.from([1, 2, 3]) })).status()).toBe(401);
  expect(await socketStatus(`ws://127.0.0.1:${new URL(studio.origin).port}/api/events`)).toBe(401);

  expect(await ledgerSize(studio)).toBe(0);
  expect(await sandboxRequests(studio)).toBe(sandboxBefore);
  await expect.poll(() => studio.hostLogs.filter((l) => l.includes('missing or wrong token')).length).toBe(5);
});

test('a foreign Origin or Host gets 403 even with the token, and reaches no service', async ({ studio, request }) => {
  const sandboxBefore = await sandboxRequests(studio);
  const auth = { authorization: `Bearer ${studio.token}`, 'content-type': 'application/json' };
  const foreign = await request.post(`${studio.origin}/api/invoke/jobs:submit`, { headers: { ...auth, origin: 'https://evil.example' }, data: SUBMIT });
  const rebound = await request.post(`${studio.origin}/api/invoke/jobs:submit`, { headers: { ...auth, host: 'evil.example' }, data: SUBMIT });
  expect(foreign.status()).toBe(403);
  expect(rebound.status()).toBe(403);
  expect(await socketStatus(`ws://127.0.0.1:${new URL(studio.origin).port}/api/events?token=${studio.token}`, { origin: 'https://evil.example' })).toBe(403);

  expect(await ledgerSize(studio)).toBe(0);
  expect(await sandboxRequests(studio)).toBe(sandboxBefore);
});

test.describe('a page from another local origin', () => {
  test.use({
    allowedConsoleErrors: [{ pattern: /status of 403|ERR_BLOCKED_BY_RESPONSE/, reason: "the attacker page's own request is refused (403, and its response is blocked by Cross-Origin-Resource-Policy): what this journey checks" }],
  });

  test('cannot submit a job through the user’s browser, even knowing the token', async ({ studio, page }) => {
    // Another server on this machine (another port is another origin), as a malicious local page would be.
    const attacker = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>elsewhere</title>');
    });
    await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
    try {
      await page.goto(`http://127.0.0.1:${(attacker.address() as AddressInfo).port}/`);
      await page.evaluate(
        async ({ target, body }) => {
          await fetch(target, { method: 'POST', mode: 'no-cors', body, headers: { 'content-type': 'text/plain' } }).catch(() => undefined);
        },
        { target: `${studio.origin}/api/invoke/jobs:submit?token=${studio.token}`, body: SUBMIT },
      );
      await expect.poll(() => studio.hostLogs.some((l) => l.includes('origin not allowed'))).toBe(true);
      expect(await ledgerSize(studio)).toBe(0);
    } finally {
      await new Promise((resolve) => attacker.close(resolve));
    }
  });
});

test('the page cookie is not the token: another local server that reads it can open no API route or event socket', async ({ studio, page, request }) => {
  await page.goto(studio.url);
  await expect(page.getByRole('banner').getByRole('heading', { name: 'Asset Studio' })).toBeVisible();
  const port = new URL(studio.origin).port;
  const cookie = (await page.context().cookies(studio.origin)).find((c) => c.name === `asset_studio_${port}`);
  expect(cookie, 'the page sets its cookie on first load').toBeDefined();
  expect(cookie!.httpOnly).toBe(true);
  expect(cookie!.sameSite).toBe('Strict');
  expect(cookie!.value).not.toBe(studio.token);
  // What a server on another port of 127.0.0.1 would receive, used as the token:
  const leaked = cookie!.value;
  const asBearer = await request.post(`${studio.origin}/api/invoke/jobs:submit`, {
    headers: { 'content-type': 'application/json', authorization: `Bearer ${leaked}` },
    data: SUBMIT,
  });
  const asQuery = await request.post(`${studio.origin}/api/invoke/jobs:submit?token=${encodeURIComponent(leaked)}`, { headers: { 'content-type': 'application/json' }, data: SUBMIT });
  const asCookie = await request.post(`${studio.origin}/api/invoke/jobs:list`, {
    headers: { 'content-type': 'application/json', cookie: `${cookie!.name}=${leaked}` },
    data: '{}',
  });
  expect([asBearer.status(), asQuery.status(), asCookie.status()]).toEqual([401, 401, 401]);
  expect(await socketStatus(`ws://127.0.0.1:${port}/api/events`, { cookie: `${cookie!.name}=${leaked}` })).toBe(401);
  expect(await socketStatus(`ws://127.0.0.1:${port}/api/events?token=${encodeURIComponent(leaked)}`)).toBe(401);
  expect(await ledgerSize(studio)).toBe(0);
});
