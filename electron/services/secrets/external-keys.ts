/**
 * Keys that come from outside Settings: the ASSET_STUDIO_* environment
 * variables and the user-only keys file `dataDir/keys.json`. This is how the
 * browser shell and the command line get a real key without a keychain.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

export interface ExternalKey {
  name: string;
  clientId: string;
  clientSecret: string;
  earlyAccess: boolean;
}

export interface ExternalEnvironment {
  /** Stable id: 'env' for the variables, 'file-N' for the keys file's entries. */
  id: string;
  name: string;
  baseUrl: string;
  storageUrl: string;
  source: 'environment' | 'file';
  keys: ExternalKey[];
}

export interface ExternalKeysResult {
  environments: ExternalEnvironment[];
  /** Plain sentences for Settings: what was read, what was refused and why. Never a secret. */
  notices: string[];
}

const isHttpUrl = (value: string): boolean => {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
};
const httpUrl = z.string().refine(isHttpUrl, { message: 'must be an http(s) URL' });
const keyEntry = z.object({
  name: z.string().min(1).max(80).optional(),
  clientId: z.string().min(1).max(500),
  clientSecret: z.string().min(1).max(2000),
  earlyAccess: z.boolean().optional(),
});
const keysArray = z.array(keyEntry).min(1).max(50);
const fileEnvironment = z.object({
  name: z.string().min(1).max(80).optional(),
  baseUrl: httpUrl,
  storageUrl: httpUrl,
  keys: keysArray,
});
const keysFileSchema = z.union([fileEnvironment, z.object({ environments: z.array(fileEnvironment).min(1).max(20) })]);

export const ENVIRONMENT_FROM_VARIABLES = 'From environment variables';

function toKeys(entries: z.infer<typeof keysArray>, prefix: string): ExternalKey[] {
  return entries.map((k, i) => ({
    name: k.name ?? `${prefix} ${i + 1}`,
    clientId: k.clientId,
    clientSecret: k.clientSecret,
    earlyAccess: k.earlyAccess ?? false,
  }));
}

export function readEnvironmentVariables(env: NodeJS.ProcessEnv): { environment?: ExternalEnvironment; notices: string[] } {
  const baseUrl = env.ASSET_STUDIO_BASE_URL?.trim();
  const hasKeyVars = Boolean(env.ASSET_STUDIO_CLIENT_ID || env.ASSET_STUDIO_CLIENT_SECRET || env.ASSET_STUDIO_KEYS);
  if (!baseUrl) {
    return { notices: hasKeyVars ? ['ASSET_STUDIO_CLIENT_ID / ASSET_STUDIO_KEYS are set but ASSET_STUDIO_BASE_URL is not, so they were ignored.'] : [] };
  }
  const storageUrl = env.ASSET_STUDIO_STORAGE_URL?.trim() || baseUrl;
  if (!isHttpUrl(baseUrl) || !isHttpUrl(storageUrl)) {
    return { notices: ['ASSET_STUDIO_BASE_URL and ASSET_STUDIO_STORAGE_URL must be http(s) URLs; the environment variables were ignored.'] };
  }
  let keys: ExternalKey[] = [];
  if (env.ASSET_STUDIO_KEYS) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(env.ASSET_STUDIO_KEYS);
    } catch {
      parsed = undefined;
    }
    const checked = keysArray.safeParse(parsed);
    if (!checked.success) {
      // The message must not echo the variable: it holds secrets.
      return { notices: ['ASSET_STUDIO_KEYS is not a JSON array of {"clientId","clientSecret"} objects; the environment variables were ignored.'] };
    }
    keys = toKeys(checked.data, 'Key');
  } else if (env.ASSET_STUDIO_CLIENT_ID && env.ASSET_STUDIO_CLIENT_SECRET) {
    keys = [{ name: 'Key 1', clientId: env.ASSET_STUDIO_CLIENT_ID, clientSecret: env.ASSET_STUDIO_CLIENT_SECRET, earlyAccess: false }];
  } else {
    return { notices: ['ASSET_STUDIO_BASE_URL is set but no key is: set ASSET_STUDIO_CLIENT_ID and ASSET_STUDIO_CLIENT_SECRET, or ASSET_STUDIO_KEYS.'] };
  }
  return {
    environment: { id: 'env', name: ENVIRONMENT_FROM_VARIABLES, baseUrl, storageUrl, source: 'environment', keys },
    notices: [`${keys.length === 1 ? 'One key' : `${keys.length} keys`} read from environment variables.`],
  };
}

/**
 * Reads `dataDir/keys.json` if present. On POSIX it is refused unless only its
 * owner can read it (mode 0600 or stricter), as ssh does with private keys.
 */
export function readKeysFile(dataDir: string, platform: NodeJS.Platform = process.platform): { environments: ExternalEnvironment[]; notices: string[] } {
  const path = join(dataDir, 'keys.json');
  let mode: number;
  try {
    mode = statSync(path).mode;
  } catch {
    return { environments: [], notices: [] };
  }
  if (platform !== 'win32' && (mode & 0o077) !== 0) {
    const octal = (mode & 0o777).toString(8).padStart(3, '0');
    return {
      environments: [],
      notices: [`${path} was not read: other users can access it (mode ${octal}). Run chmod 600 on it, then restart.`],
    };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return { environments: [], notices: [`${path} is not valid JSON and was not read.`] };
  }
  const checked = keysFileSchema.safeParse(parsed);
  if (!checked.success) {
    const where = checked.error.issues[0]?.path.map(String).join('.') || 'top level';
    return { environments: [], notices: [`${path} does not have the expected shape ({ baseUrl, storageUrl, keys: [{ clientId, clientSecret }] }); problem at ${where}.`] };
  }
  const list = 'environments' in checked.data ? checked.data.environments : [checked.data];
  const environments = list.map((e, i): ExternalEnvironment => ({
    id: `file-${i + 1}`,
    name: e.name ?? (list.length === 1 ? 'From keys.json' : `From keys.json (${i + 1})`),
    baseUrl: e.baseUrl,
    storageUrl: e.storageUrl,
    source: 'file',
    keys: toKeys(e.keys, 'Key'),
  }));
  const count = environments.reduce((n, e) => n + e.keys.length, 0);
  return { environments, notices: [`${count === 1 ? 'One key' : `${count} keys`} read from ${path}.`] };
}
