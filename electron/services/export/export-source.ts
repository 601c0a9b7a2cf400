/**
 * What an export reads and describes: a finished job's cached asset, or a
 * model the user dropped on the window (staged into the data folder by
 * `files:stagePath`/`files:stageBytes`). Each gives the exporter the bytes'
 * path, the names for the file-name template, the lineage key (which earlier
 * export it replaces in place) and the sidecar's description of the original.
 */
import { ENDPOINTS } from '../../../shared/api';
import type { JobRecord } from '../../../shared/domain/job';
import type { StagedFile } from '../../../shared/ipc';
import type { JobEngine } from '../jobs/engine-api';
import type { NameFields } from './file-name';
import { jobLookup, lineageKey } from './lineage';
import { buildSidecar, type ExportedCopy } from './sidecar';
import type { ExportOptions } from '../../../shared/ipc';

export interface ExportSource {
  /** The job's local id, or the staged file's id: results and records are keyed by it. */
  id: string;
  jobId?: string;
  path: string;
  isModel: boolean;
  /** What the job's kind produces ('model', 'skybox'...); a local file is a model. */
  produces: string;
  /** The validator's counts for the original, when already known. */
  validation?: { errors: number; warnings: number };
  names: NameFields;
  lineageKey: string;
  sidecar(fileName: string, options: ExportOptions, now: Date, copy?: ExportedCopy): Record<string, unknown>;
}

/**
 * The names a job's files are made from (the file-name template's fields): its prompt, else its
 * title, else the file it was made from (an Image to 3D job has no prompt; "photo_chest", not
 * "image-to-3d"), and only then its kind. Model exports and the pictures saved beside them use it.
 */
export function jobNameFields(job: Pick<JobRecord, 'prompt' | 'title' | 'request' | 'kind' | 'createdAt' | 'jobId' | 'localId'>): NameFields {
  return {
    prompt: job.prompt || job.title || sourceFileStem(job.request),
    kind: job.kind,
    createdAt: job.createdAt,
    jobId: job.jobId ?? job.localId,
  };
}

/** The name, without its extension, of the first file a request was made from. */
function sourceFileStem(request: Record<string, unknown>): string | undefined {
  for (const value of Object.values(request)) {
    const name = (value as { name?: unknown } | null)?.name;
    if (typeof name === 'string' && name.trim()) return name.replace(/\.[^.]*$/, '') || name;
  }
  return undefined;
}

/** A finished job's cached asset, or why it cannot be exported. */
export function jobSource(engine: JobEngine, localId: string): ExportSource | { message: string } {
  const job = engine.get(localId);
  if (!job) return { message: 'That job is not in the history any more.' };
  const path = engine.assetPath(localId);
  if (job.state !== 'success' || job.asset?.state !== 'ready' || !path) {
    return {
      message: `"${job.title || job.prompt || job.kind}" has no finished asset to export yet.`,
    };
  }
  return {
    id: localId,
    ...(job.jobId ? { jobId: job.jobId } : {}),
    path,
    isModel: job.asset.format === 'glb',
    produces: ENDPOINTS[job.kind]?.produces ?? 'none',
    ...(job.asset.validation ? { validation: job.asset.validation } : {}),
    names: jobNameFields(job),
    lineageKey: lineageKey(job, jobLookup(engine)),
    sidecar: (fileName, options, now, copy) => buildSidecar(job, fileName, options, now, copy),
  };
}

/** Where staged files are read (the files service's staging area). */
export interface StagedFiles {
  read(id: string): StagedFile | undefined;
  filePath(id: string): string | undefined;
}

/**
 * A model dropped on the window, staged by id. Its lineage is its content: exporting the
 * same file again replaces the earlier export in place; another file never does.
 */
export function stagedSource(staging: StagedFiles | undefined, id: string, now: Date): ExportSource | { message: string } {
  const staged = staging?.read(id);
  const path = staging?.filePath(id);
  if (!staged || !path)
    return {
      message: 'That dropped file is no longer staged; drop it on the window again.',
    };
  if (staged.format !== 'glb')
    return {
      message: `${staged.name} is not a GLB model, so it cannot be exported as one.`,
    };
  const stem = staged.name.replace(/\.[^.]*$/, '') || staged.name;
  return {
    id,
    path,
    isModel: true,
    produces: 'model',
    names: {
      prompt: stem,
      kind: 'local-file',
      createdAt: now.toISOString(),
      jobId: staged.sha256.slice(0, 12),
    },
    lineageKey: `model:local:${staged.sha256.slice(0, 32)}`,
    sidecar: (fileName, options, at, copy) => localSidecar(staged, fileName, options, at, copy),
  };
}

/** The sidecar of a local model: the same keys as a job's where they apply, and `source` naming the file it came from. */
export function localSidecar(staged: StagedFile, fileName: string, options: ExportOptions, now: Date, copy?: ExportedCopy): Record<string, unknown> {
  return {
    generator: 'Asset Studio',
    sidecarVersion: 1,
    file: fileName,
    kind: 'local-file',
    title: staged.name,
    source: {
      type: 'local-file',
      name: staged.name,
      size: staged.size,
      sha256: staged.sha256,
    },
    exportedAt: now.toISOString(),
    exportOptions: {
      upAxis: options.upAxis,
      scale: options.scale,
      pivotAtBase: options.pivotAtBase,
    },
    fixesApplied: copy?.fixesApplied,
    exportedCopy: copy,
  };
}
