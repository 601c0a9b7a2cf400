/**
 * The catalogue's 2D rows: images and environments (skyboxes), in the spec's order.
 * Split from catalogue.ts only to keep each file readable; ENDPOINTS in catalogue.ts
 * joins these rows with the 3D ones (catalogue-3d.ts), and everything else reads ENDPOINTS.
 */
import type { EndpointSpec } from './fields';
import {
  REFERENCE_KINDS,
  REFERENCE_KIND_LABELS,
  SPRITESHEET_ANIMATIONS,
  SPRITESHEET_ASSET_KINDS,
  SPRITESHEET_ASSET_KIND_LABELS,
  SPRITESHEET_DIRECTIONS,
  SPRITESHEET_FRAME_COUNTS,
  SPRITESHEET_MODES,
} from './catalogue-options';
import {
  IMAGE_SOURCE_KINDS,
  SKYBOX_SOURCE_KINDS,
  apiVersion,
  aspectRatio,
  freeText,
  genStyleId,
  imageFile,
  jobRef,
  prompt,
  referenceImageJobId,
  tPose,
} from './catalogue-fields';

/** Text to image's fields; Spritesheet takes the same (its own prompt help) plus the spritesheet description. */
const TEXT_TO_IMAGE_FIELDS = {
  prompt: prompt('Describe the image. At most 4,096 characters.'),
  aspectRatio,
  genStyleId: genStyleId(),
  referenceImageJobId,
  tPose,
  apiVersion,
};

export const ENDPOINTS_2D = {
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
    fields: TEXT_TO_IMAGE_FIELDS,
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
      ...TEXT_TO_IMAGE_FIELDS,
      prompt: prompt('Describe the sprite. At most 4,096 characters.'),
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
} as const satisfies Record<string, EndpointSpec>;
