/**
 * The sandbox's state: keys, balances, jobs, uploaded files and published
 * assets. In memory by default; with a data directory the JSON state is
 * written atomically (temp file + rename) and files live beside it, so
 * everything survives a restart.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { StoredJob } from './job-timeline';
import type { ExplicitKey } from './options';

export interface KeyRecord {
  clientId: string;
  clientSecret: string;
  earlyAccess: boolean;
  balance: number;
}

/**
 * Protects key secrets at rest. The app passes one backed by its OS-keychain
 * cipher so the embedded sandbox's state file holds no secret in plain text;
 * without one (the CLI with --data-dir) secrets are stored as they are.
 */
export interface SecretSealer {
  seal(plain: string): string;
  open(sealed: string): string;
}

type PersistedKey = Omit<KeyRecord, 'clientSecret'> & { clientSecret?: string; sealedSecret?: string };

interface PersistedState {
  version: 1;
  keys: PersistedKey[];
  jobs: StoredJob[];
}

const STATE_FILE = 'sandbox-state.json';

export function randomKey(): { clientId: string; clientSecret: string } {
  return {
    clientId: `sbx_${crypto.randomBytes(8).toString('hex')}`,
    clientSecret: `sbxs_${crypto.randomBytes(24).toString('base64url')}`,
  };
}

export class StateStore {
  readonly keys = new Map<string, KeyRecord>();
  readonly jobs = new Map<string, StoredJob>();
  private readonly memoryAssets = new Map<string, Buffer>();
  readonly uploadsDir: string;
  private readonly assetsDir: string | undefined;
  private readonly ownsUploadsDir: boolean;
  private saveScheduled = false;
  private saveTimer: NodeJS.Immediate | undefined;
  private closed = false;
  private saving: Promise<void> = Promise.resolve();

  private constructor(
    private readonly dataDir: string | undefined,
    private readonly sealer: SecretSealer | undefined,
    private readonly log: (line: string) => void,
  ) {
    if (dataDir) {
      this.uploadsDir = path.join(dataDir, 'uploads');
      this.assetsDir = path.join(dataDir, 'assets');
      fs.mkdirSync(this.uploadsDir, { recursive: true, mode: 0o700 });
      fs.mkdirSync(this.assetsDir, { recursive: true, mode: 0o700 });
      this.ownsUploadsDir = false;
    } else {
      this.uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'asset-sandbox-'));
      this.ownsUploadsDir = true;
    }
  }

  /** Opens the store, creating keys on first start (explicit ones are always present with their given secrets). */
  static open(
    dataDir: string | undefined,
    keys: number | ExplicitKey[],
    credits: number,
    earlyAccess: boolean,
    sealer?: SecretSealer,
    log: (line: string) => void = () => {},
  ): StateStore {
    const store = new StateStore(dataDir, sealer, log);
    if (dataDir) store.load();
    if (Array.isArray(keys)) {
      for (const k of keys) {
        const existing = store.keys.get(k.clientId);
        store.keys.set(k.clientId, {
          clientId: k.clientId,
          clientSecret: k.clientSecret,
          earlyAccess: k.earlyAccess ?? existing?.earlyAccess ?? earlyAccess,
          balance: existing?.balance ?? k.credits ?? credits,
        });
      }
    } else {
      while (store.keys.size < keys) {
        const k = randomKey();
        store.keys.set(k.clientId, { ...k, earlyAccess, balance: credits });
      }
    }
    if (earlyAccess) for (const k of store.keys.values()) k.earlyAccess = true;
    store.scheduleSave();
    return store;
  }

  private load(): void {
    const file = path.join(this.dataDir!, STATE_FILE);
    if (!fs.existsSync(file)) return;
    const state = JSON.parse(fs.readFileSync(file, 'utf8')) as PersistedState;
    for (const k of state.keys ?? []) {
      let secret = k.clientSecret;
      if (k.sealedSecret !== undefined) {
        try {
          secret = this.sealer?.open(k.sealedSecret);
        } catch {
          secret = undefined;
        }
      }
      if (!secret) {
        this.log(`key ${k.clientId} could not be restored (its secret cannot be opened); a new key replaces it`);
        continue;
      }
      this.keys.set(k.clientId, { clientId: k.clientId, clientSecret: secret, earlyAccess: k.earlyAccess, balance: k.balance });
    }
    for (const j of state.jobs ?? []) this.jobs.set(j.id, j);
  }

  /** Coalesces saves: many mutations in one tick write the file once. */
  scheduleSave(): void {
    if (!this.dataDir || this.saveScheduled || this.closed) return;
    this.saveScheduled = true;
    this.saveTimer = setImmediate(() => {
      this.saveScheduled = false;
      this.saveTimer = undefined;
      this.saving = this.saving.then(() => this.writeState()).catch(() => {});
    });
  }

  private async writeState(): Promise<void> {
    const keys: PersistedKey[] = [...this.keys.values()].map(({ clientSecret, ...rest }) =>
      this.sealer ? { ...rest, sealedSecret: this.sealer.seal(clientSecret) } : { ...rest, clientSecret },
    );
    const state: PersistedState = { version: 1, keys, jobs: [...this.jobs.values()] };
    await writeFileAtomic(path.join(this.dataDir!, STATE_FILE), JSON.stringify(state));
  }

  async flush(): Promise<void> {
    if (!this.dataDir) return;
    if (this.saveTimer) clearImmediate(this.saveTimer);
    this.saveTimer = undefined;
    this.saveScheduled = false;
    this.saving = this.saving.then(() => this.writeState());
    await this.saving;
  }

  private assetFile(jobId: string, format: string): string {
    return path.join(this.assetsDir!, `${safeName(jobId)}.${format}`);
  }

  /** Assets and state are on disk (a data directory was given). */
  get persistent(): boolean {
    return this.assetsDir !== undefined;
  }

  async putAsset(jobId: string, format: string, bytes: Buffer): Promise<void> {
    if (this.assetsDir) await writeFileAtomic(this.assetFile(jobId, format), bytes);
    else this.memoryAssets.set(`${jobId}.${format}`, bytes);
  }

  async getAsset(jobId: string, format: string): Promise<Buffer | undefined> {
    if (!this.assetsDir) return this.memoryAssets.get(`${jobId}.${format}`);
    try {
      return await fs.promises.readFile(this.assetFile(jobId, format));
    } catch {
      return undefined;
    }
  }

  uploadPath(uploadId: string): string {
    return path.join(this.uploadsDir, safeName(uploadId));
  }

  async close(): Promise<void> {
    await this.flush().catch(() => {});
    this.closed = true;
    if (this.ownsUploadsDir) fs.rmSync(this.uploadsDir, { recursive: true, force: true });
    this.memoryAssets.clear();
  }
}

function safeName(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** Writes a file so that a reader sees the old or the new content, never a half-written one. */
export async function writeFileAtomic(file: string, data: string | Buffer): Promise<void> {
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  // The state holds prompts and (sealed) key secrets: readable by the user only.
  await fs.promises.writeFile(tmp, data, { mode: 0o600 });
  await fs.promises.rename(tmp, file);
}
