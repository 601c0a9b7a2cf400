/**
 * Loads the viewport's current asset (model, skybox) for the scene inside the
 * Canvas, reports `loading` / `error` to the slice, and disposes the previous
 * asset's GPU resources when the target changes or the view unmounts.
 */
import { useThree } from '@react-three/fiber';
import { useEffect, useState } from 'react';
import { DataTexture, EquirectangularReflectionMapping, HalfFloatType, LinearFilter, SRGBColorSpace, type Texture, TextureLoader, type WebGLRenderer } from 'three';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { PreviewTexture } from '../../../shared/ipc';
import { bridge } from '../bridge';
import type { ViewportTarget } from '../state/slices/viewport';
import { useStore } from '../state/store';
import { disposeObject, disposeTexture } from './dispose';
import { bytesFromBase64, makePreviewCompatible, usesBasisTextures, type CompatResult } from './glb-compat';
import { fetchAsset, loadersFor, parseGlb } from './loaders';
import { parkMaterials } from './program-keeper';

/** What a load needs to know of its target: the viewport's target, or one take of the compare view. */
export type AssetSource = Pick<ViewportTarget, 'url' | 'localId' | 'stagedFileId'> & { name?: string; format?: ViewportTarget['format'] };

function loaderHeaders(target: Pick<AssetSource, 'localId'>): Record<string, string> {
  if (!target.localId) return {};
  try {
    return bridge().assetRequestHeaders();
  } catch {
    return {};
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export interface LoadedModel {
  key: string;
  gltf: GLTF;
  /** The file's own size (not the preview copy's). */
  fileBytes: number;
  /** What the preview leaves out or changes (KTX2 textures), in words. */
  omissions: string[];
  /** The file's KTX2 textures as they are in the file, when the preview shows transcoded copies of them. */
  fileTextures?: PreviewTexture[];
}

export interface Previewable extends CompatResult {
  fileTextures?: PreviewTexture[];
}

/**
 * The bytes the page can parse. A model with KTX2 (Basis) textures is
 * previewed from the main process's copy (textures transcoded to PNG): a
 * job's asset by its local id, a dropped file by its staged copy (staged
 * here when the caller has none). If that copy
 * cannot be had, the KTX2 textures are dropped and the note says why.
 * Anything that draws a model (the viewport, thumbnails) can use it.
 */
export async function previewable(target: { localId?: string; stagedFileId?: string; name?: string }, bytes: ArrayBuffer, signal: AbortSignal): Promise<Previewable> {
  if (!usesBasisTextures(bytes)) return { bytes, omissions: [] };
  let reason: string;
  try {
    const { api, stageFile } = bridge();
    let copy;
    if (target.localId) {
      copy = await api.files.previewCopy({ localId: target.localId });
    } else if (target.stagedFileId) {
      copy = await api.files.previewCopy({ stagedFileId: target.stagedFileId });
    } else {
      const staged = await stageFile(new Blob([bytes]), target.name ?? 'model.glb');
      copy = staged.ok ? await api.files.previewCopy({ stagedFileId: staged.value.id }) : staged;
    }
    if (copy.ok && typeof copy.value?.glbBase64 === 'string') {
      return { bytes: bytesFromBase64(copy.value.glbBase64), omissions: copy.value.notes, fileTextures: copy.value.textures };
    }
    reason = copy.ok ? 'the app returned no preview copy' : copy.problem.message;
  } catch (error) {
    reason = `the preview copy could not be made: ${error instanceof Error ? error.message : String(error)}`;
  }
  if (signal.aborted) return { bytes, omissions: [] };
  return makePreviewCompatible(bytes, reason);
}

/**
 * Fetches a model and parses what the page can show of it (previewable()):
 * the one way the viewport and the compare view load a model. Null when
 * aborted (anything parsed meanwhile is disposed).
 */
export async function loadModel(gl: WebGLRenderer, target: AssetSource, signal: AbortSignal): Promise<Omit<LoadedModel, 'key'> | null> {
  // Only files main has checked reach the parser. A job's asset comes from main's cache, which keeps only files main's
  // guard accepted (what they declare against what they hold, electron/services/guard) on its checking threads; a
  // refused download is deleted and its job says why. A file dropped on the window gets its URL only once main has
  // staged it and the guard accepted it (openLocalFile in state/slices/viewport.ts; the viewport says "Checking…" meanwhile).
  const bytes = await fetchAsset(target.url, loaderHeaders(target), signal);
  const preview = await previewable(target, bytes, signal);
  if (signal.aborted) return null;
  const gltf = await parseGlb(loadersFor(gl).gltf, preview.bytes);
  if (signal.aborted) {
    disposeObject(gltf.scene);
    return null;
  }
  return { gltf, fileBytes: bytes.byteLength, omissions: preview.omissions, ...(preview.fileTextures ? { fileTextures: preview.fileTextures } : {}) };
}

export function useModel(target: ViewportTarget | null): LoadedModel | null {
  const gl = useThree((s) => s.gl);
  const setStatus = useStore((s) => s.setViewportStatus);
  const [loaded, setLoaded] = useState<LoadedModel | null>(null);
  useEffect(() => {
    if (!target || target.content !== 'model') return;
    const abort = new AbortController();
    let result: LoadedModel | null = null;
    loadModel(gl, target, abort.signal)
      .then((model) => {
        if (!model) return;
        if (abort.signal.aborted) {
          disposeObject(model.gltf.scene);
          return;
        }
        result = { key: target.key, ...model };
        setLoaded(result);
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) setStatus(target.key, 'error', reason(error));
      });
    return () => {
      abort.abort();
      // A shown model's materials keep their compiled programs for the next model (see program-keeper.ts).
      if (result) disposeObject(result.gltf.scene, [], (materials) => parkMaterials(gl, materials));
      setLoaded(null);
    };
  }, [target, gl, setStatus]);
  return loaded && loaded.key === target?.key ? loaded : null;
}

export interface LoadedPanorama {
  url: string;
  texture: Texture;
}

/**
 * Fetches an equirectangular panorama (HDR or 8-bit) as a texture for
 * background and environment: the one way the viewport and the compare view
 * load one. Null when aborted (the texture made meanwhile is disposed).
 */
export async function loadPanorama(gl: WebGLRenderer, target: AssetSource, signal: AbortSignal): Promise<Texture | null> {
  // A job's panorama comes from main's cache (checked by its guard); a dropped HDR gets its URL only once main has
  // read what its header declares against its size (checkPanorama in state/slices/viewport.ts, guard/panorama.ts).
  const bytes = await fetchAsset(target.url, loaderHeaders(target), signal);
  let texture: Texture;
  if (target.format === 'hdr') {
    const data = loadersFor(gl).hdr.parse(bytes);
    if (!data?.data) throw new Error('This HDR file could not be decoded.');
    const t = new DataTexture(data.data, data.width, data.height, undefined, data.type ?? HalfFloatType);
    t.minFilter = t.magFilter = LinearFilter;
    t.flipY = true;
    t.needsUpdate = true;
    texture = t;
  } else {
    const blobUrl = URL.createObjectURL(new Blob([bytes]));
    try {
      texture = await new TextureLoader().loadAsync(blobUrl);
    } catch {
      throw new Error('This image could not be decoded.');
    } finally {
      URL.revokeObjectURL(blobUrl);
    }
    texture.colorSpace = SRGBColorSpace;
  }
  texture.mapping = EquirectangularReflectionMapping;
  if (signal.aborted) {
    disposeTexture(texture);
    return null;
  }
  return texture;
}

/** Loads an equirectangular panorama (HDR or 8-bit) as a texture for background and environment. */
export function usePanorama(target: ViewportTarget | null, onError?: (message: string) => void): LoadedPanorama | null {
  const gl = useThree((s) => s.gl);
  const [loaded, setLoaded] = useState<LoadedPanorama | null>(null);
  useEffect(() => {
    if (!target) return;
    const abort = new AbortController();
    let texture: Texture | null = null;
    loadPanorama(gl, target, abort.signal)
      .then((t) => {
        if (!t) return;
        if (abort.signal.aborted) {
          disposeTexture(t);
          return;
        }
        texture = t;
        setLoaded({ url: target.url, texture: t });
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) onError?.(reason(error));
      });
    return () => {
      abort.abort();
      if (texture) disposeTexture(texture);
      setLoaded(null);
    };
    // onError is a callback from the parent; the load depends on the target only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [target, gl]);
  return loaded && loaded.url === target?.url ? loaded : null;
}
