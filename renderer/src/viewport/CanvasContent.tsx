/**
 * Everything inside the one `<Canvas>`: the studio environment (built once per
 * renderer), the render-and-probe loop that tells the viewport a frame with
 * pixels is on the canvas, and the current model or panorama.
 */
import { Grid, OrbitControls } from '@react-three/drei';
import { useFrame, useThree } from '@react-three/fiber';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Color, PMREMGenerator, type Scene, type Texture, type WebGLRenderer } from 'three';
import { RoomEnvironment } from 'three/examples/jsm/environments/RoomEnvironment.js';
import type { ModelStats } from '../../../shared/domain/job';
import type { ViewportTarget } from '../state/slices/viewport';
import { useStore } from '../state/store';
import { STUDIO_GRID } from './capture/capture-host';
import { GroundShadow } from './GroundShadow';
import { ModelScene, type AnimationControl, type ModelInfo } from './ModelScene';
import { paintedPixels } from './scene-tools';
import { useModel, usePanorama } from './use-asset-loader';

export const MODEL_BACKGROUND = '#22252b';
const BACKGROUND_RGB: [number, number, number] = [0x22, 0x25, 0x2b];

const studioEnvironments = new WeakMap<WebGLRenderer, Texture>();
/** The studio lighting: RoomEnvironment prefiltered once per renderer, never per model. */
export function studioEnvironment(gl: WebGLRenderer): Texture {
  let env = studioEnvironments.get(gl);
  if (!env) {
    const pmrem = new PMREMGenerator(gl);
    const room = new RoomEnvironment();
    env = pmrem.fromScene(room as unknown as Scene, 0.04).texture;
    room.dispose();
    pmrem.dispose();
    studioEnvironments.set(gl, env);
  }
  return env;
}

/**
 * Renders every frame by hand, and the probe frame with a read-back.
 * - While a new model loads and until it is fitted and probed (`hold`),
 *   frames are skipped: the previous picture stays under the loading note.
 *   Mounting the model asks for a frame of its own, and drawing it there as
 *   well as in the probe frame cost a whole extra frame (texture upload and
 *   draw, over a second for 500k triangles in software WebGL).
 * - The probe frame is drawn at once (`advance`), in the task that made the
 *   asset ready, instead of at the next animation frame: waiting for that
 *   cost 0–16 ms on every model, a tenth of a small model's whole latency.
 */
function RenderAndProbe({ probe, hold, onProbed }: { probe: string | null; hold: boolean; onProbed(key: string, painted: number): void }) {
  const advance = useThree((s) => s.advance);
  const pending = useRef<string | null>(null);
  const holding = useRef(hold);
  holding.current = hold;
  useEffect(() => {
    pending.current = probe;
    if (probe) advance(performance.now());
  }, [probe, advance]);
  useFrame(({ gl, scene, camera }) => {
    if (holding.current && !pending.current) return;
    gl.render(scene, camera);
    const key = pending.current;
    if (key) {
      pending.current = null;
      const background = scene.background instanceof Color ? BACKGROUND_RGB : ([-100, -100, -100] as [number, number, number]);
      onProbed(key, paintedPixels(gl, background));
    }
  }, 1);
  return null;
}

interface Props {
  target: ViewportTarget | null;
  recordStats?: ModelStats;
  animation: AnimationControl;
  onTime(t: number): void;
  partVisibility: Record<string, boolean>;
  explode: number;
  onInfo(info: ModelInfo | null): void;
  onPainted(key: string, painted: number): void;
}

