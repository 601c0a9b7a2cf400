import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../../../shared/domain/job';
import type { GenerationKind } from '../../../shared/api';
import { jobRecord } from '../../../shared/domain/test/job-record';
import { lineageKey, lookupIn } from './lineage';

let n = 0;
function job(kind: GenerationKind, request: Record<string, unknown>, extra: Partial<JobRecord> = {}): JobRecord {
  n++;
  return jobRecord({ localId: `local-${n}`, jobId: `job-${n}`, kind, state: 'success', request, ...extra });
}

describe('lineageKey', () => {
  it('gives a retexture, a retexture of that, and a re-run of the same request one key', () => {
    const original = job('text-to-3d', { prompt: 'chair', topology: 'auto' });
    const rerun = job('text-to-3d', { topology: 'auto', prompt: 'chair' });
    const retexture = job('retexture', { jobId: original.jobId, prompt: 'blue' }, { parentJobId: original.jobId });
    const again = job('retexture', { jobId: retexture.jobId, prompt: 'red' }, { parentJobId: retexture.jobId });
    const all = [original, rerun, retexture, again];
    const key = lineageKey(original, lookupIn(all));
    expect(lineageKey(rerun, lookupIn(all))).toBe(key);
    expect(lineageKey(retexture, lookupIn(all))).toBe(key);
    expect(lineageKey(again, lookupIn(all))).toBe(key);
  });

  it('separates different requests and different kinds of asset', () => {
    const upload = job('image-upload', { file: { name: 'a.png', sha256: 'aaa', size: 1, mime: 'image/png', path: '/x/a.png' } });
    const model = job('image-to-3d', { imageJobId: upload.jobId }, { parentJobId: upload.jobId });
    const otherModel = job('image-to-3d', { imageJobId: upload.jobId, targetFaceCount: 5000 }, { parentJobId: upload.jobId });
    const parts = job('split-to-parts', { jobId: model.jobId }, { parentJobId: model.jobId });
    const all = [upload, model, otherModel, parts];
    const keys = new Set([upload, model, otherModel, parts].map((j) => lineageKey(j, lookupIn(all))));
    expect(keys.size).toBe(4);
  });

  it('identifies file fields by content, not by where the local copy is', () => {
    const a = job('image-upload', { file: { name: 'a.png', sha256: 'same', size: 1, mime: 'image/png', path: '/staging/1' } });
    const b = job('image-upload', { file: { name: 'a.png', sha256: 'same', size: 1, mime: 'image/png', path: '/staging/2' } });
    expect(lineageKey(a, lookupIn([a, b]))).toBe(lineageKey(b, lookupIn([a, b])));
  });

  it('survives a parent cycle in corrupt records', () => {
    const a = job('retexture', { prompt: 'a' });
    const b = job('retexture', { prompt: 'b' }, { parentJobId: a.jobId });
    a.parentJobId = b.jobId;
    expect(lineageKey(a, lookupIn([a, b]))).toMatch(/^model:/);
  });
});
