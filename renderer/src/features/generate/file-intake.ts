/**
 * Taking a file into a form field: check its size and type by content (the
 * first bytes, with `checkFile` from the catalogue) before anything is
 * sent, stage it with the host, and keep a preview URL for the session.
 */
import { SNIFF_BYTES, checkFile, sniffFormat, type FileField as FileSpec, type FileFormat, type FileKind } from '../../../../shared/api';
import { bridge } from '../../bridge';
import type { StagedFileDraft } from '../../domain/generate/draft';
import { noteStagedHeld } from './staged-held';

export type Intake = { ok: true; staged: StagedFileDraft } | { ok: false; message: string };

const previews = new Map<string, string>();

/** Preview URL of a staged file picked in this session (object URLs are not persisted). */
export function previewUrlFor(stagedFileId: string): string | undefined {
  return previews.get(stagedFileId);
}

/** A staged copy made from something with its own picture (a job's image): show that picture as its preview. */
export function rememberPreview(stagedFileId: string, url: string | undefined): void {
  if (url) previews.set(stagedFileId, url);
}

/** Longest side of the picture a staged image keeps in the draft. */
const THUMB_SIDE = 96;

/** A small JPEG of an image as a data: URL, or undefined where the page cannot draw it (no canvas, not decodable). */
export async function smallPicture(file: Blob): Promise<string | undefined> {
  try {
    if (typeof createImageBitmap !== 'function' || typeof document === 'undefined') return undefined;
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, THUMB_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    // A CPU-backed canvas: reading a GPU one back (toDataURL) took 2 s under software GL, per file.
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) return undefined;
    ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const url = canvas.toDataURL('image/jpeg', 0.8);
    return url.startsWith('data:image/') ? url : undefined;
  } catch {
    return undefined;
  }
}

export async function readHead(file: Blob): Promise<Uint8Array> {
  return new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
}

/** The file's format by content, or null when the service takes no such file. */
export async function sniffFile(file: Blob): Promise<FileFormat | null> {
  return sniffFormat(await readHead(file), file.size);
}

export async function checkLocalFile(spec: FileSpec, file: Blob): Promise<{ ok: true } | { ok: false; message: string }> {
  const check = checkFile(spec.label, spec.accept, await readHead(file), file.size, spec.maxBytes);
  return check.ok ? { ok: true } : { ok: false, message: check.message };
}

/** Checks the file against the field, then stages it. Nothing is staged or sent when the check fails. */
export async function intakeFile(spec: FileSpec, file: File | Blob, name?: string): Promise<Intake> {
  const checked = await checkLocalFile(spec, file);
  if (!checked.ok) return checked;
  let res;
  try {
    res = await bridge().stageFile(file, name);
  } catch (err) {
    return { ok: false, message: `${spec.label}: the file could not be handed to the app (${(err as Error).message}).` };
  }
  if (!res.ok) return { ok: false, message: `${spec.label}: ${res.problem.message}` };
  const v = res.value;
  noteStagedHeld(v.id);
  try {
    if (typeof URL.createObjectURL === 'function' && v.kind === 'image') previews.set(v.id, URL.createObjectURL(file));
  } catch {
    // No preview: the form shows the name instead.
  }
  const thumbnail = v.kind === 'image' ? await smallPicture(file) : undefined;
  return {
    ok: true,
    staged: { stagedFileId: v.id, name: v.name, size: v.size, format: v.format, width: v.width, height: v.height, ...(thumbnail ? { thumbnail } : {}) },
  };
}

export type { FileKind };
