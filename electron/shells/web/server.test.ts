import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { ok } from '../../../shared/ipc';
import type { JobRecord } from '../../../shared/domain/job';
import type { PartialHandlers } from '../../services/contracts';
import { createEventHub, type EventHub } from '../../services/event-hub';
import type { JobEngine } from '../../services/jobs/engine-api';
import { createLogger } from '../../services/log';
import { startWebShell, type RunningWebShell } from './server';

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw request, so tests control Host, Origin and every other header. */
function request(shell: RunningWebShell, method: string, pathAndQuery: string, headers: Record<string, string> = {}, body?: Buffer | string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: shell.port, method, path: pathAndQuery, headers: { host: `127.0.0.1:${shell.port}`, ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const json = (reply: Reply): unknown => JSON.parse(reply.body.toString('utf8'));

let dir: string;
let rendererDir: string;
let events: EventHub;
let shell: RunningWebShell;
let submit: ReturnType<typeof vi.fn>;
let stageBytes: ReturnType<typeof vi.fn>;
let assetFile: string;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-shell-'));
  rendererDir = path.join(dir, 'renderer');
  fs.mkdirSync(path.join(rendererDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Asset Studio</title>');
  fs.writeFileSync(path.join(rendererDir, 'assets', 'app.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'secret.txt'), 'outside the renderer');
  fs.symlinkSync(path.join(dir, 'secret.txt'), path.join(rendererDir, 'assets', 'link.txt'));
  assetFile = path.join(dir, 'model.glb');
  fs.writeFileSync(assetFile, Buffer.from('glTF....'));
  submit = vi.fn(async () => ok({ localId: 'job-123456' }));
  stageBytes = vi.fn(async (args: { name: string; data: Uint8Array }) => ok({ id: 'staged-1', name: args.name, size: args.data.byteLength }));
  const handlers = { 'jobs:submit': submit, 'files:stageBytes': stageBytes } as unknown as PartialHandlers;
  events = createEventHub({ coalesceMs: 5 });
  const engine = { assetPath: (id: string) => (id === 'job-123456' ? assetFile : undefined), thumbnailPath: () => undefined } as unknown as JobEngine;
  shell = await startWebShell({ services: { handlers, events, engine, log: createLogger({ stderr: null }) }, rendererDir });
});

afterEach(async () => {
  await shell.close();
  events.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

const noAssets = { assetPath: () => undefined, thumbnailPath: () => undefined };
const auth = () => ({ authorization: `Bearer ${shell.token}` });
const submitBody = JSON.stringify({ kind: 'text-to-3d', fields: { prompt: 'a chair' } });

describe('browser shell: who may call', () => {
  it('prints a loopback URL carrying a 32-byte base64url token, fresh per launch', async () => {
    expect(shell.url).toBe(`http://127.0.0.1:${shell.port}/?token=${shell.token}`);
    expect(Buffer.from(shell.token, 'base64url')).toHaveLength(32);
    const other = await startWebShell({ services: { handlers: {}, events, engine: noAssets, log: createLogger({ stderr: null }) }, rendererDir });
    expect(other.token).not.toBe(shell.token);
    await other.close();
  });

  it('answers 401 without the token or with a wrong one, and the service never runs', async () => {
    const none = await request(shell, 'POST', '/api/invoke/jobs:submit', { 'content-type': 'application/json' }, submitBody);
    const wrong = await request(shell, 'POST', '/api/invoke/jobs:submit', { 'content-type': 'application/json', authorization: 'Bearer nope' }, submitBody);
    const wrongQuery = await request(shell, 'POST', `/api/invoke/jobs:submit?token=${shell.token.slice(1)}x`, { 'content-type': 'application/json' }, submitBody);
    expect([none.status, wrong.status, wrongQuery.status]).toEqual([401, 401, 401]);
    expect((await request(shell, 'GET', '/')).status).toBe(401);
    expect((await request(shell, 'GET', '/assets/job-123456/asset')).status).toBe(401);
    expect(submit).not.toHaveBeenCalled();
  });

  it('answers 403 to a foreign Origin even with the right token, and the service never runs', async () => {
    const reply = await request(shell, 'POST', '/api/invoke/jobs:submit', { ...auth(), 'content-type': 'application/json', origin: 'https://evil.example' }, submitBody);
    expect(reply.status).toBe(403);
    const otherPort = await request(shell, 'POST', '/api/invoke/jobs:submit', { ...auth(), 'content-type': 'application/json', origin: 'http://127.0.0.1:1' }, submitBody);
    expect(otherPort.status).toBe(403);
    expect(submit).not.toHaveBeenCalled();
  });

  it('answers 403 to a Host other than 127.0.0.1:PORT or localhost:PORT (DNS rebinding)', async () => {
    const rebound = await request(shell, 'POST', '/api/invoke/jobs:submit', { ...auth(), host: `attacker.example:${shell.port}`, 'content-type': 'application/json' }, submitBody);
    expect(rebound.status).toBe(403);
    const localhost = await request(shell, 'GET', `/?token=${shell.token}`, { host: `localhost:${shell.port}` });
    expect(localhost.status).toBe(200);
    expect(submit).not.toHaveBeenCalled();
  });

  it('accepts the token as a Bearer header or ?token=, from its own origin', async () => {
    const byHeader = await request(shell, 'POST', '/api/invoke/jobs:submit', { ...auth(), 'content-type': 'application/json', origin: shell.origin }, submitBody);
    const byQuery = await request(shell, 'POST', `/api/invoke/jobs:submit?token=${shell.token}`, { 'content-type': 'application/json' }, submitBody);
    expect(json(byHeader)).toEqual({ ok: true, value: { localId: 'job-123456' } });
    expect(byQuery.status).toBe(200);
    expect(submit).toHaveBeenCalledTimes(2);
    expect(submit.mock.calls[0]![1]).toEqual({ shell: 'web' });
  });

  it('lets the page cookie load static files but never the API', async () => {
    const page = await request(shell, 'GET', `/?token=${shell.token}`);
    const setCookie = page.headers['set-cookie']?.[0] ?? '';
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    const cookie = setCookie.split(';')[0]!;
    expect((await request(shell, 'GET', '/assets/app.js', { cookie })).status).toBe(200);
    expect((await request(shell, 'POST', '/api/invoke/jobs:submit', { cookie, 'content-type': 'application/json' }, submitBody)).status).toBe(401);
    expect(submit).not.toHaveBeenCalled();
  });

  it('gives the cookie its own random value, which opens static files and assets but never the API or the event socket', async () => {
    // Browsers send 127.0.0.1 cookies to every port: another local server the user visits can read this value.
    const page = await request(shell, 'GET', `/?token=${shell.token}`);
    const cookie = (page.headers['set-cookie']?.[0] ?? '').split(';')[0]!;
    const value = cookie.slice(cookie.indexOf('=') + 1);
    expect(value.length).toBeGreaterThanOrEqual(43);
    expect(value).not.toBe(shell.token);
    expect((await request(shell, 'GET', '/assets/job-123456/asset', { cookie })).status).toBe(200);
    // Used as the token, the leaked value opens nothing.
    const asBearer = await request(shell, 'POST', '/api/invoke/jobs:submit', { authorization: `Bearer ${value}`, 'content-type': 'application/json' }, submitBody);
    const asQuery = await request(shell, 'POST', `/api/invoke/jobs:submit?token=${encodeURIComponent(value)}`, { 'content-type': 'application/json' }, submitBody);
    const assetByQuery = await request(shell, 'GET', `/assets/job-123456/asset?token=${encodeURIComponent(value)}`);
    expect([asBearer.status, asQuery.status, assetByQuery.status]).toEqual([401, 401, 401]);
    const socket = await new Promise<number | 'open'>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${shell.port}/api/events`, { headers: { cookie } });
      ws.once('open', () => {
        ws.close();
        resolve('open');
      });
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('error', () => resolve(0));
    });
    expect(socket).toBe(401);
    const socketByQuery = await new Promise<number | 'open'>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${shell.port}/api/events?token=${encodeURIComponent(value)}`);
      ws.once('open', () => {
        ws.close();
        resolve('open');
      });
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('error', () => resolve(0));
    });
    expect(socketByQuery).toBe(401);
    expect(submit).not.toHaveBeenCalled();
  });
});

describe('browser shell: the contract over HTTP', () => {
  it('validates arguments in dispatch before the service runs', async () => {
    const reply = await request(shell, 'POST', '/api/invoke/jobs:submit', { ...auth(), 'content-type': 'application/json' }, JSON.stringify({ kind: 42 }));
    expect(reply.status).toBe(200);
    expect(json(reply)).toMatchObject({ ok: false, problem: { reason: 'invalid-arguments' } });
    expect(submit).not.toHaveBeenCalled();
  });

  it('answers unknown channels, bad JSON and wrong methods without running anything', async () => {
    expect(json(await request(shell, 'POST', '/api/invoke/nope:nothing', { ...auth(), 'content-type': 'application/json' }, '{}'))).toMatchObject({
      ok: false,
      problem: { reason: 'unknown-channel' },
    });
    expect((await request(shell, 'POST', '/api/invoke/jobs:submit', { ...auth(), 'content-type': 'application/json' }, '{oops')).status).toBe(400);
    expect((await request(shell, 'GET', '/api/invoke/jobs:submit', auth())).status).toBe(405);
    expect((await request(shell, 'POST', '/api/invoke/jobs:submit', { ...auth(), 'content-type': 'text/plain' }, submitBody)).status).toBe(415);
    expect(submit).not.toHaveBeenCalled();
  });

  it('stages raw bytes through files:stageBytes', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    const reply = await request(shell, 'POST', '/api/files?name=front.png', { ...auth(), 'content-type': 'application/octet-stream' }, bytes);
    expect(json(reply)).toMatchObject({ ok: true, value: { id: 'staged-1', name: 'front.png', size: 7 } });
    const args = stageBytes.mock.calls[0]![0] as { data: Uint8Array };
    expect(Buffer.from(args.data)).toEqual(bytes);
  });

  it('rejects a staged file without a name before the service runs', async () => {
    const reply = await request(shell, 'POST', '/api/files', { ...auth(), 'content-type': 'application/octet-stream' }, Buffer.from([1]));
    expect(json(reply)).toMatchObject({ ok: false, problem: { reason: 'invalid-arguments' } });
    expect(stageBytes).not.toHaveBeenCalled();
  });

  it('sends the strict CSP and no-store on API answers', async () => {
    const reply = await request(shell, 'POST', '/api/invoke/jobs:submit', { ...auth(), 'content-type': 'application/json' }, submitBody);
    expect(reply.headers['content-security-policy']).toContain("script-src 'self' 'wasm-unsafe-eval'");
    expect(reply.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['referrer-policy']).toBe('no-referrer');
    expect(reply.headers['cache-control']).toBe('no-store');
  });
});

describe('browser shell: files', () => {
  it('serves the renderer with content types and refuses to leave its folder', async () => {
    const page = await request(shell, 'GET', `/?token=${shell.token}`);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect((await request(shell, 'GET', `/assets/app.js?token=${shell.token}`)).headers['content-type']).toBe('text/javascript; charset=utf-8');
    for (const attempt of ['/../secret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/assets/link.txt', '/..%5csecret.txt']) {
      const reply = await request(shell, 'GET', `${attempt}${attempt.includes('?') ? '&' : '?'}token=${shell.token}`);
      expect(reply.status, attempt).toBe(404);
      expect(reply.body.toString()).not.toContain('outside the renderer');
    }
  });

  it('streams a job asset by its local id only', async () => {
    const reply = await request(shell, 'GET', `/assets/job-123456/asset?token=${shell.token}`);
    expect(reply.status).toBe(200);
    expect(reply.headers['content-type']).toBe('model/gltf-binary');
    expect(reply.body.toString()).toBe('glTF....');
    expect((await request(shell, 'GET', `/assets/job-123456/thumbnail?token=${shell.token}`)).status).toBe(404);
    expect((await request(shell, 'GET', `/assets/..%2Fmodel.glb/asset?token=${shell.token}`)).status).toBe(404);
  });
});

describe('browser shell: events', () => {
  function connect(query: string, headers: Record<string, string> = {}): Promise<{ ws?: WebSocket; status?: number }> {
    return new Promise((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${shell.port}/api/events${query}`, { headers });
      ws.once('open', () => resolve({ ws }));
      ws.once('unexpected-response', (_req, res) => resolve({ status: res.statusCode }));
      ws.once('error', () => resolve({}));
    });
  }

  it('refuses a socket without the token or from a foreign origin', async () => {
    expect((await connect('')).status).toBe(401);
    expect((await connect(`?token=${shell.token}`, { origin: 'https://evil.example' })).status).toBe(403);
  });

  it('pushes the events a page subscribed to, and only those', async () => {
    const { ws, status } = await connect(`?token=${shell.token}`, { origin: shell.origin });
    expect(status).toBeUndefined();
    expect(ws).toBeInstanceOf(WebSocket);
    const received: { event: string; payload: unknown }[] = [];
    ws!.on('message', (data) => received.push(JSON.parse(String(data))));
    ws!.send(JSON.stringify({ type: 'subscribe', events: ['jobs:changed'] }));
    // The subscription has taken effect once a subscribed event comes through (the server does not acknowledge it).
    await vi.waitFor(() => {
      events.emit('jobs:changed', [{ localId: 'job-000000' } as JobRecord]);
      expect(received.length).toBeGreaterThan(0);
    });
    received.length = 0;
    events.emit('app:toast', { id: 't1', level: 'info', title: 'not wanted' });
    events.emit('jobs:changed', [{ localId: 'job-123456' } as JobRecord]);
    // Messages arrive in the order they were sent: once the second event is here, the first would have been too.
    // (jobs:changed is coalesced, so the record may arrive in one event with others.)
    const carries = (m: { payload: unknown }) => (m.payload as { localId: string }[]).some((r) => r.localId === 'job-123456');
    await vi.waitFor(() => expect(received.some(carries)).toBe(true));
    expect(received.filter((m) => m.event !== 'jobs:changed')).toEqual([]);
    expect(received.at(-1)).toMatchObject({ event: 'jobs:changed', payload: expect.arrayContaining([{ localId: 'job-123456' }]) });
    ws!.close();
  });
});
