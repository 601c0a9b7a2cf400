/**
 * The endpoint catalogue: every endpoint of the Asset Generation Service spec,
 * written once. Nothing else in the project restates an endpoint, a field, an
 * enum, a default or a limit: the zod schemas (./schemas), the upstream client,
 * the sandbox and the forms all read this file.
 *
 * Source: ../shared/spec/asset-generation-api.md (tables quoted field by field).
 */
import type { FieldSpec, JobRefField } from './fields';
import { LIMITS } from './limits';

export const TEXTURE_RESOLUTIONS = ['128', '256', '512', '1k', '2k', '4k', 'auto', 'none'] as const;
export const TOPOLOGIES = ['auto', 'quads', 'triangles'] as const;
export const ASPECT_RATIOS = ['1:1', '4:3', '3:4', '3:2', '2:3', '16:9', '9:16'] as const;
export const RETARGET_PRESETS = [
  'backflip',
  'boxing-combination',
  'climb',
  'crouch',
  'evade',
  'fall',
  'jump',
  'kick-football',
  'pop-dance',
  'reload',
  'run',
  'spin-kicking',
  'sword-swing',
  'walk',
  'wave',
  'zombie-walk',
] as const;
export const REFERENCE_KINDS = ['base', 'pose', 'style'] as const;

/*
 * Option labels: what the forms show for an enum value (the value sent is unchanged). Values
 * the humaniser in plain-words.ts already says well ('kick-football' -> 'Kick football') need none.
 */
export const TEXTURE_RESOLUTION_LABELS: Readonly<Record<(typeof TEXTURE_RESOLUTIONS)[number], string>> = {
  '128': '128 px',
  '256': '256 px',
  '512': '512 px',
  '1k': '1K (1024 px)',
  '2k': '2K (2048 px)',
  '4k': '4K (4096 px)',
  auto: 'Auto',
  none: 'None (no texture)',
};
export const TOPOLOGY_LABELS: Readonly<Record<(typeof TOPOLOGIES)[number], string>> = {
  auto: 'Auto',
  quads: 'Quads (four-sided)',
  triangles: 'Triangles',
};
export const ASPECT_RATIO_LABELS: Readonly<Record<(typeof ASPECT_RATIOS)[number], string>> = {
  '1:1': '1:1 (square)',
  '4:3': '4:3 (landscape)',
  '3:4': '3:4 (portrait)',
  '3:2': '3:2 (landscape)',
  '2:3': '2:3 (portrait)',
  '16:9': '16:9 (wide)',
  '9:16': '9:16 (tall)',
};
export const REFERENCE_KIND_LABELS: Readonly<Record<(typeof REFERENCE_KINDS)[number], string>> = {
  base: 'Base image',
  pose: 'Pose',
  style: 'Style',
};
const RETARGET_PRESET_LABELS: Readonly<Partial<Record<string, string>>> = { 'kick-football': 'Football kick', 'spin-kicking': 'Spinning kick', 'pop-dance': 'Pop dance' };
const SPRITESHEET_ASSET_KIND_LABELS: Readonly<Partial<Record<string, string>>> = { ui: 'UI element' };
export const SPRITESHEET_ASSET_KINDS = ['background', 'character', 'effect', 'prop', 'ui'] as const;
export const SPRITESHEET_MODES = ['animated', 'background', 'static'] as const;
export const SPRITESHEET_FRAME_COUNTS = [1, 12, 16] as const;
export const SPRITESHEET_ANIMATIONS = [
  'attack',
  'block',
  'cast',
  'climb',
  'death',
  'dodge',
  'hurt',
  'idle',
  'interact',
  'jump',
  'run',
  'still',
  'walk',
] as const;
export const SPRITESHEET_DIRECTIONS = [
  'back',
  'back-left',
  'back-right',
  'front',
  'front-left',
  'front-right',
  'left',
  'right',
] as const;
export const DEFAULT_GEN_STYLE_ID = 'Auto';
export const DEFAULT_API_VERSION = 1;

