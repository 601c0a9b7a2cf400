/**
 * What a file dropped anywhere on the window does: one image opens Image to
 * 3D with it loaded, several open Multi-image to 3D with the views filled, a
 * GLB opens in the viewport for inspection, a video goes to Animate from
 * video when the key may use it. Anything else is explained.
 */
import { kindOfFormat, type FileField, type FileFormat } from '../../../../shared/api';
import { useStore } from '../../state/store';
import { fieldSpec, initialDraft } from '../../domain/generate/draft';
import { intakeFile, sniffFile } from './file-intake';
import { fillViewSlots } from './MultiImageSlots';
import { LOCAL_IMAGE_FIELD, isPanorama } from '../../domain/generate/local-image';
import { isKindUsable } from './GeneratePanel';
import { selectEarlyAccess, selectOpenLocalFile } from './selectors';

export const DROP_HELP =
  'Drop one image (PNG, JPEG or WebP) for Image to 3D, a 2:1 panorama for the 360° viewer and Skybox from image, several images for Multi-image to 3D, a GLB model or an HDR panorama to inspect it, or a video (MP4, MOV, AVI) for Animate from video.';

/** Radiance HDR panoramas (the viewport shows them; the service takes none) start with "#?". */
async function isHdr(file: File): Promise<boolean> {
  if (!/\.hdr$/i.test(file.name)) return false;
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer());
  return head[0] === 0x23 && head[1] === 0x3f;
}

export type DropOutcome =
  | { action: 'image-to-3d'; ok: boolean }
  /** A 2:1 panorama: shown in the 360° viewer, and ready in Skybox from image. */
  | { action: 'skybox-from-image'; ok: boolean }
  | { action: 'multi-image-to-3d'; ok: boolean }
  /** A GLB (or an HDR panorama) opened in the viewport. */
  | { action: 'inspect-glb' }
  | { action: 'animate-video'; ok: boolean }
  | { action: 'refused'; message: string };

function toast(level: 'info' | 'warning' | 'error', title: string, body?: string) {
  useStore.getState().pushToast({ level, title, body });
}

export async function handleWindowDrop(files: File[]): Promise<DropOutcome> {
  const store = useStore.getState();
  if (files.length === 0) {
    const message = `Nothing to open. ${DROP_HELP}`;
    toast('warning', 'Nothing was dropped', DROP_HELP);
    return { action: 'refused', message };
  }
  const formats: (FileFormat | null)[] = await Promise.all(files.map((f) => sniffFile(f)));
  const kinds = formats.map((f) => (f ? kindOfFormat(f) : null));

  if (kinds.every((k) => k === 'image')) {
    if (files.length === 1) {
      const res = await intakeFile(fieldSpec('image-to-3d', 'file') as FileField, files[0]!);
      if (res.ok && isPanorama(res.staged.width, res.staged.height)) {
        store.setGenerateKind('skybox-from-image');
        store.setDraftField('skybox-from-image', LOCAL_IMAGE_FIELD, res.staged);
        store.setDraftField('skybox-from-image', 'imageJobId', undefined);
        selectOpenLocalFile(store)?.(files[0]!);
        toast('info', 'A panorama', `${files[0]!.name} is open in the 360° viewer, and Skybox from image has it ready: press Generate to make a skybox from it.`);
        return { action: 'skybox-from-image', ok: true };
      }
      store.setGenerateKind('image-to-3d');
      if (res.ok) {
        store.setDraftField('image-to-3d', 'file', res.staged);
        store.setDraftField('image-to-3d', 'imageJobId', undefined);
      } else store.refuseFile('image-to-3d', 'file', files[0]!.name, res.message);
      return { action: 'image-to-3d', ok: res.ok };
    }
    store.setGenerateKind('multi-image-to-3d');
    const draft = useStore.getState().drafts['multi-image-to-3d'] ?? initialDraft('multi-image-to-3d');
    const { errors, unplaced } = await fillViewSlots(files, draft);
    if (unplaced.length) toast('warning', 'Some images were not used', `Multi-image to 3D takes four views; no free view for ${unplaced.join(', ')}.`);
    return { action: 'multi-image-to-3d', ok: Object.keys(errors).length === 0 };
  }

  if (files.length === 1 && (formats[0] === 'glb' || (formats[0] === null && (await isHdr(files[0]!))))) {
    const open = selectOpenLocalFile(store);
    if (open) {
      open(files[0]!);
      return { action: 'inspect-glb' };
    }
    const message = 'The viewport cannot open local files in this build.';
    toast('warning', 'Cannot inspect this model', message);
    return { action: 'refused', message };
  }

  if (files.length === 1 && kinds[0] === 'video') {
    if (!isKindUsable('animate-video', selectEarlyAccess(store))) {
      const message = 'Animate from video is coming soon: it becomes available when the active key has early access (Settings).';
      toast('info', 'Video not used', message);
      return { action: 'refused', message };
    }
    store.setGenerateKind('animate-video');
    const res = await intakeFile(fieldSpec('animate-video', 'file') as FileField, files[0]!);
    if (res.ok) store.setDraftField('animate-video', 'file', res.staged);
    else store.refuseFile('animate-video', 'file', files[0]!.name, res.message);
    return { action: 'animate-video', ok: res.ok };
  }

  const names = files.map((f) => f.name).join(', ');
  const message = `${names}: not something Asset Studio can open. ${DROP_HELP}`;
  toast('warning', 'Cannot use this drop', message);
  return { action: 'refused', message };
}
