/**
 * A labelled drop target with a file picker. It hands files to its owner and
 * stops the window-wide drop handler from also acting on them.
 */
import { useId, useRef, useState, type ReactNode } from 'react';

export interface DropZoneProps {
  label: string;
  /** File-picker hint (extensions and MIME types); acceptance is decided by content elsewhere. */
  accept?: string;
  multiple?: boolean;
  onFiles(files: File[]): void;
  help?: ReactNode;
  error?: string;
  required?: boolean;
  /** What the zone shows when it holds a file (a preview and a remove button). */
  children?: ReactNode;
  /** Text of the picker button. */
  pickLabel?: string;
}

export function DropZone({ label, accept, multiple, onFiles, help, error, required, children, pickLabel = 'Choose file…' }: DropZoneProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  return (
    <div className={`field drop-field${error ? ' field-invalid' : ''}`}>
      <div className="field-head">
        <label className="field-label" htmlFor={id}>
          {label}
          {required ? <span className="field-required" aria-hidden="true"> *</span> : null}
        </label>
      </div>
      <div
        className={`drop-zone${over ? ' drop-zone-over' : ''}`}
        data-testid={`drop-zone-${label}`}
        onDragEnter={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragOver={(e) => {
          e.preventDefault();
          e.stopPropagation();
          e.dataTransfer.dropEffect = 'copy';
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          e.stopPropagation();
          setOver(false);
          const files = Array.from(e.dataTransfer.files);
          if (files.length) onFiles(multiple ? files : files.slice(0, 1));
        }}
      >
        {children ?? <span className="drop-hint">Drop {multiple ? 'files' : 'a file'} here or</span>}
        <button type="button" className="btn btn-secondary btn-small" onClick={() => input.current?.click()}>
          {pickLabel}
        </button>
        <input
          ref={input}
          id={id}
          className="visually-hidden"
          type="file"
          accept={accept}
          multiple={multiple}
          aria-describedby={[help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = '';
            if (files.length) onFiles(files);
          }}
        />
      </div>
      {help ? (
        <div id={`${id}-help`} className="field-help">
          {help}
        </div>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className="field-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}
