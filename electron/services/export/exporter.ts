/**
 * Exports finished jobs into a project folder: a model as the exported copy
 * (export options, then the chosen readiness fixes; the cached original is
 * never written) in the chosen format, the PNG for images and skyboxes, and
 * an optional provenance sidecar. Every file follows the lineage rule
 * (write-files.ts): replaced only when an earlier export of the same asset wrote it.
 */
import { constants } from 'node:fs';
import { access, readFile, realpath, stat } from 'node:fs/promises';
import { refusedByGuard } from '../guard/at-use';
import { readyCopyOffMain, RefusedFile, writeModelOffMain, type CopyMade } from '../guard/export-off-main';
import { basename, dirname, resolve } from 'node:path';
import { DEFAULT_LOD_RATIOS, engineLines, wantsLods } from '../../../shared/domain/engine-import';
import { EXPORT_FORMATS, NODE_FORMATS, type NodeFormat } from '../../../shared/domain/export-formats';
import { checkReadiness, type Budget, type CheckLine, type FixId, type GeometryCompression, type ModelFigures } from '../../../shared/domain/readiness';
import { DEFAULT_EXPORT_OPTIONS, type ExportItemResult, type ExportOptions, type ProjectEngine } from '../../../shared/ipc';
import type { JobEngine } from '../jobs/engine-api';
import { isInside } from './browse';
import type { ExportRecord, StoredFolder } from './export-store';
import { renderTemplate, safeBaseName, safeSubfolder } from './file-name';
import type { OutputFile } from './formats';
import { jobSource, stagedSource, type ExportSource, type StagedFiles } from './export-source';
import { makeDirsInside } from './inside-dirs';
import { isIdentity } from './model-transform';
import type { FormatFiles, ModelExtras } from './model-outputs';
import { skyboxOutputs, skyboxSuffixes } from './skybox-export';
import { SIDECAR_SUFFIX, describeWriteError, exists, freeBase, inPlaceBase, writeAtomic } from './write-files';

/** What exporting needs of the record store (the CLI's ad hoc folders record nothing). */
export interface ExportRecords {
  latestOfLineage(folderId: string, lineageKey: string): ExportRecord | undefined;
  /** Settles once the record is on disk. */
  addRecord(record: ExportRecord): Promise<void> | void;
  /** Takes back a record whose files could not be written. */
  removeRecord(record: ExportRecord): Promise<void> | void;
  records(filter?: { localId?: string }): ExportRecord[];
  folder(id: string): StoredFolder | undefined;
}

export interface ExportContext {
  engine: JobEngine;
  store: ExportRecords;
  now: () => Date;
}

/** Model format, fixes, and the budget and compression the check and fixes use. */
export interface ExportPlan {
  format?: NodeFormat;
  /** Several formats in one export: one base name, shared textures, one sidecar listing every file. */
  formats?: NodeFormat[];
  fixes?: FixId[] | 'all';
  budget: Budget;
  compression: GeometryCompression;
  /** Skyboxes: also the six cube faces named for `projectEngine` (and Godot's sky resource). */
  skyboxFaces?: boolean;
  /** The folder's engine: names cube faces, and decides LOD files and the check's engine lines. */
  projectEngine?: ProjectEngine;
  /** A three.js/web project (project-detect.ts, or a web budget): LOD files unless the options say never. */
  webProject?: boolean;
}

/** Checks the folder is there and writable; a clear sentence when not. Nothing is written. */
export async function checkFolder(folderPath: string): Promise<string | undefined> {
  try {
    const s = await stat(folderPath);
    if (!s.isDirectory()) return `The project folder ${folderPath} is not a folder any more. Choose it again in Settings.`;
  } catch {
    return `The project folder ${folderPath} is missing (moved, renamed, or on a drive that is not connected). Nothing was exported; reconnect it or choose another folder.`;
  }
  try {
    await access(folderPath, constants.W_OK);
  } catch {
    return `Asset Studio cannot write to ${folderPath} (permissions or a read-only drive). Nothing was exported; fix the permissions or choose another folder.`;
  }
  return undefined;
}

export async function exportJobs(
  ctx: ExportContext,
  folder: StoredFolder,
  localIds: string[],
  requested: Partial<ExportOptions>,
  plan: ExportPlan,
): Promise<ExportItemResult[]> {
  return exportSources(ctx, folder, localIds.map((localId) => ({ id: localId, source: jobSource(ctx.engine, localId) })), requested, plan);
}

/** Exports dropped models (staged files) the same way as jobs' assets. */
export async function exportStaged(
  ctx: ExportContext & { staging?: StagedFiles },
  folder: StoredFolder,
  stagedIds: string[],
  requested: Partial<ExportOptions>,
  plan: ExportPlan,
): Promise<ExportItemResult[]> {
  const now = ctx.now();
  return exportSources(ctx, folder, stagedIds.map((id) => ({ id, source: stagedSource(ctx.staging, id, now) })), requested, plan);
}

