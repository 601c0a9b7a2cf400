/**
 * Viewport slice: what the viewport shows and how. Plain data only (ids,
 * URLs, flags); the three.js objects live in the viewport's components.
 */
import { ENDPOINTS, shownOfKind } from '../../../../shared/api';
import { PANORAMA_HEAD_BYTES } from '../../../../shared/ipc';
import { bridge } from '../../bridge';
import type { SliceCreator } from '../slice';

/** `checking`: a dropped file main is staging and checking; nothing of it is loaded until main accepts it. */
export type ViewportState = 'empty' | 'checking' | 'loading' | 'ready' | 'error';
export type ViewportContent = 'model' | 'image' | 'skybox';
export type ViewMode = 'shaded' | 'wireframe' | 'normals' | 'uv-checker' | 'matcap';
export const PBR_CHANNELS = ['baseColor', 'metallic', 'roughness', 'normal', 'emissive', 'occlusion'] as const;
export type PbrChannel = (typeof PBR_CHANNELS)[number];

export interface ViewportTarget {
  /** Unique per opening, so a reload of the same asset is a new target. */
  key: string;
  content: ViewportContent;
  url: string;
  /** File format, which picks the loader. */
  format: 'glb' | 'png' | 'jpg' | 'webp' | 'hdr';
  name: string;
  /** Set for a job's asset; absent for a dropped local file. */
  localId?: string;
  /** A dropped file's copy in main, staged and accepted by main's checks before the file was shown. */
  stagedFileId?: string;
  jobId?: string;
  /** Split-to-parts results open with the parts list. */
  parts?: boolean;
}

export interface ViewportSlice {
  viewportTarget: ViewportTarget | null;
  viewportState: ViewportState;
  viewportError?: string;
  viewMode: ViewMode;
  /** One PBR channel shown alone, or null for the full material. */
  pbrChannel: PbrChannel | null;
  showSkeleton: boolean;
  /** A skybox lighting and surrounding the model ("Preview a model in this skybox"). */
  modelBackdrop: ViewportTarget | null;
  /** The last model opened, for "Preview a model in this skybox". */
  lastModel: ViewportTarget | null;
  /**
   * A dropped GLB staged into the app (files:stagePath / files:stageBytes), so main can check and export it;
   * `key` is the viewport target it belongs to. Null until staged; `error` when staging failed.
   */
  localModel: { key: string; stagedFileId?: string; name: string; error?: string } | null;
  openJob(job: { localId: string; jobId?: string; kind: keyof typeof ENDPOINTS; title?: string }): void;
  /** Inspect a file dropped on the window (GLB, HDR or image). */
  openLocalFile(file: File): void;
  /** Shows a file the host serves by URL that is no job's result (a file brought into the library). */
  openHostFile(target: Omit<ViewportTarget, 'key' | 'localId' | 'jobId' | 'parts'>): void;
  closeViewport(): void;
  /** Reported by the viewport's loader; ignored when `key` is no longer the target. */
  setViewportStatus(key: string, state: ViewportState, error?: string): void;
  /** A dropped 2:1 image is a panorama: show it in the 360° viewer instead. */
  showImageAsSkybox(key: string): void;
  setViewMode(mode: ViewMode): void;
  setPbrChannel(channel: PbrChannel | null): void;
  setShowSkeleton(on: boolean): void;
  /** Shows the last model inside this skybox (or clears the backdrop with null). */
  previewModelInSkybox(skybox: ViewportTarget | null): boolean;
}

let openSeq = 0;
const nextKey = (): string => `view-${++openSeq}`;

const EXT_FORMATS: Record<string, ViewportTarget['format']> = {
  glb: 'glb',
  png: 'png',
  jpg: 'jpg',
  jpeg: 'jpg',
  webp: 'webp',
  hdr: 'hdr',
};

/** The format of a dropped file, by its extension (content is checked by the loader). */
export function localFileFormat(name: string): ViewportTarget['format'] | null {
  const ext = name.toLowerCase().split('.').pop() ?? '';
  return EXT_FORMATS[ext] ?? null;
}

/** Main's "NAME: reason" without the name: the card names the file under the reason, which would say it twice. */
function withoutName(name: string, message: string): string {
  const prefix = `${name}: `;
  return message.startsWith(prefix) ? message.slice(prefix.length) : message;
}

/** Bytes as Latin-1 text, one character per byte (TextDecoder's 'latin1' is windows-1252 and would change 0x80-0x9F). */
function latin1(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 8192) text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return text;
}

