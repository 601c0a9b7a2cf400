/**
 * Below Edit image's reference rows: the user's image results, each added as
 * a reference in one click (by its published address), and a drop target
 * that explains, in plain words, why a file on this computer cannot be one.
 */
import { useMemo, useState } from 'react';
import { FILE_ACCEPT } from '../../../../shared/api';
import { DropZone } from '../../components/DropZone';
import { useStore } from '../../state/store';
import { LOCAL_FILE_NOT_A_REFERENCE, addReference, referenceCandidates, type ReferenceItem } from './references';
import { allJobs, selectJobsState, selectStorageUrl } from './selectors';
import { Thumbnail } from './Thumbnail';

const MAX_SHOWN = 24;

export function ReferenceSources({ items, onChange }: { items: ReferenceItem[]; onChange(items: ReferenceItem[]): void }) {
  const jobsState = useStore(selectJobsState);
  const storageUrl = useStore(selectStorageUrl);
  const candidates = useMemo(() => referenceCandidates(allJobs({ jobsById: jobsState } as never), storageUrl), [jobsState, storageUrl]);
  const [refused, setRefused] = useState<string>();
  return (
    <>
      {candidates.length ? (
        <div className="history-images" role="group" aria-label="Use a result from the history">
          <p className="field-label">Use a result from the history</p>
          <p className="field-help">Click an image you made to add it as a reference (role: style; change it above).</p>
          <div className="picker">
            {candidates.slice(0, MAX_SHOWN).map((c) => {
              const added = items.some((it) => it.url === c.url);
              return (
                <button
                  key={c.localId}
                  type="button"
                  className={`picker-item${added ? ' picker-item-selected' : ''}`}
                  title={added ? `${c.title} (already a reference)` : c.title}
                  aria-pressed={added}
                  onClick={() => onChange(addReference(items, c.url))}
                >
                  <Thumbnail localId={c.localId} label={c.title} available={c.hasThumbnail} />
                  <span className="picker-title">{c.title}</span>
                </button>
              );
            })}
          </div>
        </div>
      ) : null}
      <DropZone
        label="A file on this computer?"
        accept={FILE_ACCEPT.image}
        help="References are fetched by the service from their web address, so only images with one can be used."
        error={refused}
        onFiles={(files) => setRefused(files[0] ? `${files[0].name}: ${LOCAL_FILE_NOT_A_REFERENCE}` : undefined)}
      />
    </>
  );
}