async function exportSources(
  ctx: ExportContext,
  folder: StoredFolder,
  sources: { id: string; source: ExportSource | { message: string } }[],
  requested: Partial<ExportOptions>,
  plan: ExportPlan,
): Promise<ExportItemResult[]> {
  const options: ExportOptions = { ...DEFAULT_EXPORT_OPTIONS, ...requested };
  const folderProblem = await checkFolder(folder.path);
  if (folderProblem) return sources.map(({ id }) => ({ localId: id, ok: false, message: folderProblem }));
  const root = await realpath(folder.path);
  /** Paths written in this run: two items never share one. */
  const claimed = new Set<string>();
  const results: ExportItemResult[] = [];
  for (const { id, source } of sources) {
    if ('message' in source) {
      results.push({ localId: id, ok: false, message: source.message });
      continue;
    }
    try {
      results.push(await exportOne(ctx, folder, root, source, options, plan, claimed));
    } catch (err) {
      results.push({ localId: id, ok: false, message: describeWriteError(err, folder.path) });
    }
  }
  return results;
}

async function exportOne(
  ctx: ExportContext,
  folder: StoredFolder,
  root: string,
  source: ExportSource,
  options: ExportOptions,
  plan: ExportPlan,
  claimed: Set<string>,
): Promise<ExportItemResult> {
  const localId = source.id;
  const isModel = source.isModel;
  // An image (a panorama) is held against the guard before sharp reads it; a model's guard is part of making its copy.
  const refused = isModel ? undefined : await refusedByGuard(source.path, 'image');
  if (refused) return { localId, ok: false, message: refused };
  const original = await readFile(source.path);
  const formats: NodeFormat[] = isModel ? (plan.formats?.length ? [...new Set(plan.formats)] : [plan.format ?? 'glb']) : [];
  const project = plan.projectEngine ?? 'plain';
  const extras: ModelExtras = {
    collision: options.collision ?? 'none',
    ...(wantsLods(project, options.lods, plan.webProject) ? { lodRatios: plan.budget.lodRatios ?? DEFAULT_LOD_RATIOS } : {}),
    upAxis: options.upAxis,
  };
  let copy: CopyMade | undefined;
  if (isModel) {
    try {
      // In a checking process: the guard, then read, measure and fix (seconds for a large model, none of them main's).
      copy = await readyCopyOffMain(source.path, {
        options,
        budget: plan.budget,
        compression: plan.compression,
        fixes: plan.fixes,
        allowCompression: formats.every((f) => EXPORT_FORMATS[f].compresses),
        ...(source.validation ? { validation: source.validation } : {}),
      }, formats, extras);
    } catch (err) {
      if (err instanceof RefusedFile) return { localId, ok: false, message: err.message };
      // A file glTF-Transform cannot read still exports as it is when nothing asks to change it.
      const plain = formats.length === 1 && formats[0] === 'glb' && isIdentity(options) && (plan.fixes === undefined || (Array.isArray(plan.fixes) && plan.fixes.length === 0));
      if (!plain) return { localId, ok: false, message: `The cached model could not be read (${(err as Error).message}), so it cannot be fixed or converted. Export it as GLB without fixes.` };
    }
  }
  const modelSuffix = `.${formats[0] ?? 'png'}`;
  const faces = !isModel && plan.skyboxFaces === true && source.produces === 'skybox';
  const suffixes = [
    ...(copy ? copy.suffixes : [modelSuffix]),
    ...(faces ? skyboxSuffixes(project) : []),
    ...(options.sidecar ? [SIDECAR_SUFFIX] : []),
  ];

  const key = source.lineageKey;
  const earlier = ctx.store.latestOfLineage(folder.id, key);
  let relBase = earlier && !claimed.has(earlier.relativePath) ? await inPlaceBase(root, ownedAtBase(ctx.store, folder.id, key, earlier), MODEL_SUFFIXES, suffixes) : undefined;
  const inPlace = relBase !== undefined;
  if (relBase === undefined) {
    const sub = safeSubfolder(folder.subfolder ?? '');
    const base = safeBaseName(renderTemplate(options.template, source.names));
    relBase = await freeBase(root, sub, base, suffixes, claimed);
  }
  const relativePath = relBase + modelSuffix;
  const target = resolve(root, ...relativePath.split('/'));
  if (!isInside(root, target) || target === root) {
    return { localId, ok: false, message: 'The file name would leave the project folder, so nothing was written.' };
  }
  // A symlinked subfolder must not lead outside the project either: judged before any folder is made.
  const linkedOut = await makeDirsInside(root, dirname(target));
  if (linkedOut) return { localId, ok: false, message: linkedOut };
  for (const suffix of suffixes) claimed.add(relBase + suffix);

  const name = basename(relBase);
  const model = copy ? await writeModelOffMain(copy.glb, formats, name, extras) : undefined;
  const outputs: OutputFile[] = model ? model.outputs : [{ suffix: modelSuffix, bytes: original }, ...(faces ? await skyboxOutputs(original, project, relativePath) : [])];
  const stray = outputs.find((o) => !suffixes.includes(o.suffix));
  if (stray) throw new Error(`The ${formats.join('/')} writer made an unplanned file (${stray.suffix}).`);
  const existedBefore = await exists(target);
  // Recorded before anything is written: an export cut off between its files (a kill, a crash) leaves
  // them owned by this lineage, so the next export replaces them instead of starting a numbered set.
  const planned = [...outputs.map((o) => relBase + o.suffix), ...(options.sidecar ? [relBase + SIDECAR_SUFFIX] : [])];
  const record: ExportRecord = { localId, jobId: source.jobId, lineageKey: key, folderId: folder.id, relativePath, files: planned, exportedAt: ctx.now().toISOString() };
  await ctx.store.addRecord(record);
  const written: string[] = [];
  try {
    for (const output of outputs) {
      const path = resolve(root, ...(relBase + output.suffix).split('/'));
      await writeAtomic(path, output.bytes, inPlace && (await exists(path)));
      written.push(relBase + output.suffix);
    }
  } catch (err) {
    await ctx.store.removeRecord(record);
    throw err;
  }

  // The check as written: File size is the files of the chosen format (the largest set when several).
  const after = copy && model ? asWritten(copy, model.sizes, plan, project, options, formats) : undefined;
  let sidecarPath: string | undefined;
  if (options.sidecar) {
    sidecarPath = resolve(root, ...(relBase + SIDECAR_SUFFIX).split('/'));
    const exported =
      copy && after && model
        ? {
            format: formats.join('+'),
            files: written.map((w) => basename(w)),
            fileBytes: after.figures.fileBytes,
            formats: model.sizes.map((s) => ({ format: s.format, files: s.suffixes.map((x) => name + x), fileBytes: s.fileBytes })),
            budget: plan.budget,
            fixesApplied: copy.fixes,
            figures: after.figures,
            check: after.check,
          }
        : undefined;
    const sidecar = source.sidecar(basename(target), options, ctx.now(), exported);
    await writeAtomic(sidecarPath, Buffer.from(`${JSON.stringify(sidecar, null, 2)}\n`, 'utf8'), inPlace && (await exists(sidecarPath)));
    written.push(relBase + SIDECAR_SUFFIX);
  }

  return {
    localId,
    ok: true,
    path: target,
    relativePath,
    replacedInPlace: inPlace && existedBefore,
    sidecarPath,
    files: written.map((w) => resolve(root, ...w.split('/'))),
    ...(copy && after ? { check: after.check, fileBytes: after.figures.fileBytes, fixes: copy.fixes, ...(copy.fixes.length ? { checkBefore: copy.before.check } : {}) } : {}),
  };
}

