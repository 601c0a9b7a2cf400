/** A labelled native select: keyboard- and screen-reader-friendly, and easy for tests to drive by label. */
import type { ReactNode } from 'react';
import { Field } from './Field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps {
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange(value: string): void;
  help?: ReactNode;
  error?: string;
  required?: boolean;
  /** Shown as an empty first entry when the field is optional and has no value. */
  placeholder?: string;
}

export function Select({ label, value, options, onChange, help, error, required, placeholder }: SelectProps) {
  return (
    <Field label={label} help={help} error={error} required={required}>
      {(control) => (
        <select {...control} className="input" value={value} onChange={(e) => onChange(e.target.value)}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
