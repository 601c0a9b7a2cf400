/**
 * The form of one generation kind, built from its catalogue entry. Fields
 * that need a purpose-made widget (the four views, the sketch canvas) get
 * it; the rest are chosen by field type.
 */
import { ENDPOINTS, type EndpointSpec, type GenerationKind } from '../../../../shared/api';
import { useStore } from '../../state/store';
import { fieldsOf, initialDraft, toRequestValues, type DraftValues } from '../../domain/generate/draft';
import { FieldWidget } from './FieldWidget';
import { FileInput } from './FileInput';
import { FILE_THEN_UPLOAD_KINDS, LOCAL_IMAGE_FIELD, localImageSpec } from '../../domain/generate/local-image';
import { ImageLibrary } from './ImageLibrary';
import { MultiImageSlots } from './MultiImageSlots';
import { SketchPad } from './SketchPad';

const EMPTY: Record<string, string> = {};

/** Fields that only one of may be given: choosing one clears the other. */
const EXCLUSIVE: Partial<Record<GenerationKind, Record<string, string>>> = {
  'image-to-3d': { file: 'imageJobId', imageJobId: 'file' },
};

/** Surcharge notes that apply to the draft now, per field. */
export function surchargeNotes(kind: GenerationKind, draft: DraftValues): Record<string, string[]> {
  const values = toRequestValues(kind, draft);
  const out: Record<string, string[]> = {};
  for (const s of (ENDPOINTS[kind] as EndpointSpec).surcharges ?? []) {
    if (s.when(values[s.field])) (out[s.field] ??= []).push(s.note);
  }
  return out;
}

export function KindForm({ kind }: { kind: GenerationKind }) {
  const draft = useStore((s) => s.drafts[kind]) ?? initialDraft(kind);
  const errors = useStore((s) => s.fieldErrors[kind]) ?? EMPTY;
  const setDraftField = useStore((s) => s.setDraftField);
  const setFieldError = useStore((s) => s.setFieldError);
  const notes = surchargeNotes(kind, draft);
  const exclusive = EXCLUSIVE[kind] ?? {};
  let viewsShown = false;
  return (
    <div className="kind-form">
      {fieldsOf(kind).map(([name, spec]) => {
        if (kind === 'multi-image-to-3d' && spec.type === 'file') {
          if (viewsShown) return null;
          viewsShown = true;
          return <MultiImageSlots key="views" draft={draft} errors={errors} />;
        }
        if (kind === 'sketch-to-image' && name === 'sketchData') return null;
        if (kind === 'sketch-to-image' && name === 'file') return <SketchPad key="sketch" draft={draft} errors={errors} />;
        return (
          <FieldWidget
            key={name}
            kind={kind}
            path={name}
            name={name}
            spec={spec}
            value={draft[name]}
            errors={errors}
            notes={notes[name]}
            onChange={(v) => {
              setDraftField(kind, name, v);
              const other = exclusive[name];
              if (other && v !== undefined) setDraftField(kind, other, undefined);
            }}
            onError={(m) => setFieldError(kind, name, m)}
          />
        );
      })}
      {FILE_THEN_UPLOAD_KINDS.includes(kind) ? (
        <FileInput
          spec={localImageSpec()}
          value={draft[LOCAL_IMAGE_FIELD]}
          error={errors[LOCAL_IMAGE_FIELD]}
          onChange={(v) => {
            setDraftField(kind, LOCAL_IMAGE_FIELD, v);
            // A picked file replaces the chosen upload (it becomes the upload when Generate is pressed).
            if (v !== undefined) setDraftField(kind, 'imageJobId', undefined);
          }}
          onError={(m) => setFieldError(kind, LOCAL_IMAGE_FIELD, m)}
        />
      ) : null}
      {kind === 'image-upload' ? <ImageLibrary /> : null}
    </div>
  );
}
