import { beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_NAMES } from '../../shared/ipc';
import { setupIpc, START_DRAG_CHANNEL } from '../app/ipc';
import { APP_ORIGIN } from '../ipc/sender';
import type { PartialHandlers } from '../services/contracts';
import { createEventHub } from '../services/event-hub';
import { silentLogger } from '../services/log';
import { electronMock, FakeBrowserWindow, FakeWebContents } from './electron-mock';

type InvokeListener = (event: unknown, args: unknown) => Promise<unknown>;

function registered(): Map<string, InvokeListener> {
  return new Map(electronMock.ipcMain.handle.mock.calls.map(([channel, fn]) => [channel as string, fn as InvokeListener]));
}

const frame = (url: string | null) => ({ senderFrame: url === null ? null : { url }, sender: new FakeWebContents() });

describe('Electron IPC wiring', () => {
  const listSpy = vi.fn(async () => ({ ok: true as const, value: { jobs: [], total: 0, load: [] } }));
  const getSpy = vi.fn(async () => ({ ok: true as const, value: {} as never }));
  const handlers: PartialHandlers = { 'jobs:list': listSpy, 'jobs:get': getSpy };
  const engine = { assetPath: vi.fn((id: string) => (id === 'known-job' ? '/cache/known-job/asset.glb' : undefined)), thumbnailPath: vi.fn(() => undefined) };
  let events: ReturnType<typeof createEventHub>;

  beforeEach(() => {
    vi.clearAllMocks();
    FakeBrowserWindow.instances.length = 0;
    events = createEventHub({ coalesceMs: 0 });
    setupIpc({ handlers, events, engine, trustedOrigins: [APP_ORIGIN, 'http://localhost:5173'], log: silentLogger });
  });

  it('registers exactly one ipcMain.handle per contract channel', () => {
    const channels = electronMock.ipcMain.handle.mock.calls.map(([c]) => c);
    expect([...channels].sort()).toEqual([...REQUEST_NAMES].sort());
    expect(new Set(channels).size).toBe(channels.length);
  });

  it('refuses a foreign, embedded or gone frame with a failure Result, and the service never runs', async () => {
    const list = registered().get('jobs:list')!;
    for (const url of ['https://evil.example/index.html', 'file:///tmp/index.html', 'studio://evil/index.html', 'http://localhost:5174/', 'about:blank', null]) {
      const result = await list(frame(url), {});
      expect(result, String(url)).toEqual({ ok: false, problem: expect.objectContaining({ reason: 'forbidden' }) });
    }
    expect(listSpy).not.toHaveBeenCalled();
  });

  it('validates the payload before the service runs, for the app origin and the dev server', async () => {
    const get = registered().get('jobs:get')!;
    const bad = await get(frame('studio://app/index.html'), { localId: '../../etc/passwd' });
    expect(bad).toEqual({ ok: false, problem: expect.objectContaining({ reason: 'invalid-arguments' }) });
    expect(getSpy).not.toHaveBeenCalled();

    const good = await registered().get('jobs:list')!(frame('http://localhost:5173/'), {});
    expect(good).toEqual({ ok: true, value: { jobs: [], total: 0, load: [] } });
    expect(listSpy).toHaveBeenCalledWith({}, { shell: 'electron' });
  });

  it('answers a channel no service handles yet with "unavailable" rather than throwing', async () => {
    const result = await registered().get('files:get')!(frame('studio://app/'), { id: 'abc' });
    expect(result).toEqual({ ok: false, problem: expect.objectContaining({ reason: 'unavailable' }) });
  });

  it('starts a drag only for a trusted sender and a local id the engine knows', () => {
    const onDrag = electronMock.ipcMain.on.mock.calls.find(([c]) => c === START_DRAG_CHANNEL)![1] as (e: unknown, id: unknown) => void;
    const foreign = frame('https://evil.example/');
    onDrag(foreign, 'known-job');
    const badId = frame('studio://app/');
    onDrag(badId, '../../../etc/passwd');
    const unknown = frame('studio://app/');
    onDrag(unknown, 'unknown-job');
    expect(foreign.sender.startDrag).not.toHaveBeenCalled();
    expect(badId.sender.startDrag).not.toHaveBeenCalled();
    expect(unknown.sender.startDrag).not.toHaveBeenCalled();

    const ok = frame('studio://app/');
    onDrag(ok, 'known-job');
    expect(ok.sender.startDrag).toHaveBeenCalledWith(expect.objectContaining({ file: '/cache/known-job/asset.glb' }));
  });

  it('pushes events only to windows that still show the app', async () => {
    const app = new FakeBrowserWindow({});
    const navigatedAway = new FakeBrowserWindow({});
    navigatedAway.webContents.url = 'https://elsewhere.example/';
    const closed = new FakeBrowserWindow({});
    closed.destroyed = true;
    events.emit('app:toast', { id: 't', level: 'info', title: 'Model ready' });
    expect(app.webContents.send).toHaveBeenCalledWith('app:toast', { id: 't', level: 'info', title: 'Model ready' });
    expect(navigatedAway.webContents.send).not.toHaveBeenCalled();
    expect(closed.webContents.send).not.toHaveBeenCalled();
  });
});
