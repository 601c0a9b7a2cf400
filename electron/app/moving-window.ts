/**
 * The first start after the update moves a long job history into the database before the
 * main window can open (services are ready only after it). Meanwhile a small window says what
 * is happening and counts, in its page, its title and the taskbar's progress bar, so the user
 * neither stares at nothing nor starts the app a second time. The page runs no script at all
 * (JavaScript is off): it is plain HTML, loaded again at most every quarter second.
 */
import { BrowserWindow } from 'electron';
import { importProgressLine } from '../services/jobs/store/import-journal';
import { movingPage } from './moving-page';

const REPAINT_MS = 250;

export interface MovingProgress {
  update(done: number, total: number): void;
  close(): void;
}

/** Opens its window on the first count that is not already the end; `close` when the services are up. */
export function createMovingProgress(now: () => number = Date.now): MovingProgress {
  let win: BrowserWindow | undefined;
  let paintedAt = -Infinity;
  return {
    update(done, total) {
      if (total <= 0) return;
      if (!win) {
        if (done >= total) return;
        win = new BrowserWindow({
          width: 460,
          height: 180,
          resizable: false,
          maximizable: false,
          fullscreenable: false,
          title: 'Asset Studio',
          backgroundColor: '#16181d',
          webPreferences: { sandbox: true, contextIsolation: true, nodeIntegration: false, javascript: false, devTools: false, spellcheck: false },
        });
      }
      if (win.isDestroyed()) return;
      win.setTitle(importProgressLine(done, total));
      win.setProgressBar(done / total);
      if (now() - paintedAt >= REPAINT_MS || done >= total) {
        paintedAt = now();
        void win.loadURL(`data:text/html;charset=utf-8,${encodeURIComponent(movingPage(done, total))}`);
      }
    },
    close() {
      if (win && !win.isDestroyed()) win.destroy();
      win = undefined;
    },
  };
}
