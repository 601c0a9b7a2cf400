/**
 * The polling loop: asks the service for each unfinished job's status, at
 * the interval nextPollDelay gives (../decide/poll-policy.ts), and applies what a
 * failed poll means (judgePollFailure, ../decide/answers.ts): retried with backoff
 * and the reason on the record, the job ended (403, 404 beyond tolerance),
 * or polling on the key paused after a 401 until that key's secret or
 * environment is changed in Settings or the user resumes it.
 */
import type { JobResource } from '../../../../shared/api';
import type { JobRecord } from '../../../../shared/domain/job';
import { factsOf, judgePollFailure } from '../decide/answers';
import { pendingAsset } from '../decide/download-step';
import { pollStep, type HostWaits, type PollAnswer, type PollNext } from '../decide/poll-step';
import { problemOf, type EngineCore, type EngineRecord } from '../engine-core';
import { decayLateness, estimateDuration, nextPollDelay } from '../decide/poll-policy';
import type { Scheduler } from './scheduler';
import type { PollBook } from './work-state';

/** While a job has no estimate, the history is looked at again this often (jobs of the kind may have finished since). */
const ESTIMATE_RECHECK_MS = 5_000;
/**
 * How many of a kind's latest finished jobs the duration estimate looks at (read from the store, not every
 * record): enough for its closest matches among recent work, which is what predicts the next one.
 */
const FINISHED_SAMPLE = 500;


const keyOf = (r: Pick<JobRecord, 'environmentId' | 'keyId'>) => `${r.environmentId}\u0000${r.keyId}`;

export interface PollerHooks {
  /** The job's status turned success or error. */
  terminal(localId: string): void;
}

export class Poller {
  constructor(
    private readonly core: EngineCore,
    private readonly scheduler: Scheduler,
    /** Its part of the work state: only the poller writes it. */
    private readonly book: PollBook,
    private readonly hooks: PollerHooks,
  ) {}

  private following(rec: JobRecord | undefined): rec is EngineRecord {
    return !!rec?.jobId && (rec.state === 'pending' || rec.state === 'running');
  }

  /** Polls the job after `delay`, or after what the policy says for where it is now. */
  schedule(localId: string, delay?: number): void {
    const rec = this.core.get(localId);
    if (!this.following(rec)) return;
    if (this.book.pausedKey(keyOf(rec))) return;
    const ms = delay ?? this.delayFor(rec, false);
    this.book.planned(localId, ms, Date.now() + ms);
    this.scheduler.after(localId, ms, () => this.pollOnce(localId));
  }

  private delayFor(rec: EngineRecord, changed: boolean): number {
    const core = this.core;
    const now = Date.now();
    let known = this.book.estimate(rec.localId);
    if (!known || (!known.estimate && now - known.at >= ESTIMATE_RECHECK_MS)) {
      const finished = core.store.finishedOfKind(rec.kind, FINISHED_SAMPLE);
      known = { estimate: estimateDuration(rec, finished), at: now };
      this.book.setEstimate(rec.localId, known);
    }
    const accepted = Date.parse(rec.acceptedAt ?? rec.createdAt);
    const lateness = this.book.lateness;
    const latenessMs = lateness ? decayLateness(lateness, 0, now).ms : undefined;
    return nextPollDelay(
      {
        elapsedMs: Math.max(0, now - accepted),
        estimate: known.estimate,
        stages: rec.fragments?.length ?? 0,
        previousMs: this.book.previousMs(rec.localId),
        changed,
        ...(latenessMs !== undefined ? { latenessMs } : {}),
      },
      core.timing,
      core.random(),
    );
  }

  forget(localId: string): void {
    this.book.forget(localId);
  }

