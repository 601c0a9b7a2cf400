/**
 * Chains from an image: any image the app holds (a job's image result, an
 * upload, a dropped or picked file) feeds the requests that take an uploaded
 * image's id (Image to 3D, Skybox from image). The host makes the upload (0
 * credits) and reuses it for the same bytes, so the user never uploads by hand.
 */
import type { GenerationKind } from '../../../../shared/api';
import { bridge } from '../../bridge';
import { useStore } from '../../state/store';
import { isStagedFileDraft, initialDraft } from '../../domain/generate/draft';
import { FILE_THEN_UPLOAD_KINDS, LOCAL_IMAGE_FIELD } from '../../domain/generate/local-image';


function toastError(title: string, body: string) {
  useStore.getState().pushToast({ level: 'error', title, body });
}

/** "Make a 3D model" / "Make a skybox" from a job's image: uploads it (or reuses the upload), then opens the form with it chosen. */
export async function makeFromImage(localId: string, kind: 'image-to-3d' | 'skybox-from-image'): Promise<boolean> {
  let res;
  try {
    res = await bridge().api.files.imageUpload({ localId });
  } catch (err) {
    res = { ok: false as const, problem: { reason: 'host-unreachable', message: (err as Error).message } };
  }
  if (!res.ok) {
    toastError('The image could not be used', res.problem.message);
    return false;
  }
  useStore.getState().startFrom(kind, { imageJobId: res.value.jobId });
  return true;
}

/**
 * Before a form that takes only an uploaded image is submitted: a file picked
 * or dropped on it becomes that upload. Resolves false (with the reason on the
 * field) when it could not be uploaded.
 */
export async function uploadPickedImage(kind: GenerationKind): Promise<boolean> {
  if (!FILE_THEN_UPLOAD_KINDS.includes(kind)) return true;
  const store = useStore.getState();
  const picked = (store.drafts[kind] ?? initialDraft(kind))[LOCAL_IMAGE_FIELD];
  if (!isStagedFileDraft(picked)) return true;
  let res;
  try {
    res = await bridge().api.files.imageUpload({ stagedFileId: picked.stagedFileId });
  } catch (err) {
    res = { ok: false as const, problem: { reason: 'host-unreachable', message: (err as Error).message } };
  }
  if (!res.ok) {
    // Said where a failed send is said, not on the field: the file itself is fine, and a field error would keep Generate off.
    const sentWith = store.settings?.active ? { environmentId: store.settings.active.environmentId, keyId: store.settings.active.keyId } : undefined;
    useStore.setState({
      submissions: { ...useStore.getState().submissions, [kind]: { phase: 'failed', problem: { ...res.problem, message: `${picked.name} could not be uploaded: ${res.problem.message}` }, sentWith } },
    });
    return false;
  }
  store.setDraftField(kind, 'imageJobId', res.value.jobId);
  useStore.getState().setDraftField(kind, LOCAL_IMAGE_FIELD, undefined);
  return true;
}