export const createViewportSlice: SliceCreator<ViewportSlice> = (set, get) => {
  /** Object URLs of dropped files, revoked when another asset replaces them. */
  let localUrl: string | null = null;
  const releaseLocal = (keep?: string) => {
    if (localUrl && localUrl !== keep && get().modelBackdrop?.url !== localUrl && get().lastModel?.url !== localUrl) {
      URL.revokeObjectURL(localUrl);
    }
    localUrl = null;
  };
  const show = (target: ViewportTarget) => {
    set((s) => ({
      viewportTarget: target,
      viewportState: 'loading',
      viewportError: undefined,
      pbrChannel: null,
      lastModel: target.content === 'model' ? target : s.lastModel,
      // A backdrop belongs to the model preview it was chosen for.
      modelBackdrop: target.content === 'model' ? s.modelBackdrop : null,
    }));
  };
  /**
   * A dropped file reaches the loaders (three.js, the image view) only after main has staged it and its checks
   * accepted it (what the file declares against what it holds: electron/services/guard): until then the target has
   * no URL and the viewport says "Checking…"; a refusal shows main's reason. The staged copy is kept, so main can
   * check and export the model and make its preview copy.
   */
  const checkDropped = async (file: File, target: ViewportTarget) => {
    let result;
    try {
      result = await bridge().stageFile(file);
    } catch (err) {
      result = { ok: false as const, problem: { reason: 'unreadable', message: `${file.name} could not be checked: ${(err as Error).message}` } };
    }
    if (get().viewportTarget?.key !== target.key) return;
    if (!result.ok) {
      // The card names the file under the reason: staging's "NAME: reason" would say it twice.
      const reason = withoutName(file.name, result.problem.message);
      set({ viewportState: 'error', viewportError: reason, localModel: target.content === 'model' ? { key: target.key, name: file.name, error: result.problem.message } : null });
      return;
    }
    const url = URL.createObjectURL(file);
    localUrl = url;
    show({ ...target, url, stagedFileId: result.value.id });
    set({ localModel: target.content === 'model' ? { key: target.key, stagedFileId: result.value.id, name: file.name } : null });
  };
  /**
   * A dropped HDR panorama reaches the skybox loader only after main has read what its header declares (size,
   * pixels) against the file's size (electron/services/guard/panorama.ts); until then the viewport says "Checking…".
   */
  const checkPanorama = async (file: File, target: ViewportTarget) => {
    let result;
    try {
      const head = new Uint8Array(await file.slice(0, PANORAMA_HEAD_BYTES).arrayBuffer());
      result = await bridge().api.files.checkPanorama({ name: file.name.slice(0, 255) || 'panorama.hdr', size: file.size, head: latin1(head) });
    } catch (err) {
      result = { ok: false as const, problem: { reason: 'unreadable', message: `${file.name} could not be checked: ${(err as Error).message}` } };
    }
    if (get().viewportTarget?.key !== target.key) return;
    if (!result.ok) {
      set({ viewportState: 'error', viewportError: withoutName(file.name, result.problem.message) });
      return;
    }
    const url = URL.createObjectURL(file);
    localUrl = url;
    show({ ...target, url });
  };
  return {
    viewportTarget: null,
    viewportState: 'empty',
    viewportError: undefined,
    viewMode: 'shaded',
    pbrChannel: null,
    showSkeleton: false,
    modelBackdrop: null,
    lastModel: null,
    localModel: null,

    openJob: (job) => {
      const spec = ENDPOINTS[job.kind];
      const produces = spec ? shownOfKind(job.kind) : undefined;
      if (!produces || produces === 'none') return;
      releaseLocal();
      const content: ViewportContent = produces === 'image' ? 'image' : produces === 'skybox' ? 'skybox' : 'model';
      show({
        key: nextKey(),
        content,
        url: bridge().assetUrl(job.localId, 'asset'),
        format: content === 'model' ? 'glb' : 'png',
        name: job.title || spec.label,
        localId: job.localId,
        jobId: job.jobId,
        parts: produces === 'parts',
      });
    },

    openLocalFile: (file) => {
      const format = localFileFormat(file.name);
      if (!format) {
        set({
          viewportTarget: { key: nextKey(), content: 'model', url: '', format: 'glb', name: file.name },
          viewportState: 'error',
          viewportError: `${file.name} is not a file the viewport can show (GLB, HDR, PNG, JPEG or WebP).`,
        });
        return;
      }
      releaseLocal();
      // HDR files are always panoramas; 2:1 images are decided by the image view once their size is known.
      const content: ViewportContent = format === 'glb' ? 'model' : format === 'hdr' ? 'skybox' : 'image';
      const key = nextKey();
      set({ localModel: null });
      set({ viewportTarget: { key, content, url: '', format, name: file.name }, viewportState: 'checking', viewportError: undefined, pbrChannel: null });
      // Main's staging takes only what the service accepts, and a Radiance HDR is none of that: main judges its header instead.
      if (format === 'hdr') void checkPanorama(file, { key, content, url: '', format, name: file.name });
      else void checkDropped(file, { key, content, url: '', format, name: file.name });
    },

    openHostFile: (target) => {
      releaseLocal();
      show({ ...target, key: nextKey() });
      set({ localModel: null });
    },

    closeViewport: () => {
      releaseLocal();
      set({ viewportTarget: null, viewportState: 'empty', viewportError: undefined });
    },

    setViewportStatus: (key, state, error) => {
      if (get().viewportTarget?.key !== key) return;
      set({ viewportState: state, viewportError: state === 'error' ? error ?? 'The asset could not be shown.' : undefined });
    },

    showImageAsSkybox: (key) => {
      const target = get().viewportTarget;
      if (!target || target.key !== key || target.content !== 'image') return;
      set({ viewportTarget: { ...target, key: nextKey(), content: 'skybox' }, viewportState: 'loading' });
    },

    setViewMode: (mode) => set({ viewMode: mode }),
    setPbrChannel: (channel) => set({ pbrChannel: channel }),
    setShowSkeleton: (on) => set({ showSkeleton: on }),

    previewModelInSkybox: (skybox) => {
      if (skybox === null) {
        set({ modelBackdrop: null });
        return true;
      }
      const model = get().lastModel;
      if (!model) return false;
      set({ modelBackdrop: skybox, viewportTarget: { ...model, key: nextKey() }, viewportState: 'loading', viewportError: undefined });
      return true;
    },
  };
};