  /** Polling on the job's key starts again (the key was updated, or the user asked): free, nothing is resent. */
  resumeKey(environmentId: string, keyId: string): number {
    this.book.pauseKey(`${environmentId}\u0000${keyId}`, undefined);
    let n = 0;
    for (const rec of this.core.store.workingSet()) {
      if (rec.environmentId !== environmentId || rec.keyId !== keyId || !this.following(rec)) continue;
      if (rec.polling?.state === 'key-rejected') this.core.update(rec.localId, { polling: undefined });
      // Spread over a second so a still-rejected key costs one answer before it pauses again.
      if (!this.scheduler.has(rec.localId)) this.schedule(rec.localId, Math.round(n++ * 50 + this.core.random() * 50));
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
    for (const [k, paused] of this.book.pausedKeys()) {
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
    const paused = this.book.pausedKey(keyOf(rec))?.reason;
    if (paused) return void this.apply(localId, { type: 'key-paused', reason: paused });
    const client = core.clientFor(rec.environmentId, rec.keyId);
    if (!client) return void this.apply(localId, { type: 'no-client', retryMs: core.timing.pollMaxMs });
    // This job's service is down: wait for it (its probe brings it back) instead of hammering. Other services go on.
    const down = core.hostWait(rec.environmentId);
    if (down) return void this.apply(localId, { type: 'host-down', down, waits: this.hostWaits() });
    // The key's setup this request is signed with: a 401 pauses the key as it was then.
    const sentWith = core.keyFingerprint(rec.environmentId, rec.keyId);
    try {
      const resource = await client.getJob(rec.jobId!, { signal: this.scheduler.signal });
      const due = this.book.dueAt(localId);
      // Timer lateness plus the request: the margin the next intervals keep (poll-policy.ts).
      if (due !== undefined) this.book.setLateness(decayLateness(this.book.lateness, Date.now() - due, Date.now()));
      this.book.setMissing(localId, undefined);
      core.hostAnswered(rec.environmentId);
      this.applyStatus(localId, resource);
    } catch (err) {
      if (!this.scheduler.running) return;
      core.hostSaw(rec.environmentId, err);
      this.failed(localId, err, sentWith);
    }
  }

  /** How a poll waiting for a down service is timed (the timer is a fallback: resumeHost wakes it when the service answers). */
  private hostWaits(): HostWaits {
    return { jitterMs: Math.round(50 * this.core.random()), fallbackMs: this.core.timing.pollMaxMs };
  }

  /**
   * Writes what an answer changes on the record (pollStep, ../decide/poll-step.ts) and does what comes next:
   * the timer, the key's pause, the end of the job. The record is read again first.
   */
  private apply(localId: string, answer: PollAnswer): PollNext {
    const core = this.core;
    // As the database has it: another process (the CLI beside the app) may have finished the job and its download
    // since this one last read the folder, and a success applied to a stale copy would make its ready asset pending.
    const { patch, durable, next } = pollStep(answer, (core.store.fresh(localId) ?? core.get(localId)) as EngineRecord, Date.now());
    if (patch) core.update(localId, patch, durable);
    switch (next.do) {
      case 'poll-in':
        if (next.missing !== undefined) this.book.setMissing(localId, next.missing);
        this.schedule(localId, next.delayMs);
        break;
      case 'poll': {
        const after = core.get(localId);
        if (this.following(after)) this.schedule(localId, this.delayFor(after, next.changed));
        else this.forget(localId);
        break;
      }
      case 'ended':
        this.forget(localId);
        this.hooks.terminal(localId);
        break;
      case 'pause-key':
      case 'none':
        break;
    }
    return next;
  }

  /** A down service's next try moved (or its probe left): the jobs waiting for it say so, and wait until then. */
  refreshHost(host: string): void {
    for (const rec of this.core.store.workingSet() as EngineRecord[]) {
      if (!this.following(rec) || rec.polling?.state !== 'retrying' || !rec.polling.host || this.core.hostOf(rec.environmentId) !== host) continue;
      const down = this.core.hostWait(rec.environmentId);
      if (down) this.apply(rec.localId, { type: 'host-down', down, waits: this.hostWaits() });
    }
  }

  /** A service that was down answers again: its waiting jobs are polled now, spread over a moment. */
  resumeHost(host: string): number {
    let n = 0;
    for (const rec of this.core.store.workingSet()) {
      if (!this.following(rec) || rec.polling?.state !== 'retrying' || this.core.hostOf(rec.environmentId) !== host) continue;
      if (this.book.pausedKey(keyOf(rec))) continue;
      this.schedule(rec.localId, Math.round(n++ * 20 + this.core.random() * 20));
    }
    return n;
  }

  /** Applies judgePollFailure's verdict (pollStep); a 401 pauses the key and tells its other jobs. */
  private failed(localId: string, err: unknown, sentWith: string | undefined): void {
    const core = this.core;
    const rec = core.get(localId)!;
    const attempts = rec.polling?.state === 'retrying' ? rec.polling.attempts : 0;
    const verdict = judgePollFailure(factsOf(err), { missing: this.book.missing(localId), attempts }, core.timing, core.random());
    const status = (err as { status?: number }).status;
    const down = verdict.action === 'retry' && verdict.networkDown ? core.hostWait(rec.environmentId) : undefined;
    const waits = down ? this.hostWaits() : { jitterMs: 0, fallbackMs: core.timing.pollMaxMs };
    const next = this.apply(localId, { type: 'failed', verdict, problem: problemOf(err), waits, ...(status !== undefined ? { status } : {}), ...(down ? { down } : {}) });
    if (next.do !== 'pause-key') return;
    this.book.pauseKey(keyOf(rec), { reason: next.reason, fingerprint: sentWith });
    // The key's other jobs say so too, without a request each.
    for (const other of core.store.workingSet()) {
      if (other.localId !== localId && keyOf(other) === keyOf(rec) && this.following(other)) {
        this.scheduler.cancel(other.localId);
        this.apply(other.localId, { type: 'key-rejected-too', reason: next.reason });
      }
    }
    // Updated in Settings while this request was on its way: try the new setup at once.
    this.resumeChanged();
  }

  /** Copies what the service reports into the record (pollStep), then polls again, or hands the finished job on. */
  applyStatus(localId: string, resource: JobResource): void {
    this.apply(localId, { type: 'status', resource, asset: pendingAsset(this.core.get(localId)!) });
  }
}