export function CanvasContent({ target, recordStats, animation, onTime, partVisibility, explode, onInfo, onPainted }: Props) {
  const { gl, scene, invalidate } = useThree();
  const setStatus = useStore((s) => s.setViewportStatus);
  const backdropTarget = useStore((s) => s.modelBackdrop);
  const [probe, setProbe] = useState<string | null>(null);
  const [probedKey, setProbedKey] = useState<string | null>(null);
  const onProbed = useCallback(
    (key: string, painted: number) => {
      setProbedKey(key);
      onPainted(key, painted);
    },
    [onPainted],
  );
  const model = useModel(target?.content === 'model' ? target : null);
  const panoramaTarget = target?.content === 'skybox' ? target : target?.content === 'model' ? backdropTarget : null;
  const panorama = usePanorama(panoramaTarget, (message) => {
    if (target) setStatus(target.key, 'error', message);
  });
  const [modelInfo, setModelInfo] = useState<ModelInfo | null>(null);

  // Lighting and background follow what is shown; the studio environment is reused.
  useEffect(() => {
    const studio = studioEnvironment(gl);
    if (panorama) {
      scene.environment = panorama.texture;
      scene.background = panorama.texture;
    } else {
      scene.environment = studio;
      scene.background = new Color(MODEL_BACKGROUND);
    }
    invalidate();
  }, [gl, scene, panorama, invalidate]);

  useEffect(() => {
    if (target?.content === 'skybox' && panorama) setProbe(target.key);
  }, [target, panorama]);
  useEffect(() => {
    if (!model) setModelInfo(null);
  }, [model]);
  // A model is ready to probe once fitted, and once its skybox backdrop (if any) is loaded.
  useEffect(() => {
    if (model && modelInfo?.key === model.key && (!backdropTarget || panorama)) setProbe(model.key);
  }, [model, modelInfo, backdropTarget, panorama]);
  const camera = useThree((s) => s.camera);
  useEffect(() => {
    if (target?.content !== 'skybox') return;
    camera.position.set(0, 0, 0.01);
    camera.lookAt(0, 0, 0);
    invalidate();
  }, [target, camera, invalidate]);
  useEffect(() => onInfo(modelInfo), [modelInfo, onInfo]);

  const skybox = target?.content === 'skybox';

  return (
    <>
      <RenderAndProbe probe={probe} hold={target?.content === 'model' && probedKey !== target.key} onProbed={onProbed} />
      {skybox ? (
        <OrbitControls key="look-around" makeDefault enablePan={false} enableZoom={false} rotateSpeed={-0.35} target={[0, 0, 0]} />
      ) : (
        <OrbitControls key="orbit" makeDefault enableDamping={false} />
      )}
      {model && target?.content === 'model' ? (
        <>
          <ModelScene
            key={model.key}
            model={model}
            recordStats={recordStats}
            animation={animation}
            onTime={onTime}
            partVisibility={partVisibility}
            explode={explode}
            onInfo={setModelInfo}
          />
        </>
      ) : null}
    </>
  );
}

/** Where the ground goes under a model: its size and bounding box, numbers only (the model itself may be gone). */
export interface GroundPlacement {
  radius: number;
  bbox: ModelInfo['stats']['boundingBox'];
}

export function groundPlacement(info: ModelInfo): GroundPlacement {
  return { radius: info.radius, bbox: info.stats.boundingBox };
}

/**
 * The ground under a model (grid and contact shadow), shown from the frame
 * after the model's first one (the model itself is what the user waits for),
 * under the model on the canvas, or hidden while there is none. It lives
 * beside the asset's own subtree rather than in it, so it is made once:
 * mounted anew with every model, its three shader programs were compiled
 * again each time, in the frame that first drew it.
 */
export function StudioGround({ under }: { under: GroundPlacement | null }) {
  const invalidate = useThree((s) => s.invalidate);
  const [last, setLast] = useState<GroundPlacement | null>(under);
  if (under && under !== last) setLast(under);
  const visible = under !== null;
  useEffect(() => invalidate(), [visible, last, invalidate]);
  if (!last) return null;
  const { radius, bbox } = last;
  const floorY = bbox.min[1];
  return (
    <group visible={visible}>
      <Grid name={STUDIO_GRID} position={[0, floorY, 0]} cellSize={radius / 10} sectionSize={radius / 2} infiniteGrid fadeDistance={radius * 12} cellColor="#3a3f48" sectionColor="#4d5461" />
      <GroundShadow
        y={floorY + radius * 0.002}
        centre={[(bbox.min[0] + bbox.max[0]) / 2, (bbox.min[2] + bbox.max[2]) / 2]}
        footprint={[Math.max(bbox.size[0], radius * 0.2), Math.max(bbox.size[2], radius * 0.2)]}
      />
    </group>
  );
}
