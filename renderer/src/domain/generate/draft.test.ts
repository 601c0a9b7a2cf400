/** Drafts become the requests the catalogue describes, and problems come back under the fields users see. */
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, GENERATION_KINDS, LIMITS, type FieldSpec, type GenerationKind } from '../../../../shared/api';
import { draftFromRequest, humanizeMessage, initialDraft, problemsToErrors, toRequestValues, validateDraft } from './draft';

describe('initialDraft', () => {
  it.each(GENERATION_KINDS as GenerationKind[])('%s starts from the catalogue defaults', (kind) => {
    const draft = initialDraft(kind);
    const visible = Object.entries(ENDPOINTS[kind].fields as Record<string, FieldSpec>)
      .filter(([n, f]) => !f.retired && n !== 'apiVersion')
      .map(([n]) => n);
    expect(Object.keys(draft).filter((k) => !visible.includes(k))).toEqual([]);
    for (const [name, spec] of Object.entries(ENDPOINTS[kind].fields as Record<string, FieldSpec>)) {
      if (spec.retired || name === 'apiVersion') {
        expect(draft).not.toHaveProperty(name);
        continue;
      }
      if (spec.type === 'integer' && spec.default !== undefined) expect(draft[name]).toBe(String(spec.default));
      if ((spec.type === 'enum' || spec.type === 'string') && spec.default !== undefined) expect(draft[name]).toBe(spec.default);
      if (spec.type === 'boolean') expect(draft[name]).toBe(spec.default ?? false);
      if (spec.type === 'boolean-string') expect(draft[name]).toBe(spec.default === 'true');
    }
  });
});

describe('toRequestValues', () => {
  it('sends multi-image FaceCount as a numeric string and Textured (PBR) as the string true/false', () => {
    const values = toRequestValues('multi-image-to-3d', { FaceCount: '12000', EnablePBR: true, frontImage: { stagedFileId: 'abcdefgh', name: 'f.png', size: 1 } });
    expect(values.FaceCount).toBe('12000');
    expect(values.EnablePBR).toBe('true');
    expect(toRequestValues('multi-image-to-3d', { EnablePBR: false }).EnablePBR).toBe('false');
    expect(values.frontImage).toEqual({ stagedFileId: 'abcdefgh' });
  });

  it('sends integers as numbers, leaves blank optional fields out and never sends retired fields or apiVersion', () => {
    const values = toRequestValues('text-to-3d', { prompt: 'a chair', targetFaceCount: '5000', topology: 'quads', tPose: true });
    expect(values).toEqual({ prompt: 'a chair', targetFaceCount: 5000, topology: 'quads', tPose: true });
    expect(toRequestValues('text-to-3d', { prompt: 'x', targetFaceCount: '' })).not.toHaveProperty('targetFaceCount');
    expect(toRequestValues('multi-image-to-3d', { ModelNo: '3', apiVersion: 2 } as never)).toEqual({});
  });

  it('builds the spritesheet object with a numeric frame count', () => {
    const values = toRequestValues('spritesheet', { prompt: 'knight', spritesheet: { assetKind: 'character', mode: 'animated', frameCount: '12' } });
    expect(values.spritesheet).toEqual({ assetKind: 'character', mode: 'animated', frameCount: 12 });
  });
});

describe('validation messages', () => {
  it('says what to do, in the labels of the form', () => {
    expect(humanizeMessage('image-to-3d', 'file is required unless imageJobId is given.')).toBe('Choose an image file, or an image you uploaded earlier.');
    expect(humanizeMessage('spritesheet', 'spritesheet.frameCount must be 12 or 16 in animated mode and 1 otherwise.')).toBe(
      'Frame count: animated sprites take 12 or 16 frames, the other modes take 1.',
    );
  });

  it('puts each problem under its field', () => {
    const res = validateDraft('text-to-3d', { prompt: 'x'.repeat(LIMITS.promptMaxChars + 1), targetFaceCount: String(LIMITS.targetFaceCountMax + 1) });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.errors.prompt).toBe('Keep the prompt to 4,096 characters or fewer.');
    expect(res.errors.targetFaceCount).toBe('Target face count: use a whole number from 0 to 500,000.');
    expect(problemsToErrors('retexture', [{ field: 'jobId', message: 'jobId does not exist.' }])).toEqual({ jobId: 'Source model does not exist.' });
  });
});

describe('draftFromRequest', () => {
  it('turns a recorded request back into what the controls show', () => {
    const draft = draftFromRequest('text-to-3d', { prompt: 'a lamp', targetFaceCount: 20000, topology: 'triangles', tPose: true });
    expect(draft).toMatchObject({ prompt: 'a lamp', targetFaceCount: '20000', topology: 'triangles', tPose: true, textureResolution: 'auto' });
    expect(draftFromRequest('multi-image-to-3d', { FaceCount: '800', EnablePBR: 'true' })).toMatchObject({ FaceCount: '800', EnablePBR: true });
  });
});
