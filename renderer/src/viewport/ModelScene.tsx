/**
 * A loaded model in the shared Canvas: camera fitted once per asset, view
 * modes and channel view, animation mixer, skeleton helper, and exploded
 * parts. Reports what it found (stats, clips, parts) to the viewport.
 */
import { useFrame, useThree } from '@react-three/fiber';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { AnimationMixer, Box3, PerspectiveCamera, Sphere, SkeletonHelper, Vector3, type AnimationAction, type Camera, type Material, type Object3D } from 'three';
import type { ModelStats } from '../../../shared/domain/job';
import { useStore } from '../state/store';
import { computeModelStats } from './scene-stats';
import { explodeParts, findParts, fitCamera, type Part } from './scene-tools';
import type { LoadedModel } from './use-asset-loader';
import { framePosition, orbitPosition, useViewCommands, zoomPosition, type ViewCommand } from './view-commands';
import { applyViewMaterials, disposeViewMaterials } from './view-materials';

export interface AnimationControl {
  clip: number;
  playing: boolean;
  /** Set by the scrubber; the mixer jumps there. */
  seek: number | null;
}

export interface ModelInfo {
  key: string;
  stats: ModelStats;
  root: Object3D;
  parts: Part[];
  radius: number;
  omissions: string[];
  /** Every part holds geometry (a rig's bone tree is not a part). */
  partsAreMeshes: boolean;
}

interface Props {
  model: LoadedModel;
  /** Stats from the job record, when the host computed them. */
  recordStats?: ModelStats;
  animation: AnimationControl;
  onTime(t: number): void;
  partVisibility: Record<string, boolean>;
  explode: number;
  onInfo(info: ModelInfo): void;
}