/** Job statuses of the spec, and the legacy values older jobs may still report. */
export const JOB_STATUSES = ['pending', 'running', 'success', 'error'] as const;
export const LEGACY_JOB_STATUSES = { created: 'pending', completed: 'success', failed: 'error' } as const;
export const TERMINAL_JOB_STATUSES = ['success', 'error'] as const;

export type Availability = 'available' | 'coming-soon';
/** What a finished job of the endpoint gives the caller. */
export type Produces = 'model' | 'image' | 'skybox' | 'motion' | 'parts' | 'none';
/** How the endpoint answers a successful call. */
export type ResponseKind = 'job' | 'job-with-meta' | 'job-inline' | 'glb' | 'job-resource';

/** A rule that spans several fields (the spec's conditional requirements). */
export interface CrossFieldRule {
  id: string;
  /** The field a violation is reported on. */
  field: string;
  /** The service's wording (the sandbox answers a 422 with it), in field names. */
  message: string;
  /** The same in an artist's words, for the screen: no field names. */
  plain: string;
  /** True when the request satisfies the rule. Receives the request's field values. */
  check: (values: Readonly<Record<string, unknown>>) => boolean;
}

export interface EndpointSpec {
  /** Stable id; also the generation "kind" stored with each job. */
  id: string;
  method: 'POST' | 'GET';
  /** Path relative to {base_url}; `{jobId}` is a path parameter. */
  path: string;
  contentType: 'application/json' | 'multipart/form-data' | 'none';
  availability: Availability;
  produces: Produces;
  response: ResponseKind;
  /** Section of the spec, for grouping. */
  group: '3D generation' | 'Model tools' | 'Animation' | '2D images' | 'Environments' | 'Jobs';
  /** The name users see ("Generation type" entries). */
  label: string;
  summary: string;
  fields: Readonly<Record<string, FieldSpec>>;
  rules?: readonly CrossFieldRule[];
  /** The endpoint accepts the optional `apiVersion` field. */
  versioned: boolean;
  /** Extra credits apply for some choices (quads, high face counts): forms say so before submitting. */
  surcharges?: readonly { field: string; when: (value: unknown) => boolean; note: string }[];
}

// ---- field builders: keep the table rows below readable -------------------------------------

const prompt = (help: string, required = true): FieldSpec => ({
  type: 'string',
  label: 'Prompt',
  help,
  required,
  maxLength: LIMITS.promptMaxChars,
  prompt: true,
});
/** A prompt-like field without the spec's 4096 limit (the limit table names only four endpoints). */
const freeText = (label: string, help: string, required: boolean): FieldSpec => ({
  type: 'string',
  label,
  help,
  required,
  prompt: true,
});
const topology: FieldSpec = {
  type: 'enum',
  label: 'Topology',
  help: 'The polygons the surface is made of: quads (four-sided) or triangles. Auto lets the service choose.',
  required: false,
  values: TOPOLOGIES,
  labels: TOPOLOGY_LABELS,
  default: 'auto',
};
const targetFaceCount: FieldSpec = {
  type: 'integer',
  label: 'Target face count',
  help: '0 lets the service choose. At most 500,000.',
  required: false,
  min: LIMITS.targetFaceCountMin,
  max: LIMITS.targetFaceCountMax,
  default: 0,
};
const textureResolution = (help = 'Size of the textures. "None" gives an untextured model (geometry only).'): FieldSpec => ({
  type: 'enum',
  label: 'Texture resolution',
  help,
  required: false,
  values: TEXTURE_RESOLUTIONS,
  labels: TEXTURE_RESOLUTION_LABELS,
  default: 'auto',
});
const tPose: FieldSpec = {
  type: 'boolean',
  label: 'T-pose',
  help: 'Generate the subject in a neutral T-pose, useful before rigging.',
  required: false,
  default: false,
};
const apiVersion: FieldSpec = {
  type: 'integer',
  label: 'Service version',
  help: 'Leave it at 1: the only version there is.',
  required: false,
  min: 1,
  default: DEFAULT_API_VERSION,
};
/** The style help says what this form does without one: Auto by default, nothing sent, or not possible. */
const styleHelp = (required: boolean, withDefault: boolean): string =>
  required
    ? 'This type needs a style: choose Auto to let the service pick, a style you used before, or type a style name.'
    : withDefault
      ? 'Auto lets the service pick; choose a style you used before or type a style name.'
      : 'Optional: leave it empty and the service decides, or choose Auto, a style you used before or type a style name.';
