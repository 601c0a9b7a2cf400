/** A file field: drop zone and picker, checked by content, staged, previewed. */
import { useState, type ReactNode } from 'react';
import { FILE_ACCEPT, formatBytes, type FileField } from '../../../../shared/api';
import { Button } from '../../components/Button';
import { DropZone } from '../../components/DropZone';
import { isStagedFileDraft, type StagedFileDraft } from '../../domain/generate/draft';
import { intakeFile, previewUrlFor } from './file-intake';
import { Thumbnail } from './Thumbnail';
import { refusedFileLine } from '../../domain/generate/form-request';

export interface FileInputProps {
  spec: FileField;
  value: unknown;
  onChange(value: StagedFileDraft | undefined): void;
  onError(message: string | undefined): void;
  error?: string;
  /** Label override (multi-image slots show their view name). */
  label?: string;
  required?: boolean;
  children?: ReactNode;
}

export function StagedPreview({ staged, onRemove, extra }: { staged: StagedFileDraft; onRemove(): void; extra?: ReactNode }) {
  const preview = previewUrlFor(staged.stagedFileId) ?? staged.thumbnail;
  return (
    <div className="staged">
      <Thumbnail label={staged.name} src={preview} localId={staged.thumbnailJob} available={staged.thumbnailJob !== undefined} />
      <div className="staged-text">
        <div className="staged-name" title={staged.name}>
          {staged.name}
        </div>
        <div className="field-help">
          {formatBytes(staged.size)}
          {staged.width && staged.height ? ` · ${staged.width}×${staged.height}` : ''}
          {staged.format ? ` · ${staged.format.toUpperCase()}` : ''}
        </div>
        {extra}
      </div>
      <Button size="small" variant="ghost" aria-label={`Remove ${staged.name}`} onClick={onRemove}>
        Remove
      </Button>
    </div>
  );
}

export function FileInput({ spec, value, onChange, onError, error, label, required, children }: FileInputProps) {
  const [busy, setBusy] = useState(false);
  const staged = isStagedFileDraft(value) ? value : undefined;
  const take = async (files: File[]) => {
    const file = files[0];
    if (!file) return;
    setBusy(true);
    const res = await intakeFile(spec, file);
    setBusy(false);
    if (res.ok) {
      onError(undefined);
      onChange(res.staged);
    } else {
      // The slot is emptied: an earlier file must not stay looking like the one just dropped (form-request.ts).
      onChange(undefined);
      onError(refusedFileLine(file.name, res.message, staged?.name));
    }
  };
  return (
    <DropZone
      label={label ?? spec.label}
      accept={FILE_ACCEPT[spec.accept]}
      onFiles={(f) => void take(f)}
      help={spec.help}
      error={error}
      required={required ?? spec.required}
      pickLabel={staged ? 'Replace…' : 'Choose file…'}
    >
      {busy ? <span className="drop-hint">Checking…</span> : staged ? <StagedPreview staged={staged} onRemove={() => onChange(undefined)} extra={children} /> : undefined}
    </DropZone>
  );
}
