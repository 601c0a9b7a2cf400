/**
 * The download loop: fetches a finished job's asset into a temporary file
 * while the probe measures it (length, hash, container fields), lets
 * judgeAsset and nextDownloadStep (../decide/download-verdict.ts) say what the
 * bytes mean and what comes next, and moves a complete file into the cache
 * atomically before inspecting it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { type AssetFormat } from '../../../../shared/api';
import type { AssetRecord, JobRecord } from '../../../../shared/domain/job';
import { UpstreamError } from '../../../upstream';
import { AssetProbe, type Measured } from '../asset-probe';
import type { WorkClaims } from '../store/work-claims';
import type { Scheduler } from './scheduler';
import type { DownloadBook } from './work-state';
import { awaitsDownload } from '../store/working-set';
import { inspectionSkipped, judgeAsset, nextDownloadStep, tooLargeReason, type AssetVerdict } from '../decide/download-verdict';
import { downloadStep, formatOf, pendingAsset, retryWaitMs, type DownloadAnswer } from '../decide/download-step';
import type { EngineCore, EngineRecord } from '../engine-core';
import { checkPool } from '../../guard/check-pool';
import { problemOf, type InspectedAsset } from '../../guard/check-tasks';
import { isFileRef } from './submitter';
import { measureFile } from '../verify';

export { formatOf, pendingAsset, retryWaitMs };

/** A successful job whose asset is still to be fetched (includes a kill between the success status and the first download step). */
export { awaitsDownload };

/** A failed fetch as a verdict: nothing there yet and dropped connections are incomplete. */
const DISK_REASONS: Record<string, string> = {
  ENOSPC: 'the disk is full; free some space and the download is tried again',
  EDQUOT: 'the disk quota is used up; free some space and the download is tried again',
  EIO: 'the disk failed while writing the file',
  EACCES: 'the app cannot write to its data folder',
  EPERM: 'the app cannot write to its data folder',
  EROFS: 'the data folder is on a read-only disk',
};

