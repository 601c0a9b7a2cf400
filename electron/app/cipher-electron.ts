/**
 * SecretCipher over Electron's safeStorage (OS keychain, DPAPI, libsecret /
 * kwallet). On Linux without a keyring, safeStorage falls back to a fixed
 * password (`basic_text`): that is reported as 'basic-text' so Settings can
 * say plainly that it is not protection. Create it after `app.whenReady()`.
 */
import { safeStorage } from 'electron';
import type { SecretCipher } from '../services/contracts';

export function createElectronCipher(osPlatform: NodeJS.Platform = process.platform): SecretCipher {
  return {
    get backend(): SecretCipher['backend'] {
      if (osPlatform === 'linux' && safeStorage.getSelectedStorageBackend() === 'basic_text') return 'basic-text';
      return 'safe-storage';
    },
    isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
    encrypt: (plain) => safeStorage.encryptString(plain),
    decrypt: (data) => safeStorage.decryptString(data),
  };
}
