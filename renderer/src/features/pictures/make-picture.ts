/**
 * Making a picture from the viewport: a still (one frame, transparent on
 * request) or a turntable (TURNTABLE_FRAMES frames round the model, encoded as
 * it goes), then where it goes: beside the export in a project folder
 * (export:savePicture) or to the browser's download (Save as…).
 */
import { PICTURE_FORMAT_INFO, pictureSuffix, type PictureFormat, type PictureKind, type TurntableFormat } from '../../../../shared/domain/pictures';
import type { SavedPicture } from '../../../../shared/ipc';
import { bridge } from '../../bridge';
import { captureHost, drawView, turnAround, viewSize } from '../../viewport/capture/capture-host';
import { turntableEncoder } from '../../viewport/capture/encode';
import { MAX_WIDTH, TURNTABLE_FPS, TURNTABLE_FRAMES, outputSize } from '../../viewport/capture/turntable-plan';
import type { JobSummary } from '../../../../shared/domain/job';
import type { ViewportTarget } from '../../state/slices/viewport';
import { downloadAssets } from '../../components/download';
import { saveAsName } from '../../domain/export/save-as';

export interface Picture {
  kind: PictureKind;
  format: PictureFormat;
  bytes: Uint8Array;
  /** Frames in it (1 for a still). */
  frames: number;
}

function frameCanvas(format: PictureFormat): HTMLCanvasElement {
  const host = captureHost();
  if (!host) throw new Error('The 3D view is not ready yet.');
  const size = outputSize(viewSize(host), MAX_WIDTH[format]);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  return canvas;
}

export async function makeStill(transparent: boolean): Promise<Picture> {
  const canvas = frameCanvas('png');
  drawView(captureHost()!, canvas, transparent);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('The view could not be turned into a PNG.');
  return { kind: 'still', format: 'png', bytes: new Uint8Array(await blob.arrayBuffer()), frames: 1 };
}

export async function makeTurntable(format: TurntableFormat, onProgress: (done: number, total: number) => void, signal: AbortSignal): Promise<Picture> {
  const canvas = frameCanvas(format);
  const encoder = await turntableEncoder(canvas, format, TURNTABLE_FPS);
  try {
    await turnAround(
      captureHost()!,
      canvas,
      TURNTABLE_FRAMES,
      async (i) => {
        await encoder.add(i);
        onProgress(i + 1, TURNTABLE_FRAMES);
      },
      signal,
    );
    return { kind: 'turntable', format, bytes: await encoder.finish(), frames: TURNTABLE_FRAMES };
  } catch (err) {
    await encoder.cancel().catch(() => {});
    throw err;
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** `template`: the model export's file name template (Settings' export defaults), so the picture is named as the model would be. */
export async function saveToFolder(picture: Picture, localId: string, folderId: string, template?: string): Promise<SavedPicture> {
  const result = await bridge().api.export.savePicture({
    localId,
    folderId,
    picture: picture.kind,
    format: picture.format,
    dataBase64: toBase64(picture.bytes),
    ...(template ? { template } : {}),
  });
  if (!result.ok) throw new Error(result.problem.message);
  return result.value;
}

/**
 * The name a picture's download starts from: a history job's, as its model's Save as… names it (an
 * Image to 3D job by the photo it was made from, not "Image to 3D"); a dropped file's own name.
 */
export function pictureAssetName(target: Pick<ViewportTarget, 'name'>, job: JobSummary | undefined): string {
  return job ? saveAsName(job) : target.name;
}

/** The download's name: the asset's name without its extension, then `_turntable.webm` and so on. */
export function pictureFileName(assetName: string, kind: PictureKind, format: PictureFormat): string {
  const base = assetName.replace(/\.(glb|gltf|png|jpe?g|webp|hdr)$/i, '').replace(/[^\p{L}\p{N} _-]+/gu, ' ').trim().replace(/\s+/g, '-').slice(0, 80) || 'model';
  return `${base}${pictureSuffix(kind, format)}`;
}

export function saveAsDownload(picture: Picture, assetName: string): void {
  const url = URL.createObjectURL(new Blob([picture.bytes as BlobPart], { type: PICTURE_FORMAT_INFO[picture.format].mime }));
  downloadAssets([{ url, name: pictureFileName(assetName, picture.kind, picture.format) }]);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
