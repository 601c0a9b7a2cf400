/**
 * Multi-image to 3D's four labelled view slots. Several files dropped at once
 * fill the slots by file-name hints; each filled slot can be moved to
 * another view (swapping with whatever is there).
 */
import { useState } from 'react';
import { FILE_ACCEPT, type FileField, type GenerationKind } from '../../../../shared/api';
import { DropZone } from '../../components/DropZone';
import { FieldGroup } from '../../components/Field';
import { useStore } from '../../state/store';
import { fieldSpec, isStagedFileDraft, type DraftValues } from '../../domain/generate/draft';
import { intakeFile } from './file-intake';
import { FileInput } from './FileInput';
import { HistoryImages } from './HistoryImages';
import { VIEW_SLOTS, assignViews, firstFreeView } from './multi-image';

const KIND: GenerationKind = 'multi-image-to-3d';

/** Checks and stages several files, then places them by name hints. Used by the form and the window drop. */
export async function fillViewSlots(files: File[], draft: DraftValues): Promise<{ errors: Record<string, string>; unplaced: string[] }> {
  const store = useStore.getState();
  const occupied = VIEW_SLOTS.filter((s) => isStagedFileDraft(draft[s.field])).map((s) => s.field);
  const { assigned, leftOver } = assignViews(files, occupied);
  const errors: Record<string, string> = {};
  await Promise.all(
    Object.entries(assigned).map(async ([field, file]) => {
      const res = await intakeFile(fieldSpec(KIND, field) as FileField, file);
      if (res.ok) store.setDraftField(KIND, field, res.staged);
      else {
        errors[field] = res.message;
        store.refuseFile(KIND, field, file.name, res.message);
      }
    }),
  );
  return { errors, unplaced: leftOver.map((f) => f.name) };
}

export function MultiImageSlots({ draft, errors }: { draft: DraftValues; errors: Record<string, string> }) {
  const setDraftField = useStore((s) => s.setDraftField);
  const setFieldError = useStore((s) => s.setFieldError);
  const [note, setNote] = useState<string>();
  const move = (from: string, to: string) => {
    if (from === to) return;
    const a = draft[from];
    const b = draft[to];
    setDraftField(KIND, to, a);
    setDraftField(KIND, from, b);
  };
  return (
    <FieldGroup legend="Views" help="Front is required, plus at least one of Left, Back or Right." error={errors.leftImage}>
      <DropZone
        label="Several views at once"
        accept={FILE_ACCEPT.image}
        multiple
        pickLabel="Choose files…"
        help="Files named with front, left, back or right go to that view; move any of them below."
        onFiles={(files) => {
          void fillViewSlots(files, draft).then(({ unplaced }) =>
            setNote(unplaced.length ? `No free view for: ${unplaced.join(', ')}.` : undefined),
          );
        }}
      />
      {note ? <p className="field-help">{note}</p> : null}
      <HistoryImages
        freeView={firstFreeView((field) => isStagedFileDraft(draft[field]))}
        onPick={(field, staged) => {
          setFieldError(KIND, field, undefined);
          setDraftField(KIND, field, staged);
        }}
      />
      <div className="slots">
        {VIEW_SLOTS.map((slot) => {
          const value = draft[slot.field];
          return (
            <FileInput
              key={slot.field}
              spec={fieldSpec(KIND, slot.field) as FileField}
              label={slot.label}
              value={value}
              error={slot.field === 'leftImage' ? undefined : errors[slot.field]}
              onChange={(v) => setDraftField(KIND, slot.field, v)}
              onError={(m) => setFieldError(KIND, slot.field, m)}
            >
              {isStagedFileDraft(value) ? (
                <label className="slot-move">
                  <span>View</span>
                  <select className="input input-small" value={slot.field} onChange={(e) => move(slot.field, e.target.value)}>
                    {VIEW_SLOTS.map((s) => (
                      <option key={s.field} value={s.field}>
                        {s.label}
                      </option>
                    ))}
                  </select>
                </label>
              ) : null}
            </FileInput>
          );
        })}
      </div>
    </FieldGroup>
  );
}
