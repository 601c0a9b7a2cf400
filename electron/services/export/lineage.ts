/**
 * Which exports are "the same asset, newer version". Walk up `parentJobId`
 * while the parent produces the same kind of asset (a retexture of a model,
 * an edit of an image or skybox); the top of that walk is the lineage root.
 * The key is the root's kind and request, so a re-run of the same request
 * and every retexture/edit built on either share one key — and one path.
 */
import { createHash } from 'node:crypto';
import { ENDPOINTS } from '../../../shared/api';
import type { JobRecord } from '../../../shared/domain/job';
import type { JobEngine } from '../jobs/engine-api';

/** A job's record by its upstream id (the engine's store answers by index; a list is enough in tests). */
export type JobLookup = (jobId: string) => JobRecord | undefined;

/** A lookup over records in hand. */
export function lookupIn(all: readonly JobRecord[]): JobLookup {
  const byJobId = new Map(all.filter((j) => j.jobId).map((j) => [j.jobId!, j]));
  return (jobId) => byJobId.get(jobId);
}

/** The engine's lookup: by the store's index where it has one (a test's fake engine may not). */
export function jobLookup(engine: Pick<JobEngine, 'byJobId' | 'list'>): JobLookup {
  if (engine.byJobId) return (jobId) => engine.byJobId!(jobId);
  let all: JobLookup | undefined;
  return (jobId) => (all ??= lookupIn(engine.list({ includeHidden: true })))(jobId);
}

export function lineageKey(job: JobRecord, recordOf: JobLookup): string {
  const family = ENDPOINTS[job.kind].produces;
  let current = job;
  const seen = new Set<string>([job.localId]);
  while (current.parentJobId) {
    const parent = recordOf(current.parentJobId);
    if (!parent || seen.has(parent.localId) || ENDPOINTS[parent.kind].produces !== family) break;
    seen.add(parent.localId);
    current = parent;
  }
  const hash = createHash('sha256').update(`${current.kind}\n${stableJson(requestIdentity(current.request))}`).digest('hex').slice(0, 32);
  return `${family}:${hash}`;
}

/** Request fields as identity: files by content hash, not by where the local copy sits. */
export function requestIdentity(request: Record<string, unknown>): unknown {
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (value && typeof value === 'object') {
      const obj = value as Record<string, unknown>;
      if (typeof obj.sha256 === 'string') return { sha256: obj.sha256 };
      return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, visit(v)]));
    }
    return value;
  };
  return visit(request);
}

export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
