/** App-wide channels: what the renderer needs to know about the host it runs in. */
import { z } from 'zod';
import { event, request } from './define';

export interface AppInfo {
  name: string;
  version: string;
  /** Which shell hosts the renderer. */
  shell: 'electron' | 'web';
  platform: string;
  dataDir: string;
  /** Where secrets come from in this shell (Settings says so). */
  secretSource: 'safe-storage' | 'session-only' | 'environment' | 'file' | 'plaintext-by-choice';
}

export interface Toast {
  id: string;
  level: 'info' | 'success' | 'warning' | 'error';
  title: string;
  body?: string;
  /** Local id of the job the toast is about. */
  localId?: string;
}

export const appRequests = {
  'app:info': request<AppInfo>()(z.object({}).strict()),
  /** Tells the host whether the window is in the foreground (decides notification vs toast). */
  'app:setFocused': request<null>()(z.object({ focused: z.boolean() }).strict()),
};

export const appEvents = {
  /** In-app notification (browser shell, or Electron with the window focused). */
  'app:toast': event<Toast>(),
};
