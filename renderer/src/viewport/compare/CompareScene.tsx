/**
 * The compare view inside the viewport's one `<Canvas>`: every take loaded
 * into the same renderer (one WebGL context; each take's textures uploaded
 * once), drawn into its own viewport and scissor rectangle by one camera, so
 * orbiting any view moves them all, under the same studio lighting, with the
 * view mode applied to every take. Closing it disposes every take (shader
 * programs go to the program keeper, as the single view's do) and gives the
 * camera back its own aspect and field of view.
 */
import { OrbitControls } from '@react-three/drei';
import { useFrame, useThree } from '@react-three/fiber';
import { useEffect, useRef, useState } from 'react';
import {
  Color,
  Mesh,
  PerspectiveCamera,
  Vector3,
  type Material,
  type Object3D,
  type Texture,
  type WebGLRenderer,
} from 'three';
import { useStore } from '../../state/store';
import { MODEL_BACKGROUND, studioEnvironment } from '../CanvasContent';
import { disposeObject, disposeTexture } from '../dispose';
import { parkMaterials } from '../program-keeper';
import { fitCamera } from '../scene-tools';
import { loadModel, loadPanorama } from '../use-asset-loader';
import { applyViewMaterials, disposeViewMaterials } from '../view-materials';
import { glRect, viewRects, type Rect } from './layout';

export interface CompareTake {
  localId: string;
  jobId?: string;
  name: string;
  url: string;
  format: 'glb' | 'png';
}

type Loaded = { kind: 'model'; root: Object3D } | { kind: 'skybox'; texture: Texture };

export type CompareSceneState = 'loading' | 'ready' | 'error';

interface Props {
  sessionKey: string;
  content: 'model' | 'skybox';
  takes: readonly CompareTake[];
  mode: 'side-by-side' | 'wipe';
  wipe: number;
  /** Field of view (skybox zoom), degrees. */
  fov: number;
  onState(state: CompareSceneState, error?: string): void;
}

const BACKGROUND = new Color(MODEL_BACKGROUND);
const BACKGROUND_RGB: [number, number, number] = [0x22, 0x25, 0x2b];

/** A take loads as the viewport loads a model or a panorama (use-asset-loader.ts): the same fetch, preview copy and decoding. */
async function loadTake(gl: WebGLRenderer, take: CompareTake, content: 'model' | 'skybox', signal: AbortSignal): Promise<Loaded | null> {
  if (content === 'model') {
    const model = await loadModel(gl, take, signal);
    return model ? { kind: 'model', root: model.gltf.scene } : null;
  }
  // Jobs' skyboxes are PNG panoramas.
  const texture = await loadPanorama(gl, take, signal);
  return texture ? { kind: 'skybox', texture } : null;
}

function dispose(gl: WebGLRenderer, take: Loaded, made: Material[]): void {
  if (take.kind === 'model') disposeObject(take.root, made, (materials) => parkMaterials(gl, materials));
  else disposeTexture(take.texture);
}

/** Pixels of a rectangle (CSS px, bottom-left origin) that differ from the background, sampled: a read-back waits for the GPU. */
function paintedIn(gl: WebGLRenderer, r: Rect, background: [number, number, number]): number {
  const ctx = gl.getContext();
  const dpr = gl.getPixelRatio();
  const x = Math.floor(r.x * dpr);
  const y = Math.floor(r.y * dpr);
  const w = Math.max(1, Math.floor(r.w * dpr));
  const h = Math.max(1, Math.floor(r.h * dpr));
  const pixels = new Uint8Array(w * h * 4);
  ctx.readPixels(x, y, w, h, ctx.RGBA, ctx.UNSIGNED_BYTE, pixels);
  const step = Math.max(1, Math.floor(Math.min(w, h) / 48));
  let painted = 0;
  for (let py = 0; py < h; py += step) {
    for (let px = 0; px < w; px += step) {
      const i = (py * w + px) * 4;
      if (Math.abs(pixels[i]! - background[0]) + Math.abs(pixels[i + 1]! - background[1]) + Math.abs(pixels[i + 2]! - background[2]) > 12) painted++;
    }
  }
  return painted;
}

