/**
 * Multi-image to 3D's views from images the app holds: each finished image
 * (text to image, sketch, edit) and each upload is one click away. Its views are image files
 * (the service takes no upload id there), so the host stages a copy of the
 * result and the view holds it as if it had been dropped; nothing is uploaded.
 */
import { useMemo, useState } from 'react';
import { bridge } from '../../bridge';
import { useStore } from '../../state/store';
import type { StagedFileDraft } from '../../domain/generate/draft';
import { rememberPreview } from './file-intake';
import { allJobs, jobTitle, selectJobsState, sourceJobsFor } from './selectors';
import { Thumbnail } from './Thumbnail';

/** Job kinds whose finished image the host can copy: results from their downloaded file, uploads from the file they were made from. */
export const MADE_IMAGE_KINDS = ['text-to-image', 'sketch-to-image', 'image-edit', 'image-upload'] as const;
const MAX_SHOWN = 24;

function thumbnailOf(localId: string): string | undefined {
  try {
    return bridge().assetUrl(localId, 'thumbnail');
  } catch {
    return undefined;
  }
}

export function HistoryImages({ freeView, onPick }: { freeView: string | undefined; onPick(field: string, staged: StagedFileDraft): void }) {
  const jobsState = useStore(selectJobsState);
  const images = useMemo(
    () => sourceJobsFor(allJobs({ jobsById: jobsState } as never), { sourceKinds: [...MADE_IMAGE_KINDS] }).filter((j) => j.kind === 'image-upload' || j.asset?.state === 'ready'),
    [jobsState],
  );
  const [note, setNote] = useState<string>();
  const [busy, setBusy] = useState<string>();
  if (images.length === 0) return null;
  const pick = async (localId: string, title: string, hasThumb: boolean) => {
    if (!freeView) return setNote('All four views are filled: remove one to use another image.');
    setBusy(localId);
    let res;
    try {
      res = await bridge().api.files.stageJobImage({ localId });
    } catch (err) {
      res = { ok: false as const, problem: { reason: 'host-unreachable', message: (err as Error).message } };
    }
    setBusy(undefined);
    if (!res.ok) return setNote(`${title} could not be used: ${res.problem.message}`);
    const v = res.value;
    if (hasThumb) rememberPreview(v.id, thumbnailOf(localId));
    setNote(undefined);
    onPick(freeView, { stagedFileId: v.id, name: v.name, size: v.size, format: v.format, width: v.width, height: v.height, ...(hasThumb ? { thumbnailJob: localId } : {}) });
  };
  return (
    <div className="history-images" role="group" aria-label="Use an image you made or uploaded">
      <p className="field-label">Use an image you made or uploaded</p>
      <p className="field-help">Click one to put it in the first empty view (Front first); change its view below.</p>
      <div className="picker">
        {images.slice(0, MAX_SHOWN).map((job) => {
          const title = jobTitle(job);
          return (
            <button
              key={job.localId}
              type="button"
              className="picker-item"
              title={title}
              disabled={busy !== undefined}
              onClick={() => void pick(job.localId, title, job.asset?.hasThumbnail === true)}
            >
              <Thumbnail localId={job.localId} label={title} available={job.asset?.hasThumbnail === true} />
              <span className="picker-title">{title}</span>
            </button>
          );
        })}
      </div>
      {note ? (
        <p className="field-help" role="status">
          {note}
        </p>
      ) : null}
    </div>
  );
}
