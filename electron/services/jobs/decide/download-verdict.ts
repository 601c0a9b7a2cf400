/**
 * What a download's measured bytes mean, and what the engine does next. Pure:
 * the stream measured (./asset-probe.ts), these decide.
 *
 * - complete: a GLB or PNG whose structure holds; it enters the cache.
 * - incomplete: nothing there yet (404), fewer bytes than `Content-Length` or
 *   than the GLB header declares, a PNG cut before IEND, a dropped
 *   connection: retried until the download deadline.
 * - invalid: all the bytes arrived but they are not a valid container (wrong
 *   magic or version, unparsable JSON chunk, an HTML page, a bad PNG
 *   checksum): unavailable after at most 3 attempts within 60 s.
 * - too-large: over the download cap, declared or streamed: refused at once.
 */
import type { AssetFailure } from '../../../../shared/domain/job';
import { CHUNK_BIN, CHUNK_JSON, type Measured } from '../asset-probe';

/** Largest asset the engine downloads: far above any real model, image or panorama, far below a disk. */
export const DOWNLOAD_CAP_BYTES = 2 * 1024 ** 3;

export type AssetVerdict = { kind: 'complete' } | { kind: AssetFailure; reason: string };

export function capLabel(capBytes: number): string {
  return capBytes >= 1024 ** 3 ? `${+(capBytes / 1024 ** 3).toFixed(2)} GB` : `${+(capBytes / 1024 ** 2).toFixed(2)} MB`;
}

export function tooLargeReason(capBytes: number, declared?: number): string {
  const said = declared !== undefined ? ` (the storage announced ${capLabel(declared)})` : '';
  return `the file is larger than the ${capLabel(capBytes)} cap${said}`;
}

/** What a wrong file looks like from its first bytes. */
function looksLike(head: Buffer): string {
  const text = head.toString('latin1').trimStart().toLowerCase();
  if (text.startsWith('<!doctype') || text.startsWith('<html') || text.startsWith('<')) return 'an HTML or XML page';
  if (text.startsWith('{') || text.startsWith('[')) return 'JSON text';
  if (head.length === 0) return 'empty';
  return `bytes starting ${head.subarray(0, 4).toString('hex')}`;
}

function glbVerdict(m: Measured): AssetVerdict {
  const g = m.glb!;
  if (m.received < 12) {
    if (m.received > 0 && !'glTF'.startsWith(m.head.toString('latin1', 0, Math.min(4, m.received)))) return { kind: 'invalid', reason: `not a GLB (${looksLike(m.head)})` };
    return { kind: 'incomplete', reason: `only ${m.received} bytes arrived, too short for a GLB` };
  }
  if (g.magic !== 0x46546c67) return { kind: 'invalid', reason: `not a GLB: the first bytes are not "glTF" (${looksLike(m.head)})` };
  if (g.version !== 2) return { kind: 'invalid', reason: `GLB version ${g.version}, expected 2` };
  const declared = g.declaredLength!;
  if (m.received < declared) return { kind: 'incomplete', reason: `the GLB header declares ${declared} bytes, ${m.received} arrived` };
  if (m.received > declared) return { kind: 'invalid', reason: `${m.received} bytes arrived, more than the ${declared} the GLB header declares` };
  const [json, bin] = g.chunks;
  if (!json || json.type !== CHUNK_JSON) return { kind: 'invalid', reason: 'the first chunk is not JSON' };
  if (json.start + json.length > declared) return { kind: 'invalid', reason: 'the JSON chunk runs past the end of the file' };
  if (!g.json) return { kind: 'invalid', reason: 'the JSON chunk is cut off' };
  if (g.json.error) return { kind: 'invalid', reason: g.json.error };
  for (const c of g.chunks) if (c.start + c.length > declared) return { kind: 'invalid', reason: 'a chunk runs past the end of the file' };
  const binLength = bin && bin.type === CHUNK_BIN ? bin.length : undefined;
  if (bin && bin.type !== CHUNK_BIN) return { kind: 'invalid', reason: 'the second chunk is not BIN' };
  const sizes = g.json.buffers.map((b, i) => (i === 0 && b?.uri === undefined ? (binLength === undefined ? -1 : Math.min(binLength, b?.byteLength ?? 0)) : (b?.byteLength ?? 0)));
  if (sizes.some((s) => s < 0)) return { kind: 'invalid', reason: 'the GLB buffer has no BIN chunk' };
  for (const [i, view] of g.json.bufferViews.entries()) {
    const size = sizes[view?.buffer ?? -1];
    if (size === undefined) return { kind: 'invalid', reason: `bufferView ${i} names a buffer that does not exist` };
    const end = (view.byteOffset ?? 0) + (view.byteLength ?? 0);
    if (end > size) return { kind: 'invalid', reason: `bufferView ${i} ends at byte ${end}, past its buffer of ${size} bytes` };
  }
  return { kind: 'complete' };
}

