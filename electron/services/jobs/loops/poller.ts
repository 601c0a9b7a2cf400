/**
 * The polling loop: asks the service for each unfinished job's status, at
 * the interval nextPollDelay gives (../decide/poll-policy.ts), and applies what a
 * failed poll means (judgePollFailure, ../decide/answers.ts): retried with backoff
 * and the reason on the record, the job ended (403, 404 beyond tolerance),
 * or polling on the key paused after a 401 until that key's secret or
 * environment is changed in Settings or the user resumes it.
 */
import type { GenerationKind, JobResource, JobStatus } from '../../../../shared/api';
import { type JobRecord, type JobState } from '../../../../shared/domain/job';
import { factsOf, judgePollFailure } from '../decide/answers';
import { nowIso, problemOf, type EngineCore, type EngineRecord } from '../engine-core';
import type { Target } from '../decide/placement';
import { decayLateness, estimateDuration, nextPollDelay, type DurationEstimate } from '../decide/poll-policy';

/** While a job has no estimate, the history is looked at again this often (jobs of the kind may have finished since). */
const ESTIMATE_RECHECK_MS = 5_000;
/**
 * How many of a kind's latest finished jobs the duration estimate looks at (read from the store, not every
 * record): enough for its closest matches among recent work, which is what predicts the next one.
 */
const FINISHED_SAMPLE = 500;

/** A guess of the kind of a job tracked by id, from the parameters the service reports. */
export function inferKind(resource: JobResource): GenerationKind | undefined {
  const p = resource.genParams ?? {};
  if ('aspectRatio' in p) return 'text-to-image';
  if ('targetFaceCount' in p || 'topology' in p || 'textureResolution' in p) return 'text-to-3d';
  return undefined;
}

/** The record of a job followed by its id (made elsewhere): pending until its first status is applied, its kind given or guessed. */
export function trackedRecord(jobId: string, kind: GenerationKind | undefined, kindInferred: boolean, target: Target, localId: string, now: string): EngineRecord {
  return {
    localId,
    kind: kind ?? 'text-to-3d',
    ...(kindInferred ? { kindInferred: true } : {}),
    state: 'pending',
    jobId,
    environmentId: target.environmentId,
    environmentName: target.environmentName,
    keyId: target.keyId,
    keyName: target.keyName,
    request: {},
    title: '',
    createdAt: now,
    updatedAt: now,
    acceptedAt: now,
    fragments: [],
  };
}

const keyOf = (r: Pick<JobRecord, 'environmentId' | 'keyId'>) => `${r.environmentId}\u0000${r.keyId}`;

export interface PollerHooks {
  /** The job's status turned success or error. */
  terminal(localId: string): void;
  /** A pending asset record for a job that just succeeded. */
  pendingAsset(rec: JobRecord): NonNullable<JobRecord['asset']>;
}

export class Poller {
  private readonly previous = new Map<string, number>();
  private readonly missing = new Map<string, number>();
  private readonly estimates = new Map<string, { estimate: DurationEstimate | undefined; at: number }>();
  /** When each job's next poll is due, to measure how late it lands. */
  private readonly due = new Map<string, number>();
  /** How late polls have lately landed, answer included (decayLateness). */
  private lateness: { ms: number; at: number } | undefined;
  /** Keys the service rejected (401), with the reason and the key's setup then: nothing is polled on them until resumed. */
  private readonly pausedKeys = new Map<string, { reason: string; fingerprint: string | undefined }>();

  constructor(
    private readonly core: EngineCore,
    private readonly hooks: PollerHooks,
  ) {}

  private following(rec: JobRecord | undefined): rec is EngineRecord {
    return !!rec?.jobId && (rec.state === 'pending' || rec.state === 'running');
  }

  /** Polls the job after `delay`, or after what the policy says for where it is now. */
  schedule(localId: string, delay?: number): void {
    const rec = this.core.get(localId);
    if (!this.following(rec)) return;
    if (this.pausedKeys.has(keyOf(rec))) return;
    const ms = delay ?? this.delayFor(rec, false);
    this.previous.set(localId, ms);
    this.due.set(localId, Date.now() + ms);
    this.core.setTimer(localId, ms, () => this.pollOnce(localId));
  }

  private delayFor(rec: EngineRecord, changed: boolean): number {
    const core = this.core;
    const now = Date.now();
    let known = this.estimates.get(rec.localId);
    if (!known || (!known.estimate && now - known.at >= ESTIMATE_RECHECK_MS)) {
      const finished = core.store.finishedOfKind(rec.kind, FINISHED_SAMPLE);
      known = { estimate: estimateDuration(rec, finished), at: now };
      this.estimates.set(rec.localId, known);
    }
    const accepted = Date.parse(rec.acceptedAt ?? rec.createdAt);
    const latenessMs = this.lateness ? decayLateness(this.lateness, 0, now).ms : undefined;
    return nextPollDelay(
      {
        elapsedMs: Math.max(0, now - accepted),
        estimate: known.estimate,
        stages: rec.fragments?.length ?? 0,
        previousMs: this.previous.get(rec.localId),
        changed,
        ...(latenessMs !== undefined ? { latenessMs } : {}),
      },
      core.timing,
      core.random(),
    );
  }

