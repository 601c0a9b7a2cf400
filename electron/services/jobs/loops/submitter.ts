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
import { nowIso, problemOf, type EngineCore, type EngineRecord } from '../engine-core';
import { chooseKey, type KeyChoice } from '../decide/placement';
import type { WorkClaims } from '../store/work-claims';

export function isFileRef(value: unknown): value is FileRefRecord {
  return typeof value === 'object' && value !== null && typeof (value as FileRefRecord).path === 'string' && typeof (value as FileRefRecord).sha256 === 'string';
}

export interface SubmitterHooks {
  /** The service accepted the job: follow it. */
  accepted(localId: string): void;
  /** A synchronous answer with the finished GLB (merge): take it into the cache. */
  acceptFile(localId: string, file: string): Promise<void>;
  /** A pending asset record for a job that just succeeded. */
  pendingAsset(rec: JobRecord): NonNullable<JobRecord['asset']>;
}

export class Submitter {
  readonly inflight = new Set<string>();
  readonly heldBatches = new Set<string>();
  private pumpTimer: NodeJS.Timeout | undefined;
  claims: WorkClaims | undefined;

  constructor(
    private readonly core: EngineCore,
    private readonly hooks: SubmitterHooks,
  ) {}

  stop(): void {
    if (this.pumpTimer) clearTimeout(this.pumpTimer);
    this.pumpTimer = undefined;
  }

  isHeld(rec: JobRecord): boolean {
    return rec.batchId !== undefined && (this.heldBatches.has(rec.batchId) || rec.queue?.reason === 'paused');
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
    if (!core.started) return;
    this.stop();
    const now = Date.now();
    let nextAt = Infinity;
    const queued = (core.store.workingSet() as EngineRecord[])
      .filter((r) => r.state === 'queued' && !this.inflight.has(r.localId))
      .sort((a, b) => a.localId.localeCompare(b.localId));
    const used = new Map<string, number>();
    for (const rec of queued) {
      if (this.isHeld(rec)) continue;
      // Its service is down: it waits for that service alone (saying so), and the queue goes on with the others.
      const down = core.hostWait(rec.environmentId, now);
      if (down) {
        this.waitForHost(rec, down);
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
        if (rec.queue?.reason !== 'cap') core.update(rec.localId, { queue: { reason: 'cap', attempts: rec.queue?.attempts ?? 0, serverErrors: rec.queue?.serverErrors } });
        continue;
      }
      if (!this.claims?.claim(rec.localId)) continue;
      // Another process may have sent it between our last read and the claim (what it changed is reported by the engine's next refresh).
      if (core.store.fresh(rec.localId)?.state !== 'queued') {
        this.claims.release(rec.localId);
        continue;
      }
      // send() marks it 'submitting' before its first await, so activeOn() already counts it for the next record.
      this.inflight.add(rec.localId);
      void core.track(this.send(rec.localId, key));
    }
    if (Number.isFinite(nextAt)) {
      this.pumpTimer = setTimeout(() => this.pump(), Math.max(10, nextAt - now));
      this.pumpTimer.unref?.();
    }
  }

