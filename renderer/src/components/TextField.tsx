/** Labelled single-line text input and the prompt textarea with its live character count. */
import type { ReactNode } from 'react';
import { Field } from './Field';
import { overLimitHint } from './char-limit';

export interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  help?: ReactNode;
  error?: string;
  required?: boolean;
  placeholder?: string;
  type?: 'text' | 'url';
  list?: string;
}

export function TextField({ label, value, onChange, help, error, required, placeholder, type = 'text', list }: TextFieldProps) {
  return (
    <Field label={label} help={help} error={error} required={required}>
      {(control) => (
        <input {...control} className="input" type={type} value={value} placeholder={placeholder} list={list} onChange={(e) => onChange(e.target.value)} />
      )}
    </Field>
  );
}

export interface PromptFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** The limit the count is shown against; no count when the spec sets none. */
  maxLength?: number;
  help?: ReactNode;
  error?: string;
  required?: boolean;
  rows?: number;
}

export function PromptField({ label, value, onChange, maxLength, help, error, required, rows = 4 }: PromptFieldProps) {
  const over = maxLength !== undefined && value.length > maxLength;
  const count =
    maxLength !== undefined ? (
      <span className={`char-count${over ? ' char-count-over' : ''}`} aria-live="polite">
        {value.length.toLocaleString('en-US')} / {maxLength.toLocaleString('en-US')}
      </span>
    ) : (
      <span className="char-count">{value.length.toLocaleString('en-US')} characters</span>
    );
  return (
    <Field label={label} help={help} error={error ?? (over ? overLimitHint(label, value.length, maxLength!) : undefined)} required={required} aside={count}>
      {(control) => <textarea {...control} className="input textarea" rows={rows} value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  );
}
