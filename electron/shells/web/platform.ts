/** The browser shell's desktop capabilities: none besides focus (the page shows toasts; there is no file manager to open). */
import { createHeadlessPlatform, noCipher } from '../../services/platform-headless';
import type { Platform, SecretCipher } from '../../services/contracts';

export function createWebPlatform(): Platform {
  return createHeadlessPlatform('web');
}

/** No keychain in a browser shell: secrets come from the environment or a user-only file (settings decides). */
export const webCipher: SecretCipher = noCipher;
