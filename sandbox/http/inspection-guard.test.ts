/**
 * The sandbox's inspection API (`/__sandbox`) shows job prompts and client
 * ids and can change balances and faults: it answers only requests addressed
 * to this machine by name (Host) and not sent by another site (Origin), the
 * same rules as the browser shell (shared/http/local-guard.ts). A
 * DNS-rebinding page reaches the port under its own host name and is refused.
 */
import http from 'node:http';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../index';

let sandbox: RunningSandbox;
let port: number;
beforeEach(async () => {
  sandbox = await startSandbox({ keys: 1, jobSeconds: 10 });
  port = Number(new URL(sandbox.baseUrl).port);
});
afterEach(async () => {
  await sandbox.close();
});

function get(path: string, headers: Record<string, string>, method = 'GET', body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('sandbox inspection API: Host and Origin', () => {
  it.each([
    ['a rebinding host name', (p: number) => ({ host: `attacker.example:${p}` })],
    ['the right host on another port', () => ({ host: '127.0.0.1:1' })],
    ['a foreign Origin', () => ({ origin: 'https://evil.example' })],
    ['another local port as Origin', () => ({ origin: 'http://127.0.0.1:1' })],
  ])('refuses %s with 403, and shows nothing', async (_name, headers) => {
    const reply = await get('/__sandbox/state', { host: `127.0.0.1:${port}`, ...headers(port) });
    expect(reply.status).toBe(403);
    expect(reply.body).not.toContain(sandbox.keys[0]!.clientId);
  });

  it('refuses a rebound POST before it changes anything', async () => {
    const clientId = sandbox.keys[0]!.clientId;
    const before = sandbox.balance(clientId);
    const reply = await get('/__sandbox/balance', { host: `attacker.example:${port}`, 'content-type': 'application/json' }, 'POST', JSON.stringify({ clientId, credits: 1 }));
    expect(reply.status).toBe(403);
    expect(sandbox.balance(clientId)).toBe(before);
  });

  it('answers its own loopback names, with or without its own Origin', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      const reply = await get('/__sandbox/state', { host });
      expect(reply.status, host).toBe(200);
      expect(reply.body).toContain(sandbox.keys[0]!.clientId);
    }
    expect((await get('/__sandbox/state', { host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` })).status).toBe(200);
  });
});