const genStyleId = (required = false, withDefault = true): FieldSpec => ({
  type: 'string',
  label: 'Style',
  help: styleHelp(required, withDefault),
  style: true,
  required,
  ...(withDefault ? { default: DEFAULT_GEN_STYLE_ID } : {}),
});
const imageFile = (label: string, required: boolean, help = 'PNG, JPEG or WebP, at most 20 MB.'): FieldSpec => ({
  type: 'file',
  label,
  help,
  required,
  accept: 'image',
  maxBytes: LIMITS.imageMaxBytes,
});
const jobRef = (label: string, help: string, sourceKinds: readonly string[], successfulOnly = false): FieldSpec => ({
  type: 'job-ref',
  label,
  help,
  required: true,
  sourceKinds,
  successfulOnly,
});

/** Endpoints whose jobs yield a model that model tools accept as a source. */
export const MODEL_SOURCE_KINDS = [
  'text-to-3d',
  'image-to-3d',
  'multi-image-to-3d',
  'retexture',
  'upload-3d',
  'text-to-solidbox',
  'create-solid-box',
] as const;
/** Endpoints whose jobs hold an image that image tools accept as a source. */
export const IMAGE_SOURCE_KINDS = ['image-upload', 'text-to-image', 'sketch-to-image', 'image-edit'] as const;
export const SKYBOX_SOURCE_KINDS = ['text-to-worldbox', 'skybox-from-image', 'skybox-edit'] as const;
export const RIGGED_SOURCE_KINDS = ['auto-rig'] as const;

const quadsSurcharge = { field: 'topology', when: (v: unknown) => v === 'quads', note: 'Quad topology costs extra credits.' };
/** The spec says high-poly output costs extra without naming a threshold; we flag the top of the range. */
export const HIGH_FACE_COUNT_THRESHOLD = 100_000;
const highPolySurcharge = {
  field: 'targetFaceCount',
  when: (v: unknown) => typeof v === 'number' && v > HIGH_FACE_COUNT_THRESHOLD,
  note: 'High face counts cost extra credits.',
};

// ---- the endpoints ---------------------------------------------------------------------------

