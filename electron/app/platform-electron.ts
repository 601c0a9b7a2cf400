/** The Platform in Electron: system notifications, the file manager, window focus. */
import fs from 'node:fs';
import { BrowserWindow, Notification, shell } from 'electron';
import type { Platform } from '../services/contracts';

export function createElectronPlatform(options: { mainWindow: () => BrowserWindow | undefined }): Platform {
  // The renderer reports focus through app:setFocused; Electron's own state is the fallback.
  let reportedFocus: boolean | undefined;
  return {
    shell: 'electron',
    notify(title, body) {
      if (!Notification.isSupported()) return false;
      const notification = new Notification({ title, body, silent: false });
      notification.on('click', () => {
        const win = options.mainWindow();
        if (win && !win.isDestroyed()) {
          if (win.isMinimized()) win.restore();
          win.focus();
        }
      });
      notification.show();
      return true;
    },
    async revealInFolder(filePath) {
      if (!fs.existsSync(filePath)) return false;
      shell.showItemInFolder(filePath);
      return true;
    },
    isFocused() {
      return reportedFocus ?? BrowserWindow.getFocusedWindow() !== null;
    },
    setFocused(focused) {
      reportedFocus = focused;
    },
  };
}
