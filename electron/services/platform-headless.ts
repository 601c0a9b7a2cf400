/**
 * The Platform for shells without desktop integration (the browser shell and
 * the CLI): no system notifications (the renderer shows toasts instead), no
 * file manager; focus is whatever the page last reported via `app:setFocused`.
 */
import type { Platform, SecretCipher } from './contracts';

export function createHeadlessPlatform(shell: 'web' | 'cli'): Platform {
  // A browser tab starts focused; the CLI has no window, so "unfocused" makes finished jobs log rather than toast.
  let focused = shell === 'web';
  return {
    shell,
    notify: () => false,
    revealInFolder: async () => false,
    isFocused: () => focused,
    setFocused: (value) => {
      focused = value;
    },
  };
}

/**
 * The cipher of shells without an OS keychain: it cannot encrypt, so the
 * settings service takes secrets from the environment or a user-only file
 * and never writes one to disk.
 */
export const noCipher: SecretCipher = {
  backend: 'none',
  isEncryptionAvailable: () => false,
  encrypt: () => {
    throw new Error('This shell has no secure storage for secrets.');
  },
  decrypt: () => {
    throw new Error('This shell has no secure storage for secrets.');
  },
};
