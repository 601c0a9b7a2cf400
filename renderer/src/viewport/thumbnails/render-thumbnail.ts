/**
 * Draws a model's thumbnail off-screen: its own small WebGL renderer (so the
 * viewport's canvas, camera and GPU memory are untouched), the GLB loaded the
 * way the viewport loads it (`previewable`), a fitted camera and cheap lights (no prefiltered
 * environment: in a software renderer that alone costs seconds), then a PNG.
 * Everything it made is disposed before it returns.
 */
import { AmbientLight, Color, DirectionalLight, HemisphereLight, PerspectiveCamera, Scene, Vector3, WebGLRenderer } from 'three';
import type { GLTF } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MODEL_BACKGROUND } from '../CanvasContent';
import { disposeObject } from '../dispose';
import { fetchAsset, loadersFor, parseGlb } from '../loaders';
import { fitCamera } from '../scene-tools';
import { previewable } from '../use-asset-loader';
import { applyNeutralDefaultMaterial } from './neutral-material';

export const THUMBNAIL_SIZE = 256;

/** Draws the job's model; KTX2 textures come from main's transcoded preview copy, as in the viewport. */
export async function renderModelThumbnail(localId: string, url: string, headers: Record<string, string>, size = THUMBNAIL_SIZE, signal = new AbortController().signal): Promise<Blob> {
  const bytes = await fetchAsset(url, headers, signal);
  const preview = await previewable({ localId }, bytes, signal);
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const gl = new WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true, alpha: false });
  gl.setPixelRatio(1);
  gl.setSize(size, size, false);
  let gltf: GLTF | undefined;
  try {
    gltf = await parseGlb(loadersFor(gl).gltf, preview.bytes);
    // A model with no material is drawn grey, not as a black silhouette.
    applyNeutralDefaultMaterial(gltf);
    const scene = new Scene();
    scene.background = new Color(MODEL_BACKGROUND);
    scene.add(new HemisphereLight(0xffffff, 0x444444, 1.6));
    scene.add(new AmbientLight(0xffffff, 0.4));
    const key = new DirectionalLight(0xffffff, 2.2);
    key.position.set(3, 5, 4);
    scene.add(key);
    scene.add(gltf.scene);
    const camera = new PerspectiveCamera(35, 1, 0.01, 1000);
    fitCamera(camera, gltf.scene, new Vector3());
    gl.render(scene, camera);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (!blob) throw new Error('The thumbnail could not be encoded.');
    return blob;
  } finally {
    if (gltf) disposeObject(gltf.scene);
    loadersFor(gl).dispose();
    gl.dispose();
    gl.forceContextLoss();
  }
}

/** Base64 of bytes, in chunks (a spread of a large array overflows the call stack). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}
