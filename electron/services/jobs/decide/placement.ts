/**
 * Where a submission goes: which environment and key take a new request, and
 * which key a queued one is sent with now (the cap of active jobs per key).
 * Pure: the registry's answers and the active counts come in as values.
 */
import { ENDPOINTS, LIMITS, type GenerationKind } from '../../../../shared/api';
import type { JobRecord } from '../../../../shared/domain/job';
import { fail, ok, type Result } from '../../../../shared/ipc';
import type { Environment, KeyInfo } from '../../contracts';

export interface Target {
  environmentId: string;
  environmentName: string;
  keyId: string;
  keyName: string;
  earlyAccess: boolean;
}

/** The environment and key a request names, else the active ones. */
export function resolveTarget(
  args: { environmentId?: string; keyId?: string },
  environment: Environment | undefined,
  active: { environment: Environment; key: KeyInfo } | undefined,
): Result<Target> {
  if (!environment) return fail('no-environment', args.environmentId ? 'That environment no longer exists; choose another in Settings.' : 'No environment is set up. Add one in Settings.');
  const key = args.keyId
    ? environment.keys.find((k) => k.id === args.keyId)
    : active && active.environment.id === environment.id
      ? active.key
      : environment.keys.find((k) => k.hasSecret);
  if (!key) return fail('no-key', `The environment "${environment.name}" has no such key. Add one in Settings.`);
  if (!key.hasSecret) return fail('no-secret', `The key "${key.name}" has no secret stored. Enter it in Settings.`);
  return ok({ environmentId: environment.id, environmentName: environment.name, keyId: key.id, keyName: key.name, earlyAccess: key.earlyAccess });
}

export interface KeyChoice {
  keyId: string;
  keyName: string;
}

/**
 * The key a queued record is sent with now, or undefined while every allowed
 * key is at the cap. `active(keyId)` counts jobs active upstream on a key
 * (being sent included).
 */
export function chooseKey(
  rec: { kind: GenerationKind; keyId: string; keyName: string; spreadAcrossKeys?: boolean },
  keys: readonly KeyInfo[],
  active: (keyId: string) => number,
  cap: number = LIMITS.concurrentJobsPerKey,
): KeyChoice | undefined {
  const free = (keyId: string) => active(keyId) < cap;
  if (!rec.spreadAcrossKeys) return free(rec.keyId) ? { keyId: rec.keyId, keyName: rec.keyName } : undefined;
  const earlyOnly = ENDPOINTS[rec.kind].availability === 'coming-soon';
  const usable = keys.filter((k) => k.hasSecret && (!earlyOnly || k.earlyAccess));
  // Its own key first, then the least loaded.
  const ordered = [...usable].sort((a, b) => (a.id === rec.keyId ? -1 : b.id === rec.keyId ? 1 : active(a.id) - active(b.id)));
  const k = ordered.find((key) => free(key.id));
  return k ? { keyId: k.id, keyName: k.name } : undefined;
}

export interface KeyLoad {
  environmentId: string;
  keyId: string;
  /** Jobs upstream on the key (pending, running, or being sent). */
  active: number;
  /** Requests waiting in the queue for it. */
  queued: number;
}

/** Per key, the jobs upstream and the requests queued for it (keys with neither are left out). */
export function keyLoad(records: readonly JobRecord[]): KeyLoad[] {
  const map = new Map<string, KeyLoad>();
  for (const r of records) {
    const k = `${r.environmentId}\u0000${r.keyId}`;
    const entry = map.get(k) ?? { environmentId: r.environmentId, keyId: r.keyId, active: 0, queued: 0 };
    if (r.state === 'pending' || r.state === 'running' || r.state === 'submitting') entry.active++;
    if (r.state === 'queued') entry.queued++;
    map.set(k, entry);
  }
  return [...map.values()].filter((e) => e.active + e.queued > 0);
}
