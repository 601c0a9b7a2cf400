/**
 * The submission loop: sends queued records while their keys have free
 * slots, oldest first, each only after claiming it (another process may share
 * the job store), with the intent to send durable before the first byte leaves
 * and the job id durable before anyone is told. What a failure means comes
 * from judgeSubmitFailure (../decide/answers.ts); which key, from chooseKey.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { ENDPOINTS } from '../../../../shared/api';
import type { FileRefRecord, JobRecord } from '../../../../shared/domain/job';
import { UpstreamError, type FilePart } from '../../../upstream';
import { factsOf, judgeSubmitFailure } from '../decide/answers';
import { problemOf, type EngineCore, type EngineRecord } from '../engine-core';
import { chooseKey, type KeyChoice } from '../decide/placement';
import { pendingAsset } from '../decide/download-step';
import { sendStep, type SendAnswer, type SendNext } from '../decide/send-step';
import type { WorkClaims } from '../store/work-claims';
import type { Scheduler } from './scheduler';
import type { SendBook } from './work-state';

export function isFileRef(value: unknown): value is FileRefRecord {
  return typeof value === 'object' && value !== null && typeof (value as FileRefRecord).path === 'string' && typeof (value as FileRefRecord).sha256 === 'string';
}

export interface SubmitterHooks {
  /** The service accepted the job: follow it. */
  accepted(localId: string): void;
  /** A synchronous answer with the finished GLB (merge): take it into the cache. */
  acceptFile(localId: string, file: string): Promise<void>;
}

const PUMP = '\u0000pump';

export class Submitter {
  constructor(
    private readonly core: EngineCore,
    private readonly scheduler: Scheduler,
    /** Its part of the work state: only the submitter writes it. */
    private readonly book: SendBook,
    private readonly hooks: SubmitterHooks,
  ) {}

  /**
   * At engine start: the send claims open, and those left by processes that are gone, whose records need no
   * more sending, are swept. Returns them (the start reads them for records another process is sending).
   */
  open(): WorkClaims {
    const claims = this.book.openClaims(() => this.core.store.db);
    claims.sweep((id) => {
      const state = this.core.get(id)?.state;
      return state === 'queued' || state === 'submitting';
    });
    return claims;
  }

  isHeld(rec: JobRecord): boolean {
    return rec.batchId !== undefined && (this.book.isHeldBatch(rec.batchId) || rec.queue?.reason === 'paused');
  }

  /**
   * Holds a batch's queued rows back (the user paused it), or lets them go: rows paused on their own (out of
   * credits) wait for the slot cap again and the queue moves.
   */
  setHeld(batchId: string, held: boolean): void {
    this.book.holdBatch(batchId, held);
    if (held) return;
    const core = this.core;
    for (const rec of core.store.workingSet()) {
      if (rec.batchId === batchId && rec.state === 'queued' && rec.queue?.reason === 'paused') {
        core.update(rec.localId, { queue: { reason: 'cap', attempts: rec.queue.attempts, serverErrors: rec.queue.serverErrors }, problem: undefined });
      }
    }
    this.pump();
  }

  activeOn(environmentId: string, keyId: string): number {
    let n = 0;
    for (const r of this.core.store.workingSet()) {
      if (r.environmentId === environmentId && r.keyId === keyId && (r.state === 'pending' || r.state === 'running' || r.state === 'submitting')) n++;
    }
    return n;
  }

  /** Sends queued submissions while their keys have free slots, oldest first. */
  pump(): void {
    const core = this.core;
    if (!this.scheduler.running) return;
    this.scheduler.cancel(PUMP);
    const now = Date.now();
    let nextAt = Infinity;
    const queued = (core.store.workingSet() as EngineRecord[])
      .filter((r) => r.state === 'queued' && !this.book.isSending(r.localId))
      .sort((a, b) => a.localId.localeCompare(b.localId));
    const used = new Map<string, number>();
    for (const rec of queued) {
      if (this.isHeld(rec)) continue;
      // Its service is down: it waits for that service alone (saying so), and the queue goes on with the others.
      const down = core.hostWait(rec.environmentId, now);
      if (down) {
        this.apply(rec.localId, { type: 'host-down', down });
        if (Number.isFinite(down.until)) nextAt = Math.min(nextAt, down.until);
        continue;
      }
      // A network wait ends when its service answers again (the host's state), not at the time the record shows.
      const retryAt = rec.queue?.reason === 'network' || !rec.queue?.retryAt ? 0 : Date.parse(rec.queue.retryAt);
      if (retryAt > now) {
        nextAt = Math.min(nextAt, retryAt);
        continue;
      }
      const keys = core.deps.registry.get(rec.environmentId)?.keys ?? [];
      const key = chooseKey(rec, keys, (keyId) => this.activeOn(rec.environmentId, keyId) + (used.get(keyId) ?? 0));
      if (!key) {
        this.apply(rec.localId, { type: 'no-slot' });
        continue;
      }
      const claims = this.book.claims;
      if (!claims?.claim(rec.localId)) continue;
      // Another process may have sent it between our last read and the claim (what it changed is reported by the engine's next refresh).
      if (core.store.fresh(rec.localId)?.state !== 'queued') {
        claims.release(rec.localId);
        continue;
      }
      // send() marks it 'submitting' before its first await, so activeOn() already counts it for the next record.
      this.book.sending(rec.localId, true);
      void this.scheduler.track(this.send(rec.localId, key));
    }
    if (Number.isFinite(nextAt)) this.scheduler.after(PUMP, Math.max(10, nextAt - now), () => this.pump());
  }