function pngVerdict(m: Measured): AssetVerdict {
  const p = m.png!;
  if (p.signatureOk === false) return { kind: 'invalid', reason: `not a PNG: the signature is wrong (${looksLike(m.head)})` };
  if (p.signatureOk === undefined) return { kind: 'incomplete', reason: `only ${m.received} bytes arrived, too short for a PNG` };
  if (p.badLength) return { kind: 'invalid', reason: 'a PNG chunk declares an impossible length' };
  if (p.badCrc) return { kind: 'invalid', reason: `the PNG chunk ${p.badCrc} fails its checksum` };
  if (p.chunks.length > 0 && p.chunks[0] !== 'IHDR') return { kind: 'invalid', reason: 'the PNG does not start with its IHDR chunk' };
  if (!p.ended) return { kind: 'incomplete', reason: `the PNG stops ${p.cutInChunk ? `inside its ${p.cutInChunk} chunk` : 'before its IEND chunk'} after ${m.received} bytes` };
  if (!p.chunks.includes('IDAT')) return { kind: 'invalid', reason: 'the PNG has no image data' };
  return { kind: 'complete' };
}

/**
 * The verdict on what a stream measured. `declaredBytes` is the answer's
 * Content-Length when it had one; `capBytes` the download cap.
 */
export function judgeAsset(m: Measured, opts: { declaredBytes?: number; capBytes: number }): AssetVerdict {
  if (opts.declaredBytes !== undefined && opts.declaredBytes > opts.capBytes) return { kind: 'too-large', reason: tooLargeReason(opts.capBytes, opts.declaredBytes) };
  if (m.received > opts.capBytes) return { kind: 'too-large', reason: tooLargeReason(opts.capBytes) };
  if (m.received === 0) return { kind: 'incomplete', reason: 'the answer was empty' };
  if (opts.declaredBytes !== undefined && m.received < opts.declaredBytes) return { kind: 'incomplete', reason: `${m.received} of the ${opts.declaredBytes} bytes announced arrived` };
  return m.format === 'glb' ? glbVerdict(m) : pngVerdict(m);
}

export interface DownloadTiming {
  /** How long an incomplete asset is retried before it is unavailable. */
  downloadDeadlineMs: number;
  downloadRetryBaseMs: number;
  downloadRetryCapMs: number;
  /** Attempts a complete-but-invalid file gets, and the window they fit in. */
  invalidMaxAttempts: number;
  invalidWindowMs: number;
}

export interface DownloadProgress {
  /** Attempts made, this one included. */
  attempts: number;
  /** Attempts that found a complete but invalid file, this one included. */
  invalidAttempts: number;
  /** When the first attempt of this round started (ms). */
  sinceMs: number;
  nowMs: number;
}

export type DownloadNext =
  | { action: 'ready' }
  | { action: 'retry'; failure: AssetFailure; reason: string; delayMs: number }
  | { action: 'unavailable'; failure: AssetFailure; reason: string };

/** After an attempt: keep the file, try again after a delay, or give up. `random` in [0, 1). */
export function nextDownloadStep(verdict: AssetVerdict, progress: DownloadProgress, t: DownloadTiming, random: number): DownloadNext {
  if (verdict.kind === 'complete') return { action: 'ready' };
  const { reason, kind: failure } = verdict;
  if (failure === 'too-large') return { action: 'unavailable', failure, reason };
  const elapsed = progress.nowMs - progress.sinceMs;
  if (failure === 'invalid') {
    // The same bytes again are likely: a few quick tries, all inside the window.
    const left = t.invalidWindowMs - elapsed;
    const delay = Math.round(Math.min(t.invalidWindowMs / (t.invalidMaxAttempts + 1), t.downloadRetryBaseMs * 2 ** progress.invalidAttempts) * (0.5 + 0.5 * random));
    if (progress.invalidAttempts >= t.invalidMaxAttempts || delay >= left) return { action: 'unavailable', failure, reason };
    return { action: 'retry', failure, reason, delayMs: Math.max(50, delay) };
  }
  if (elapsed >= t.downloadDeadlineMs) return { action: 'unavailable', failure, reason };
  const delay = Math.round(random * Math.min(t.downloadRetryCapMs, t.downloadRetryBaseMs * 2 ** Math.min(progress.attempts, 8)));
  return { action: 'retry', failure, reason, delayMs: Math.max(50, Math.min(delay, t.downloadDeadlineMs - elapsed)) };
}

/**
 * Above this a model is kept without its statistics and validation: the
 * glTF validator and glTF-Transform both read the whole file into memory
 * (neither streams), which for a file this large can exhaust the app's.
 */
export const INSPECT_LIMIT_BYTES = 512 * 1024 * 1024;

/** Why a complete model is kept without statistics and validation, in words for the record; undefined when it is inspected. */
export function inspectionSkipped(bytes: number): string | undefined {
  if (bytes <= INSPECT_LIMIT_BYTES) return undefined;
  const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
  return `Kept without statistics or validation: the model is ${mb(bytes)}, and counting its triangles and checking it with the glTF validator need the whole file in memory, which the app does only up to ${mb(INSPECT_LIMIT_BYTES)}. The file arrived complete and its GLB container was checked.`;
}
