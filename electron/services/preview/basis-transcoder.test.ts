/**
 * The Basis transcoder runs inside the main process (on a worker thread), so
 * only the app's own copy may run: no environment variable picks another,
 * and files whose SHA-256 differs from the one recorded are not run.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BASIS_SHA256, loadTranscoderFrom, transcoderFiles } from './basis-transcoder';
import { TranscodeWorker } from './transcode-worker';

const sha256 = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'basis-'));
const marker = path.join(dir, 'ran.txt');
// What an attacker's folder would hold: a transcoder that leaves a mark when it runs.
fs.writeFileSync(path.join(dir, 'basis_transcoder.js'), `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran'); module.exports = function () { return Promise.resolve({}); };`);
fs.writeFileSync(path.join(dir, 'basis_transcoder.wasm'), 'not wasm');

const saved = process.env.ASSET_STUDIO_BASIS_DIR;
afterEach(() => {
  if (saved === undefined) delete process.env.ASSET_STUDIO_BASIS_DIR;
  else process.env.ASSET_STUDIO_BASIS_DIR = saved;
});

describe('the Basis transcoder', () => {
  it('is the copy shipped with the app, whose SHA-256 is the one recorded (a three upgrade records new ones)', () => {
    const files = transcoderFiles();
    expect(sha256(files.script)).toBe(BASIS_SHA256.script);
    expect(sha256(files.wasm)).toBe(BASIS_SHA256.wasm);
  });

  it('ignores ASSET_STUDIO_BASIS_DIR: setting it changes nothing, and the folder it names never runs', async () => {
    const before = transcoderFiles();
    process.env.ASSET_STUDIO_BASIS_DIR = dir;
    expect(transcoderFiles()).toEqual(before);
    // A KTX2 preview starts the transcoder thread, which loads the transcoder (these bytes are no KTX2, so the call fails after).
    const worker = new TranscodeWorker();
    try {
      await expect(worker.transcode(new Uint8Array(64), 256)).rejects.toThrow();
    } finally {
      await worker.dispose();
    }
    expect(fs.existsSync(marker)).toBe(false);
  });

  it('does not run files whose SHA-256 differs from the recorded one', async () => {
    const files = { ...transcoderFiles(), script: path.join(dir, 'basis_transcoder.js'), wasm: path.join(dir, 'basis_transcoder.wasm') };
    await expect(loadTranscoderFrom(files)).rejects.toThrow('the Basis transcoder files are not the ones shipped with the app (their SHA-256 differs), so they were not run');
    expect(fs.existsSync(marker)).toBe(false);
  });
});