export function ModelScene({ model, recordStats, animation, onTime, partVisibility, explode, onInfo }: Props) {
  const { camera, controls, invalidate, gl } = useThree();
  const viewMode = useStore((s) => s.viewMode);
  const pbrChannel = useStore((s) => s.pbrChannel);
  const showSkeleton = useStore((s) => s.showSkeleton);
  const root = model.gltf.scene;
  const info = useMemo<ModelInfo>(() => {
    const computed = recordStats ?? computeModelStats(model.gltf, model.fileBytes);
    // A dropped KTX2 model is shown from transcoded copies: its stats still list the file's own textures.
    const stats =
      !recordStats && model.fileTextures
        ? { ...computed, textures: model.fileTextures.map((t) => ({ name: t.name, width: t.width, height: t.height, mimeType: 'image/ktx2', bytes: 0 })) }
        : computed;
    const parts = findParts(root);
    const size = stats.boundingBox.size;
    const radius = Math.max(0.001, Math.hypot(size[0], size[1], size[2]) / 2);
    // Animation names come from the loaded file even when the record has stats.
    return { key: model.key, stats: { ...stats, animations: model.gltf.animations.map((a) => ({ name: a.name, duration: a.duration, channels: a.tracks.length })) }, root, parts, radius, omissions: model.omissions, partsAreMeshes: parts.every((p) => containsMesh(p.object)) };
  }, [model, recordStats, root]);

  // Fit once per asset.
  useEffect(() => {
    const target = new Vector3();
    fitCamera(camera, root, target);
    const c = controls as unknown as { target?: Vector3; update?: () => void } | null;
    if (c?.target) {
      c.target.copy(target);
      c.update?.();
    }
    reportCamera(camera, target, gl.domElement);
    invalidate();
    // Fitting again on every control change would fight the user.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [root, controls]);

  // Keyboard orbit and zoom, Frame (F) and Reset view.
  const onCommand = useCallback(
    (command: ViewCommand) => {
      const c = controls as unknown as { target?: Vector3; update?: () => void } | null;
      const target = c?.target ?? new Vector3();
      if (command.type === 'reset') {
        fitCamera(camera, root, target);
      } else if (command.type === 'frame') {
        const sphere = new Box3().setFromObject(root).getBoundingSphere(new Sphere());
        const fov = camera instanceof PerspectiveCamera ? Math.min((camera.fov * Math.PI) / 180, 2 * Math.atan(Math.tan((camera.fov * Math.PI) / 360) * camera.aspect)) : Math.PI / 4;
        camera.position.copy(framePosition(camera.position, target, sphere.center, sphere.radius, fov));
        target.copy(sphere.center);
      } else if (command.type === 'orbit') {
        camera.position.copy(orbitPosition(camera.position, target, command.azimuth, command.polar));
      } else {
        camera.position.copy(zoomPosition(camera.position, target, command.factor));
      }
      camera.lookAt(target);
      c?.update?.();
      reportCamera(camera, target, gl.domElement);
      invalidate();
    },
    [camera, controls, root, gl, invalidate],
  );
  useViewCommands(onCommand);
  // Reported after the fit (effects run in order), and again when the host's stats arrive.
  useEffect(() => onInfo(info), [info, onInfo]);

  // View modes and channel view.
  const made = useRef<Material[]>([]);
  useEffect(() => {
    disposeViewMaterials(made.current);
    made.current = applyViewMaterials(root, viewMode, pbrChannel);
    invalidate();
  }, [root, viewMode, pbrChannel, invalidate]);
  useEffect(
    () => () => {
      disposeViewMaterials(made.current);
      made.current = [];
    },
    [root],
  );

  // Skeleton view.
  const skeleton = useMemo(() => (info.stats.skins > 0 || hasBones(root) ? new SkeletonHelper(root) : null), [info, root]);
  useEffect(() => () => skeleton?.dispose(), [skeleton]);

  // Parts visibility and explode.
  useEffect(() => {
    for (const part of info.parts) part.object.visible = partVisibility[part.name] !== false;
    explodeParts(info.parts, explode, info.radius);
    invalidate();
  }, [info, partVisibility, explode, invalidate]);

  // Animation.
  const mixer = useMemo(() => new AnimationMixer(root), [root]);
  const action = useRef<AnimationAction | null>(null);
  useEffect(() => {
    action.current?.stop();
    const clip = model.gltf.animations[animation.clip];
    action.current = clip ? mixer.clipAction(clip).play() : null;
    if (action.current) action.current.paused = !animation.playing;
    invalidate();
  }, [mixer, model, animation.clip, animation.playing, invalidate]);
  useEffect(() => {
    if (animation.seek === null || !action.current) return;
    action.current.time = animation.seek;
    mixer.update(0);
    invalidate();
  }, [animation.seek, mixer, invalidate]);
  useEffect(
    () => () => {
      mixer.stopAllAction();
      mixer.uncacheRoot(root);
    },
    [mixer, root],
  );
  const lastReported = useRef(0);
  useFrame((_, delta) => {
    if (!action.current || !animation.playing) return;
    mixer.update(Math.min(delta, 0.1));
    const t = action.current.time;
    if (Math.abs(t - lastReported.current) > 0.05) {
      lastReported.current = t;
      onTime(t);
    }
    // On-demand rendering: keep frames coming only while a clip plays.
    invalidate();
  });

  return (
    <>
      <primitive object={root} />
      {skeleton && showSkeleton ? <primitive object={skeleton} /> : null}
    </>
  );
}

/** The camera's distance to what it looks at, on the canvas, for tests and the curious: framing brings it back. */
function reportCamera(camera: Camera, target: Vector3, canvas: HTMLCanvasElement): void {
  canvas.dataset.cameraDistance = camera.position.distanceTo(target).toFixed(3);
}

function containsMesh(root: Object3D): boolean {
  let found = false;
  root.traverse((o) => {
    if ((o as { isMesh?: boolean }).isMesh) found = true;
  });
  return found;
}

function hasBones(root: Object3D): boolean {
  let found = false;
  root.traverse((o) => {
    if ((o as { isBone?: boolean }).isBone) found = true;
  });
  return found;
}
