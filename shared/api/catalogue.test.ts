/**
 * The catalogue against the spec's tables. The expected values below are
 * copied from ../shared/spec/asset-generation-api.md, table by table: if
 * anyone changes an enum value, a default, a limit or a rule in the
 * catalogue, one of these fails.
 */
import { describe, expect, it } from 'vitest';
import {
  ASPECT_RATIOS,
  ENDPOINTS,
  GENERATION_MENU,
  LIMITS,
  MB,
  RETARGET_PRESETS,
  REFERENCE_KINDS,
  SPRITESHEET_ANIMATIONS,
  SPRITESHEET_ASSET_KINDS,
  SPRITESHEET_DIRECTIONS,
  SPRITESHEET_MODES,
  TEXTURE_RESOLUTIONS,
  TOPOLOGIES,
  checkRequest,
  sentFields,
  withDefaults,
  type EndpointId,
  type FieldSpec,
} from './index';

const field = (id: EndpointId, name: string): FieldSpec => {
  const f = (ENDPOINTS[id].fields as Record<string, FieldSpec>)[name];
  if (!f) throw new Error(`${id} has no field ${name}`);
  return f;
};

describe('endpoints', () => {
  it('lists every endpoint of the spec with its method, path, content type and availability', () => {
    const table = Object.values(ENDPOINTS).map((e) => [e.method, e.path, e.contentType, e.availability]);
    expect(table).toEqual(
      expect.arrayContaining([
        ['POST', '/jobs/text-to-3d', 'application/json', 'available'],
        ['POST', '/jobs/image-to-3d', 'multipart/form-data', 'available'],
        ['POST', '/jobs/multi-image-to-3d', 'multipart/form-data', 'available'],
        ['POST', '/jobs/image-upload', 'multipart/form-data', 'available'],
        ['POST', '/jobs/retexture', 'application/json', 'available'],
        ['POST', '/jobs/split-to-parts', 'application/json', 'available'],
        ['POST', '/jobs/upload-3d', 'multipart/form-data', 'coming-soon'],
        ['POST', '/jobs/text-to-solidbox', 'application/json', 'coming-soon'],
        ['POST', '/jobs/create-solid-box', 'application/json', 'coming-soon'],
        ['POST', '/jobs/auto-rig', 'application/json', 'coming-soon'],
        ['POST', '/jobs/animate', 'application/json', 'coming-soon'],
        ['POST', '/jobs/animate/video', 'multipart/form-data', 'coming-soon'],
        ['POST', '/jobs/retarget', 'application/json', 'coming-soon'],
        ['POST', '/jobs/animate/motion-only', 'application/json', 'coming-soon'],
        ['POST', '/jobs/animate/merge', 'application/json', 'coming-soon'],
        ['POST', '/jobs/text-to-image', 'application/json', 'available'],
        ['POST', '/jobs/spritesheet', 'application/json', 'coming-soon'],
        ['POST', '/jobs/sketch-to-image', 'multipart/form-data', 'available'],
        ['POST', '/jobs/image-edit', 'application/json', 'available'],
        ['POST', '/jobs/text-to-worldbox', 'application/json', 'available'],
        ['POST', '/jobs/skybox-from-image', 'application/json', 'available'],
        ['POST', '/jobs/skybox-edit', 'application/json', 'available'],
        ['GET', '/jobs/{jobId}', 'none', 'available'],
      ]),
    );
    expect(table).toHaveLength(23);
  });

  it('says what each job produces', () => {
    const produces = Object.fromEntries(Object.values(ENDPOINTS).map((e) => [e.id, e.produces]));
    expect(produces).toMatchObject({
      'text-to-3d': 'model',
      'image-to-3d': 'model',
      'multi-image-to-3d': 'model',
      retexture: 'model',
      'split-to-parts': 'parts',
      'text-to-image': 'image',
      'sketch-to-image': 'image',
      'image-edit': 'image',
      spritesheet: 'image',
      'text-to-worldbox': 'skybox',
      'skybox-from-image': 'skybox',
      'skybox-edit': 'skybox',
      'motion-only': 'motion',
      'image-upload': 'none',
    });
  });

  it('answers merge with a GLB, image upload with metaJson and image edit inline', () => {
    expect(ENDPOINTS['merge-motion'].response).toBe('glb');
    expect(ENDPOINTS['image-upload'].response).toBe('job-with-meta');
    expect(ENDPOINTS['image-edit'].response).toBe('job-inline');
  });

  it('names every generation type as the Generate panel lists it, available first, then coming soon', () => {
    const labels = GENERATION_MENU.map((g) => [g.group, g.kinds.map((k) => ENDPOINTS[k].label)]);
    expect(labels).toEqual([
      [
        'Available',
        [
          'Text to 3D',
          'Image to 3D',
          'Multi-image to 3D',
          'Upload image',
          'Retexture',
          'Split into parts',
          'Text to image',
          'Sketch to image',
          'Edit image',
          'Text to skybox',
          'Skybox from image',
          'Edit skybox',
        ],
      ],
      [
        'Coming soon',
        [
          'Upload 3D model',
          'Text to solid box',
          'Create solid box',
          'Auto-rig',
          'Animate from text',
          'Animate from video',
          'Retarget motion',
          'Motion only',
          'Merge motion',
          'Spritesheet',
        ],
      ],
    ]);
    for (const group of GENERATION_MENU) {
      for (const kind of group.kinds) {
        expect(ENDPOINTS[kind].availability).toBe(group.group === 'Available' ? 'available' : 'coming-soon');
      }
    }
  });
});

