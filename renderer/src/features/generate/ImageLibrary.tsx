/** The uploaded images the other forms can reuse, shown under Upload image. */
import { useMemo } from 'react';
import { useStore } from '../../state/store';
import { allJobs, selectJobsState, imageLibrary, jobTitle } from './selectors';
import { Thumbnail } from './Thumbnail';

export function ImageLibrary() {
  const jobsState = useStore(selectJobsState);
  const images = useMemo(() => imageLibrary(allJobs({ jobsById: jobsState } as never)), [jobsState]);
  return (
    <section className="library" aria-label="Image library">
      <h3 className="section-title">Image library</h3>
      <p className="field-help">Uploads cost 0 credits. Image to 3D, Skybox from image and Text to image reuse them without uploading again.</p>
      {images.length === 0 ? (
        <p className="picker-empty">No uploaded images yet.</p>
      ) : (
        <ul className="library-grid">
          {images.map((j) => (
            <li key={j.localId} title={jobTitle(j)}>
              <Thumbnail localId={j.localId} label={jobTitle(j)} available={j.asset?.hasThumbnail === true} />
              <span className="picker-title">{jobTitle(j)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
