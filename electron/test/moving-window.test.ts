import { beforeEach, describe, expect, it } from 'vitest';
import { movingPage } from '../app/moving-page';
import { createMovingProgress } from '../app/moving-window';
import { FakeBrowserWindow } from './electron-mock';

beforeEach(() => {
  FakeBrowserWindow.instances.length = 0;
});

function lastPage(win: FakeBrowserWindow): string {
  const url = win.loadURL.mock.calls.at(-1)![0];
  expect(url.startsWith('data:text/html;charset=utf-8,')).toBe(true);
  return decodeURIComponent(url.slice('data:text/html;charset=utf-8,'.length));
}

describe('the window shown while the job history moves into the database', () => {
  it('opens on the first count, says what is happening and counts in its page, title and taskbar', () => {
    let t = 0;
    const moving = createMovingProgress(() => t);
    moving.update(0, 12_000);
    expect(FakeBrowserWindow.instances).toHaveLength(1);
    const win = FakeBrowserWindow.instances[0]!;
    expect(win.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false });
    expect(lastPage(win)).toContain('Moving your job history into the database');
    t = 1_000;
    moving.update(4_000, 12_000);
    expect(win.setTitle).toHaveBeenLastCalledWith('Moving the job history into the database: 4000 of 12000');
    expect(win.setProgressBar).toHaveBeenLastCalledWith(4_000 / 12_000);
    expect(lastPage(win)).toContain('4,000 of 12,000 jobs');
    moving.close();
    expect(win.destroy).toHaveBeenCalled();
  });

  it('repaints the page at most every quarter second, but always shows the last count', () => {
    let t = 0;
    const moving = createMovingProgress(() => t);
    moving.update(0, 100_000);
    const win = FakeBrowserWindow.instances[0]!;
    for (let done = 2_000; done < 100_000; done += 2_000) {
      t += 10;
      moving.update(done, 100_000);
    }
    expect(win.loadURL.mock.calls.length).toBeLessThanOrEqual(3);
    expect(win.setTitle).toHaveBeenCalledTimes(50);
    moving.update(100_000, 100_000);
    expect(lastPage(win)).toContain('100,000 of 100,000 jobs');
  });

  it('opens nothing when there is nothing to move, or the count is already at its end', () => {
    const moving = createMovingProgress();
    moving.update(0, 0);
    moving.update(500, 500);
    moving.close();
    expect(FakeBrowserWindow.instances).toHaveLength(0);
  });

  it('runs no script and loads nothing: its policy allows only its own inline style', () => {
    const page = movingPage(1, 2);
    expect(page).toContain(`content="default-src 'none'; style-src 'unsafe-inline'"`);
    expect(page).not.toMatch(/<script|src=|href=/);
  });
});