  forget(localId: string): void {
    this.previous.delete(localId);
    this.missing.delete(localId);
    this.estimates.delete(localId);
    this.due.delete(localId);
  }

  /** Polling on the job's key starts again (the key was updated, or the user asked): free, nothing is resent. */
  resumeKey(environmentId: string, keyId: string): number {
    this.pausedKeys.delete(`${environmentId}\u0000${keyId}`);
    let n = 0;
    for (const rec of this.core.store.workingSet()) {
      if (rec.environmentId !== environmentId || rec.keyId !== keyId || !this.following(rec)) continue;
      if (rec.polling?.state === 'key-rejected') this.core.update(rec.localId, { polling: undefined });
      // Spread over a second so a still-rejected key costs one answer before it pauses again.
      if (!this.core.hasTimer(rec.localId)) this.schedule(rec.localId, Math.round(n++ * 50 + this.core.random() * 50));
    }
    return n;
  }

  /**
   * After a Settings change: the paused keys whose secret or environment
   * changed (the user may have fixed them). A change to anything else
   * (another key, a name) leaves them paused. Returns how many resumed.
   */
  resumeChanged(): number {
    let n = 0;
    for (const [k, paused] of [...this.pausedKeys]) {
      const [environmentId, keyId] = k.split('\u0000') as [string, string];
      const now = this.core.keyFingerprint(environmentId, keyId);
      if (now === undefined || now === paused.fingerprint) continue;
      this.resumeKey(environmentId, keyId);
      n++;
    }
    return n;
  }

  private async pollOnce(localId: string): Promise<void> {
    const core = this.core;
    const rec = core.get(localId);
    if (!this.following(rec)) return;
    const paused = this.pausedKeys.get(keyOf(rec))?.reason;
    if (paused) {
      if (rec.polling?.state !== 'key-rejected') core.update(localId, { polling: { state: 'key-rejected', reason: paused, attempts: (rec.polling?.attempts ?? 0) + 1, status: 401 } });
      return;
    }
    const client = core.clientFor(rec.environmentId, rec.keyId);
    if (!client) {
      core.update(localId, { polling: { state: 'retrying', reason: 'the key of this job is no longer in Settings', attempts: (rec.polling?.attempts ?? 0) + 1, retryAt: new Date(Date.now() + core.timing.pollMaxMs).toISOString() } });
      this.schedule(localId, core.timing.pollMaxMs);
      return;
    }
    // This job's service is down: wait for it (its probe brings it back) instead of hammering. Other services go on.
    const down = core.hostWait(rec.environmentId);
    if (down) {
      this.waitForHost(rec, down);
      return;
    }
    // The key's setup this request is signed with: a 401 pauses the key as it was then.
    const sentWith = core.keyFingerprint(rec.environmentId, rec.keyId);
    try {
      const resource = await client.getJob(rec.jobId!, { signal: core.abort.signal });
      const due = this.due.get(localId);
      // Timer lateness plus the request: the margin the next intervals keep (poll-policy.ts).
      if (due !== undefined) this.lateness = decayLateness(this.lateness, Date.now() - due, Date.now());
      this.missing.delete(localId);
      core.hostAnswered(rec.environmentId);
      const changed = this.applyStatus(localId, resource);
      const after = core.get(localId);
      if (this.following(after)) this.schedule(localId, this.delayFor(after, changed));
      else this.forget(localId);
    } catch (err) {
      if (!core.started) return;
      core.hostSaw(rec.environmentId, err);
      this.failed(localId, err, sentWith);
    }
  }

  /** The job's service is down: the record says so (host, reason, next try) and the poll waits for it. */
  private waitForHost(rec: EngineRecord, down: NonNullable<ReturnType<EngineCore['hostWait']>>): void {
    const core = this.core;
    const retryAt = Number.isFinite(down.until) ? new Date(down.until).toISOString() : undefined;
    const p = rec.polling;
    if (p?.state !== 'retrying' || p.host !== down.host || p.retryAt !== retryAt || p.reason !== down.reason) {
      core.update(rec.localId, { polling: { state: 'retrying', reason: down.reason, attempts: p?.attempts ?? 0, host: down.host, ...(retryAt ? { retryAt } : {}) } });
    }
    // Woken by resumeHost when the service answers; the timer is only a fallback.
    const delay = Number.isFinite(down.until) ? down.until - Date.now() + Math.round(50 * core.random()) : core.timing.pollMaxMs;
    this.schedule(rec.localId, Math.max(50, delay));
  }