/** Suffixes an earlier export's model file may end with (another format keeps the same base). */
const MODEL_SUFFIXES = [...NODE_FORMATS.map((f) => `.${f}`), '.png'];

/**
 * The earlier export as the owner of every file its lineage wrote at its base: exporting glTF,
 * then OBJ, then glTF again finds the .gltf written two exports ago as its own to replace.
 */
function ownedAtBase(store: ExportRecords, folderId: string, key: string, earlier: ExportRecord): { relativePath: string; files?: string[] } {
  if (!earlier.files) return earlier;
  const base = earlier.relativePath.replace(/\.[a-z0-9]+$/, '');
  const files = new Set(earlier.files);
  for (const r of store.records()) {
    if (r.folderId === folderId && r.lineageKey === key && r.relativePath.replace(/\.[a-z0-9]+$/, '') === base) for (const f of r.files ?? [r.relativePath]) files.add(f);
  }
  return { relativePath: earlier.relativePath, files: [...files] };
}

/** The copy's check with File size measured on the files written, and the lines on collision and LODs. */
function asWritten(copy: CopyMade, sizes: FormatFiles[], plan: ExportPlan, project: ProjectEngine, options: ExportOptions, formats: NodeFormat[]): { figures: ModelFigures; check: CheckLine[] } {
  const figures = { ...copy.after.figures, fileBytes: Math.max(...sizes.map((s) => s.fileBytes)) };
  const compression = formats.every((f) => EXPORT_FORMATS[f].compresses) ? plan.compression : 'none';
  const check = [
    ...checkReadiness(figures, plan.budget, compression),
    ...engineLines(project, { collision: options.collision, lods: options.lods, lodRatios: plan.budget.lodRatios, formats, web: plan.webProject }),
  ];
  return { figures, check };
}

/** Path of the newest export of a job, for "Reveal in folder". */
export function lastExportPath(store: ExportRecords, localId: string): string | undefined {
  const records = store.records({ localId }).sort((a, b) => (a.exportedAt < b.exportedAt ? 1 : -1));
  for (const r of records) {
    const folder = store.folder(r.folderId);
    if (folder) return resolve(folder.path, ...r.relativePath.split('/'));
  }
  return undefined;
}
