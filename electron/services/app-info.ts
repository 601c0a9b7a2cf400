/** `app:*` handlers: what the renderer learns about its host, and the focus it reports back. */
import { ok, type AppInfo } from '../../shared/ipc';
import type { ChannelsOf, HandlersFor, Platform, SecretCipher } from './contracts';
import { PRODUCT_NAME } from './data-dir';

export interface AppInfoDeps {
  dataDir: string;
  platform: Platform;
  cipher: SecretCipher;
  version: string;
  /** Where secrets come from; the settings service knows best, this is the fallback from the cipher. */
  secretSource?: () => AppInfo['secretSource'];
  osPlatform?: NodeJS.Platform;
}

export function secretSourceOf(cipher: SecretCipher): AppInfo['secretSource'] {
  switch (cipher.backend) {
    case 'safe-storage':
      return cipher.isEncryptionAvailable() ? 'safe-storage' : 'session-only';
    // Linux's fixed-password fallback is not protection: secrets stay in memory unless the user chooses otherwise.
    case 'basic-text':
      return 'session-only';
    default:
      return 'environment';
  }
}

export function createAppInfoHandlers(deps: AppInfoDeps): HandlersFor<ChannelsOf<'app'>> {
  return {
    'app:info': async () =>
      ok<AppInfo>({
        name: PRODUCT_NAME,
        version: deps.version,
        shell: deps.platform.shell === 'electron' ? 'electron' : 'web',
        platform: deps.osPlatform ?? process.platform,
        dataDir: deps.dataDir,
        secretSource: deps.secretSource?.() ?? secretSourceOf(deps.cipher),
      }),
    'app:setFocused': async ({ focused }) => {
      deps.platform.setFocused?.(focused);
      return ok(null);
    },
  };
}
