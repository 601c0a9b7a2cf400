/**
 * The viewport: ONE `<Canvas frameloop="demand">` for models and skyboxes
 * (idle means no frames, so no CPU), a DOM image view for 2D images, and the
 * overlays (tools, stats, clips, parts, error card). The container exposes
 * `data-state` and `data-job-id` for tests and benchmarks.
 */
import { Canvas } from '@react-three/fiber';
import { Component, useCallback, useDeferredValue, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { ModelStats } from '../../../shared/domain/job';
import { useStore } from '../state/store';
import { CaptureBridge } from './capture/CaptureBridge';
import { CanvasContent, groundPlacement, StudioGround } from './CanvasContent';
import { useHeldView, useLoadingNoteDue } from './held-view';
import { ImageView } from './ImageView';
import type { AnimationControl, ModelInfo } from './ModelScene';
import { AnimationBar, ModelTools, PartsList, SkyboxTools, StatsOverlay } from './overlays';
import { useModelThumbnails } from './thumbnails/use-model-thumbnails';
import { CompareScene, type CompareSceneState } from './compare/CompareScene';
import { compareTakes } from './compare/takes';
import type { ViewportSlots } from './slots';
import { commandForKey, sendViewCommand } from './view-commands';
import './viewport.css';

/** Catches a render-time failure of one asset; keyed on the asset so the next one starts clean. */
class AssetBoundary extends Component<{ children: ReactNode; onError(message: string): void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onError(error instanceof Error ? error.message : String(error));
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Lets the benchmark read `renderer.info` (geometries, textures and shader programs on the GPU) from outside. */
function exposeRendererInfo({ gl }: { gl: { info: { memory: { geometries: number; textures: number }; programs: unknown[] | null } } }) {
  (window as unknown as { __viewportRendererInfo?: () => { geometries: number; textures: number; programs: number } }).__viewportRendererInfo = () => ({
    ...gl.info.memory,
    programs: gl.info.programs?.length ?? 0,
  });
}

function LoadingNote({ name, checking }: { name: string; checking?: boolean }) {
  return (
    <div className="viewport-loading" role="status">
      {checking ? `Checking ${name}…` : `Loading ${name}…`}
    </div>
  );
}

const IDLE_ANIMATION: AnimationControl = { clip: 0, playing: false, seek: null };
const NO_SLOTS: ViewportSlots = {};

/** `slots`: what app/ places inside the viewport from the features (see slots.ts); without them the viewport shows assets alone. */
export function Viewport({ slots = NO_SLOTS }: { slots?: ViewportSlots }) {
  // Finished models get their history thumbnail drawn off-screen, once each.
  useModelThumbnails();
  const target = useStore((s) => s.viewportTarget);
  const localModel = useStore((s) => s.localModel);
  // The compare view takes the canvas over (the same renderer draws every take) while it is open.
  const compare = useStore((s) => s.compare);
  const jobsById = useStore((s) => s.jobsById);
  const closeCompare = useStore((s) => s.closeCompare);
  const [compareStatus, setCompareStatus] = useState<{ key: string; state: CompareSceneState; error?: string }>({ key: '', state: 'loading' });
  const [wipe, setWipe] = useState(0.5);
  const [fov, setFov] = useState(60);
  const [frameInset, setFrameInset] = useState<{ top: number; bottom: number } | null>(null);
  const compareKey = compare?.key;
  useEffect(() => {
    setWipe(0.5);
    setFov(60);
  }, [compareKey]);
  const onCompareState = useCallback((state: CompareSceneState, error?: string) => compareKey && setCompareStatus({ key: compareKey, state, ...(error ? { error } : {}) }), [compareKey]);
  const compareTakeList = useMemo(
    () => (compare ? compareTakes(compare, jobsById) : []),
    // The takes of an opening are fixed: their records changing (stats arriving) does not reload them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [compareKey],
  );
  const state = useStore((s) => s.viewportState);
  const error = useStore((s) => s.viewportError);
  const setStatus = useStore((s) => s.setViewportStatus);
  const closeViewport = useStore((s) => s.closeViewport);
  const record = useStore((s) => (target?.localId ? s.jobsById[target.localId] : undefined));
  const recordStats: ModelStats | undefined = record?.asset?.stats;
  // The history holds summaries; the opened job's full record brings the host's stats of the file.
  const loadJobDetails = useStore((s) => s.loadJobDetails);
  const openedLocalId = target?.localId;
  useEffect(() => {
    if (openedLocalId) void loadJobDetails(openedLocalId);
  }, [openedLocalId, loadJobDetails]);
  const [info, setInfo] = useState<ModelInfo | null>(null);
  const backdrop = useStore((s) => s.modelBackdrop);
  const [painted, setPainted] = useState(0);
  const [animation, setAnimation] = useState<AnimationControl>(IDLE_ANIMATION);
  const [time, setTime] = useState(0);
  const [partVisibility, setPartVisibility] = useState<Record<string, boolean>>({});
  const [explode, setExplode] = useState(0);

  // A new asset starts with its first clip paused at 0, all parts shown, not exploded.
  const key = target?.key;
  // Opening another job closes the compare view.
  useEffect(() => {
    if (key && useStore.getState().compare) closeCompare();
  }, [key, closeCompare]);
  useEffect(() => {
    setAnimation(IDLE_ANIMATION);
    setTime(0);
    setPartVisibility({});
    setExplode(0);
    setPainted(0);
  }, [key]);
  const onInfo = useCallback((next: ModelInfo | null) => setInfo(next), []);
  const onPainted = useCallback(
    (probedKey: string, count: number) => {
      setPainted(count);
      setStatus(probedKey, 'ready');
    },
    [setStatus],
  );
  const onAssetError = useCallback((message: string) => key && setStatus(key, 'error', message), [key, setStatus]);

  // The WebGL context and the studio lighting cost the page's main thread about 300 ms in software
  // rendering: they are made after the history has arrived and been painted (the user's work shows
  // first), or at once when something is opened before that. Made once, kept for the page's life.
  const historyLoaded = useStore((s) => s.jobsLoaded);
  const [canvasWanted, setCanvasWanted] = useState(false);
  if (!canvasWanted && (target || compare)) setCanvasWanted(true);
  useEffect(() => {
    if (canvasWanted || !historyLoaded) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => setCanvasWanted(true), 0)));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [canvasWanted, historyLoaded]);

  const content = target?.content;
  const showCanvas = compare ? compare.content !== 'image' : content !== 'image';
  const loadingNoteDue = useLoadingNoteDue(state === 'loading' ? (key ?? null) : null);
  // Deferred: the commit that marks the first frame `ready` is the viewport's own attributes only, and
  // the notes and overlays follow in a render of their own (mounting the overlays in that commit
  // delayed `ready` by about 1.5 ms after the frame was read back).
  const shown = useDeferredValue(useHeldView({ target, state, error, info }, loadingNoteDue));
  // The ground keeps numbers only: the model it was placed under may be disposed while it is hidden.
  const groundInfo = content === 'model' && state === 'ready' && !backdrop ? info : null;
  const ground = useMemo(() => (groundInfo ? groundPlacement(groundInfo) : null), [groundInfo]);
  // The overlays belong to a model that is on the canvas.
  const overlayInfo = !compare && shown.target?.content === 'model' && shown.state === 'ready' ? shown.info : null;
  const compareState = compare && compareStatus.key === compare.key ? compareStatus : { state: 'loading' as const, error: undefined };

  return (
    <section
      className={`viewport${compare ? ' viewport-comparing' : ''}`}
      aria-label="Viewport"
      data-state={state}
      data-job-id={target?.jobId ?? target?.localId ?? ''}
      data-content={content ?? ''}
      data-painted={painted}
    >
      <div
        className="viewport-stage"
        style={{
          visibility: showCanvas && (compare || state !== 'error') ? 'visible' : 'hidden',
          ...(compare && frameInset ? { top: frameInset.top, bottom: frameInset.bottom } : {}),
        }}
        // The canvas takes focus: arrow keys orbit, + and - zoom, F frames the model, Home resets the view.
        tabIndex={overlayInfo ? 0 : -1}
        role="application"
        aria-roledescription="3D view"
        aria-label={overlayInfo ? `${target?.name ?? 'Model'}: arrow keys orbit, plus and minus zoom, F frames the model, Home resets the view` : '3D view'}
        // Skyboxes compared: the wheel zooms every view at once (one field of view); the canvas gets the wheel, the frame over it lets it through.
        onWheel={compare?.content === 'skybox' ? (e) => setFov((f) => Math.min(100, Math.max(20, f + (e.deltaY > 0 ? 3 : -3)))) : undefined}
        onKeyDown={(e) => {
          if (!overlayInfo || e.ctrlKey || e.metaKey || e.altKey) return;
          const command = commandForKey(e.key, e.shiftKey);
          if (!command) return;
          e.preventDefault();
          sendViewCommand(command);
        }}
      >
        {canvasWanted ? (
          <Canvas frameloop="demand" dpr={[1, 2]} camera={{ fov: 45, near: 0.01, far: 1000, position: [2, 1.5, 3] }} gl={{ antialias: true }} onCreated={exposeRendererInfo}>
            {compare && compare.content !== 'image' ? (
              <AssetBoundary key={compare.key} onError={(message) => onCompareState('error', message)}>
                <CompareScene sessionKey={compare.key} content={compare.content} takes={compareTakeList} mode={compare.mode} wipe={wipe} fov={fov} onState={onCompareState} />
              </AssetBoundary>
            ) : (
              <AssetBoundary key={key ?? 'none'} onError={onAssetError}>
                <CanvasContent
                  // A dropped file has no URL until main has checked and accepted it (nor has one main refused): nothing to load.
                  target={target?.url ? target : null}
                  recordStats={recordStats}
                  animation={animation}
                  onTime={setTime}
                  partVisibility={partVisibility}
                  explode={explode}
                  onInfo={onInfo}
                  onPainted={onPainted}
                />
              </AssetBoundary>
            )}
            <StudioGround under={compare ? null : ground} />
            <CaptureBridge />
          </Canvas>
        ) : null}
      </div>
      {!compare && target && content === 'image' && target.url && state !== 'error' ? <ImageView key={target.key} target={target} /> : null}
      {compare
        ? slots.compare?.({
            session: compare,
            state: compareState.state,
            error: compareState.error,
            wipe,
            onWipe: setWipe,
            onImageState: onCompareState,
            onFrameInset: setFrameInset,
          })
        : null}

      {!compare && !shown.target ? (
        <div className="viewport-empty">
          <p>Open a finished job from the history, or drop a GLB, HDR or image on the window to inspect it.</p>
          {slots.empty}
        </div>
      ) : null}
      {!compare && shown.state === 'checking' ? <LoadingNote name={target?.name ?? ''} checking /> : null}
      {!compare && shown.state === 'loading' && loadingNoteDue ? <LoadingNote name={target?.name ?? ''} /> : null}
      {!compare && shown.state === 'error' ? (
        <div className="viewport-error" role="alert">
          <h3>This asset cannot be shown</h3>
          <p>{shown.error}</p>
          <p className="viewport-error-name">{shown.target?.name}</p>
          <button type="button" onClick={closeViewport}>
            Close
          </button>
        </div>
      ) : null}

      {overlayInfo ? (
        <>
          <ModelTools info={overlayInfo} actions={target ? slots.modelActions?.(target) : null} />
          <StatsOverlay stats={overlayInfo.stats} />
          {target?.localId && target.content === 'model' ? slots.modelPanel?.({ localId: target.localId }) : null}
          {!target?.localId && localModel?.stagedFileId && localModel.key === target?.key
            ? slots.modelPanel?.({ stagedFileId: localModel.stagedFileId, name: localModel.name })
            : null}
          {overlayInfo.omissions.length > 0 ? (
            <p className="viewport-omissions" role="note">
              {overlayInfo.omissions.join('; ')}.
            </p>
          ) : null}
          {overlayInfo.stats.animations.length > 0 ? (
            <AnimationBar
              clips={overlayInfo.stats.animations}
              control={animation}
              time={time}
              onChange={(next) => setAnimation((a) => ({ ...a, ...next }))}
              onSeek={(t) => {
                setTime(t);
                setAnimation((a) => ({ ...a, seek: t }));
              }}
            />
          ) : null}
          {overlayInfo.parts.length > 1 && (shown.target?.parts || overlayInfo.partsAreMeshes) ? (
            <PartsList
              parts={overlayInfo.parts.map((p) => p.name)}
              initiallyOpen={shown.target?.parts === true}
              visibility={partVisibility}
              onToggle={(name, visible) => setPartVisibility((v) => ({ ...v, [name]: visible }))}
              explode={explode}
              onExplode={setExplode}
            />
          ) : null}
        </>
      ) : null}
      {!compare && shown.target?.content === 'skybox' && shown.state === 'ready' ? <SkyboxTools target={shown.target} /> : null}
    </section>
  );
}
