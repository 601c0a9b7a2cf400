/**
 * How this shell can keep a secret, as pure decisions of its cipher: where
 * secrets come from (for `app:info`), what Settings says about storage, and
 * whether a chosen way of keeping a typed secret is possible here.
 */
import { fail, ok, type Result, type SecretStorageInfo } from '../../../shared/ipc';
import type { SecretCipher } from '../contracts';
import type { ExternalEnvironment } from '../secrets/external-keys';
import type { SecretMode } from '../secrets/secret-store';
import type { Config } from './config-store';

export type StorageChoice = 'encrypted' | 'session' | 'unprotected';
export type SecretSource = 'safe-storage' | 'session-only' | 'environment' | 'file' | 'plaintext-by-choice';

export function secretSource(cipher: SecretCipher, external: ExternalEnvironment[], config: Config): SecretSource {
  const { backend } = cipher;
  if (backend === 'none') {
    if (external.some((e) => e.source === 'environment')) return 'environment';
    if (external.some((e) => e.source === 'file')) return 'file';
    return 'session-only';
  }
  if (backend === 'safe-storage' && cipher.isEncryptionAvailable()) return 'safe-storage';
  const anyUnprotected = config.environments.some((e) => e.keys.some((k) => k.secret === 'unprotected'));
  return anyUnprotected ? 'plaintext-by-choice' : 'session-only';
}

export function storageInfo(cipher: SecretCipher, notices: string[]): SecretStorageInfo {
  const protectedStorageAvailable = cipher.backend === 'safe-storage' && cipher.isEncryptionAvailable();
  let message: string;
  if (protectedStorageAvailable) {
    message = "Secrets you type here are encrypted with your operating system's keychain and decrypted only when a request is signed.";
  } else if (cipher.backend === 'basic-text') {
    message =
      'This Linux session has no keyring, so secrets could only be scrambled with a fixed password that any program on this computer can undo. Keep a secret for this session only, or store it knowing it is not protected.';
  } else if (cipher.backend === 'safe-storage') {
    message = 'Encryption is not available on this system. Keep a secret for this session only, or store it knowing it is not protected (plain text on disk).';
  } else {
    message =
      'In the browser shell and the command line, secrets come from the ASSET_STUDIO_* environment variables or from keys.json in the data folder (readable by you only). A secret typed here is kept for this session only.';
  }
  return { backend: cipher.backend, protectedStorageAvailable, message, notices: [...notices] };
}

export function checkStorageChoice(cipher: SecretCipher, choice: StorageChoice | undefined): Result<SecretMode> {
  const protectedAvailable = cipher.backend === 'safe-storage' && cipher.isEncryptionAvailable();
  if (cipher.backend === 'none') {
    if (choice === undefined || choice === 'session') return ok('session');
    return fail(
      'storage-unavailable',
      'This shell cannot store secrets. Keep it for this session only, or put the key in the ASSET_STUDIO_* environment variables or in keys.json (chmod 600).',
      { fields: [{ field: 'storage', message: 'session only here' }] },
    );
  }
  if (choice === undefined || choice === 'encrypted') {
    if (protectedAvailable) return ok('encrypted');
    return fail(
      'storage-choice-needed',
      'Secrets cannot be encrypted on this system. Choose "Keep for this session only" or "Store it, knowing it is not protected".',
      { fields: [{ field: 'storage', message: 'choose how to keep the secret' }] },
    );
  }
  return ok(choice);
}