describe('shared enumerations and limits', () => {
  it('has the spec enum values', () => {
    expect(TEXTURE_RESOLUTIONS).toEqual(['128', '256', '512', '1k', '2k', '4k', 'auto', 'none']);
    expect(TOPOLOGIES).toEqual(['auto', 'quads', 'triangles']);
    expect(ASPECT_RATIOS).toEqual(['1:1', '4:3', '3:4', '3:2', '2:3', '16:9', '9:16']);
    expect(REFERENCE_KINDS).toEqual(['base', 'pose', 'style']);
    expect(SPRITESHEET_ASSET_KINDS).toEqual(['background', 'character', 'effect', 'prop', 'ui']);
    expect(SPRITESHEET_MODES).toEqual(['animated', 'background', 'static']);
    expect(SPRITESHEET_ANIMATIONS).toEqual([
      'attack', 'block', 'cast', 'climb', 'death', 'dodge', 'hurt', 'idle', 'interact', 'jump', 'run', 'still', 'walk',
    ]);
    expect(SPRITESHEET_DIRECTIONS).toEqual([
      'back', 'back-left', 'back-right', 'front', 'front-left', 'front-right', 'left', 'right',
    ]);
  });

  it('has the 16 retarget presets', () => {
    expect(RETARGET_PRESETS).toEqual([
      'backflip', 'boxing-combination', 'climb', 'crouch', 'evade', 'fall', 'jump', 'kick-football',
      'pop-dance', 'reload', 'run', 'spin-kicking', 'sword-swing', 'walk', 'wave', 'zombie-walk',
    ]);
    expect(RETARGET_PRESETS).toHaveLength(16);
    const f = field('retarget', 'retargetId');
    expect(f.type === 'enum' && f.values).toEqual(RETARGET_PRESETS);
    expect(field('retarget', 'inPlace')).toMatchObject({ type: 'boolean', required: false, default: false });
  });

  it('has the limits table', () => {
    expect(LIMITS.promptMaxChars).toBe(4096);
    expect(LIMITS.targetFaceCountMax).toBe(500000);
    expect(LIMITS.imageMaxBytes).toBe(20 * MB);
    expect(LIMITS.videoMaxBytes).toBe(150 * MB);
    expect(LIMITS.modelMaxBytes).toBe(500 * MB);
    expect(LIMITS.concurrentJobsPerKey).toBe(5);
  });

  it('applies the 4096-character prompt limit to exactly the endpoints the limits table names', () => {
    const limited = Object.values(ENDPOINTS)
      .filter((e) => {
        const p = (e.fields as Record<string, FieldSpec>).prompt;
        return p?.type === 'string' && p.maxLength === 4096;
      })
      .map((e) => e.id)
      .sort();
    expect(limited).toEqual(['spritesheet', 'text-to-3d', 'text-to-image', 'text-to-solidbox', 'text-to-worldbox']);
    expect(checkRequest('text-to-3d', { prompt: 'a'.repeat(4096) }).ok).toBe(true);
    expect(checkRequest('text-to-3d', { prompt: 'a'.repeat(4097) })).toMatchObject({ ok: false, problems: [{ field: 'prompt' }] });
  });

  it('bounds targetFaceCount to 0..500000 on the endpoints the limits table names', () => {
    for (const id of ['text-to-3d', 'image-to-3d', 'text-to-solidbox'] as const) {
      expect(field(id, 'targetFaceCount')).toMatchObject({ type: 'integer', min: 0, max: 500000, default: 0 });
    }
    expect(checkRequest('text-to-3d', { prompt: 'a', targetFaceCount: 500000 }).ok).toBe(true);
    expect(checkRequest('text-to-3d', { prompt: 'a', targetFaceCount: 500001 }).ok).toBe(false);
    expect(checkRequest('text-to-3d', { prompt: 'a', targetFaceCount: -1 }).ok).toBe(false);
    expect(checkRequest('text-to-3d', { prompt: 'a', targetFaceCount: 1.5 }).ok).toBe(false);
  });

  it('caps every file field by its kind', () => {
    const files = Object.values(ENDPOINTS).flatMap((e) =>
      Object.entries(e.fields as Record<string, FieldSpec>)
        .filter(([, f]) => f.type === 'file')
        .map(([name, f]) => [e.id, name, f.type === 'file' ? `${f.accept}:${f.maxBytes / MB}` : '']),
    );
    expect(files).toEqual([
      ['image-to-3d', 'file', 'image:20'],
      ['multi-image-to-3d', 'frontImage', 'image:20'],
      ['multi-image-to-3d', 'leftImage', 'image:20'],
      ['multi-image-to-3d', 'backImage', 'image:20'],
      ['multi-image-to-3d', 'rightImage', 'image:20'],
      ['image-upload', 'file', 'image:20'],
      ['upload-3d', 'file', 'model:500'],
      ['animate-video', 'file', 'video:150'],
      ['sketch-to-image', 'file', 'image:20'],
    ]);
  });
});

