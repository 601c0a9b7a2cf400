/**
 * A reference image's URL (Edit image's references): typed, or picked from
 * the user's own finished images, whose public URL follows the catalogue's
 * asset convention on the active environment's storage.
 */
import { useMemo } from 'react';
import type { StringField } from '../../../../shared/api';
import { TextField } from '../../components/TextField';
import { useStore } from '../../state/store';
import { referenceCandidates } from './references';
import { allJobs, selectJobsState, selectStorageUrl } from './selectors';

export interface ImageUrlFieldProps {
  spec: StringField;
  value: string;
  onChange(value: string): void;
  error?: string;
}

export function ImageUrlField({ spec, value, onChange, error }: ImageUrlFieldProps) {
  const jobsState = useStore(selectJobsState);
  const storageUrl = useStore(selectStorageUrl);
  // Image uploads are not published, so they have no address to offer.
  const options = useMemo(() => referenceCandidates(allJobs({ jobsById: jobsState } as never), storageUrl), [jobsState, storageUrl]);
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
