/** The viewport's DOM overlays: tools, stats, animation bar, parts list, skybox actions. */
import { RadioGroup } from 'radix-ui';
import { ExportButton } from './ExportButton';
import { Fragment, useState, type ReactNode } from 'react';
import type { ModelStats } from '../../../shared/domain/job';
import { PBR_CHANNELS, type PbrChannel, type ViewMode, type ViewportTarget } from '../state/slices/viewport';
import { useStore } from '../state/store';
import type { AnimationControl, ModelInfo } from './ModelScene';
import { Tooltip } from '../components/Tooltip';
import { OVERLAY_ROWS } from '../domain/stat-rows';
import { sendViewCommand } from './view-commands';
import { channelInfo } from './view-materials';

export const VIEW_MODES: { mode: ViewMode; label: string }[] = [
  { mode: 'shaded', label: 'Shaded' },
  { mode: 'wireframe', label: 'Wireframe' },
  { mode: 'normals', label: 'Normals' },
  { mode: 'uv-checker', label: 'UV checker' },
  { mode: 'matcap', label: 'Matcap' },
];

export const CHANNEL_LABELS: Record<PbrChannel, string> = {
  baseColor: 'Base colour',
  metallic: 'Metallic',
  roughness: 'Roughness',
  normal: 'Normal',
  emissive: 'Emissive',
  occlusion: 'Occlusion',
};