  /** A down service's next try moved (or its probe left): the jobs waiting for it say so, and wait until then. */
  refreshHost(host: string): void {
    for (const rec of this.core.store.workingSet() as EngineRecord[]) {
      if (!this.following(rec) || rec.polling?.state !== 'retrying' || !rec.polling.host || this.core.hostOf(rec.environmentId) !== host) continue;
      const down = this.core.hostWait(rec.environmentId);
      if (down) this.waitForHost(rec, down);
    }
  }

  /** A service that was down answers again: its waiting jobs are polled now, spread over a moment. */
  resumeHost(host: string): number {
    let n = 0;
    for (const rec of this.core.store.workingSet()) {
      if (!this.following(rec) || rec.polling?.state !== 'retrying' || this.core.hostOf(rec.environmentId) !== host) continue;
      if (this.pausedKeys.has(keyOf(rec))) continue;
      this.schedule(rec.localId, Math.round(n++ * 20 + this.core.random() * 20));
    }
    return n;
  }

  /** Applies judgePollFailure's verdict. */
  private failed(localId: string, err: unknown, sentWith: string | undefined): void {
    const core = this.core;
    const rec = core.get(localId)!;
    const attempts = rec.polling?.state === 'retrying' ? rec.polling.attempts : 0;
    const verdict = judgePollFailure(factsOf(err), { missing: this.missing.get(localId) ?? 0, attempts }, core.timing, core.random());
    const status = (err as { status?: number }).status;
    switch (verdict.action) {
      case 'stop':
        return;
      case 'pause-key':
        this.pausedKeys.set(keyOf(rec), { reason: verdict.reason, fingerprint: sentWith });
        core.update(localId, { polling: { state: 'key-rejected', reason: verdict.reason, attempts: attempts + 1, status: 401 } });
        // The key's other jobs say so too, without a request each.
        for (const other of core.store.workingSet()) {
          if (other.localId !== localId && keyOf(other) === keyOf(rec) && this.following(other)) {
            core.clearTimer(other.localId);
            core.update(other.localId, { polling: { state: 'key-rejected', reason: verdict.reason, attempts: other.polling?.attempts ?? 0, status: 401 } });
          }
        }
        // Updated in Settings while this request was on its way: try the new setup at once.
        this.resumeChanged();
        return;
      case 'end':
        this.forget(localId);
        core.update(localId, { state: 'error', polling: undefined, problem: { ...problemOf(err), message: verdict.message }, finishedAt: nowIso() }, true);
        this.hooks.terminal(localId);
        return;
      case 'retry': {
        if (verdict.missing !== undefined) this.missing.set(localId, verdict.missing);
        const down = verdict.networkDown ? core.hostWait(rec.environmentId) : undefined;
        if (down) {
          // Its service is down now: the job waits for it like every other job of that service.
          this.waitForHost({ ...rec, polling: { state: 'retrying', reason: verdict.reason, attempts: attempts + 1 } }, down);
          return;
        }
        const retryAt = new Date(Date.now() + verdict.delayMs).toISOString();
        core.update(localId, { polling: { state: 'retrying', reason: verdict.reason, attempts: attempts + 1, retryAt, ...(status !== undefined ? { status } : {}) } });
        this.schedule(localId, verdict.delayMs);
        return;
      }
    }
  }

  /** Copies what the service reports into the record. Returns whether the status changed. */
  applyStatus(localId: string, resource: JobResource): boolean {
    const core = this.core;
    const rec = core.get(localId)!;
    const status = resource.status as JobStatus;
    const patch: Partial<EngineRecord> = {};
    const set = <K extends keyof EngineRecord>(k: K, v: EngineRecord[K] | undefined) => {
      if (v === undefined || v === null) return;
      if (JSON.stringify(rec[k]) !== JSON.stringify(v)) patch[k] = v;
    };
    set('upstreamStatus', status);
    set('state', status as JobState);
    set('title', resource.title ?? undefined);
    set('prompt', resource.prompt ?? undefined);
    set('upstreamCreatedAt', resource.createdAt ?? undefined);
    set('genParams', resource.genParams ?? undefined);
    set('fragments', resource.fragments?.map((f) => ({ name: f.name, ...(f.displayName ? { displayName: f.displayName } : {}) })));
    if (rec.kindInferred && resource.genParams) {
      const inferred = inferKind(resource);
      if (inferred && inferred !== rec.kind) patch.kind = inferred;
    }
    if (rec.polling) patch.polling = undefined;
    if (status === 'error') patch.problem = { message: resource.errorMessage || 'The service reported an error without a message.' };
    const statusChanged = patch.state !== undefined;
    const ended = statusChanged && (status === 'success' || status === 'error');
    if (ended) patch.finishedAt = nowIso();
    // Success and "downloading" in one change: nobody sees a successful job that looks finished without its asset.
    if (ended && status === 'success') patch.asset = this.hooks.pendingAsset(rec);
    if (Object.keys(patch).length === 0) return false;
    // A terminal status is a critical moment too: it starts the download and it is what a restart resumes from.
    core.update(localId, patch, ended);
    if (ended) {
      this.forget(localId);
      this.hooks.terminal(localId);
    }
    return statusChanged;
  }
}
