/**
 * Chooses a source job (a model to retexture, an uploaded image, a skybox to
 * edit, ...) from the user's own successful jobs of the kinds the field
 * accepts, shown with thumbnails. Ids are never typed.
 */
import { useMemo } from 'react';
import { ENDPOINTS, type JobRefField } from '../../../../shared/api';
import { FieldGroup } from '../../components/Field';
import { useStore } from '../../state/store';
import { allJobs, selectJobsState, jobTitle, sourceJobsFor } from './selectors';
import { Thumbnail } from './Thumbnail';

const MAX_SHOWN = 60;

const NOUNS: Record<string, string> = { model: 'models', image: 'images', skybox: 'skyboxes', motion: 'motion clips', parts: 'split models' };

/** What the picker will offer, said as things an artist makes ("No finished models or images yet"), not as job kinds. */
export function emptyPickerText(spec: Pick<JobRefField, 'sourceKinds'>): string {
  const only = spec.sourceKinds.length === 1 ? spec.sourceKinds[0] : undefined;
  if (only === 'image-upload') return 'No uploaded images yet: images you upload (0 credits) appear here to choose from.';
  if (only === 'auto-rig') return 'No rigged models yet: models you rig with Auto-rig appear here to choose from.';
  const nouns = [...new Set(spec.sourceKinds.map((k) => (k === 'image-upload' ? 'images' : k in ENDPOINTS ? NOUNS[ENDPOINTS[k as keyof typeof ENDPOINTS].produces] : undefined)).filter(Boolean))];
  const what = nouns.length ? nouns.join(' or ') : 'results';
  return `No finished ${what} yet: the ones you make appear here to choose from.`;
}

export interface SourcePickerProps {
  name: string;
  spec: JobRefField;
  value: string | undefined;
  onChange(jobId: string | undefined): void;
  error?: string;
}

export function SourcePicker({ name, spec, value, onChange, error }: SourcePickerProps) {
  const jobsState = useStore(selectJobsState);
  const candidates = useMemo(
    () => sourceJobsFor(allJobs({ jobsById: jobsState } as never), spec),
    [jobsState, spec],
  );
  const shown = candidates.slice(0, MAX_SHOWN);
  // A chosen id that is not in the list (a history item's source, or a job still loading) is still shown.
  const missing = value && !candidates.some((j) => j.jobId === value);
  return (
    <FieldGroup legend={spec.label + (spec.required ? ' *' : '')} help={spec.help} error={error}>
      {candidates.length === 0 && !missing ? (
        <p className="picker-empty">{emptyPickerText(spec)}</p>
      ) : (
        <div className="picker" role="radiogroup" aria-label={spec.label}>
          {!spec.required ? (
            <label className={`picker-item${!value ? ' picker-item-selected' : ''}`}>
              <input type="radio" name={`pick-${name}`} checked={!value} onChange={() => onChange(undefined)} />
              <span className="thumb thumb-empty" aria-hidden="true">
                –
              </span>
              <span className="picker-title">None</span>
            </label>
          ) : null}
          {missing ? (
            <label className="picker-item picker-item-selected">
              <input type="radio" name={`pick-${name}`} checked onChange={() => undefined} />
              <span className="thumb thumb-empty" aria-hidden="true">
                #
              </span>
              <span className="picker-title">Job {value}</span>
            </label>
          ) : null}
          {shown.map((job) => (
            <label key={job.localId} className={`picker-item${value === job.jobId ? ' picker-item-selected' : ''}`} title={jobTitle(job)}>
              <input type="radio" name={`pick-${name}`} checked={value === job.jobId} onChange={() => onChange(job.jobId)} />
              <Thumbnail localId={job.localId} label={jobTitle(job)} available={job.asset?.hasThumbnail === true} />
              <span className="picker-title">{jobTitle(job)}</span>
            </label>
          ))}
        </div>
      )}
      {candidates.length > MAX_SHOWN ? <p className="field-help">Showing the {MAX_SHOWN} newest of {candidates.length}.</p> : null}
    </FieldGroup>
  );
}
