/**
 * Loaders, configured once per renderer, with decoders from the app's own
 * files (never a CDN): meshopt runs in the page and Draco in a blob: worker
 * (both need only 'wasm-unsafe-eval'); the Draco files are served from
 * `decoders/` beside the page (copied from three at build time, see
 * renderer/vite.config.ts). KTX2 textures never reach these loaders: the
 * Basis transcoder needs 'unsafe-eval', so the main process transcodes them
 * into a preview copy (see glb-compat.ts and use-asset-loader.ts).
 */
import type { WebGLRenderer } from 'three';
import { GLTFLoader, type GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { HDRLoader } from 'three/examples/jsm/loaders/HDRLoader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';

/** Relative to the page, so it works from file-less shells (studio://) and the browser shell alike. */
export const DECODER_BASE = './decoders/';

interface LoaderSet {
  gltf: GLTFLoader;
  hdr: HDRLoader;
  dispose(): void;
}

const byRenderer = new WeakMap<WebGLRenderer, LoaderSet>();

/** A glTF loader with the app's Draco and meshopt decoders, for work with no renderer of its own (USDZ export). */
export function createGltfLoader(): { gltf: GLTFLoader; dispose(): void } {
  const draco = new DRACOLoader().setDecoderPath(`${DECODER_BASE}draco/`);
  const gltf = new GLTFLoader().setDRACOLoader(draco).setMeshoptDecoder(MeshoptDecoder);
  return { gltf, dispose: () => draco.dispose() };
}

export function loadersFor(gl: WebGLRenderer): LoaderSet {
  let set = byRenderer.get(gl);
  if (set) return set;
  const { gltf, dispose } = createGltfLoader();
  set = { gltf, hdr: new HDRLoader(), dispose };
  byRenderer.set(gl, set);
  return set;
}

/** Fetches an asset with the host's loader headers; the byte count feeds the stats overlay. */
export async function fetchAsset(url: string, headers: Record<string, string>, signal: AbortSignal): Promise<ArrayBuffer> {
  const response = await fetch(url, { headers, signal });
  if (!response.ok) {
    throw new Error(response.status === 404 ? 'The asset is not in the local cache.' : `The asset could not be read (HTTP ${response.status}).`);
  }
  return response.arrayBuffer();
}

const GLB_MAGIC = 0x46546c67; // 'glTF'

/** A decoder that never answers must not leave the viewport loading forever. */
export const PARSE_TIMEOUT_MS = 120_000;

/** Parses GLB bytes, with a readable reason for files that are not GLB at all. */
export async function parseGlb(loader: GLTFLoader, bytes: ArrayBuffer): Promise<GLTF> {
  if (bytes.byteLength < 12 || new DataView(bytes).getUint32(0, true) !== GLB_MAGIC) {
    throw new Error('This file is not a binary glTF (GLB): its header is missing or damaged.');
  }
  try {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('decoding took too long and was stopped')), PARSE_TIMEOUT_MS);
    });
    try {
      return await Promise.race([loader.parseAsync(bytes, ''), timeout]);
    } finally {
      clearTimeout(timer);
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`The model could not be read: ${reason}`);
  }
}
