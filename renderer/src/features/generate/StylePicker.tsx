/**
 * Style: a native select of Auto, the styles used before and "Another
 * style…", which opens a text box for any style name (the spec lists no
 * built-in values). Native controls: labelled, keyboard- and
 * screen-reader-friendly, and driven by label in tests.
 */
import { useMemo, useRef, useState } from 'react';
import type { StringField } from '../../../../shared/api';
import { Field } from '../../components/Field';
import { useStore } from '../../state/store';
import { allJobs, selectJobsState } from './selectors';
import { OTHER_STYLE, styleChoices, stylesUsed } from './styles';

export interface StylePickerProps {
  spec: StringField;
  value: string;
  onChange(value: string): void;
  error?: string;
}

export function StylePicker({ spec, value, onChange, error }: StylePickerProps) {
  const jobsState = useStore(selectJobsState);
  const used = useMemo(() => stylesUsed(allJobs({ jobsById: jobsState } as never)), [jobsState]);
  const [typing, setTyping] = useState(false);
  const textRef = useRef<HTMLInputElement>(null);
  const choices = styleChoices(value, used, { required: spec.required, withDefault: spec.default !== undefined, typing });
  const other = choices.selected === OTHER_STYLE;
  return (
    <div className="style-picker">
      <Field label={spec.label} help={spec.help} error={error} required={spec.required}>
        {(control) => (
          <select
            {...control}
            className="input"
            value={choices.selected}
            onChange={(e) => {
              const v = e.target.value;
              if (v === OTHER_STYLE) {
                setTyping(true);
                // A listed style is not a name being typed: start the box empty.
                if (value === spec.default || used.includes(value)) onChange('');
                requestAnimationFrame(() => textRef.current?.focus());
                return;
              }
              setTyping(false);
              onChange(v);
            }}
          >
            {choices.empty ? <option value="">{choices.empty.label}</option> : null}
            {choices.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      {other ? (
        <label className="inline-pick">
          <span>Style name</span>
          <input ref={textRef} className="input input-small" value={value} placeholder="As the service names it" onChange={(e) => onChange(e.target.value)} />
        </label>
      ) : null}
    </div>
  );
}
