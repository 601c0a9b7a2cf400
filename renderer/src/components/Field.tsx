/**
 * A labelled form row: visible label, the control, one line of help and the
 * field's error underneath. The control gets the ids it needs for
 * `aria-describedby` / `aria-invalid` through the render prop.
 */
import { useId, type ReactNode } from 'react';

export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

export interface FieldProps {
  label: string;
  help?: ReactNode;
  error?: string;
  required?: boolean;
  /** Extra text beside the label (a character count). */
  aside?: ReactNode;
  children: (control: FieldControlProps) => ReactNode;
  className?: string;
}

export function Field({ label, help, error, required, aside, children, className }: FieldProps) {
  const id = useId();
  const helpId = `${id}-help`;
  const errorId = `${id}-error`;
  const describedBy = [help ? helpId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <div className="field-head">
        <label htmlFor={id} className="field-label">
          {label}
          {required ? <span className="field-required" aria-hidden="true"> *</span> : null}
        </label>
        {aside ? <span className="field-aside">{aside}</span> : null}
      </div>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {help ? (
        <div id={helpId} className="field-help">
          {help}
        </div>
      ) : null}
      {error ? (
        <div id={errorId} className="field-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** A group of controls with a visible legend (slots, references, a nested object). */
export function FieldGroup({ legend, children, error, help }: { legend: string; children: ReactNode; error?: string; help?: ReactNode }) {
  return (
    <fieldset className={`field-group${error ? ' field-invalid' : ''}`}>
      <legend className="field-label">{legend}</legend>
      {children}
      {help ? <div className="field-help">{help}</div> : null}
      {error ? (
        <div className="field-error" role="alert">
          {error}
        </div>
      ) : null}
    </fieldset>
  );
}
