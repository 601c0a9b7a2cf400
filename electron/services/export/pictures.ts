/**
 * Writes a picture the renderer made (a turntable or a still) into a project
 * folder, beside the asset's export there (`chair_abc.glb` → `chair_abc_turntable.webm`),
 * or when the asset was not exported there yet under the name its model export
 * would get (the same template and fields: jobNameFields).
 * The bytes must be what their format says (by signature). Lineage as for
 * exports: a picture replaces only the file an earlier picture of the same
 * asset and kind wrote; otherwise it takes a new numbered name.
 */
import { realpath } from 'node:fs/promises';
import { dirname, posix, resolve } from 'node:path';
import { PICTURE_FORMAT_INFO, pictureSuffix, sniffPicture, type PictureFormat, type PictureKind } from '../../../shared/domain/pictures';
import { DEFAULT_EXPORT_OPTIONS } from '../../../shared/ipc';
import { isInside } from './browse';
import type { ExportRecord, StoredFolder } from './export-store';
import { checkFolder, type ExportContext } from './exporter';
import { makeDirsInside } from './inside-dirs';
import { renderTemplate, safeBaseName, safeSubfolder } from './file-name';
import { jobNameFields } from './export-source';
import { jobLookup, lineageKey } from './lineage';
import { exists, freeBase, inPlaceBase, writeAtomic } from './write-files';

export interface PictureRequest {
  localId: string;
  picture: PictureKind;
  format: PictureFormat;
  bytes: Uint8Array;
  /** The model export's file name template, for a model not exported into this folder yet. */
  template?: string;
}

export type PictureResult = { ok: true; path: string; relativePath: string; replacedInPlace: boolean } | { ok: false; message: string };

const MODEL_EXTENSION = /\.(glb|gltf|obj|stl|usdz|png)$/;

export async function savePicture(ctx: ExportContext, folder: StoredFolder, req: PictureRequest): Promise<PictureResult> {
  const sniffed = sniffPicture(req.bytes);
  if (sniffed !== req.format) return { ok: false, message: `That is not a valid ${PICTURE_FORMAT_INFO[req.format].label} file, so nothing was written.` };
  const job = ctx.engine.get(req.localId);
  if (!job) return { ok: false, message: 'That job is not in the history any more.' };
  const problem = await checkFolder(folder.path);
  if (problem) return { ok: false, message: problem };
  const root = await realpath(folder.path);
  const assetKey = lineageKey(job, jobLookup(ctx.engine));
  const key = `${assetKey}#${req.picture}.${req.format}`;
  const suffix = pictureSuffix(req.picture, req.format);

  const earlier = ctx.store.latestOfLineage(folder.id, key);
  let relBase = earlier ? await inPlaceBase(root, earlier, suffix, [suffix]) : undefined;
  const inPlace = relBase !== undefined;
  if (relBase === undefined) {
    const exported = ctx.store.latestOfLineage(folder.id, assetKey);
    const beside = exported?.relativePath.replace(MODEL_EXTENSION, '');
    const sub = beside ? posix.dirname(beside).replace(/^\.$/, '') : safeSubfolder(folder.subfolder ?? '');
    const name = beside
      ? posix.basename(beside)
      : safeBaseName(renderTemplate(req.template ?? DEFAULT_EXPORT_OPTIONS.template, jobNameFields(job)), 'asset', 120);
    relBase = await freeBase(root, sub, name, [suffix], new Set());
  }
  const relativePath = relBase + suffix;
  const target = resolve(root, ...relativePath.split('/'));
  if (!isInside(root, target)) return { ok: false, message: 'The file name would leave the project folder, so nothing was written.' };
  const linkedOut = await makeDirsInside(root, dirname(target));
  if (linkedOut) return { ok: false, message: linkedOut };
  const existed = await exists(target);
  const record: ExportRecord = { localId: req.localId, jobId: job.jobId, lineageKey: key, folderId: folder.id, relativePath, files: [relativePath], exportedAt: ctx.now().toISOString() };
  await ctx.store.addRecord(record);
  try {
    await writeAtomic(target, req.bytes, inPlace && existed);
  } catch (err) {
    await ctx.store.removeRecord(record);
    throw err;
  }
  return { ok: true, path: target, relativePath, replacedInPlace: inPlace && existed };
}
