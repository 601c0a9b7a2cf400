/**
 * The work done on a file from outside, in a checking process
 * (./check-pool.ts): read it, hold it against the guard (./verdicts.ts), and
 * only then decode it (glTF-Transform, the glTF validator, sharp). Each task
 * answers `{ refused }` with the guard's words, or what was measured.
 *
 * Everything here may block for seconds on a large or hostile file: it runs
 * in a checking process with a wall-clock limit, never in main.
 */
import fs from 'node:fs/promises';
import type { Document } from '@gltf-transform/core';
import type { Budget, GeometryCompression } from '../../../shared/domain/readiness';
import type { ImageStats, ModelStats, ValidationSummary } from '../../../shared/domain/job';
import type { ModelOptions } from '../export/model-transform';
import type { NodeFormat } from '../../../shared/domain/export-formats';
import { plannedModelSuffixes, writeModel, type ModelExtras } from '../export/model-outputs';
import { modelIo, usesDraco } from '../export/model-transform';
import { checkModel as measureForExport, readyCopy, type ReadyCopyInput } from '../export/ready-copy';
import { inspectImage, inspectModel, validateModel, writeImageThumbnail } from '../jobs/inspect';
import { triangleGlb } from './crafted-files';
import { packGltf } from './pack-gltf';
import { checkImage, checkModel, type ModelFormat, type Verdict } from './verdicts';

export type CheckTask =
  /** Loads the decoders on a fresh thread (a one-triangle model through the validator and statistics). */
  | { kind: 'warm' }
  | { kind: 'guard'; file: string; format: ModelFormat | 'image' }
  | { kind: 'inspect-asset'; file: string; format: 'glb' | 'png'; thumbnail?: string; skipInspection?: boolean }
  | { kind: 'check-model'; file: string; options: ModelOptions; budget: Budget; compression: GeometryCompression; validation?: { errors: number; warnings: number } }
  /** The exported copy (fixes applied) and the suffixes `formats` (and LODs) will write; the document stays here. */
  | { kind: 'ready-copy'; file: string; input: Omit<ReadyCopyInput, 'original'>; formats: NodeFormat[]; lodRatios?: number[] }
  /** The copy written in `formats` under `name` (the copy is the app's own output: read back, not guarded again). */
  | { kind: 'write-model'; glb: Uint8Array; formats: NodeFormat[]; name: string; extras: ModelExtras }
  /** A .gltf and the files beside it that it names, packed into the GLB `out` (./pack-gltf.ts). */
  | { kind: 'pack-gltf'; file: string; out: string };

export interface InspectedAsset {
  validation?: ValidationSummary;
  stats?: ModelStats;
  image?: ImageStats;
  hasThumbnail?: boolean;
  /** Why the statistics are missing: inspection failed on a file the guard accepted. */
  problem?: string;
}

/** `refused`: the guard, the time limit or the thread said no; `failed`: the decoder threw on a file the guard let through. */
export type CheckAnswer = { refused: string } | { failed: string } | { ok: true; value: unknown };

/** What went wrong, in words, or undefined when the task answered. */
export function problemOf(answer: CheckAnswer): string | undefined {
  return 'refused' in answer ? answer.refused : 'failed' in answer ? answer.failed : undefined;
}

function guard(bytes: Uint8Array, format: ModelFormat | 'image'): Verdict {
  return format === 'image' ? checkImage(bytes) : checkModel(bytes, format);
}

export async function runTask(task: CheckTask): Promise<CheckAnswer> {
  if (task.kind === 'warm') {
    const glb = triangleGlb();
    await validateModel(glb);
    await inspectModel(glb);
    return { ok: true, value: null };
  }
  if (task.kind === 'pack-gltf') return packGltf(task.file, task.out);
  if (task.kind === 'write-model') {
    // A plain GLB export is the copy's bytes as they are: the document is read back only for what needs it.
    const needsDoc = task.formats.some((f) => f !== 'glb') || task.extras.collision !== 'none' || !!task.extras.lodRatios?.length;
    const doc = needsDoc ? await (await modelIo(usesDraco(task.glb))).readBinary(task.glb) : (undefined as unknown as Document);
    return { ok: true, value: await writeModel(doc, task.glb, task.formats, task.name, task.extras) };
  }
  const bytes = new Uint8Array(await fs.readFile(task.file));
  const verdict = guard(bytes, task.kind === 'guard' ? task.format : task.kind === 'inspect-asset' && task.format === 'png' ? 'image' : 'glb');
  if (!verdict.ok) return { refused: verdict.reason };
  switch (task.kind) {
    case 'guard':
      return { ok: true, value: verdict.declaredBytes };
    case 'inspect-asset':
      return { ok: true, value: await inspectAsset(task, bytes) };
    case 'check-model':
      return { ok: true, value: await measureForExport(bytes, task.options, task.budget, task.compression, task.validation) };
    case 'ready-copy': {
      const { doc, ...copy } = await readyCopy({ ...task.input, original: bytes });
      return { ok: true, value: { ...copy, suffixes: plannedModelSuffixes(doc, task.formats, task.lodRatios ? { lodRatios: task.lodRatios } : {}) } };
    }
  }
}

/** A finished job's asset, once the guard accepted it: statistics, validation, a thumbnail for images. */
async function inspectAsset(task: Extract<CheckTask, { kind: 'inspect-asset' }>, bytes: Uint8Array): Promise<InspectedAsset> {
  const out: InspectedAsset = {};
  try {
    if (task.format === 'glb') {
      if (task.skipInspection) return out;
      out.validation = await validateModel(bytes);
      out.stats = await inspectModel(bytes);
    } else {
      out.image = await inspectImage(task.file);
      if (task.thumbnail) {
        await writeImageThumbnail(task.file, task.thumbnail);
        out.hasThumbnail = true;
      }
    }
  } catch (err) {
    // Inspection is information; a file that passed the checks is kept.
    out.problem = `Could not inspect the asset: ${(err as Error).message}`;
  }
  return out;
}