export const ENDPOINTS = {
  'text-to-3d': {
    id: 'text-to-3d',
    method: 'POST',
    path: '/jobs/text-to-3d',
    contentType: 'application/json',
    availability: 'available',
    produces: 'model',
    response: 'job',
    group: '3D generation',
    label: 'Text to 3D',
    summary: 'Generate a 3D model from a description.',
    versioned: true,
    fields: {
      prompt: prompt('Describe the model. At most 4,096 characters.'),
      topology,
      targetFaceCount,
      textureResolution: textureResolution(),
      tPose,
      apiVersion,
    },
    surcharges: [quadsSurcharge, highPolySurcharge],
  },
  'image-to-3d': {
    id: 'image-to-3d',
    method: 'POST',
    path: '/jobs/image-to-3d',
    contentType: 'multipart/form-data',
    availability: 'available',
    produces: 'model',
    response: 'job',
    group: '3D generation',
    label: 'Image to 3D',
    summary: 'Generate a 3D model from one image.',
    versioned: true,
    fields: {
      file: imageFile('Image', false, 'PNG, JPEG or WebP, at most 20 MB. Not needed when an uploaded image is chosen.'),
      imageJobId: {
        type: 'job-ref',
        label: 'Uploaded image',
        help: 'An image uploaded earlier, reused without uploading it again.',
        required: false,
        sourceKinds: ['image-upload'],
      },
      targetFaceCount,
      textureResolution: textureResolution(),
      topology,
      apiVersion,
    },
    rules: [
      {
        id: 'image-or-image-job',
        field: 'file',
        message: 'file is required unless imageJobId is given.',
        plain: 'Choose an image file, or an image you uploaded earlier.',
        check: (v) => v.file != null || (typeof v.imageJobId === 'string' && v.imageJobId !== ''),
      },
    ],
    surcharges: [quadsSurcharge, highPolySurcharge],
  },
  'multi-image-to-3d': {
    id: 'multi-image-to-3d',
    method: 'POST',
    path: '/jobs/multi-image-to-3d',
    contentType: 'multipart/form-data',
    availability: 'available',
    produces: 'model',
    response: 'job',
    group: '3D generation',
    label: 'Multi-image to 3D',
    summary: 'Generate a 3D model from up to four views of one subject.',
    versioned: false,
    fields: {
      frontImage: imageFile('Front', true),
      leftImage: imageFile('Left', false),
      backImage: imageFile('Back', false),
      rightImage: imageFile('Right', false),
      FaceCount: {
        type: 'numeric-string',
        label: 'Face count',
        help: 'Leave it empty to let the service choose.',
        required: false,
        min: LIMITS.targetFaceCountMin,
        max: LIMITS.targetFaceCountMax,
      },
      EnablePBR: {
        type: 'boolean-string',
        label: 'Textured (PBR)',
        help: 'On: textured, with PBR materials. Off: an untextured model (geometry only).',
        required: false,
        default: 'false',
      },
      apiVersion: { ...apiVersion, retired: true, help: 'No longer used by this type: never sent.' },
      ModelNo: { type: 'string', label: 'Model number (retired)', required: false, retired: true, help: 'Chosen by the service now: never sent.' },
      GenerateType: { type: 'string', label: 'Generation kind (retired)', required: false, retired: true, help: 'Chosen by the service now: never sent.' },
      PolygonType: { type: 'string', label: 'Polygon kind (retired)', required: false, retired: true, help: 'Chosen by the service now: never sent.' },
    },
    rules: [
      {
        id: 'multi-image-second-view',
        field: 'leftImage',
        message: 'at least one of leftImage, backImage or rightImage is required besides frontImage.',
        plain: 'Add at least one more view (left, back or right) besides the front.',
        check: (v) => v.leftImage != null || v.backImage != null || v.rightImage != null,
      },
    ],
  },
  'image-upload': {
    id: 'image-upload',
    method: 'POST',
    path: '/jobs/image-upload',
    contentType: 'multipart/form-data',
    availability: 'available',
    produces: 'none',
    response: 'job-with-meta',
    group: '3D generation',
    label: 'Upload image',
    summary: 'Upload an image once (0 credits) and reuse it in later requests.',
    versioned: false,
    fields: {
      file: imageFile('Image', true),
    },
  },
  retexture: {
    id: 'retexture',
    method: 'POST',
    path: '/jobs/retexture',
    contentType: 'application/json',
    availability: 'available',
    produces: 'model',
    response: 'job',
    group: 'Model tools',
    label: 'Retexture',
    summary: 'Apply new materials to a model and keep its geometry.',
    versioned: true,
    fields: {
      jobId: jobRef('Source model', 'A model from your history.', MODEL_SOURCE_KINDS),
      prompt: freeText('Prompt', 'Description of the new texture.', true),
      textureResolution: textureResolution('Requested output texture resolution.'),
      apiVersion,
    },
  },
  'split-to-parts': {
    id: 'split-to-parts',
    method: 'POST',
    path: '/jobs/split-to-parts',
    contentType: 'application/json',
    availability: 'available',
    produces: 'parts',
    response: 'job',
    group: 'Model tools',
    label: 'Split into parts',
    summary: 'Break a model into separable components.',
    versioned: false,
    fields: {
      jobId: jobRef('Source model', 'A model from your history.', MODEL_SOURCE_KINDS),
    },
  },
  'upload-3d': {
    id: 'upload-3d',
    method: 'POST',
    path: '/jobs/upload-3d',
    contentType: 'multipart/form-data',
    availability: 'coming-soon',
    produces: 'model',
    response: 'job',
    group: 'Model tools',
    label: 'Upload 3D model',
    summary: 'Upload a model (GLB, OBJ, FBX, STL, BLEND, PLY, USDC, USDA) to use with model tools.',
    versioned: false,
    fields: {
      file: {
        type: 'file',
        label: '3D model',
        help: 'GLB, OBJ, FBX, STL, BLEND, PLY, USDC or USDA, at most 500 MB.',
        required: true,
        accept: 'model',
        maxBytes: LIMITS.modelMaxBytes,
      },
      service: { type: 'string', label: 'Upload flow', help: 'Leave it empty for the usual upload.', required: false, location: 'query' },
      parametric_json: { type: 'string', label: 'Parametric data (JSON)', help: 'Optional: the data of a parametric model, as JSON.', required: false },
      parametric_generator_id: { type: 'string', label: 'Parametric generator', help: 'Optional: the generator that made the parametric data.', required: false },
    },
  },
  'text-to-solidbox': {
    id: 'text-to-solidbox',
    method: 'POST',
    path: '/jobs/text-to-solidbox',
    contentType: 'application/json',
    availability: 'coming-soon',
    produces: 'model',
    response: 'job',
    group: 'Model tools',
    label: 'Text to solid box',
    summary: 'Generate a solid model from a description.',
    versioned: true,
    fields: {
      prompt: prompt('Describe the model. At most 4,096 characters.'),
      targetFaceCount,
      genStyleId: genStyleId(),
      apiVersion,
    },
    surcharges: [highPolySurcharge],
  },
  'create-solid-box': {
    id: 'create-solid-box',
    method: 'POST',
    path: '/jobs/create-solid-box',
    contentType: 'application/json',
    availability: 'coming-soon',
    produces: 'model',
    response: 'job',
    group: 'Model tools',
    label: 'Create solid box',
    summary: 'Create a solid model from one of your jobs.',
    versioned: false,
    fields: {
      jobId: jobRef('Source', 'An image or a model from your history.', [...IMAGE_SOURCE_KINDS, ...MODEL_SOURCE_KINDS]),
      sourceImageURL: { type: 'string', label: 'Source image URL', help: 'Optional: the web address of an image to use instead of the source\'s own.', required: false, url: true },
    },
  },
  'auto-rig': {
    id: 'auto-rig',
    method: 'POST',
    path: '/jobs/auto-rig',
    contentType: 'application/json',
    availability: 'coming-soon',
    produces: 'model',
    response: 'job',
    group: 'Animation',
    label: 'Auto-rig',
    summary: 'Add a skeleton and skin to a model.',
    versioned: true,
    fields: {
      jobId: jobRef('Source model', 'The model to rig, from your history.', MODEL_SOURCE_KINDS),
      apiVersion,
    },
  },
  animate: {
    id: 'animate',
    method: 'POST',
    path: '/jobs/animate',
    contentType: 'application/json',
    availability: 'coming-soon',
    produces: 'motion',
    response: 'job',
    group: 'Animation',
    label: 'Animate from text',
    summary: 'Animate a rigged model from a motion description.',
    versioned: true,
    fields: {
      jobId: jobRef('Rigged model', 'A model you rigged with Auto-rig.', RIGGED_SOURCE_KINDS),
      prompt: freeText('Prompt', 'Motion description.', true),
      apiVersion,
    },
  },
  'animate-video': {
    id: 'animate-video',
    method: 'POST',
    path: '/jobs/animate/video',
    contentType: 'multipart/form-data',
    availability: 'coming-soon',
    produces: 'motion',
    response: 'job',
    group: 'Animation',
    label: 'Animate from video',
    summary: 'Animate a rigged model from a video of the motion.',
    versioned: true,
    fields: {
      jobId: jobRef('Rigged model', 'A model you rigged with Auto-rig.', RIGGED_SOURCE_KINDS),
      file: {
        type: 'file',
        label: 'Video',
        help: 'MP4, MOV or AVI, at most 150 MB.',
        required: true,
        accept: 'video',
        maxBytes: LIMITS.videoMaxBytes,
      },
      apiVersion,
    },
  },
  retarget: {
    id: 'retarget',
    method: 'POST',
    path: '/jobs/retarget',
    contentType: 'application/json',
    availability: 'coming-soon',
    produces: 'motion',
    response: 'job',
    group: 'Animation',
    label: 'Retarget motion',
    summary: 'Apply one of 16 preset motions to a rigged model.',
    versioned: true,
    fields: {
      jobId: jobRef('Rigged model', 'A model you rigged with Auto-rig.', RIGGED_SOURCE_KINDS),
      retargetId: { type: 'enum', label: 'Motion preset', required: true, values: RETARGET_PRESETS, labels: RETARGET_PRESET_LABELS },
      inPlace: {
        type: 'boolean',
        label: 'In place',
        help: 'The character moves on the spot instead of travelling, where the motion has such a version.',
        required: false,
        default: false,
      },
      apiVersion,
    },
  },
  'motion-only': {
    id: 'motion-only',
    method: 'POST',
    path: '/jobs/animate/motion-only',
    contentType: 'application/json',
    availability: 'coming-soon',
    produces: 'motion',
    response: 'job',
    group: 'Animation',
    label: 'Motion only',
    summary: 'Create a standalone motion clip without a model.',
    versioned: false,
    fields: {
      prompt: freeText('Prompt', 'Motion description.', true),
    },
  },
  'merge-motion': {
    id: 'merge-motion',
    method: 'POST',
    path: '/jobs/animate/merge',
    contentType: 'application/json',
    availability: 'coming-soon',
    produces: 'model',
    response: 'glb',
    group: 'Animation',
    label: 'Merge motion',
    summary: 'Merge a rigged model and a motion clip into one GLB (answered at once).',
    versioned: false,
    fields: {
      meshRigId: jobRef('Rigged model', 'A model you rigged with Auto-rig.', RIGGED_SOURCE_KINDS),
      animationOnlyId: jobRef('Motion clip', 'A clip you made with Motion only.', ['motion-only']),
    },
  },
  'text-to-image': {
    id: 'text-to-image',
    method: 'POST',
    path: '/jobs/text-to-image',
    contentType: 'application/json',
    availability: 'available',
    produces: 'image',
    response: 'job',
    group: '2D images',
    label: 'Text to image',
    summary: 'Generate an image from a description.',
    versioned: true,
    fields: {
      prompt: prompt('Describe the image. At most 4,096 characters.'),
      aspectRatio: {
        type: 'enum',
        label: 'Aspect ratio',
        help: 'Any value other than 1:1 gives a non-square image.',
        required: false,
        values: ASPECT_RATIOS,
        labels: ASPECT_RATIO_LABELS,
        default: '1:1',
      },
      genStyleId: genStyleId(),
      referenceImageJobId: {
        type: 'job-ref',
        label: 'Reference image',
        help: 'Optional: an image you uploaded whose subject the new image keeps (the same character or object).',
        required: false,
        sourceKinds: ['image-upload'],
        successfulOnly: true,
      },
      tPose,
      apiVersion,
    },
  },
  spritesheet: {
    id: 'spritesheet',
    method: 'POST',
    path: '/jobs/spritesheet',
    contentType: 'application/json',
    availability: 'coming-soon',
    produces: 'image',
    response: 'job',
    group: '2D images',
    label: 'Spritesheet',
    summary: 'Generate a spritesheet: the text-to-image fields plus a spritesheet description.',
    versioned: true,
    fields: {
      prompt: prompt('Describe the sprite. At most 4,096 characters.'),
      aspectRatio: {
        type: 'enum',
        label: 'Aspect ratio',
        help: 'Any value other than 1:1 gives a non-square image.',
        required: false,
        values: ASPECT_RATIOS,
        labels: ASPECT_RATIO_LABELS,
        default: '1:1',
      },
      genStyleId: genStyleId(),
      referenceImageJobId: {
        type: 'job-ref',
        label: 'Reference image',
        help: 'Optional: an image you uploaded whose subject the new image keeps (the same character or object).',
        required: false,
        sourceKinds: ['image-upload'],
        successfulOnly: true,
      },
      tPose,
      apiVersion,
      spritesheet: {
        type: 'object',
        label: 'Spritesheet',
        required: true,
        fields: {
          assetKind: { type: 'enum', label: 'Asset kind', required: true, values: SPRITESHEET_ASSET_KINDS, labels: SPRITESHEET_ASSET_KIND_LABELS },
          mode: { type: 'enum', label: 'Mode', required: true, values: SPRITESHEET_MODES },
          frameCount: {
            type: 'integer',
            label: 'Frame count',
            help: '12 or 16 frames when animated, 1 otherwise.',
            required: true,
            oneOf: SPRITESHEET_FRAME_COUNTS,
          },
          animation: { type: 'enum', label: 'Animation', required: false, values: SPRITESHEET_ANIMATIONS },
          direction: { type: 'enum', label: 'Direction', required: false, values: SPRITESHEET_DIRECTIONS },
        },
      },
    },
    rules: [
      {
        id: 'spritesheet-frame-count',
        field: 'spritesheet.frameCount',
        message: 'spritesheet.frameCount must be 12 or 16 in animated mode and 1 otherwise.',
        plain: 'Frame count: animated sprites take 12 or 16 frames, the other modes take 1.',
        check: (v) => {
          const s = v.spritesheet as { mode?: unknown; frameCount?: unknown } | undefined;
          if (!s || s.mode === undefined || s.frameCount === undefined) return true;
          return s.mode === 'animated' ? s.frameCount === 12 || s.frameCount === 16 : s.frameCount === 1;
        },
      },
    ],
  },
  'sketch-to-image': {
    id: 'sketch-to-image',
    method: 'POST',
    path: '/jobs/sketch-to-image',
    contentType: 'multipart/form-data',
    availability: 'available',
    produces: 'image',
    response: 'job',
    group: '2D images',
    label: 'Sketch to image',
    summary: 'Turn a sketch into an image.',
    versioned: false,
    fields: {
      file: imageFile('Sketch', true),
      sketchData: { type: 'string', label: 'Sketch strokes', help: 'The strokes of the drawing, which guide the image.', required: true },
      genStyleId: genStyleId(true, false),
    },
  },
  'image-edit': {
    id: 'image-edit',
    method: 'POST',
    path: '/jobs/image-edit',
    contentType: 'application/json',
    availability: 'available',
    produces: 'image',
    response: 'job-inline',
    group: '2D images',
    label: 'Edit image',
    summary: 'Edit an image of yours with instructions and reference images.',
    versioned: true,
    fields: {
      jobId: jobRef('Source image', 'The image to edit, from your history.', [...IMAGE_SOURCE_KINDS]),
      prompt: freeText('Prompt', 'Edit instructions.', false),
      genStyleId: genStyleId(false, false),
      references: {
        type: 'array',
        label: 'References',
        help: 'Optional: images that guide the edit, each with its role (base, pose or style).',
        required: false,
        items: {
          type: 'object',
          label: 'Reference',
          required: true,
          fields: {
            url: { type: 'string', label: 'Image URL', required: true, url: true },
            kind: { type: 'enum', label: 'Role', required: true, values: REFERENCE_KINDS, labels: REFERENCE_KIND_LABELS },
          },
        },
      },
      userPrompt: { type: 'string', label: 'Your own words', help: 'Optional: what you typed, when the prompt above was extended by quick fixes.', required: false },
      quickFixPresets: { type: 'string', label: 'Quick fixes', help: 'Optional: the names of the quick fixes applied to the prompt.', required: false },
      apiVersion,
    },
  },
  'text-to-worldbox': {
    id: 'text-to-worldbox',
    method: 'POST',
    path: '/jobs/text-to-worldbox',
    contentType: 'application/json',
    availability: 'available',
    produces: 'skybox',
    response: 'job',
    group: 'Environments',
    label: 'Text to skybox',
    summary: 'Generate a 360° environment from a description.',
    versioned: true,
    fields: {
      prompt: prompt('360-degree environment description. At most 4,096 characters.'),
      genStyleId: genStyleId(),
      apiVersion,
    },
  },
  'skybox-from-image': {
    id: 'skybox-from-image',
    method: 'POST',
    path: '/jobs/skybox-from-image',
    contentType: 'application/json',
    availability: 'available',
    produces: 'skybox',
    response: 'job',
    group: 'Environments',
    label: 'Skybox from image',
    summary: 'Expand an uploaded image into a 360° environment.',
    versioned: false,
    fields: {
      imageJobId: jobRef('Uploaded image', 'An image you uploaded earlier (uploads cost 0 credits).', ['image-upload']),
      prompt: freeText('Prompt', 'Instructions for expanding the source into a 360-degree environment.', false),
      genStyleId: genStyleId(false, false),
    },
  },
  'skybox-edit': {
    id: 'skybox-edit',
    method: 'POST',
    path: '/jobs/skybox-edit',
    contentType: 'application/json',
    availability: 'available',
    produces: 'skybox',
    response: 'job',
    group: 'Environments',
    label: 'Edit skybox',
    summary: 'Edit a skybox of yours with instructions.',
    versioned: false,
    fields: {
      jobId: jobRef('Source skybox', 'A skybox from your history.', SKYBOX_SOURCE_KINDS),
      prompt: freeText('Prompt', 'Edit instructions.', true),
      genStyleId: genStyleId(false, false),
    },
  },
  'get-job': {
    id: 'get-job',
    method: 'GET',
    path: '/jobs/{jobId}',
    contentType: 'none',
    availability: 'available',
    produces: 'none',
    response: 'job-resource',
    group: 'Jobs',
    label: 'Job status',
    summary: 'Look up a job. There is no list endpoint.',
    versioned: false,
    fields: {
      jobId: { type: 'string', label: 'Job ID', required: true, location: 'query' },
    },
  },
} as const satisfies Record<string, EndpointSpec>;

