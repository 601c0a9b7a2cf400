/**
 * What the engine holds about the jobs it works on now, beyond their records:
 * one object (WorkState) in three parts, one per loop. Each part keeps its
 * fields private and is written only through its own methods, by the one loop
 * it is handed to; the engine keeps the read-only view (WorkView), so a write
 * from elsewhere (a held batch added by the engine, a lease set on the
 * downloader) does not compile.
 */
import type { Database } from '../../store/database';
import type { DurationEstimate } from '../decide/poll-policy';
import { WorkClaims } from '../store/work-claims';

/** The submitter's part: records being sent now, batches held back, and the send claims shared with other processes. */
export class SendBook {
  readonly #sending = new Set<string>();
  readonly #heldBatches = new Set<string>();
  #claims: WorkClaims | undefined;

  /** Open when the engine starts (the job store is open then). */
  openClaims(db: () => Database): WorkClaims {
    return (this.#claims = new WorkClaims(db, 'send'));
  }

  /** The send claims; undefined until the engine starts. */
  get claims(): WorkClaims | undefined {
    return this.#claims;
  }

  isSending(localId: string): boolean {
    return this.#sending.has(localId);
  }

  sending(localId: string, on: boolean): void {
    if (on) this.#sending.add(localId);
    else this.#sending.delete(localId);
  }

  isHeldBatch(batchId: string): boolean {
    return this.#heldBatches.has(batchId);
  }

  holdBatch(batchId: string, held: boolean): void {
    if (held) this.#heldBatches.add(batchId);
    else this.#heldBatches.delete(batchId);
  }
}

/** The poller's part: each followed job's last interval, next due time, 404s in a row and duration estimate; how late polls land; the keys paused by a 401. */
export class PollBook {
  readonly #previous = new Map<string, number>();
  readonly #due = new Map<string, number>();
  readonly #missing = new Map<string, number>();
  readonly #estimates = new Map<string, { estimate: DurationEstimate | undefined; at: number }>();
  #lateness: { ms: number; at: number } | undefined;
  readonly #pausedKeys = new Map<string, { reason: string; fingerprint: string | undefined }>();

  /** The job's next poll: after `ms`, due at `dueAt`. */
  planned(localId: string, ms: number, dueAt: number): void {
    this.#previous.set(localId, ms);
    this.#due.set(localId, dueAt);
  }

  previousMs(localId: string): number | undefined {
    return this.#previous.get(localId);
  }

  dueAt(localId: string): number | undefined {
    return this.#due.get(localId);
  }

  missing(localId: string): number {
    return this.#missing.get(localId) ?? 0;
  }

  setMissing(localId: string, n: number | undefined): void {
    if (n === undefined) this.#missing.delete(localId);
    else this.#missing.set(localId, n);
  }

  estimate(localId: string): { estimate: DurationEstimate | undefined; at: number } | undefined {
    return this.#estimates.get(localId);
  }

  setEstimate(localId: string, known: { estimate: DurationEstimate | undefined; at: number }): void {
    this.#estimates.set(localId, known);
  }

  get lateness(): { ms: number; at: number } | undefined {
    return this.#lateness;
  }

  setLateness(lateness: { ms: number; at: number }): void {
    this.#lateness = lateness;
  }

  /** The job is no longer followed (or its bookkeeping starts over). */
  forget(localId: string): void {
    this.#previous.delete(localId);
    this.#missing.delete(localId);
    this.#estimates.delete(localId);
    this.#due.delete(localId);
  }

  pausedKey(key: string): { reason: string; fingerprint: string | undefined } | undefined {
    return this.#pausedKeys.get(key);
  }

  pausedKeys(): [string, { reason: string; fingerprint: string | undefined }][] {
    return [...this.#pausedKeys];
  }

  pauseKey(key: string, paused: { reason: string; fingerprint: string | undefined } | undefined): void {
    if (paused) this.#pausedKeys.set(key, paused);
    else this.#pausedKeys.delete(key);
  }
}

/** The downloader's part: each download's round (when it started, how many attempts found an invalid file), and the leases it holds. */
export class DownloadBook {
  readonly #rounds = new Map<string, { since: number; invalid: number }>();
  readonly #held = new Set<string>();
  #leases: WorkClaims | undefined;

  /** Open when the engine starts (the job store is open then). */
  openLeases(db: () => Database): WorkClaims {
    return (this.#leases = new WorkClaims(db, 'download'));
  }

  get leases(): WorkClaims | undefined {
    return this.#leases;
  }

  round(localId: string): { since: number; invalid: number } | undefined {
    return this.#rounds.get(localId);
  }

  /** A new round of attempts starts now. */
  startRound(localId: string, now: number): void {
    this.#rounds.set(localId, { since: now, invalid: 0 });
  }

  /** One more attempt of the round found an invalid file (a round is started if there was none). */
  countAttempt(localId: string, invalid: boolean, now: number): { since: number; invalid: number } {
    const round = this.#rounds.get(localId) ?? { since: now, invalid: 0 };
    const next = { since: round.since, invalid: round.invalid + (invalid ? 1 : 0) };
    this.#rounds.set(localId, next);
    return next;
  }

  endRound(localId: string): void {
    this.#rounds.delete(localId);
  }

  /** Whether this engine holds the job's download lease. */
  holds(localId: string): boolean {
    return this.#held.has(localId);
  }

  held(): string[] {
    return [...this.#held];
  }

  hold(localId: string, held: boolean): void {
    if (held) this.#held.add(localId);
    else this.#held.delete(localId);
  }
}

/** What the engine itself may read of the work state (it writes none of it). */
export interface WorkView {
  readonly sends: Pick<SendBook, 'claims' | 'isSending' | 'isHeldBatch'>;
  readonly polls: Pick<PollBook, 'pausedKey' | 'pausedKeys' | 'dueAt'>;
  readonly downloads: Pick<DownloadBook, 'leases' | 'holds' | 'held'>;
}

/** The state of the jobs being worked on: made by the engine, each part handed to its loop. */
export class WorkState implements WorkView {
  readonly sends = new SendBook();
  readonly polls = new PollBook();
  readonly downloads = new DownloadBook();
}
