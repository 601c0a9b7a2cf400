/**
 * The field rows that several endpoints of the catalogue share (the prompt, the style,
 * topology, texture resolution, image files, job references...), the endpoint lists a
 * job reference accepts, and the surcharges some choices bring. Split from catalogue.ts
 * so each endpoint row reads as the spec's table does: a name and its field, not the
 * same field written out again. catalogue.ts re-exports what it exported before.
 */
import type { FieldSpec } from './fields';
import { LIMITS } from './limits';
import {
  ASPECT_RATIOS,
  ASPECT_RATIO_LABELS,
  DEFAULT_API_VERSION,
  DEFAULT_GEN_STYLE_ID,
  TEXTURE_RESOLUTIONS,
  TEXTURE_RESOLUTION_LABELS,
  TOPOLOGIES,
  TOPOLOGY_LABELS,
} from './catalogue-options';

export const prompt = (help: string, required = true): FieldSpec => ({
  type: 'string',
  label: 'Prompt',
  help,
  required,
  maxLength: LIMITS.promptMaxChars,
  prompt: true,
});
/** A prompt-like field without the spec's 4096 limit (the limit table names only four endpoints). */
export const freeText = (label: string, help: string, required: boolean): FieldSpec => ({
  type: 'string',
  label,
  help,
  required,
  prompt: true,
});
export const topology: FieldSpec = {
  type: 'enum',
  label: 'Topology',
  help: 'The polygons the surface is made of: quads (four-sided) or triangles. Auto lets the service choose.',
  required: false,
  values: TOPOLOGIES,
  labels: TOPOLOGY_LABELS,
  default: 'auto',
};
export const targetFaceCount: FieldSpec = {
  type: 'integer',
  label: 'Target face count',
  help: '0 lets the service choose. At most 500,000.',
  required: false,
  min: LIMITS.targetFaceCountMin,
  max: LIMITS.targetFaceCountMax,
  default: 0,
};
export const textureResolution = (help = 'Size of the textures. "None" gives an untextured model (geometry only).'): FieldSpec => ({
  type: 'enum',
  label: 'Texture resolution',
  help,
  required: false,
  values: TEXTURE_RESOLUTIONS,
  labels: TEXTURE_RESOLUTION_LABELS,
  default: 'auto',
});
export const tPose: FieldSpec = {
  type: 'boolean',
  label: 'T-pose',
  help: 'Generate the subject in a neutral T-pose, useful before rigging.',
  required: false,
  default: false,
};
export const apiVersion: FieldSpec = {
  type: 'integer',
  label: 'Service version',
  help: 'Leave it at 1: the only version there is.',
  required: false,
  min: 1,
  default: DEFAULT_API_VERSION,
};
/** The style help says what this form does without one: Auto by default, nothing sent, or not possible. */
export const styleHelp = (required: boolean, withDefault: boolean): string =>
  required
    ? 'This type needs a style: choose Auto to let the service pick, a style you used before, or type a style name.'
    : withDefault
      ? 'Auto lets the service pick; choose a style you used before or type a style name.'
      : 'Optional: leave it empty and the service decides, or choose Auto, a style you used before or type a style name.';
export const genStyleId = (required = false, withDefault = true): FieldSpec => ({
  type: 'string',
  label: 'Style',
  help: styleHelp(required, withDefault),
  style: true,
  required,
  ...(withDefault ? { default: DEFAULT_GEN_STYLE_ID } : {}),
});
export const imageFile = (label: string, required: boolean, help = 'PNG, JPEG or WebP, at most 20 MB.'): FieldSpec => ({
  type: 'file',
  label,
  help,
  required,
  accept: 'image',
  maxBytes: LIMITS.imageMaxBytes,
});
export const jobRef = (label: string, help: string, sourceKinds: readonly string[], successfulOnly = false): FieldSpec => ({
  type: 'job-ref',
  label,
  help,
  required: true,
  sourceKinds,
  successfulOnly,
});

/** Text to image and Spritesheet (which takes the text-to-image fields) share these two. */
export const aspectRatio: FieldSpec = {
  type: 'enum',
  label: 'Aspect ratio',
  help: 'Any value other than 1:1 gives a non-square image.',
  required: false,
  values: ASPECT_RATIOS,
  labels: ASPECT_RATIO_LABELS,
  default: '1:1',
};
export const referenceImageJobId: FieldSpec = {
  type: 'job-ref',
  label: 'Reference image',
  help: 'Optional: an image you uploaded whose subject the new image keeps (the same character or object).',
  required: false,
  sourceKinds: ['image-upload'],
  successfulOnly: true,
};

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

export const quadsSurcharge = { field: 'topology', when: (v: unknown) => v === 'quads', note: 'Quad topology costs extra credits.' };
/** The spec says high-poly output costs extra without naming a threshold; we flag the top of the range. */
export const HIGH_FACE_COUNT_THRESHOLD = 100_000;
export const highPolySurcharge = {
  field: 'targetFaceCount',
  when: (v: unknown) => typeof v === 'number' && v > HIGH_FACE_COUNT_THRESHOLD,
  note: 'High face counts cost extra credits.',
};
