/**
 * USDZ for Apple's AR Quick Look, made in the window: three.js's USDZExporter
 * draws each texture through a canvas, which main (Node) has none of, so the
 * CLI refuses `--format usdz` and the export dialog makes it here from the
 * cached model (KTX2 textures through main's preview copy, as the viewport
 * loads them) and hands it to Save as… (a download; Electron asks where).
 */
import type { Object3D } from 'three';
import { usdzProblems } from '../../../../shared/domain/usdz-rules';
import { USDZExporter } from 'three/examples/jsm/exporters/USDZExporter.js';
import { disposeObject } from '../../viewport/dispose';
import { createGltfLoader, fetchAsset, parseGlb } from '../../viewport/loaders';
import { previewable } from '../../viewport/use-asset-loader';
import { applyNeutralDefaultMaterial } from '../../viewport/thumbnails/neutral-material';
import { downloadAssets } from '../../components/download';

/** Largest texture side written into the USDZ: AR Quick Look on phones gains nothing above it. */
export const USDZ_MAX_TEXTURE = 2048;

/** The USDZ of a job's model; `url` is its cached asset (the bridge's asset URL). */
export async function makeUsdz(localId: string, url: string, headers: Record<string, string>, signal = new AbortController().signal): Promise<Uint8Array> {
  const bytes = await fetchAsset(url, headers, signal);
  const preview = await previewable({ localId }, bytes, signal);
  const loader = createGltfLoader();
  let scene: Object3D | undefined;
  try {
    const gltf = await parseGlb(loader.gltf, preview.bytes);
    // USDZExporter writes MeshStandardMaterial only; a model with no material gets the neutral one it is shown with.
    applyNeutralDefaultMaterial(gltf);
    scene = gltf.scene;
    return await usdzFromScene(gltf.scene);
  } catch (error) {
    throw new Error(`The USDZ could not be made: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    if (scene) disposeObject(scene);
    loader.dispose();
  }
}

/**
 * three's USDZExporter, its package checked against the USDZ package rules before it is offered
 * (shared/domain/usdz-rules.ts: stored, 64-byte aligned, root layer first, allowed file types,
 * textures inside, stage metadata), so a change in three cannot hand the user a package AR Quick Look refuses.
 */
export async function usdzFromScene(scene: Object3D): Promise<Uint8Array> {
  const bytes = await new USDZExporter().parseAsync(scene, { maxTextureSize: USDZ_MAX_TEXTURE });
  const problems = usdzProblems(bytes);
  if (problems.length) throw new Error(`the package breaks the USDZ rules (${problems.map((p) => p.detail).join('; ')})`);
  return bytes;
}

/** The Save as… name of a model's USDZ: the GLB's name with the other extension. */
export function usdzName(glbName: string): string {
  return `${glbName.replace(/\.glb$/i, '') || 'asset'}.usdz`;
}

/** Hands bytes made in the window to Save as… (a download), as the cached assets' Save as… does. */
export function downloadBytes(bytes: Uint8Array, name: string, mime: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type: mime }));
  downloadAssets([{ url, name }]);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