export type EndpointId = keyof typeof ENDPOINTS;
/** Endpoints that create something (every endpoint except the job lookup). */
export type GenerationKind = Exclude<EndpointId, 'get-job'>;

export const ENDPOINT_IDS = Object.keys(ENDPOINTS) as EndpointId[];
export const GENERATION_KINDS = ENDPOINT_IDS.filter((id): id is GenerationKind => id !== 'get-job');

export function endpoint(id: EndpointId): EndpointSpec {
  return ENDPOINTS[id];
}

export function isGenerationKind(value: unknown): value is GenerationKind {
  return typeof value === 'string' && (GENERATION_KINDS as string[]).includes(value);
}

/** Order and grouping of the "Generation type" selector. */
export const GENERATION_MENU: readonly { group: 'Available' | 'Coming soon'; kinds: readonly GenerationKind[] }[] = [
  {
    group: 'Available',
    kinds: [
      'text-to-3d',
      'image-to-3d',
      'multi-image-to-3d',
      'image-upload',
      'retexture',
      'split-to-parts',
      'text-to-image',
      'sketch-to-image',
      'image-edit',
      'text-to-worldbox',
      'skybox-from-image',
      'skybox-edit',
    ],
  },
  {
    group: 'Coming soon',
    kinds: [
      'upload-3d',
      'text-to-solidbox',
      'create-solid-box',
      'auto-rig',
      'animate',
      'animate-video',
      'retarget',
      'motion-only',
      'merge-motion',
      'spritesheet',
    ],
  },
];

