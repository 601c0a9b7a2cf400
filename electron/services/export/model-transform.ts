/**
 * Engine-friendly adjustments applied to a COPY of a model: up axis, scale
 * and pivot at the base. The scene's roots are wrapped in two nodes (outer:
 * rotation and scale; inner: the pivot offset), so meshes, skins and
 * animations are untouched and the cached original is never rewritten.
 */
import { Logger, NodeIO, getBounds, type Document } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder, MeshoptEncoder } from 'meshoptimizer';
import type { ExportOptions } from '../../../shared/ipc';

export type ModelOptions = Pick<ExportOptions, 'upAxis' | 'scale' | 'pivotAtBase'>;

export function isIdentity(options: ModelOptions): boolean {
  return options.upAxis === 'y' && options.scale === 1 && !options.pivotAtBase;
}

/** glTF-Transform's info lines (prune, weld) stay out of the CLI's output and the logs. */
const QUIET = new Logger(Logger.Verbosity.WARN);

let plainIo: Promise<NodeIO> | undefined;
let dracoIo: Promise<NodeIO> | undefined;

/**
 * A reader/writer with every extension and the meshopt codecs, plus Draco's when `draco` is asked for
 * (a Draco file, or Draco compression to write): making Draco's WebAssembly modules takes about a
 * second, which an export of a model without Draco should not wait for.
 */
export function modelIo(draco = true): Promise<NodeIO> {
  if (!draco) {
    plainIo ??= (async () => {
      await MeshoptDecoder.ready;
      await MeshoptEncoder.ready;
      return new NodeIO().setLogger(QUIET).registerExtensions(ALL_EXTENSIONS).registerDependencies({ 'meshopt.decoder': MeshoptDecoder, 'meshopt.encoder': MeshoptEncoder });
    })();
    return plainIo;
  }
  dracoIo ??= (async () => {
    const dracoModule = 'draco3dgltf';
    const module = (await import(dracoModule)) as { default?: DracoFactory } & DracoFactory;
    const factory = module.default ?? module;
    await MeshoptDecoder.ready;
    await MeshoptEncoder.ready;
    return new NodeIO().setLogger(QUIET).registerExtensions(ALL_EXTENSIONS).registerDependencies({
      'draco3d.decoder': await factory.createDecoderModule(),
      'draco3d.encoder': await factory.createEncoderModule(),
      'meshopt.decoder': MeshoptDecoder,
      'meshopt.encoder': MeshoptEncoder,
    });
  })();
  return dracoIo;
}

/** Whether a GLB's JSON names Draco compression (read from the header, without parsing the file). */
export function usesDraco(glb: Uint8Array): boolean {
  if (glb.byteLength < 20) return false;
  const view = new DataView(glb.buffer, glb.byteOffset, glb.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = Buffer.from(glb.buffer, glb.byteOffset + 20, Math.min(jsonLength, glb.byteLength - 20)).toString('utf8');
  return json.includes('KHR_draco_mesh_compression');
}

interface DracoFactory {
  createDecoderModule(): Promise<unknown>;
  createEncoderModule(): Promise<unknown>;
}

/** Y-up (glTF) to Z-up: +90° about X maps +Y onto +Z. */
const Y_TO_Z_UP: [number, number, number, number] = [Math.SQRT1_2, 0, 0, Math.SQRT1_2];

export function applyModelOptions(document: Document, options: ModelOptions): void {
  for (const scene of document.getRoot().listScenes()) {
    const roots = scene.listChildren();
    if (roots.length === 0) continue;
    const bounds = getBounds(scene);
    const outer = document.createNode('AssetStudioExport');
    const inner = document.createNode('AssetStudioPivot');
    if (options.upAxis === 'z') outer.setRotation(Y_TO_Z_UP);
    outer.setScale([options.scale, options.scale, options.scale]);
    if (options.pivotAtBase && Number.isFinite(bounds.min[1])) {
      inner.setTranslation([-(bounds.min[0] + bounds.max[0]) / 2, -bounds.min[1], -(bounds.min[2] + bounds.max[2]) / 2]);
    }
    for (const root of roots) {
      scene.removeChild(root);
      inner.addChild(root);
    }
    outer.addChild(inner);
    scene.addChild(outer);
  }
}

/** Reads a GLB, applies the options and returns the new GLB bytes. */
export async function transformGlb(glb: Uint8Array, options: ModelOptions): Promise<Uint8Array> {
  const nodeIo = await modelIo(usesDraco(glb));
  const document = await nodeIo.readBinary(glb);
  applyModelOptions(document, options);
  return nodeIo.writeBinary(document);
}