/** The "PBR channel" picker: the full material, or one channel of it shown alone (the viewport's and compare's toolbars). */
export function PbrChannelSelect({ channel, onChange }: { channel: PbrChannel | null; onChange: (channel: PbrChannel | null) => void }) {
  return (
    <label className="viewport-channel">
      PBR channel
      <select value={channel ?? ''} onChange={(e) => onChange((e.target.value || null) as PbrChannel | null)}>
        <option value="">Full material</option>
        {PBR_CHANNELS.map((c) => (
          <option key={c} value={c}>
            {CHANNEL_LABELS[c]}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * The view modes (arrow keys move between them) and the PBR channel beside
 * them, as the viewport's toolbar and compare's share them: choosing a mode
 * leaves a single channel, and a channel shown means no mode is chosen.
 */
export function ViewModeChoice(props: { viewMode: ViewMode; channel: PbrChannel | null; onViewMode: (mode: ViewMode) => void; onChannel: (channel: PbrChannel | null) => void }) {
  const { viewMode, channel, onViewMode, onChannel } = props;
  return (
    <>
      <RadioGroup.Root
        className="viewport-modes"
        aria-label="View mode"
        orientation="horizontal"
        loop
        value={channel ? '' : viewMode}
        onValueChange={(mode) => {
          onChannel(null);
          onViewMode(mode as ViewMode);
        }}
      >
        {VIEW_MODES.map(({ mode, label }) => (
          <RadioGroup.Item key={mode} value={mode} className="viewport-mode">
            {label}
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      <PbrChannelSelect channel={channel} onChange={onChannel} />
    </>
  );
}

/** `actions`: more buttons from the features (the viewport's slots: picture buttons), before Export. */
export function ModelTools({ info, actions }: { info: ModelInfo; actions?: ReactNode }) {
  const viewMode = useStore((s) => s.viewMode);
  const setViewMode = useStore((s) => s.setViewMode);
  const channel = useStore((s) => s.pbrChannel);
  const setChannel = useStore((s) => s.setPbrChannel);
  const showSkeleton = useStore((s) => s.showSkeleton);
  const setShowSkeleton = useStore((s) => s.setShowSkeleton);
  const backdrop = useStore((s) => s.modelBackdrop);
  const previewInSkybox = useStore((s) => s.previewModelInSkybox);
  const resolutions = channel ? channelInfo(info.root, channel).resolutions : [];
  const rigged = info.stats.skins > 0 || info.stats.joints > 0;
  return (
    <div className="viewport-tools" role="toolbar" aria-label="View">
      <ViewModeChoice viewMode={viewMode} channel={channel} onViewMode={setViewMode} onChannel={setChannel} />
      {channel ? (
        <span className="viewport-channel-size" aria-label="Channel texture resolution">
          {resolutions.length ? resolutions.join(', ') : 'No texture (factor only)'}
        </span>
      ) : null}
      {rigged ? (
        <label className="viewport-toggle">
          <input type="checkbox" checked={showSkeleton} onChange={(e) => setShowSkeleton(e.target.checked)} /> Skeleton
        </label>
      ) : null}
      <span className="viewport-camera">
        <Tooltip content="Fit the model in the view again, from where you are looking (F)">
          <button type="button" aria-keyshortcuts="F" onClick={() => sendViewCommand({ type: 'frame' })}>
            Frame
          </button>
        </Tooltip>
        <Tooltip content="Back to the first view of the model (Home)">
          <button type="button" aria-keyshortcuts="Home" onClick={() => sendViewCommand({ type: 'reset' })}>
            Reset view
          </button>
        </Tooltip>
      </span>
      {actions}
      <ExportButton />
      {backdrop ? (
        <button type="button" onClick={() => previewInSkybox(null)}>
          Leave skybox preview
        </button>
      ) : null}
    </div>
  );
}

/** A stats figure as a row defines it: one text, or one item each (a texture each). */
export function StatFigure({ text }: { text: string | string[] }) {
  if (typeof text === 'string') return <>{text}</>;
  return (
    <>
      {text.map((t, i) => (
        <span key={i} className="viewport-texture">
          {t}
        </span>
      ))}
    </>
  );
}

export function StatsOverlay({ stats }: { stats: ModelStats }) {
  const [open, setOpen] = useState(true);
  return (
    <aside className="viewport-stats" aria-label="Model statistics">
      <button type="button" className="viewport-stats-toggle" aria-expanded={open} onClick={() => setOpen(!open)}>
        Stats
      </button>
      {open ? (
        <dl>
          {OVERLAY_ROWS.map((row) => (
            <Fragment key={row.overlayId}>
              <dt>{row.overlayLabel ?? row.label}</dt>
              <dd data-stat={row.overlayId}>
                <StatFigure text={row.text(stats)} />
              </dd>
            </Fragment>
          ))}
        </dl>
      ) : null}
    </aside>
  );
}

export function AnimationBar({
  clips,
  control,
  time,
  onChange,
  onSeek,
}: {
  clips: ModelStats['animations'];
  control: AnimationControl;
  time: number;
  onChange(next: Partial<AnimationControl>): void;
  onSeek(t: number): void;
}) {
  const clip = clips[control.clip];
  return (
    <div className="viewport-animation" role="group" aria-label="Animation">
      <label>
        Clip
        <select value={control.clip} onChange={(e) => onChange({ clip: Number(e.target.value), seek: null })}>
          {clips.map((c, i) => (
            <option key={i} value={i}>
              {c.name || `Clip ${i + 1}`}
            </option>
          ))}
        </select>
      </label>
      <button type="button" onClick={() => onChange({ playing: !control.playing, seek: null })}>
        {control.playing ? 'Pause' : 'Play'}
      </button>
      <input
        type="range"
        aria-label="Animation time"
        min={0}
        max={clip?.duration ?? 0}
        step={0.01}
        value={Math.min(time, clip?.duration ?? 0)}
        onChange={(e) => onSeek(Number(e.target.value))}
      />
      <span className="viewport-animation-time">
        {time.toFixed(2)} / {(clip?.duration ?? 0).toFixed(2)} s
      </span>
    </div>
  );
}

export function PartsList({
  parts,
  initiallyOpen,
  visibility,
  onToggle,
  explode,
  onExplode,
}: {
  parts: string[];
  initiallyOpen: boolean;
  visibility: Record<string, boolean>;
  onToggle(name: string, visible: boolean): void;
  explode: number;
  onExplode(amount: number): void;
}) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <aside className="viewport-parts" aria-label="Parts">
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        Parts ({parts.length})
      </button>
      {open ? (
        <>
          <label className="viewport-explode">
            Explode
            <input type="range" min={0} max={1.5} step={0.01} value={explode} onChange={(e) => onExplode(Number(e.target.value))} />
          </label>
          <ul>
            {parts.map((name, i) => (
              <li key={`${i}-${name}`}>
                <label>
                  <input type="checkbox" checked={visibility[name] !== false} onChange={(e) => onToggle(name, e.target.checked)} /> {name}
                </label>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </aside>
  );
}

export function SkyboxTools({ target }: { target: ViewportTarget }) {
  const lastModel = useStore((s) => s.lastModel);
  const previewInSkybox = useStore((s) => s.previewModelInSkybox);
  return (
    <div className="viewport-tools" role="toolbar" aria-label="Skybox">
      <span className="viewport-hint">Drag to look around.</span>
      <button
        type="button"
        disabled={!lastModel}
        title={lastModel ? `Shows ${lastModel.name} lit by this skybox` : 'Open a model first'}
        onClick={() => previewInSkybox(target)}
      >
        Preview a model in this skybox
      </button>
      <ExportButton />
    </div>
  );
}
