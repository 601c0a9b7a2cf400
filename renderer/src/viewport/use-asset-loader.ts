/**
 * Loads the viewport's current asset (model, skybox) for the scene inside the
 * Canvas, reports `loading` / `error` to the slice, and disposes the previous
 * asset's GPU resources when the target changes or the view unmounts.
 */
import { useThree } from '@react-three/fiber';
import { useEffect, useState } from 'react';
import { DataTexture, EquirectangularReflectionMapping, HalfFloatType, LinearFilter, SRGBColorSpace, type Texture, TextureLoader } from 'three';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import type { PreviewTexture } from '../../../shared/ipc';
import { bridge } from '../bridge';
import type { ViewportTarget } from '../state/slices/viewport';
import { useStore } from '../state/store';
import { disposeObject, disposeTexture } from './dispose';
import { bytesFromBase64, makePreviewCompatible, usesBasisTextures, type CompatResult } from './glb-compat';
import { fetchAsset, loadersFor, parseGlb } from './loaders';
import { parkMaterials } from './program-keeper';

function loaderHeaders(target: ViewportTarget): Record<string, string> {
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
 * job's asset by its local id, a dropped file after staging it. If that copy
 * cannot be had, the KTX2 textures are dropped and the note says why.
 * Anything that draws a model (the viewport, thumbnails) can use it.
 */
export async function previewable(target: { localId?: string; name?: string }, bytes: ArrayBuffer, signal: AbortSignal): Promise<Previewable> {
  if (!usesBasisTextures(bytes)) return { bytes, omissions: [] };
  let reason: string;
  try {
    const { api, stageFile } = bridge();
    let copy;
    if (target.localId) {
      copy = await api.files.previewCopy({ localId: target.localId });
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

export function useModel(target: ViewportTarget | null): LoadedModel | null {
  const gl = useThree((s) => s.gl);
  const setStatus = useStore((s) => s.setViewportStatus);
  const [loaded, setLoaded] = useState<LoadedModel | null>(null);
  useEffect(() => {
    if (!target || target.content !== 'model') return;
    const abort = new AbortController();
    let result: LoadedModel | null = null;
    (async () => {
      // A job's asset comes from main's cache, which keeps only files main's guard accepted (what they declare against
      // what they hold, electron/services/guard) and checked on its checking threads; a refused download is deleted and
      // its job says why. A file dropped on the window is read here from its blob while main stages and checks it: that
      // one is not yet held back until main's answer.
      const bytes = await fetchAsset(target.url, loaderHeaders(target), abort.signal);
      const preview = await previewable(target, bytes, abort.signal);
      if (abort.signal.aborted) return;
      const gltf = await parseGlb(loadersFor(gl).gltf, preview.bytes);
      if (abort.signal.aborted) {
        disposeObject(gltf.scene);
        return;
      }
      result = {
        key: target.key,
        gltf,
        fileBytes: bytes.byteLength,
        omissions: preview.omissions,
        ...(preview.fileTextures ? { fileTextures: preview.fileTextures } : {}),
      };
      setLoaded(result);
    })().catch((error: unknown) => {
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

/** Loads an equirectangular panorama (HDR or 8-bit) as a texture for background and environment. */
export function usePanorama(target: ViewportTarget | null, onError?: (message: string) => void): LoadedPanorama | null {
  const gl = useThree((s) => s.gl);
  const [loaded, setLoaded] = useState<LoadedPanorama | null>(null);
  useEffect(() => {
    if (!target) return;
    const abort = new AbortController();
    let texture: Texture | null = null;
    (async () => {
      const bytes = await fetchAsset(target.url, loaderHeaders(target), abort.signal);
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
      if (abort.signal.aborted) {
        disposeTexture(texture);
        return;
      }
      setLoaded({ url: target.url, texture });
    })().catch((error: unknown) => {
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
