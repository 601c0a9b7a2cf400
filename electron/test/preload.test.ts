import { beforeAll, describe, expect, it } from 'vitest';
import { EVENT_NAMES, REQUEST_NAMES } from '../../shared/ipc';
import { electronMock } from './electron-mock';

type Exposed = Record<string, unknown>;

describe('preload', () => {
  let exposed: Exposed;
  beforeAll(async () => {
    await import('../app/preload');
    const call = electronMock.contextBridge.exposeInMainWorld.mock.calls.at(-1)!;
    expect(call[0]).toBe('studio');
    exposed = call[1] as Exposed;
  });

  it('exposes named capabilities only: no generic invoke/send/on and no ipcRenderer', () => {
    const forbidden = ['invoke', 'send', 'on', 'once', 'removeListener', 'ipcRenderer', 'sendSync', 'postMessage'];
    const walk = (value: unknown, where: string): void => {
      if (typeof value === 'function' || typeof value === 'string') return;
      expect(value && typeof value === 'object', where).toBe(true);
      expect(value).not.toBe(electronMock.ipcRenderer);
      for (const [key, inner] of Object.entries(value as Exposed)) {
        expect(forbidden, `${where}.${key}`).not.toContain(key);
        walk(inner, `${where}.${key}`);
      }
    };
    walk(exposed, 'studio');
    expect(Object.keys(exposed).sort()).toEqual(
      [...new Set([...REQUEST_NAMES, ...EVENT_NAMES].map((n) => n.split(':')[0]!)), 'shell', 'stagePath', 'pathOf', 'startDrag'].sort(),
    );
    expect(exposed.shell).toBe('electron');
  });

  it('maps each method onto its own channel through ipcRenderer.invoke', async () => {
    electronMock.ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, value: { jobs: [], load: [] } });
    const jobs = exposed.jobs as { list(a: unknown): Promise<unknown> };
    await expect(jobs.list({})).resolves.toEqual({ ok: true, value: { jobs: [], load: [] } });
    expect(electronMock.ipcRenderer.invoke).toHaveBeenLastCalledWith('jobs:list', {});
  });

  it('gives each subscription its own unsubscribe that removes exactly its listener', () => {
    const received: unknown[] = [];
    const off = (exposed.jobs as { onChanged(l: (p: unknown) => void): () => void }).onChanged((p) => received.push(p));
    const [channel, wrapped] = electronMock.ipcRenderer.on.mock.calls.at(-1)! as [string, (e: unknown, p: unknown) => void];
    expect(channel).toBe('jobs:changed');
    wrapped({ sender: 'not passed on' }, [{ localId: 'job-1' }]);
    expect(received).toEqual([[{ localId: 'job-1' }]]);
    off();
    expect(electronMock.ipcRenderer.removeListener).toHaveBeenCalledWith('jobs:changed', wrapped);
  });

  it('stages a dropped file by its path, and refuses a file without one', async () => {
    const stagePath = exposed.stagePath as (f: unknown) => Promise<unknown>;
    electronMock.webUtils.getPathForFile.mockReturnValueOnce('/home/u/chair.png');
    electronMock.ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, value: { id: 'staged-1' } });
    await expect(stagePath({ name: 'chair.png' })).resolves.toEqual({ ok: true, value: { id: 'staged-1' } });
    expect(electronMock.ipcRenderer.invoke).toHaveBeenLastCalledWith('files:stagePath', { path: '/home/u/chair.png' });

    electronMock.webUtils.getPathForFile.mockReturnValueOnce('');
    await expect(stagePath({ name: 'sketch.png' })).resolves.toMatchObject({ ok: false });
  });

  it("tells the window a dropped file's path on disk, and null for a file without one", () => {
    const pathOf = exposed.pathOf as (f: unknown) => string | null;
    electronMock.webUtils.getPathForFile.mockReturnValueOnce('/home/u/scene.gltf');
    expect(pathOf({ name: 'scene.gltf' })).toBe('/home/u/scene.gltf');
    electronMock.webUtils.getPathForFile.mockReturnValueOnce('');
    expect(pathOf({ name: 'sketch.png' })).toBeNull();
  });

  it('starts a drag by local id over a one-way message', () => {
    (exposed.startDrag as (id: string) => void)('job-123456');
    expect(electronMock.ipcRenderer.send).toHaveBeenCalledWith('app:startDrag', 'job-123456');
  });
});
