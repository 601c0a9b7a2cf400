/**
 * Duplicate detection: a row is "the same request" as a ledger job when the
 * kind, the fields (with the spec's defaults filled in, so an omitted default
 * equals a written one) and the contents of its files (sha256) match.
 */
import { ENDPOINTS, isGenerationKind, withDefaults, type FieldSpec, type GenerationKind } from '../../../shared/api';
import type { JobRecord } from '../../../shared/domain/job';
import type { JobEngine } from '../jobs/engine-api';
import type { StoredRow } from './store';

export function requestFingerprint(kind: GenerationKind, fields: Record<string, unknown>, fileSha256: Record<string, string>): string {
  const specs = ENDPOINTS[kind].fields as Readonly<Record<string, FieldSpec>>;
  const values: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(withDefaults(kind, fields))) {
    const spec = specs[name];
    if (!spec || spec.retired || value === undefined) continue;
    values[name] = spec.type === 'file' ? `sha256:${fileSha256[name] ?? '?'}` : value;
  }
  return `${kind}|${canonicalJson(values)}`;
}

/** The sha256 of each file a row names, by field (what its fingerprint compares). */
export function rowFileShas(row: { files?: Record<string, { sha256: string }> }): Record<string, string> {
  return Object.fromEntries(Object.entries(row.files ?? {}).map(([k, f]) => [k, f.sha256]));
}

/** The fingerprint of a ledger record: its file fields carry their sha256. */
export function jobFingerprint(job: JobRecord): string {
  const shas: Record<string, string> = {};
  const fields: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(job.request)) {
    if (value && typeof value === 'object' && 'sha256' in value && typeof (value as { sha256: unknown }).sha256 === 'string') {
      shas[name] = (value as { sha256: string }).sha256;
      fields[name] = name;
    } else {
      fields[name] = value;
    }
  }
  return requestFingerprint(job.kind, fields, shas);
}

/**
 * Jobs a new row must not be sent beside: finished with an asset, still on their way, or sent with an
 * unknown outcome (`uncertain`: the service may hold a paid job for it). Re-running a list after a crash
 * left rows uncertain must not send them again; the reused row shows the earlier send's reason, and the
 * user resends from the history or chooses "generate" for that row.
 */
export function isReusable(job: JobRecord): boolean {
  if (job.hidden) return false;
  if (job.state === 'success') return job.asset?.state !== 'unavailable';
  return ['queued', 'submitting', 'pending', 'running', 'uncertain'].includes(job.state);
}

/** Index of reusable ledger jobs by fingerprint (the newest wins), leaving out one batch's own jobs. */
export function indexLedger(jobs: JobRecord[], excludeBatchId?: string): Map<string, JobRecord> {
  const index = new Map<string, JobRecord>();
  const sorted = [...jobs].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const job of sorted) {
    if (excludeBatchId && job.batchId === excludeBatchId) continue;
    if (!isReusable(job)) continue;
    index.set(jobFingerprint(job), job);
  }
  return index;
}

/**
 * Marks ready rows that repeat a reusable ledger job (not one of this batch's own): the row shows the
 * earlier job, and reuses it unless the user chooses to generate again.
 */
export function flagDuplicates(rows: StoredRow[], jobs: JobRecord[], batchId: string): void {
  const index = indexLedger(jobs, batchId);
  if (index.size === 0) return;
  for (const row of rows) {
    if (row.state !== 'ready' || !isGenerationKind(row.kind)) continue;
    const match = index.get(requestFingerprint(row.kind, row.fields, rowFileShas(row)));
    if (match) {
      row.duplicateOf = { localId: match.localId, ...(match.jobId ? { jobId: match.jobId } : {}), state: match.state };
      row.duplicateChoice ??= 'reuse';
    }
  }
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/**
 * The ledger jobs that ready rows may repeat: asked of the engine by each row's kind and prompt (an
 * index) rather than every record, which took seconds at 100,000 jobs on each import and edit.
 */
export function jobsRowsMayRepeat(rows: readonly StoredRow[], engine: Pick<JobEngine, 'list' | 'ofKindAndPrompt'>): JobRecord[] {
  if (!engine.ofKindAndPrompt) return engine.list();
  const asked = new Set<string>();
  const jobs: JobRecord[] = [];
  for (const row of rows) {
    if (row.state !== 'ready' || !isGenerationKind(row.kind)) continue;
    const prompt = typeof row.fields.prompt === 'string' ? row.fields.prompt : undefined;
    const key = JSON.stringify([row.kind, prompt ?? null]);
    if (asked.has(key)) continue;
    asked.add(key);
    jobs.push(...engine.ofKindAndPrompt(row.kind, prompt));
  }
  return jobs;
}
