/**
 * The contract under fuzzing: for every request channel of shared/ipc,
 * fast-check draws arguments, valid (read from the channel's zod schema) and
 * invalid (anything, or valid ones with one thing broken), and sends them
 * through both transports to the real services (a fresh data folder, the
 * built-in sandbox):
 *  - the browser shell over HTTP (`POST /api/invoke/<channel>`);
 *  - the preload's `window.studio` API with Electron mocked, through
 *    `ipcRenderer.invoke` to the `ipcMain.handle` handlers of electron/app/ipc.ts
 *    (arguments and answers structured-cloned, as Electron does).
 * Every answer must be a result object (`{ ok: true, value }`, or
 * `{ ok: false, problem }` with a reason code and a sentence), within 10 s,
 * and never carry a stack trace.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUESTS, REQUEST_NAMES, type RequestName } from '../../shared/ipc';
import { setupIpc } from '../app/ipc';
import { APP_ORIGIN } from '../ipc/sender';
import { createServices, type Services } from '../compose';
import { createLogger } from '../services/log';
import { createWebPlatform, startWebShell, webCipher, type RunningWebShell } from '../shells/web';
import { invalid, valid } from './contract-arbitraries';
import { electronMock, FakeWebContents } from './electron-mock';

/** Runs per channel and transport: 46 channels × 2 transports × 12 keeps the file near 20 s. */
const RUNS = 12;
const ANSWER_WITHIN_MS = 10_000;

let tmp: string;
let services: Services;
let shell: RunningWebShell;
let safePaths: string[];
let savedHome: string | undefined;
const ipcHandlers = new Map<string, (event: unknown, args: unknown) => Promise<unknown>>();
let studio: Record<string, Record<string, (args: unknown) => Promise<unknown>>>;
let stopIpc: () => void;

beforeAll(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-fuzz-'));
  // The shell's folder rules are relative to the home folder: make it the test's own.
  savedHome = process.env.HOME;
  process.env.HOME = tmp;
  fs.mkdirSync(path.join(tmp, 'in'));
  fs.writeFileSync(path.join(tmp, 'in', 'list.csv'), 'prompt\na chair\n');
  fs.writeFileSync(path.join(tmp, 'in', 'front.png'), Buffer.from('not really a png'));
  safePaths = [path.join(tmp, 'out'), path.join(tmp, 'in'), path.join(tmp, 'in', 'list.csv'), path.join(tmp, 'in', 'front.png'), path.join(tmp, 'missing', 'x'), 'relative/x', ''];
  services = await createServices({
    dataDir: path.join(tmp, 'data'),
    platform: createWebPlatform(),
    cipher: webCipher,
    env: { HOME: tmp, ASSET_STUDIO_SANDBOX_JOB_SECONDS: '0.2' },
    log: createLogger({ stderr: null }),
  });
  const rendererDir = path.join(tmp, 'page');
  fs.mkdirSync(rendererDir);
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>fuzz</title>');
  shell = await startWebShell({ services, rendererDir, port: 0 });

  stopIpc = setupIpc({ handlers: services.handlers, events: services.events, engine: services.engine, trustedOrigins: [APP_ORIGIN], log: createLogger({ stderr: null }), windows: () => [] });
  for (const [channel, handler] of electronMock.ipcMain.handle.mock.calls as [string, (e: unknown, a: unknown) => Promise<unknown>][]) ipcHandlers.set(channel, handler);
  const event = { senderFrame: { url: `${APP_ORIGIN}/index.html` }, sender: new FakeWebContents() };
  electronMock.ipcRenderer.invoke.mockImplementation(async (channel: string, args: unknown) => {
    const handler = ipcHandlers.get(channel);
    if (!handler) throw new Error(`No handler for ${channel}`);
    // Electron sends both ways with the structured clone algorithm.
    return structuredClone(await handler(event, structuredClone(args)));
  });
  await import('../app/preload');
  studio = electronMock.contextBridge.exposeInMainWorld.mock.calls.at(-1)![1] as typeof studio;
}, 30_000);

afterAll(async () => {
  stopIpc?.();
  await shell?.close();
  await services?.dispose();
  process.env.HOME = savedHome;
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function overHttp(channel: RequestName, args: unknown): Promise<unknown> {
  const res = await fetch(`http://127.0.0.1:${shell.port}/api/invoke/${channel}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${shell.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(args) ?? '',
  });
  return res.json();
}

async function overPreload(channel: RequestName, args: unknown): Promise<unknown> {
  const [domain, method] = channel.split(':') as [string, string];
  return studio[domain]![method]!(args);
}

function within<T>(promise: Promise<T>, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ANSWER_WITHIN_MS} ms`)), ANSWER_WITHIN_MS);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}

const STACK = /\n\s+at |\bat [^\s()]+ \(|node:internal|\.(ts|js|mjs):\d+:\d+/;

/** A result object with a clear reason, and no stack trace anywhere in it. */
function expectResult(answer: unknown, where: string): void {
  expect(answer, where).toBeTypeOf('object');
  const a = answer as { ok?: unknown; value?: unknown; problem?: { reason?: unknown; message?: unknown } };
  if (a.ok === true) expect(Object.keys(a), where).toContain('value');
  else {
    expect(a.ok, where).toBe(false);
    expect(a.problem?.reason, where).toMatch(/^[a-z][a-z-]*$/);
    expect(typeof a.problem?.message === 'string' && a.problem.message.length >= 10, `${where}: ${JSON.stringify(a.problem)}`).toBe(true);
  }
  expect(JSON.stringify(answer) ?? '', where).not.toMatch(STACK);
}

const transports = { 'the browser shell over HTTP': overHttp, 'the preload with Electron mocked': overPreload } as const;

for (const [name, send] of Object.entries(transports)) {
  describe(`contract fuzzing through ${name}`, () => {
    const accepted: Record<string, number> = {};
    it.each(REQUEST_NAMES.map((c) => [c]))('%s answers every argument with a result and a reason', async (channel) => {
      const schema = REQUESTS[channel].args;
      accepted[channel] = 0;
      await fc.assert(
        fc.asyncProperty(fc.oneof(valid(schema, safePaths), invalid(schema, safePaths)), async (args) => {
          if (schema.safeParse(args ?? {}).success) accepted[channel]!++;
          const answer = await within(send(channel, args), `${channel} ${JSON.stringify(args)?.slice(0, 200)}`);
          expectResult(answer, `${channel} ${JSON.stringify(args)?.slice(0, 200)}`);
        }),
        { numRuns: RUNS, seed: 1616 },
      );
    });

    it('reached the services, not only the schema gate: valid arguments were drawn for nearly every channel', () => {
      const none = REQUEST_NAMES.filter((c) => !accepted[c]);
      expect(none).toEqual([]);
    });
  });
}
