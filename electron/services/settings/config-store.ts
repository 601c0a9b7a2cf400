/**
 * Non-secret settings in `dataDir/config.json`, through `conf` — the library
 * electron-store is built on, so Electron, the browser shell and the CLI read
 * and write the same file. The content is checked with zod on load and
 * brought forward by versioned migrations; a file that cannot be understood is
 * kept aside and replaced by defaults rather than silently half-used.
 */
import Conf from 'conf';
import { join } from 'node:path';
import { z } from 'zod';
import { rateCardSchema } from '../../../shared/api/rate-card';
import { DEFAULT_EXPORT_OPTIONS, exportOptionsSchema, layoutSchema } from '../../../shared/ipc';
import { setAside } from '../json-file';

export const CONFIG_VERSION = 2;

const storedKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  clientId: z.string(),
  earlyAccess: z.boolean(),
  /** How the secret was kept when it was typed ('none' when none was given). */
  secret: z.enum(['encrypted', 'unprotected', 'session', 'none']),
});
const storedEnvironmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  storageUrl: z.string(),
  /** Plain http:// to another computer allowed by the user (shown as a warning). */
  allowPlainHttp: z.boolean().optional(),
  /** Credits per request, typed by the user from their dashboard (the spec publishes no prices). */
  rateCard: rateCardSchema.optional(),
  keys: z.array(storedKeySchema),
});
const creditsSchema = z.object({
  environmentId: z.string(),
  keyId: z.string(),
  available: z.number(),
  required: z.number().optional(),
  at: z.string(),
  source: z.enum(['refusal', 'typed']).optional(),
});

export const configSchema = z.object({
  schemaVersion: z.literal(CONFIG_VERSION),
  environments: z.array(storedEnvironmentSchema),
  active: z.object({ environmentId: z.string(), keyId: z.string() }).nullable(),
  /** The built-in sandbox's early-access switch per client id (mirrored onto the sandbox). */
  sandboxEarlyAccess: z.record(z.string(), z.boolean()),
  credits: z.array(creditsSchema),
  exportDefaults: exportOptionsSchema,
  layout: layoutSchema,
});
export type Config = z.infer<typeof configSchema>;
export type StoredEnvironment = z.infer<typeof storedEnvironmentSchema>;
export type StoredKey = z.infer<typeof storedKeySchema>;

export function defaultConfig(): Config {
  return {
    schemaVersion: CONFIG_VERSION,
    environments: [],
    active: null,
    sandboxEarlyAccess: {},
    credits: [],
    exportDefaults: { ...DEFAULT_EXPORT_OPTIONS },
    layout: {},
  };
}

type Raw = Record<string, unknown>;

/**
 * Migration N turns a version N-1 document into version N. Version 0 is a
 * file without `schemaVersion` (e.g. one electron-store created empty).
 */
export const MIGRATIONS: Record<number, (doc: Raw) => Raw> = {
  1: (doc) => ({
    ...doc,
    schemaVersion: 1,
    environments: Array.isArray(doc.environments) ? doc.environments : [],
    activeEnvironmentId: typeof doc.activeEnvironmentId === 'string' ? doc.activeEnvironmentId : undefined,
    activeKeyId: typeof doc.activeKeyId === 'string' ? doc.activeKeyId : undefined,
  }),
  /** v2: the active pair became one `active` object; credits, export defaults, layout and the sandbox switch were added. */
  2: (doc) => {
    const { activeEnvironmentId, activeKeyId, ...rest } = doc;
    const base = defaultConfig();
    return {
      ...base,
      ...rest,
      schemaVersion: 2,
      active:
        typeof activeEnvironmentId === 'string' && typeof activeKeyId === 'string'
          ? { environmentId: activeEnvironmentId, keyId: activeKeyId }
          : null,
      exportDefaults: { ...base.exportDefaults, ...(typeof rest.exportDefaults === 'object' ? (rest.exportDefaults as Raw) : {}) },
    };
  },
};

export function migrate(doc: Raw): { doc: Raw; from: number } {
  const from = typeof doc.schemaVersion === 'number' ? doc.schemaVersion : 0;
  let current = doc;
  for (let v = from + 1; v <= CONFIG_VERSION; v++) {
    const step = MIGRATIONS[v];
    if (!step) throw new Error(`No migration to settings version ${v}.`);
    current = step(current);
  }
  return { doc: current, from };
}

export class ConfigStore {
  private readonly conf: Conf<Raw>;
  private data: Config;
  /** Set when the file was unreadable, from a newer app, or failed its schema. */
  readonly loadProblem: string | undefined;

  constructor(dataDir: string) {
    let problem: string | undefined;
    this.conf = ConfigStore.open(dataDir, () => {
      problem = 'Settings could not be read; defaults are used and the old file is kept.';
    });
    let data: Config | undefined;
    try {
      const raw = { ...this.conf.store } as Raw;
      const version = typeof raw.schemaVersion === 'number' ? raw.schemaVersion : 0;
      if (version > CONFIG_VERSION) {
        problem = `Settings were written by a newer Asset Studio (version ${version}); defaults are used and that file is kept.`;
      } else {
        const parsed = configSchema.safeParse(migrate(raw).doc);
        if (parsed.success) data = parsed.data;
        else problem = `Settings did not match their schema (${parsed.error.issues[0]?.path.join('.') ?? '?'}); defaults are used and the old file is kept.`;
      }
    } catch {
      problem = 'Settings could not be read; defaults are used and the old file is kept.';
    }
    if (!data) {
      if (problem && !problem.startsWith('Settings could not be read')) {
        try {
          setAside(this.conf.path);
        } catch {
          // Nothing to keep aside.
        }
      }
      data = defaultConfig();
    }
    this.loadProblem = problem;
    this.data = data;
    this.conf.store = this.data;
  }

  /** conf throws on a file that is not JSON: keep it aside and start empty. */
  private static open(dataDir: string, onUnreadable: () => void): Conf<Raw> {
    // configFileMode: settings name the user's environments and keys (the secrets live in secrets.json, also 0600).
    const options = { cwd: dataDir, configName: 'config', clearInvalidConfig: false, configFileMode: 0o600 };
    try {
      return new Conf<Raw>(options);
    } catch {
      onUnreadable();
      setAside(join(dataDir, 'config.json'));
      return new Conf<Raw>(options);
    }
  }

  get path(): string {
    return this.conf.path;
  }

  get(): Config {
    return this.data;
  }

  /** Applies a change, checks the result against the schema, and writes it (atomically, by conf). */
  update(change: (draft: Config) => void): Config {
    const draft = structuredClone(this.data);
    change(draft);
    this.data = configSchema.parse(draft);
    this.conf.store = this.data;
    return this.data;
  }
}
