/**
 * Where typed-in client secrets live: `dataDir/secrets.json` holds base64
 * ciphertext from the SecretCipher (safeStorage in Electron), or — only when
 * the user chose "store knowing it is not protected" and the OS cannot
 * encrypt — base64 plain text, marked as such. Session-only secrets stay in
 * memory. Nothing here logs or returns a secret except `reveal`, which only
 * the environment registry's `credentials()` calls.
 */
import { join } from 'node:path';
import { z } from 'zod';
import type { SecretCipher } from '../contracts';
import { openJsonFileSync, writeFileAtomicSync } from '../json-file';

export type SecretMode = 'encrypted' | 'unprotected' | 'session';

const entrySchema = z.object({
  /** 'cipher': ciphertext from the SecretCipher; 'plain': base64 of the text itself (user's explicit choice). */
  encoding: z.enum(['cipher', 'plain']),
  mode: z.enum(['encrypted', 'unprotected']),
  data: z.string(),
});
const fileSchema = z.object({ version: z.literal(1), secrets: z.record(z.string(), entrySchema) });
type SecretsFile = z.infer<typeof fileSchema>;

export class SecretStore {
  readonly path: string;
  private file: SecretsFile = { version: 1, secrets: {} };
  private readonly session = new Map<string, string>();
  /** Set when the file could not be read: shown in Settings, never overwritten blindly. */
  readonly loadProblem: string | undefined;

  constructor(
    dataDir: string,
    private readonly cipher: SecretCipher,
  ) {
    this.path = join(dataDir, 'secrets.json');
    // An unreadable file is kept for the user (set aside) and a fresh one started.
    const opened = openJsonFileSync(this.path, fileSchema);
    if (opened.value) this.file = opened.value;
    if (opened.setAside) this.loadProblem = `The secrets file could not be read and was kept as ${opened.setAside}; type the secrets of your keys again.`;
  }

  /** Stores a secret. Throws when the chosen mode is impossible here (the caller checked first). */
  put(keyId: string, secret: string, mode: SecretMode): void {
    this.session.delete(keyId);
    delete this.file.secrets[keyId];
    if (mode === 'session') {
      this.session.set(keyId, secret);
      this.save();
      return;
    }
    if (this.cipher.isEncryptionAvailable()) {
      const data = Buffer.from(this.cipher.encrypt(secret)).toString('base64');
      this.file.secrets[keyId] = { encoding: 'cipher', mode, data };
    } else if (mode === 'unprotected') {
      this.file.secrets[keyId] = { encoding: 'plain', mode, data: Buffer.from(secret, 'utf8').toString('base64') };
    } else {
      throw new Error('Encryption is not available, so a secret cannot be stored encrypted.');
    }
    this.save();
  }

  has(keyId: string): boolean {
    return this.session.has(keyId) || keyId in this.file.secrets;
  }

  modeOf(keyId: string): SecretMode | undefined {
    if (this.session.has(keyId)) return 'session';
    return this.file.secrets[keyId]?.mode;
  }

  /** Decrypts one secret. Only the registry's credentials() may call this. */
  reveal(keyId: string): string | undefined {
    const inMemory = this.session.get(keyId);
    if (inMemory !== undefined) return inMemory;
    const entry = this.file.secrets[keyId];
    if (!entry) return undefined;
    if (entry.encoding === 'plain') return Buffer.from(entry.data, 'base64').toString('utf8');
    try {
      return this.cipher.decrypt(Buffer.from(entry.data, 'base64'));
    } catch {
      // Encrypted under another OS account or keyring: unusable, say nothing about its content.
      return undefined;
    }
  }

  delete(keyId: string): void {
    const had = keyId in this.file.secrets;
    this.session.delete(keyId);
    delete this.file.secrets[keyId];
    if (had) this.save();
  }

  private save(): void {
    writeFileAtomicSync(this.path, `${JSON.stringify(this.file, null, 2)}\n`);
  }
}