/** Fields that are sent for an endpoint (retired ones are dropped). */
export function sentFields(id: EndpointId): [string, FieldSpec][] {
  return Object.entries(ENDPOINTS[id].fields as Record<string, FieldSpec>).filter(([, f]) => !f.retired);
}

/**
 * The job-ref field a follow-up request fills with an earlier job: `source`,
 * its required source job; `image`, its field for an uploaded image. One
 * answer for the generate panel's pre-filling and the history's chaining menu.
 */
export function jobRefFieldOf(id: EndpointId, role: 'source' | 'image'): { name: string; spec: JobRefField } | undefined {
  for (const [name, spec] of Object.entries(ENDPOINTS[id].fields as Record<string, FieldSpec>)) {
    if (spec.type !== 'job-ref') continue;
    if (role === 'source' ? spec.required : spec.sourceKinds.length === 1 && spec.sourceKinds[0] === 'image-upload') return { name, spec };
  }
  return undefined;
}

export function fieldLocation(id: EndpointId, name: string): 'body' | 'form' | 'query' {
  const spec = (ENDPOINTS[id].fields as Record<string, FieldSpec>)[name];
  if (spec?.location) return spec.location;
  return ENDPOINTS[id].contentType === 'multipart/form-data' ? 'form' : 'body';
}
