/**
 * A reference image's URL (Edit image's references): typed, or picked from
 * the user's own finished images, whose public URL follows the catalogue's
 * asset convention on the active environment's storage.
 */
import { useMemo } from 'react';
import { IMAGE_SOURCE_KINDS, assetUrl, type StringField } from '../../../../shared/api';
import { TextField } from '../../components/TextField';
import { useStore } from '../../state/store';
import { allJobs, jobTitle, selectJobsState, selectStorageUrl, sourceJobsFor } from './selectors';

export interface ImageUrlFieldProps {
  spec: StringField;
  value: string;
  onChange(value: string): void;
  error?: string;
}

export function ImageUrlField({ spec, value, onChange, error }: ImageUrlFieldProps) {
  const jobsState = useStore(selectJobsState);
  const storageUrl = useStore(selectStorageUrl);
  const images = useMemo(() => sourceJobsFor(allJobs({ jobsById: jobsState } as never), { sourceKinds: IMAGE_SOURCE_KINDS }), [jobsState]);
  const options = storageUrl ? images.map((j) => ({ url: assetUrl(storageUrl, j.jobId!, 'png'), title: jobTitle(j) })) : [];
  const chosen = options.find((o) => o.url === value)?.url ?? '';
  return (
    <div className="image-url-field">
      <TextField label={spec.label} type="url" value={value} onChange={onChange} help={spec.help} error={error} required={spec.required} />
      {options.length ? (
        <label className="inline-pick">
          <span>Or one of my images</span>
          <select className="input input-small" value={chosen} onChange={(e) => e.target.value && onChange(e.target.value)}>
            <option value="">Choose…</option>
            {options.map((o) => (
              <option key={o.url} value={o.url}>
                {o.title}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </div>
  );
}