describe('per-endpoint defaults', () => {
  it('fills the defaults of the spec tables', () => {
    expect(withDefaults('text-to-3d', { prompt: 'p' })).toEqual({
      prompt: 'p',
      topology: 'auto',
      targetFaceCount: 0,
      textureResolution: 'auto',
      tPose: false,
      apiVersion: 1,
    });
    expect(withDefaults('image-to-3d', {})).toMatchObject({ targetFaceCount: 0, textureResolution: 'auto', topology: 'auto', apiVersion: 1 });
    expect(withDefaults('retexture', { jobId: 'j', prompt: 'p' })).toMatchObject({ textureResolution: 'auto', apiVersion: 1 });
    expect(withDefaults('text-to-solidbox', { prompt: 'p' })).toMatchObject({ targetFaceCount: 0, genStyleId: 'Auto', apiVersion: 1 });
    expect(withDefaults('text-to-image', { prompt: 'p' })).toMatchObject({ aspectRatio: '1:1', genStyleId: 'Auto', tPose: false, apiVersion: 1 });
    expect(withDefaults('text-to-worldbox', { prompt: 'p' })).toMatchObject({ genStyleId: 'Auto', apiVersion: 1 });
    for (const id of ['auto-rig', 'animate', 'animate-video', 'retarget', 'image-edit'] as const) {
      expect(withDefaults(id, {})).toMatchObject({ apiVersion: 1 });
    }
  });

  it('marks required fields as the tables do', () => {
    const required = (id: EndpointId) =>
      sentFields(id)
        .filter(([, f]) => f.required)
        .map(([n]) => n)
        .sort();
    expect(required('text-to-3d')).toEqual(['prompt']);
    expect(required('image-to-3d')).toEqual([]);
    expect(required('multi-image-to-3d')).toEqual(['frontImage']);
    expect(required('image-upload')).toEqual(['file']);
    expect(required('retexture')).toEqual(['jobId', 'prompt']);
    expect(required('split-to-parts')).toEqual(['jobId']);
    expect(required('upload-3d')).toEqual(['file']);
    expect(required('create-solid-box')).toEqual(['jobId']);
    expect(required('animate')).toEqual(['jobId', 'prompt']);
    expect(required('animate-video')).toEqual(['file', 'jobId']);
    expect(required('retarget')).toEqual(['jobId', 'retargetId']);
    expect(required('motion-only')).toEqual(['prompt']);
    expect(required('merge-motion')).toEqual(['animationOnlyId', 'meshRigId']);
    expect(required('sketch-to-image')).toEqual(['file', 'genStyleId', 'sketchData']);
    expect(required('image-edit')).toEqual(['jobId']);
    expect(required('skybox-from-image')).toEqual(['imageJobId']);
    expect(required('skybox-edit')).toEqual(['jobId', 'prompt']);
    expect(required('spritesheet')).toEqual(['prompt', 'spritesheet']);
  });

  it('sends upload-3d service in the query string', () => {
    expect(field('upload-3d', 'service').location).toBe('query');
  });
});

