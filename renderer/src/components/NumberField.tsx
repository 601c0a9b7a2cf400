/**
 * A labelled integer input. It keeps the text as typed (so "12a" can be
 * reported rather than silently dropped); the form validates it against
 * the catalogue's bounds.
 */
import type { ReactNode } from 'react';
import { Field } from './Field';

export interface NumberFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  min?: number;
  max?: number;
  step?: number;
  help?: ReactNode;
  error?: string;
  required?: boolean;
  placeholder?: string;
}

export function NumberField({ label, value, onChange, min, max, step = 1, help, error, required, placeholder }: NumberFieldProps) {
  return (
    <Field label={label} help={help} error={error} required={required}>
      {(control) => (
        <input
          {...control}
          className="input"
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={step}
          value={value}
          placeholder={placeholder}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}
