/**
 * A sandbox job's life is computed from time, not driven by timers: its
 * status at any instant follows from createdAt and its two durations. That
 * keeps the sandbox deterministic under an injected clock, needs no
 * bookkeeping on restart, and makes the concurrency count exact.
 */
import type { GenerationKind, JobStatus } from '../../shared/api';

export interface StoredJob {
  id: string;
  kind: GenerationKind;
  clientId: string;
  createdAtMs: number;
  pendingMs: number;
  runningMs: number;
  /** How the job ends once its time is up. */
  outcome: 'success' | 'error';
  errorMessage?: string;
  /** Reports created / completed / failed instead of pending / success / error. */
  legacy: boolean;
  title: string;
  prompt: string;
  /** The validated request with the spec's defaults applied (files as upload ids). */
  genParams: Record<string, unknown>;
  /** Uploaded files by field name: ids of files in the upload store. */
  uploads: Record<string, { id: string; format: string; size: number }>;
  /** The caller's credits charged on acceptance. */
  cost: number;
}

export const STAGES: Record<'model' | 'image' | 'skybox' | 'motion' | 'parts' | 'none', readonly { name: string; displayName: string }[]> = {
  model: [
    { name: 'queued', displayName: 'Queued' },
    { name: 'geometry', displayName: 'Generating geometry' },
    { name: 'texturing', displayName: 'Texturing' },
    { name: 'packaging', displayName: 'Packaging' },
  ],
  parts: [
    { name: 'queued', displayName: 'Queued' },
    { name: 'segmenting', displayName: 'Finding parts' },
    { name: 'packaging', displayName: 'Packaging' },
  ],
  motion: [
    { name: 'queued', displayName: 'Queued' },
    { name: 'motion', displayName: 'Generating motion' },
    { name: 'retargeting', displayName: 'Fitting the skeleton' },
    { name: 'packaging', displayName: 'Packaging' },
  ],
  image: [
    { name: 'queued', displayName: 'Queued' },
    { name: 'painting', displayName: 'Painting' },
    { name: 'upscaling', displayName: 'Upscaling' },
  ],
  skybox: [
    { name: 'queued', displayName: 'Queued' },
    { name: 'panorama', displayName: 'Painting the panorama' },
    { name: 'seams', displayName: 'Blending the seam' },
  ],
  none: [{ name: 'stored', displayName: 'Stored' }],
};

export type Phase = 'pending' | 'running' | 'success' | 'error';

export function phaseAt(job: StoredJob, now: number): Phase {
  const t = now - job.createdAtMs;
  if (t < job.pendingMs) return 'pending';
  if (t < job.pendingMs + job.runningMs) return 'running';
  return job.outcome;
}

/** When the job reached its final status (ms since epoch). */
export function endsAt(job: StoredJob): number {
  return job.createdAtMs + job.pendingMs + job.runningMs;
}

export function isActive(job: StoredJob, now: number): boolean {
  const p = phaseAt(job, now);
  return p === 'pending' || p === 'running';
}

const LEGACY: Record<Phase, string> = { pending: 'created', running: 'running', success: 'completed', error: 'failed' };

export function statusAt(job: StoredJob, now: number): string {
  const p = phaseAt(job, now);
  return job.legacy ? LEGACY[p] : p;
}

/** Stages completed or under way: the first while pending, growing while running, all once finished (up to the failing one on error). */
export function fragmentsAt(job: StoredJob, now: number, stages: readonly { name: string; displayName: string }[]) {
  const p = phaseAt(job, now);
  if (p === 'pending') return stages.slice(0, 1);
  if (p === 'success') return [...stages];
  const rest = stages.length - 1;
  if (p === 'error') return stages.slice(0, Math.max(1, rest));
  const progress = job.runningMs > 0 ? (now - job.createdAtMs - job.pendingMs) / job.runningMs : 1;
  return stages.slice(0, 1 + Math.min(rest, 1 + Math.floor(progress * rest)));
}

export type { JobStatus };

/** A job's duration with the spread option: `u` in [0, 1) moves it uniformly within ±spread of the base. */
export function spreadDurationMs(baseMs: number, spread: number, u: number): number {
  if (!(spread > 0)) return baseMs;
  return Math.max(0, Math.round(baseMs * (1 + spread * (2 * u - 1))));
}
