import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setupLifecycle } from '../app/lifecycle';
import { createElectronPlatform } from '../app/platform-electron';
import { silentLogger } from '../services/log';
import { createHeadlessPlatform } from '../services/platform-headless';
import { electronMock, FakeBrowserWindow } from './electron-mock';

beforeEach(() => {
  vi.clearAllMocks();
  FakeBrowserWindow.instances.length = 0;
});

describe('Electron platform', () => {
  it('shows a system notification that brings the window back when clicked', () => {
    const win = new FakeBrowserWindow({});
    win.isMinimized.mockReturnValue(true);
    const platform = createElectronPlatform({ mainWindow: () => win as never });
    expect(platform.notify('Model ready', 'chair.glb')).toBe(true);
    expect(electronMock.Notification).toHaveBeenCalledWith(expect.objectContaining({ title: 'Model ready', body: 'chair.glb' }));
    const instance = electronMock.Notification.mock.results.at(-1)!.value as { show: ReturnType<typeof vi.fn>; on: ReturnType<typeof vi.fn> };
    expect(instance.show).toHaveBeenCalled();
    const onClick = instance.on.mock.calls.find(([e]) => e === 'click')![1] as () => void;
    onClick();
    expect(win.restore).toHaveBeenCalled();
    expect(win.focus).toHaveBeenCalled();
  });

  it('says when the system has no notifications, so the caller falls back to a toast', () => {
    electronMock.Notification.isSupported.mockReturnValueOnce(false);
    expect(createElectronPlatform({ mainWindow: () => undefined }).notify('t', 'b')).toBe(false);
  });

  it('reveals existing files only', async () => {
    const platform = createElectronPlatform({ mainWindow: () => undefined });
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'as-reveal-')), 'asset.glb');
    fs.writeFileSync(file, 'x');
    await expect(platform.revealInFolder(file)).resolves.toBe(true);
    expect(electronMock.shell.showItemInFolder).toHaveBeenCalledWith(file);
    await expect(platform.revealInFolder(`${file}.missing`)).resolves.toBe(false);
    expect(electronMock.shell.showItemInFolder).toHaveBeenCalledTimes(1);
  });

  it('uses the focus the renderer reports, else Electron’s own', () => {
    const platform = createElectronPlatform({ mainWindow: () => undefined });
    expect(platform.isFocused()).toBe(false);
    platform.setFocused!(true);
    expect(platform.isFocused()).toBe(true);
  });
});

describe('headless platform', () => {
  it('has no notifications or file manager; a browser tab starts focused, the CLI does not', async () => {
    const web = createHeadlessPlatform('web');
    expect(web.notify('a', 'b')).toBe(false);
    await expect(web.revealInFolder('/tmp')).resolves.toBe(false);
    expect(web.isFocused()).toBe(true);
    expect(createHeadlessPlatform('cli').isFocused()).toBe(false);
  });
});

describe('lifecycle', () => {
  const handlerFor = (event: string) => electronMock.app.on.mock.calls.filter(([e]) => e === event).at(-1)![1] as (...a: unknown[]) => void;

  it('stops the services before the app quits, once', async () => {
    let finish!: () => void;
    const dispose = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    setupLifecycle({ createWindow: vi.fn(), dispose, log: silentLogger });
    const beforeQuit = handlerFor('before-quit');

    const first = { preventDefault: vi.fn() };
    beforeQuit(first);
    expect(first.preventDefault).toHaveBeenCalled();
    expect(dispose).toHaveBeenCalledTimes(1);
    expect(electronMock.app.quit).not.toHaveBeenCalled();

    finish();
    await vi.waitFor(() => expect(electronMock.app.quit).toHaveBeenCalledTimes(1));
    const second = { preventDefault: vi.fn() };
    beforeQuit(second);
    expect(second.preventDefault).not.toHaveBeenCalled();
    expect(dispose).toHaveBeenCalledTimes(1);
  });

  it('reopens a window on activate when none is left', () => {
    const createWindow = vi.fn();
    setupLifecycle({ createWindow, dispose: async () => {}, log: silentLogger });
    handlerFor('activate')();
    expect(createWindow).toHaveBeenCalledTimes(1);
    new FakeBrowserWindow({});
    handlerFor('activate')();
    expect(createWindow).toHaveBeenCalledTimes(1);
  });
});
