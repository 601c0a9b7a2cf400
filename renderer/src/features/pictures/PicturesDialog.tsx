/**
 * Turntable… and Save still…: the options, progress with Cancel, and where the
 * file goes (beside the export in a project folder, or Save as… to a download).
 */
import { useEffect, useRef, useState } from 'react';
import { PICTURE_FORMAT_INFO, TURNTABLE_FORMATS, type PictureKind, type TurntableFormat } from '../../../../shared/domain/pictures';
import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { Select } from '../../components/Select';
import { useStore } from '../../state/store';
import type { ViewportTarget } from '../../state/slices/viewport';
import { Cancelled } from '../../viewport/capture/capture-host';
import { encodableCodecs } from '../../viewport/capture/encode';
import { TURNTABLE_FPS, TURNTABLE_FRAMES, pickCodec } from '../../viewport/capture/turntable-plan';
import './pictures.css';
import { makeStill, makeTurntable, pictureAssetName, saveAsDownload, saveToFolder, type Picture } from './make-picture';

type Status = { state: 'idle' } | { state: 'working'; done: number; total: number } | { state: 'saved'; message: string } | { state: 'error'; message: string };

export function PicturesDialog({ kind, target, onClose }: { kind: PictureKind | null; target: ViewportTarget; onClose(): void }) {
  const folders = useStore((s) => s.projectFolders);
  // Named as the model's export and Save as… name it (the same template and title).
  const template = useStore((s) => s.settings?.exportDefaults.template);
  const job = useStore((s) => (target.localId ? s.jobsById[target.localId] : undefined));
  const [format, setFormat] = useState<TurntableFormat>('webm');
  const [transparent, setTransparent] = useState(false);
  const [folderId, setFolderId] = useState('');
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const abort = useRef<AbortController | null>(null);
  const [encodable, setEncodable] = useState<Set<string> | null>(null);
  const open = kind !== null;
  useEffect(() => {
    if (kind === 'turntable' && !encodable) void encodableCodecs(640, 480).then(setEncodable);
  }, [kind, encodable]);
  /** Why a format cannot be made in this window, or undefined. */
  const unavailable = (f: TurntableFormat) =>
    f !== 'gif' && encodable && !pickCodec(f, encodable) ? (f === 'mp4' ? 'this window has no H.264 encoder' : 'this window has no VP8 or VP9 encoder') : undefined;
  // A new choice clears the last result (it described the file made with the old one).
  useEffect(() => {
    if (open) setStatus({ state: 'idle' });
  }, [open, format, transparent, folderId]);
  useEffect(() => {
    if (!folders.some((f) => f.id === folderId)) setFolderId(folders[0]?.id ?? '');
  }, [folders, folderId]);
  const canSaveToFolder = Boolean(target.localId && folderId);
  const working = status.state === 'working';

  const make = async (): Promise<Picture> => {
    if (kind === 'still') return makeStill(transparent);
    abort.current = new AbortController();
    return makeTurntable(format, (done, total) => setStatus({ state: 'working', done, total }), abort.current.signal);
  };
  const go = async (where: 'folder' | 'download') => {
    setStatus({ state: 'working', done: 0, total: kind === 'still' ? 1 : TURNTABLE_FRAMES });
    try {
      const picture = await make();
      if (where === 'download') {
        saveAsDownload(picture, pictureAssetName(target, job));
        setStatus({ state: 'saved', message: `Handed to your browser's downloads (${(picture.bytes.length / 1e6).toFixed(1)} MB).` });
      } else {
        const saved = await saveToFolder(picture, target.localId!, folderId, template);
        setStatus({ state: 'saved', message: `${saved.replacedInPlace ? 'Replaced' : 'Saved'} ${saved.relativePath} (${(picture.bytes.length / 1e6).toFixed(1)} MB).` });
      }
    } catch (err) {
      setStatus(err instanceof Cancelled ? { state: 'idle' } : { state: 'error', message: (err as Error).message });
    } finally {
      abort.current = null;
    }
  };
  const folder = folders.find((f) => f.id === folderId);

  return (
    <Dialog open={open} title={kind === 'still' ? 'Save still' : 'Turntable'} onClose={() => (working ? abort.current?.abort() : onClose())} className="pictures-dialog">
      {kind === 'turntable' ? (
        <>
          <p className="settings-muted">
            One full turn of {target.name} from the current view: {TURNTABLE_FRAMES} frames, {TURNTABLE_FRAMES / TURNTABLE_FPS} seconds at {TURNTABLE_FPS} frames a second.
          </p>
          <Select
            label="Format"
            value={format}
            options={TURNTABLE_FORMATS.map((f) => ({ value: f, label: unavailable(f) ? `${PICTURE_FORMAT_INFO[f].label} (${unavailable(f)})` : PICTURE_FORMAT_INFO[f].label, disabled: Boolean(unavailable(f)) }))}
            onChange={(v) => setFormat(v as TurntableFormat)}
            help={PICTURE_FORMAT_INFO[format].hint}
          />
        </>
      ) : (
        <>
          <p className="settings-muted">The current view of {target.name} as a PNG image.</p>
          <label className="viewport-toggle">
            <input type="checkbox" checked={transparent} onChange={(e) => setTransparent(e.target.checked)} /> Transparent background
          </label>
        </>
      )}
      {target.localId && folders.length > 0 ? (
        <Select label="Project folder" value={folderId} options={folders.map((f) => ({ value: f.id, label: `${f.name} (${f.engine})` }))} onChange={setFolderId} help="Saved beside the model's export there." />
      ) : null}
      {working ? (
        <div className="pictures-progress" role="status">
          <progress value={status.done} max={status.total} aria-label={kind === 'still' ? 'Drawing the still' : 'Turntable frames drawn'} />
          <span>{kind === 'still' ? 'Drawing…' : `Frame ${status.done} of ${status.total}`}</span>
          {kind === 'turntable' ? (
            <Button size="small" onClick={() => abort.current?.abort()}>
              Cancel
            </Button>
          ) : null}
        </div>
      ) : null}
      {status.state === 'saved' ? <p role="status">{status.message}</p> : null}
      {status.state === 'error' ? (
        <p role="alert" className="settings-error">
          {status.message}
        </p>
      ) : null}
      <div className="settings-actions">
        {canSaveToFolder ? (
          <Button variant="primary" disabled={working} onClick={() => void go('folder')}>
            Save to {folder?.name}
          </Button>
        ) : null}
        <Button variant={canSaveToFolder ? undefined : 'primary'} disabled={working} onClick={() => void go('download')}>
          Save as…
        </Button>
      </div>
    </Dialog>
  );
}

/** The two toolbar buttons and their dialog. */
export function PictureButtons({ target }: { target: ViewportTarget }) {
  const [kind, setKind] = useState<PictureKind | null>(null);
  return (
    <span className="viewport-pictures">
      <button type="button" onClick={() => setKind('turntable')}>
        Turntable…
      </button>
      <button type="button" onClick={() => setKind('still')}>
        Save still…
      </button>
      <PicturesDialog kind={kind} target={target} onClose={() => setKind(null)} />
    </span>
  );
}