describe('cross-field rules', () => {
  const image = { stagedFileId: 'abcdefgh' };

  it('image-to-3d needs a file unless imageJobId is given', () => {
    expect(checkRequest('image-to-3d', {})).toMatchObject({ ok: false, problems: [{ field: 'file' }] });
    expect(checkRequest('image-to-3d', { file: image }).ok).toBe(true);
    expect(checkRequest('image-to-3d', { imageJobId: 'upload-1' }).ok).toBe(true);
  });

  it('multi-image needs the front view plus at least one of left, back, right', () => {
    expect(checkRequest('multi-image-to-3d', { frontImage: image }).ok).toBe(false);
    expect(checkRequest('multi-image-to-3d', { leftImage: image, backImage: image }).ok).toBe(false);
    for (const second of ['leftImage', 'backImage', 'rightImage']) {
      expect(checkRequest('multi-image-to-3d', { frontImage: image, [second]: image }).ok).toBe(true);
    }
  });

  it('multi-image sends FaceCount as a numeric string and EnablePBR as the string true/false', () => {
    const base = { frontImage: image, backImage: image };
    expect(checkRequest('multi-image-to-3d', { ...base, FaceCount: '20000', EnablePBR: 'true' }).ok).toBe(true);
    expect(checkRequest('multi-image-to-3d', { ...base, FaceCount: 20000 }).ok).toBe(false);
    expect(checkRequest('multi-image-to-3d', { ...base, FaceCount: '2e4' }).ok).toBe(false);
    expect(checkRequest('multi-image-to-3d', { ...base, EnablePBR: true }).ok).toBe(false);
    expect(checkRequest('multi-image-to-3d', { ...base, EnablePBR: 'yes' }).ok).toBe(false);
  });

  it('multi-image ignores the retired fields and never sends them', () => {
    const result = checkRequest('multi-image-to-3d', {
      frontImage: image,
      rightImage: image,
      apiVersion: 2,
      ModelNo: 'x',
      GenerateType: 'y',
      PolygonType: 'z',
    });
    expect(result.ok).toBe(true);
    if (result.ok) expect(Object.keys(result.values).sort()).toEqual(['frontImage', 'rightImage']);
    expect(sentFields('multi-image-to-3d').map(([n]) => n)).toEqual([
      'frontImage', 'leftImage', 'backImage', 'rightImage', 'FaceCount', 'EnablePBR',
    ]);
    expect(ENDPOINTS['multi-image-to-3d'].versioned).toBe(false);
  });

  it('spritesheet frame count is 12 or 16 in animated mode and 1 otherwise', () => {
    const sheet = (mode: string, frameCount: number) =>
      checkRequest('spritesheet', { prompt: 'knight', spritesheet: { assetKind: 'character', mode, frameCount } }).ok;
    expect(sheet('animated', 12)).toBe(true);
    expect(sheet('animated', 16)).toBe(true);
    expect(sheet('animated', 1)).toBe(false);
    expect(sheet('static', 1)).toBe(true);
    expect(sheet('static', 12)).toBe(false);
    expect(sheet('background', 1)).toBe(true);
    expect(sheet('background', 16)).toBe(false);
    expect(sheet('animated', 8)).toBe(false);
  });

  it('image edit references need a url and a role from the list', () => {
    expect(checkRequest('image-edit', { jobId: 'j', references: [{ url: 'https://x/y.png', kind: 'pose' }] }).ok).toBe(true);
    expect(checkRequest('image-edit', { jobId: 'j', references: [{ url: 'https://x/y.png', kind: 'face' }] }).ok).toBe(false);
    expect(checkRequest('image-edit', { jobId: 'j', references: [{ kind: 'base' }] }).ok).toBe(false);
  });

  it('rejects enum values outside the list and names the field', () => {
    const r = checkRequest('text-to-3d', { prompt: 'p', textureResolution: '8k' });
    expect(r).toMatchObject({ ok: false, problems: [{ field: 'textureResolution' }] });
    if (!r.ok) expect(r.message).toContain('textureResolution');
  });

  it('tells a missing field from one of the wrong type', () => {
    expect(checkRequest('text-to-3d', {})).toMatchObject({ ok: false, message: 'prompt is required.' });
    expect(checkRequest('text-to-3d', { prompt: 5 })).toMatchObject({ ok: false, message: 'prompt must be a string, not number 5.' });
    expect(checkRequest('text-to-3d', { prompt: 'p', targetFaceCount: '12' })).toMatchObject({
      ok: false,
      problems: [{ field: 'targetFaceCount', message: 'targetFaceCount must be a number, not the text "12".' }],
    });
  });

  it('coerces multipart strings only in wire mode', () => {
    expect(checkRequest('image-to-3d', { imageJobId: 'u', targetFaceCount: '1000' }).ok).toBe(false);
    expect(checkRequest('image-to-3d', { imageJobId: 'u', targetFaceCount: '1000' }, { wire: true })).toMatchObject({
      ok: true,
      values: { targetFaceCount: 1000 },
    });
  });
});