  /**
   * Writes what an answer changes on the record (sendStep, ../decide/send-step.ts) and returns what comes next.
   * The record is read again first: the step reads it as it is now.
   */
  private apply(localId: string, answer: SendAnswer): SendNext {
    const core = this.core;
    const rec = core.get(localId)!;
    const { patch, durable, next } = sendStep(answer, rec, Date.now());
    if (patch) core.update(localId, patch, durable);
    if (next.do === 'hold-batch') this.book.holdBatch(next.batchId, true);
    return next;
  }

  private wireValues(rec: JobRecord): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(rec.request)) {
      if (isFileRef(value)) {
        if (!fs.existsSync(value.path)) throw new UpstreamError(`${name}: the staged copy of ${value.name} is gone; submit the request again with the file.`, { kind: 'http', outcome: 'not-created' });
        const part: FilePart = { path: value.path, name: value.name, mime: value.mime, size: value.size };
        out[name] = part;
      } else out[name] = value;
    }
    return out;
  }

  private async send(localId: string, key: KeyChoice): Promise<void> {
    const core = this.core;
    try {
      const client = core.clientFor(core.get(localId)!.environmentId, key.keyId);
      if (!client) {
        this.apply(localId, { type: 'no-client' });
        return;
      }
      // The intent to send, durable before the first byte leaves.
      this.apply(localId, { type: 'sending', keyId: key.keyId, keyName: key.keyName });
      const rec = core.get(localId)!;
      const kind = rec.kind;
      const glbTo = ENDPOINTS[kind].response === 'glb' ? path.join(core.assetsDir(localId), `.merge.${process.pid}.tmp`) : undefined;
      if (glbTo) await fsp.mkdir(path.dirname(glbTo), { recursive: true });
      let result: Awaited<ReturnType<typeof client.create>>;
      try {
        const values = this.wireValues(rec);
        result = await client.create(kind, values, { signal: this.scheduler.signal, glbTo });
      } catch (err) {
        core.hostSaw(rec.environmentId, err);
        this.failed(localId, err);
        return;
      }
      core.hostAnswered(rec.environmentId);
      // The service created the job: from here nothing turns it into "rejected", a refused write included.
      await this.recordAccepted(localId, result);
    } catch (err) {
      core.internalError('submission failed', err);
    } finally {
      this.book.sending(localId, false);
      // Sent (or put back in the queue): the record says so now, so the claim goes. Kept, it would stop
      // another process from sending the job after a resend while this one still runs.
      this.book.claims?.release(localId);
      this.pump();
    }
  }

  /**
   * Records what the service answered (the job id, or the merged GLB). When the disk refuses the write, the
   * id is kept in memory and the write tried again until it holds or the engine stops (a restart then finds
   * the record still "submitting" and makes it uncertain): a paid job is never recorded as refused.
   */
  private async recordAccepted(localId: string, result: { jobId?: string; glb?: { path: string } }): Promise<void> {
    const core = this.core;
    for (let attempt = 0; this.scheduler.running; attempt++) {
      try {
        const next = this.apply(localId, result.glb ? { type: 'merged', asset: pendingAsset(core.get(localId)!) } : { type: 'accepted', jobId: result.jobId! });
        if (next.do === 'accept-file') await this.hooks.acceptFile(localId, result.glb!.path);
        else this.hooks.accepted(localId);
        return;
      } catch (err) {
        core.internalError('the answer of an accepted submission could not be recorded; trying again', err);
        await this.scheduler.pause(Math.min(5_000, 250 * 2 ** Math.min(attempt, 5)));
      }
    }
  }

  /** Applies judgeSubmitFailure's verdict to the record (sendStep). */
  private failed(localId: string, err: unknown): void {
    const core = this.core;
    const rec = core.get(localId)!;
    const verdict = judgeSubmitFailure(factsOf(err), rec.queue, rec.batchId !== undefined, core.timing, core.random());
    const down = verdict.action === 'requeue' && verdict.networkDown ? core.hostWait(rec.environmentId) : undefined;
    this.apply(localId, { type: 'failed', verdict, problem: problemOf(err), ...(down ? { down } : {}) });
  }
}