interface ViewReport {
  jobId: string;
  /** The camera's world matrix as this view was last drawn with it. */
  camera: number[];
  /** The camera's field of view, degrees (a skybox's zoom). */
  fov: number;
  wireframe: boolean;
  painted: number;
}

declare global {
  interface Window {
    /** For tests and benchmarks: what each compare view last drew. */
    __compareViews?: () => ViewReport[];
  }
}

function usesWireframe(root: Object3D): boolean {
  let wire = false;
  root.traverse((o) => {
    if (!(o instanceof Mesh)) return;
    for (const m of Array.isArray(o.material) ? o.material : [o.material]) if ((m as { wireframe?: boolean }).wireframe) wire = true;
  });
  return wire;
}

export function CompareScene({ sessionKey, content, takes, mode, wipe, fov, onState }: Props) {
  const { gl, scene, camera, invalidate, size } = useThree();
  const controls = useThree((s) => s.controls) as unknown as { target?: Vector3; update?: () => void } | null;
  const [loaded, setLoaded] = useState<Loaded[] | null>(null);
  const viewMode = useStore((s) => s.viewMode);
  const pbrChannel = useStore((s) => s.pbrChannel);
  const made = useRef<Material[][]>([]);
  const probed = useRef(false);
  const reports = useRef<ViewReport[]>([]);
  const onStateRef = useRef(onState);
  onStateRef.current = onState;

  // Load every take at once; all of them are disposed when the view closes or its takes change.
  useEffect(() => {
    const abort = new AbortController();
    const results: (Loaded | undefined)[] = [];
    probed.current = false;
    onStateRef.current('loading');
    Promise.all(
      takes.map(async (take, i) => {
        const r = await loadTake(gl, take, content, abort.signal);
        if (!r || abort.signal.aborted) {
          // Closed while it loaded: nothing else will dispose it.
          if (r) dispose(gl, r, []);
          throw new Error('closed');
        }
        results[i] = r;
        return r;
      }),
    )
      .then((all) => {
        if (!abort.signal.aborted) setLoaded(all);
      })
      .catch((error: unknown) => {
        if (!abort.signal.aborted) onStateRef.current('error', error instanceof Error ? error.message : String(error));
      });
    return () => {
      abort.abort();
      results.forEach((r, i) => r && dispose(gl, r, made.current[i] ?? []));
      made.current = [];
      setLoaded(null);
    };
    // One load per opening: the takes of a session do not change under it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [sessionKey, gl]);

  // The same lighting for every take: the studio environment, on the one scene.
  useEffect(() => {
    scene.environment = studioEnvironment(gl);
    scene.background = BACKGROUND;
    invalidate();
  }, [gl, scene, invalidate]);

  // The camera is the viewport's: give back its aspect and field of view when the compare view closes.
  useEffect(() => {
    const cam = camera as PerspectiveCamera;
    const fovBefore = cam.fov;
    return () => {
      cam.fov = fovBefore;
      cam.aspect = size.width / Math.max(1, size.height);
      cam.updateProjectionMatrix();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [camera]);

  // One framing for all: fitted to the largest take, so their sizes compare.
  useEffect(() => {
    if (!loaded) return;
    const cam = camera as PerspectiveCamera;
    const rect = viewRects(loaded.length, size.width, size.height, mode, wipe)[0]!.viewport;
    cam.aspect = rect.w / Math.max(1, rect.h);
    if (content === 'skybox') {
      cam.position.set(0, 0, 0.01);
      cam.lookAt(0, 0, 0);
    } else {
      const roots = loaded.flatMap((l) => (l.kind === 'model' ? [l.root] : []));
      let largest = roots[0]!;
      let best = -1;
      for (const root of roots) {
        const probe = new PerspectiveCamera();
        const radius = fitCamera(probe, root, new Vector3()).radius;
        if (radius > best) [best, largest] = [radius, root];
      }
      const target = new Vector3();
      fitCamera(cam, largest, target);
      if (controls?.target) {
        controls.target.copy(target);
        controls.update?.();
      }
    }
    invalidate();
    // Fitted once per opening; a layout change keeps the user's orbit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loaded, controls]);

  // The view mode (and PBR channel) on every take.
  useEffect(() => {
    if (!loaded) return;
    loaded.forEach((l, i) => {
      if (l.kind !== 'model') return;
      disposeViewMaterials(made.current[i] ?? []);
      made.current[i] = applyViewMaterials(l.root, viewMode, pbrChannel);
    });
    invalidate();
  }, [loaded, viewMode, pbrChannel, invalidate]);

  useEffect(() => {
    const cam = camera as PerspectiveCamera;
    if (content !== 'skybox' || cam.fov === fov) return;
    cam.fov = fov;
    cam.updateProjectionMatrix();
    invalidate();
  }, [camera, content, fov, invalidate]);

  useEffect(() => invalidate(), [mode, wipe, invalidate]);

  useEffect(() => {
    window.__compareViews = () => reports.current.map((r) => ({ ...r, camera: [...r.camera] }));
    return () => {
      delete window.__compareViews;
    };
  }, []);

  // Every take drawn into its rectangle, one render call each, in one frame.
  useFrame(() => {
    if (!loaded) return;
    const cam = camera as PerspectiveCamera;
    const rects = viewRects(loaded.length, size.width, size.height, mode, wipe);
    gl.setScissorTest(true);
    const next: ViewReport[] = [];
    loaded.forEach((take, i) => {
      const r = rects[i]!;
      const v = glRect(r.viewport, size.height);
      const s = glRect(r.scissor, size.height);
      gl.setViewport(v.x, v.y, v.w, v.h);
      gl.setScissor(s.x, s.y, s.w, s.h);
      const aspect = v.w / Math.max(1, v.h);
      if (cam.aspect !== aspect) {
        cam.aspect = aspect;
        cam.updateProjectionMatrix();
      }
      if (take.kind === 'model') {
        loaded.forEach((other, j) => other.kind === 'model' && (other.root.visible = j === i));
        scene.background = BACKGROUND;
      } else {
        scene.background = take.texture;
      }
      gl.render(scene, cam);
      next.push({
        jobId: takes[i]!.jobId ?? takes[i]!.localId,
        camera: cam.matrixWorld.toArray(),
        fov: cam.fov,
        wireframe: take.kind === 'model' ? usesWireframe(take.root) : false,
        painted: reports.current[i]?.painted ?? 0,
      });
    });
    gl.setScissorTest(false);
    gl.setViewport(0, 0, size.width, size.height);
    if (!probed.current) {
      // The first frame with every take: ready once each rectangle has pixels of its own.
      probed.current = true;
      const background = content === 'model' ? BACKGROUND_RGB : ([-100, -100, -100] as [number, number, number]);
      rects.forEach((r, i) => (next[i]!.painted = r.scissor.w > 0 ? paintedIn(gl, glRect(r.scissor, size.height), background) : 0));
      reports.current = next;
      onStateRef.current('ready');
      return;
    }
    reports.current = next;
  }, 1);

  return (
    <>
      {content === 'skybox' ? (
        <OrbitControls key="compare-look" makeDefault enablePan={false} enableZoom={false} rotateSpeed={-0.35} target={[0, 0, 0]} />
      ) : (
        <OrbitControls key="compare-orbit" makeDefault enableDamping={false} />
      )}
      {loaded?.map((l, i) => (l.kind === 'model' ? <primitive key={`${sessionKey}-${i}`} object={l.root} /> : null))}
    </>
  );
}