  /** The record says which service it waits for, why, and when the next try is (only when that changed). */
  private waitForHost(rec: JobRecord, down: NonNullable<ReturnType<EngineCore['hostWait']>>): void {
    const retryAt = Number.isFinite(down.until) ? new Date(down.until).toISOString() : undefined;
    const q = rec.queue;
    if (q?.reason === 'network' && q.host === down.host && q.retryAt === retryAt) return;
    this.core.update(rec.localId, {
      queue: { reason: 'network', attempts: q?.attempts ?? 0, host: down.host, ...(q?.serverErrors !== undefined ? { serverErrors: q.serverErrors } : {}), ...(retryAt ? { retryAt } : {}) },
      problem: rec.problem ?? { message: down.reason },
    });
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
      let rec = core.get(localId)!;
      const client = core.clientFor(rec.environmentId, key.keyId);
      if (!client) {
        core.update(localId, { state: 'rejected', problem: { message: 'The environment or key of this request no longer exists. Submit it again with another key.' } }, true);
        return;
      }
      // The intent to send, durable before the first byte leaves.
      rec = core.update(localId, { state: 'submitting', keyId: key.keyId, keyName: key.keyName, submittedAt: nowIso() }, true);
      const kind = rec.kind;
      const glbTo = ENDPOINTS[kind].response === 'glb' ? path.join(core.assetsDir(localId), `.merge.${process.pid}.tmp`) : undefined;
      if (glbTo) await fsp.mkdir(path.dirname(glbTo), { recursive: true });
      let result: Awaited<ReturnType<typeof client.create>>;
      try {
        const values = this.wireValues(rec);
        result = await client.create(kind, values, { signal: core.abort.signal, glbTo });
      } catch (err) {
        core.hostSaw(rec.environmentId, err);
        this.failed(localId, err);
        return;
      }
      core.hostAnswered(rec.environmentId);
      // The service created the job: from here nothing turns it into "rejected", a refused write included.
      await this.recordAccepted(localId, rec, result);
    } catch (err) {
      core.internalError('submission failed', err);
    } finally {
      this.inflight.delete(localId);
      // Sent (or put back in the queue): the record says so now, so the claim goes. Kept, it would stop
      // another process from sending the job after a resend while this one still runs.
      this.claims?.release(localId);
      this.pump();
    }
  }

  /**
   * Records what the service answered (the job id, or the merged GLB). When the disk refuses the write, the
   * id is kept in memory and the write tried again until it holds or the engine stops (a restart then finds
   * the record still "submitting" and makes it uncertain): a paid job is never recorded as refused.
   */
  private async recordAccepted(localId: string, rec: JobRecord, result: { jobId?: string; glb?: { path: string } }): Promise<void> {
    const core = this.core;
    for (let attempt = 0; core.started; attempt++) {
      try {
        if (result.glb) {
          const at = nowIso();
          core.update(localId, { state: 'success', upstreamStatus: 'success', acceptedAt: at, finishedAt: at, queue: undefined, problem: undefined, asset: this.hooks.pendingAsset(rec) }, true);
          await this.hooks.acceptFile(localId, result.glb.path);
        } else {
          // The job id is durable before anyone is told.
          core.update(localId, { state: 'pending', upstreamStatus: 'pending', jobId: result.jobId, acceptedAt: nowIso(), queue: undefined, problem: undefined }, true);
          this.hooks.accepted(localId);
        }
        return;
      } catch (err) {
        core.internalError('the answer of an accepted submission could not be recorded; trying again', err);
        await new Promise((r) => setTimeout(r, Math.min(5_000, 250 * 2 ** Math.min(attempt, 5))));
      }
    }
  }

  /** Applies judgeSubmitFailure's verdict to the record. */
  private failed(localId: string, err: unknown): void {
    const core = this.core;
    const rec = core.get(localId)!;
    const problem = problemOf(err);
    const verdict = judgeSubmitFailure(factsOf(err), rec.queue, rec.batchId !== undefined, core.timing, core.random());
    switch (verdict.action) {
      case 'uncertain':
        core.update(localId, { state: 'uncertain', problem }, true);
        return;
      case 'unsent':
        core.update(localId, { state: 'queued', queue: { reason: 'cap', attempts: rec.queue?.attempts ?? 0, serverErrors: rec.queue?.serverErrors } }, true);
        return;
      case 'requeue': {
        const down = verdict.networkDown ? core.hostWait(rec.environmentId) : undefined;
        if (down) {
          // Waits for its service (the probe says when it answers), not for a delay of its own.
          const retryAt = Number.isFinite(down.until) ? new Date(down.until).toISOString() : undefined;
          core.update(localId, { state: 'queued', queue: { reason: 'network', attempts: verdict.attempts, serverErrors: verdict.serverErrors, host: down.host, ...(retryAt ? { retryAt } : {}) }, problem }, true);
          return;
        }
        core.update(
          localId,
          { state: 'queued', queue: { reason: verdict.reason, attempts: verdict.attempts, serverErrors: verdict.serverErrors, retryAt: new Date(Date.now() + verdict.delayMs).toISOString() }, problem },
          true,
        );
        return;
      }
      case 'hold-batch':
        this.heldBatches.add(rec.batchId!);
        core.update(localId, { state: 'queued', queue: { reason: 'paused', attempts: verdict.attempts, serverErrors: verdict.serverErrors }, problem }, true);
        return;
      case 'rejected':
        core.update(localId, { state: 'rejected', problem: verdict.message ? { ...problem, message: verdict.message } : problem, queue: undefined, finishedAt: nowIso() }, true);
        return;
    }
  }
}