function verdictOfError(err: unknown): AssetVerdict {
  const code = ((err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code) as string | undefined;
  if (code && DISK_REASONS[code]) return { kind: 'incomplete', reason: DISK_REASONS[code] };
  if (err instanceof UpstreamError && err.status === 404) return { kind: 'incomplete', reason: 'the service has not published the file yet (404)' };
  if (err instanceof UpstreamError && (err.kind === 'network' || err.kind === 'timeout')) {
    const cause = (err as { cause?: unknown }).cause;
    return { kind: 'incomplete', reason: cause instanceof Error ? cause.message.replace(/\.$/, '') : err.message };
  }
  return { kind: 'incomplete', reason: err instanceof Error ? err.message.replace(/\.$/, '') : String(err) };
}

export class Downloader {
  constructor(
    private readonly core: EngineCore,
    private readonly scheduler: Scheduler,
    /** Its part of the work state (rounds of attempts, the leases held): only the downloader writes it. */
    private readonly book: DownloadBook,
  ) {}

  /**
   * At engine start: the download leases open (shared with other processes), those left by processes that are
   * gone whose records need no download are swept, and a checking process starts ahead of the first asset.
   */
  open(): WorkClaims {
    const leases = this.book.openLeases(() => this.core.store.db);
    checkPool().warm();
    leases.sweep((id) => {
      const rec = this.core.get(id);
      return !!rec && awaitsDownload(rec);
    });
    return leases;
  }

  /** True when this engine holds (or now takes) the job's download lease. */
  private own(localId: string): boolean {
    if (this.book.holds(localId)) return true;
    const leases = this.book.leases;
    if (leases && !leases.claim(localId)) return false;
    this.book.hold(localId, true);
    return true;
  }

  private letGo(localId: string): void {
    this.book.hold(localId, false);
    this.book.leases?.release(localId);
    if (this.core.get(localId)) this.apply(localId, { type: 'let-go' });
  }

  /**
   * Writes what an answer changes on the record's asset (downloadStep, ../decide/download-step.ts) and does
   * what comes next: the next attempt's timer, or letting the download go. The record is read again first.
   */
  private apply(localId: string, answer: DownloadAnswer): void {
    const core = this.core;
    const { patch, durable, next } = downloadStep(answer, core.get(localId)!, Date.now());
    if (patch) core.update(localId, patch, durable);
    if (next.do === 'fetch-in') this.scheduler.after(localId, next.delayMs, () => this.once(localId));
    else if (next.do === 'let-go') this.letGo(localId);
  }

  /** At stop: the leases go back, so another process running over the ledger takes the downloads over. */
  releaseAll(): void {
    for (const localId of this.book.held()) this.letGo(localId);
  }

  /**
   * Takes over the downloads nobody works on: their lease is free (its
   * holder stopped) or held by a process that died. Downloads another live
   * process holds are left to it. Returns how many were taken over.
   */
  adoptOrphans(): number {
    let n = 0;
    for (const rec of this.core.store.workingSet()) {
      // A timer this engine has for the job is a poll made stale by the success another process read: not a download.
      if (!awaitsDownload(rec) || this.book.holds(rec.localId)) continue;
      if (this.start(rec.localId)) n++;
    }
    return n;
  }

  /**
   * Starts (or resumes) the download of a successful job's asset, unless
   * another live process holds its lease. `fresh` starts a new round (Retry
   * download). Returns whether this engine now downloads it.
   */
  start(localId: string, fresh = false): boolean {
    const core = this.core;
    if (!this.scheduler.running || !this.own(localId)) return false;
    if (fresh || !this.book.round(localId)) this.book.startRound(localId, Date.now());
    // This process holds it now; one taken over (or resumed after a restart) while waiting to retry keeps its wait.
    this.apply(localId, { type: 'taken', pid: process.pid, fresh, capMs: core.timing.downloadRetryCapMs });
    return true;
  }

  private async once(localId: string): Promise<void> {
    const core = this.core;
    // As the database has it: a download another process finished since this one read the folder is not fetched again.
    const rec = (core.store.fresh(localId) ?? core.get(localId)) as EngineRecord | undefined;
    if (!rec?.asset || rec.state !== 'success' || rec.asset.state === 'ready') return this.letGo(localId);
    const dir = core.assetsDir(localId);
    await fsp.mkdir(dir, { recursive: true });
    let format = rec.asset.format;
    const final = path.join(dir, `asset.${format}`);
    // Killed after the rename but before the record said so: the cached file was verified already.
    if (fs.existsSync(final)) {
      const measured = await measureFile(final, format);
      if (judgeAsset(measured, { capBytes: core.timing.downloadCapBytes }).kind === 'complete') return this.finish(localId, final, format, measured);
      await fsp.rm(final, { force: true });
    }
    const tmp = path.join(dir, `.download.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`);
    const attempts = rec.asset.attempts + 1;
    let verdict: AssetVerdict;
    let measured: Measured | undefined;
    try {
      if (rec.kind === 'image-upload') {
        const source = Object.values(rec.request).find(isFileRef);
        if (!source || !fs.existsSync(source.path)) throw new Error('The uploaded image is no longer in the staging area.');
        await sharp(source.path).png().toFile(tmp);
        measured = await measureFile(tmp, 'png');
        verdict = judgeAsset(measured, { capBytes: core.timing.downloadCapBytes });
      } else {
        ({ verdict, measured, format } = await this.fetch(rec, tmp, format));
      }
    } catch (err) {
      if (!this.scheduler.running) return void (await fsp.rm(tmp, { force: true }));
      verdict = verdictOfError(err);
    }
    if (verdict.kind === 'complete' && measured) return this.accept(localId, tmp, format, attempts, measured);
    await fsp.rm(tmp, { force: true });
    if (this.scheduler.running) this.failed(localId, verdict, attempts);
  }

  /** One GET of the asset, measured as it streams; a job tracked without a kind may be an image. */
  private async fetch(rec: JobRecord, tmp: string, format: AssetFormat): Promise<{ verdict: AssetVerdict; measured?: Measured; format: AssetFormat }> {
    const core = this.core;
    if (!rec.jobId) throw new Error('The job has no id to download its asset with.');
    const client = core.clientFor(rec.environmentId, rec.keyId);
    if (!client) throw new Error('The key of this job is no longer available.');
    const cap = core.timing.downloadCapBytes;
    const get = async (f: AssetFormat) => {
      const probe = new AssetProbe(f);
      const res = await client.download(rec.jobId!, f, tmp, { signal: this.scheduler.signal, maxBytes: cap, onChunk: (c) => probe.push(c) });
      if (res.overLimit) return { verdict: { kind: 'too-large', reason: tooLargeReason(cap, res.declaredBytes) } as AssetVerdict, format: f };
      const measured = probe.result();
      return { verdict: judgeAsset(measured, { capBytes: cap, ...(res.declaredBytes !== undefined ? { declaredBytes: res.declaredBytes } : {}) }), measured, format: f };
    };
    try {
      return await get(format);
    } catch (err) {
      if (!((rec as { kindInferred?: boolean }).kindInferred && err instanceof UpstreamError && err.status === 404)) throw err;
      const other: AssetFormat = format === 'glb' ? 'png' : 'glb';
      const got = await get(other);
      core.patchAsset(rec.localId, { format: other });
      if (other === 'png') core.update(rec.localId, { kind: 'text-to-image' });
      return got;
    }
  }

  /** A file verified elsewhere (the synchronous merge's GLB): measured from disk, then accepted or failed. */
  async acceptFile(localId: string, file: string, format: AssetFormat, attempts = 1): Promise<void> {
    // The merge ran here, so the file is only here: this engine downloads the job if the file fails.
    this.own(localId);
    const measured = await measureFile(file, format);
    const verdict = judgeAsset(measured, { capBytes: this.core.timing.downloadCapBytes });
    if (verdict.kind === 'complete') return this.accept(localId, file, format, attempts, measured);
    await fsp.rm(file, { force: true });
    this.failed(localId, verdict, attempts);
  }

  private async accept(localId: string, file: string, format: AssetFormat, attempts: number, measured: Measured): Promise<void> {
    const dir = this.core.assetsDir(localId);
    await fsp.mkdir(dir, { recursive: true });
    const final = path.join(dir, `asset.${format}`);
    const fh = await fsp.open(file, 'r+');
    await fh.sync();
    await fh.close();
    await fsp.rename(file, final);
    await this.finish(localId, final, format, measured, attempts);
  }

  private async finish(localId: string, final: string, format: AssetFormat, measured: Measured, attempts?: number): Promise<void> {
    const extra: Partial<AssetRecord> = { bytes: measured.received, sha256: measured.sha256, ...(attempts !== undefined ? { attempts } : {}) };
    const skipped = format === 'glb' ? inspectionSkipped(measured.received) : undefined;
    // In a checking process: the guard (what the file declares against what it holds), then statistics, validation and
    // thumbnail. Main never decodes a downloaded file, and assets that land together are checked side by side.
    const answer = await checkPool().run({
      kind: 'inspect-asset',
      file: final,
      format,
      ...(format === 'png' ? { thumbnail: path.join(path.dirname(final), 'thumbnail.png') } : {}),
      ...(skipped ? { skipInspection: true } : {}),
    });
    if (!('ok' in answer)) {
      // A file that declares more than it holds is never opened (nor shown: the renderer loads only checked assets).
      await fsp.rm(final, { force: true });
      return this.failed(localId, { kind: 'invalid', reason: (problemOf(answer) ?? 'it could not be checked').replace(/\.$/, '') }, attempts ?? 1);
    }
    const inspected = answer.value as InspectedAsset;
    Object.assign(extra, inspected);
    if (skipped) extra.problem = skipped;
    this.book.endRound(localId);
    // Ready on the record before the lease goes: nobody takes over a download that is done.
    this.apply(localId, { type: 'checked', format, found: extra });
  }

  private failed(localId: string, verdict: AssetVerdict, attempts: number): void {
    const core = this.core;
    const round = this.book.countAttempt(localId, verdict.kind === 'invalid', Date.now());
    const step = nextDownloadStep(verdict, { attempts, invalidAttempts: round.invalid, sinceMs: round.since, nowMs: Date.now() }, core.timing, core.random());
    if (step.action === 'unavailable') this.book.endRound(localId);
    this.apply(localId, { type: 'failed', step, attempts });
  }
}
