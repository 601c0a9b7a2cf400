/**
 * Where the pictures come from: the viewport's own renderer, scene and camera,
 * registered by <CaptureBridge> inside the Canvas. Frames are drawn on demand
 * into the WebGL canvas and copied out in the same task (the drawing buffer is
 * still there), so they carry the viewport's tone mapping and colours exactly.
 */
import { Color, type Camera, type Object3D, type Scene, type Vector3, type WebGLRenderer } from 'three';
import { orbitPosition } from '../view-commands';
import { frameAzimuth, type FrameSize } from './turntable-plan';

export interface CaptureHost {
  gl: WebGLRenderer;
  scene: Scene;
  camera: Camera;
  /** The point the camera orbits (OrbitControls' target). */
  target(): Vector3;
  invalidate(): void;
}

let current: CaptureHost | null = null;

export function setCaptureHost(host: CaptureHost): () => void {
  current = host;
  return () => {
    if (current === host) current = null;
  };
}

export function captureHost(): CaptureHost | null {
  return current;
}

/** Name given to the viewport's grid, so a transparent still leaves it out. */
export const STUDIO_GRID = 'studio-grid';

export function viewSize(host: CaptureHost): FrameSize {
  return { width: host.gl.domElement.width, height: host.gl.domElement.height };
}

/** Renders the view now and draws it into `out` (scaled to its size). Transparent: no background, no grid. */
export function drawView(host: CaptureHost, out: HTMLCanvasElement, transparent: boolean): void {
  const { gl, scene, camera } = host;
  const background = scene.background;
  const clear = gl.getClearColor(new Color());
  const clearAlpha = gl.getClearAlpha();
  const hidden: Object3D[] = [];
  if (transparent) {
    scene.background = null;
    gl.setClearColor(0x000000, 0);
    scene.traverse((o) => {
      if (o.name === STUDIO_GRID && o.visible) {
        o.visible = false;
        hidden.push(o);
      }
    });
  }
  try {
    gl.render(scene, camera);
    const ctx = out.getContext('2d')!;
    ctx.clearRect(0, 0, out.width, out.height);
    ctx.drawImage(gl.domElement, 0, 0, out.width, out.height);
  } finally {
    scene.background = background;
    gl.setClearColor(clear, clearAlpha);
    for (const o of hidden) o.visible = true;
  }
}

export class Cancelled extends Error {
  constructor() {
    super('Cancelled');
  }
}

/**
 * A full turn around the orbit target from the current view: frame i is drawn into
 * `out`, then `onFrame(i)` runs (it encodes); the view is put back afterwards, also on cancel.
 */
export async function turnAround(host: CaptureHost, out: HTMLCanvasElement, frames: number, onFrame: (i: number) => Promise<void> | void, signal: AbortSignal): Promise<void> {
  const { camera } = host;
  const position = camera.position.clone();
  const quaternion = camera.quaternion.clone();
  const target = host.target().clone();
  try {
    for (let i = 0; i < frames; i++) {
      if (signal.aborted) throw new Cancelled();
      camera.position.copy(orbitPosition(position, target, frameAzimuth(i, frames), 0));
      camera.lookAt(target);
      camera.updateMatrixWorld();
      drawView(host, out, false);
      await onFrame(i);
      // Let the page paint the progress between frames.
      await new Promise((r) => setTimeout(r, 0));
    }
  } finally {
    camera.position.copy(position);
    camera.quaternion.copy(quaternion);
    camera.updateMatrixWorld();
    host.invalidate();
  }
}
