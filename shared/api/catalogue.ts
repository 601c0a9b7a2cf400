/**
 * The endpoint catalogue: every endpoint of the Asset Generation Service spec,
 * written once. Nothing else in the project restates an endpoint, a field, an
 * enum, a default or a limit: the zod schemas (./schemas), the upstream client,
 * the sandbox and the forms all read this file.
 *
 * Source: ../shared/spec/asset-generation-api.md (tables quoted field by field).
 *
 * The table's rows live in siblings, each re-exported or joined here so that
 * importers need only this file: catalogue-options.ts (enum values and their
 * labels), catalogue-fields.ts (field rows several endpoints share, surcharges),
 * catalogue-3d.ts and catalogue-2d.ts (the endpoints, by section of the spec).
 */
import type { EndpointSpec, FieldSpec, JobRefField } from './fields';
import { ENDPOINTS_2D } from './catalogue-2d';
import { ENDPOINTS_3D } from './catalogue-3d';

export * from './catalogue-options';
export { HIGH_FACE_COUNT_THRESHOLD, IMAGE_SOURCE_KINDS, MODEL_SOURCE_KINDS, RIGGED_SOURCE_KINDS, SKYBOX_SOURCE_KINDS } from './catalogue-fields';
export type { Availability, CrossFieldRule, EndpointSpec, Produces, ResponseKind } from './fields';

/** Job statuses of the spec, and the legacy values older jobs may still report. */
export const JOB_STATUSES = ['pending', 'running', 'success', 'error'] as const;
export const LEGACY_JOB_STATUSES = { created: 'pending', completed: 'success', failed: 'error' } as const;
export const TERMINAL_JOB_STATUSES = ['success', 'error'] as const;

// ---- the endpoints: the 3D and 2D sections, then the job lookup ----------------------------

export const ENDPOINTS = {
  ...ENDPOINTS_3D,
  ...ENDPOINTS_2D,
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
