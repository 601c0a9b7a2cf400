import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../../shared/api';
import { checkRow } from './check-row';

let dir: string;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'batch-rows-'));
  fs.mkdirSync(path.join(dir, 'images'));
  await sharp({ create: { width: 8, height: 8, channels: 3, background: '#c84' } }).png().toFile(path.join(dir, 'images', 'front.png'));
  fs.writeFileSync(path.join(dir, 'images', 'notes.txt'), 'not an image');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('checkRow', () => {
  it('coerces CSV strings by field type and accepts a valid text-to-3d row', async () => {
    const row = await checkRow({ prompt: 'a chair', targetFaceCount: '20000', tPose: 'TRUE', topology: 'quads' }, 'text-to-3d', dir);
    expect(row.problems).toEqual([]);
    expect(row.fields).toEqual({ prompt: 'a chair', targetFaceCount: 20000, tPose: true, topology: 'quads' });
  });

  it('keeps numeric-string and boolean-string fields as strings (multi-image)', async () => {
    const row = await checkRow(
      { kind: 'multi-image-to-3d', frontImage: 'images/front.png', leftImage: 'images/front.png', FaceCount: '5000', EnablePBR: 'Yes' },
      undefined,
      dir,
    );
    expect(row.problems).toEqual([]);
    expect(row.fields.FaceCount).toBe('5000');
    expect(row.fields.EnablePBR).toBe('true');
    expect(row.files.frontImage?.path).toBe(path.join(dir, 'images', 'front.png'));
    expect(row.files.frontImage?.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('names every problem: limits and enums from the catalogue, unknown kinds and columns', async () => {
    const tooLong = 'x'.repeat(LIMITS.promptMaxChars + 1);
    const row = await checkRow({ prompt: tooLong, targetFaceCount: String(LIMITS.targetFaceCountMax + 1), textureResolution: '3k', colour: 'red' }, 'text-to-3d', dir);
    const fields = row.problems.map((p) => p.field).sort();
    expect(fields).toEqual(['colour', 'prompt', 'targetFaceCount', 'textureResolution']);
    const unknownKind = await checkRow({ kind: 'text-to-4d', prompt: 'a' }, undefined, dir);
    expect(unknownKind.problems[0]?.message).toMatch(/text-to-4d/);
    const noKind = await checkRow({ prompt: 'a' }, undefined, dir);
    expect(noKind.problems[0]?.field).toBe('kind');
  });

  it('checks file fields by content, relative to the list file', async () => {
    const missing = await checkRow({ kind: 'image-to-3d', file: 'images/nope.png' }, undefined, dir);
    expect(missing.problems[0]).toMatchObject({ field: 'file' });
    expect(missing.problems[0]?.message).toMatch(/no file/);
    const wrongType = await checkRow({ kind: 'image-to-3d', file: 'images/notes.txt' }, undefined, dir);
    expect(wrongType.problems[0]?.message).toMatch(/not an image/);
    const relativeWithoutFolder = await checkRow({ kind: 'image-to-3d', file: 'images/front.png' }, undefined, undefined);
    expect(relativeWithoutFolder.problems[0]?.message).toMatch(/relative/);
    const ok = await checkRow({ kind: 'image-to-3d', file: 'images/front.png' }, undefined, dir);
    expect(ok.problems).toEqual([]);
  });
});
