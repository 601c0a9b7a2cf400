/**
 * Structural checks of an asset file, streamed through the probe (bounded
 * memory whatever the file's size): a GLB's container and JSON chunk, a
 * PNG's signature and chunk checksums. A file that fails is never shown as
 * complete. The verdict's classes are in ./decide/download-verdict.ts.
 */
import fs from 'node:fs';
import { AssetProbe, measureBytes, type Measured } from './asset-probe';
import { DOWNLOAD_CAP_BYTES, judgeAsset, type AssetVerdict } from './decide/download-verdict';

export type VerifyResult = { ok: true } | { ok: false; reason: string };

function result(v: AssetVerdict): VerifyResult {
  return v.kind === 'complete' ? { ok: true } : { ok: false, reason: v.kind === 'incomplete' ? `incomplete: ${v.reason}` : v.reason };
}

/** A whole GLB in memory (tests and small files). */
export function verifyGlb(bytes: Buffer): VerifyResult {
  return result(judgeAsset(measureBytes(bytes, 'glb'), { capBytes: DOWNLOAD_CAP_BYTES }));
}

/** Reads a file through the probe in 64 KiB chunks. */
export async function measureFile(file: string, format: 'glb' | 'png'): Promise<Measured> {
  const probe = new AssetProbe(format);
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 64 * 1024 })) probe.push(chunk as Buffer);
  return probe.result();
}

export async function verifyAsset(file: string, format: 'glb' | 'png', capBytes = DOWNLOAD_CAP_BYTES): Promise<VerifyResult> {
  return result(judgeAsset(await measureFile(file, format), { capBytes }));
}
