/**
 * One request field as a control, chosen by the field's catalogue type:
 * prompts get a live count, enums a select of the catalogue's values,
 * integers a bounded number input, job references a source picker, files a
 * drop zone, objects and arrays nested groups.
 */
import { optionLabel, type FieldSpec, type GenerationKind, type ObjectField } from '../../../../shared/api';
import { Button } from '../../components/Button';
import { FieldGroup } from '../../components/Field';
import { NumberField } from '../../components/NumberField';
import { Select } from '../../components/Select';
import { PromptField, TextField } from '../../components/TextField';
import { Toggle } from '../../components/Toggle';
import { FileInput } from './FileInput';
import { ImageUrlField } from './ImageUrlField';
import { ReferenceSources } from './ReferenceSources';
import { SourcePicker } from './SourcePicker';
import { StylePicker } from './StylePicker';

export interface FieldWidgetProps {
  kind: GenerationKind;
  /** Dotted path of the field ("prompt", "spritesheet.mode", "references.0.url"). */
  path: string;
  name: string;
  spec: FieldSpec;
  value: unknown;
  onChange(value: unknown): void;
  onError(message: string | undefined): void;
  errors: Record<string, string>;
  /** Notes about extra credits that apply to the current value. */
  notes?: string[];
}

/** Face-count fields say what 0 means, as the spec does. */
function integerHelp(name: string, spec: Extract<FieldSpec, { type: 'integer' | 'numeric-string' }>): string | undefined {
  if (name === 'targetFaceCount' && spec.min === 0 && spec.max !== undefined) {
    return `0 = let the service choose; up to ${spec.max.toLocaleString('en-US')}.`;
  }
  if (spec.min !== undefined && spec.max !== undefined) {
    return `${spec.help ? `${spec.help} ` : ''}${spec.min.toLocaleString('en-US')} to ${spec.max.toLocaleString('en-US')}.`;
  }
  return spec.help;
}

function Notes({ notes }: { notes?: string[] }) {
  if (!notes?.length) return null;
  return (
    <>
      {notes.map((n) => (
        <div key={n} className="field-note" role="note">
          {n}
        </div>
      ))}
    </>
  );
}

function ObjectWidget({ kind, path, spec, value, onChange, errors }: Omit<FieldWidgetProps, 'spec' | 'name' | 'onError'> & { spec: ObjectField }) {
  const obj = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  return (
    <FieldGroup legend={spec.label + (spec.required ? ' *' : '')} help={spec.help} error={errors[path]}>
      {Object.entries(spec.fields).map(([n, f]) => (
        <FieldWidget
          key={n}
          kind={kind}
          path={`${path}.${n}`}
          name={n}
          spec={f}
          value={obj[n]}
          errors={errors}
          onChange={(v) => onChange({ ...obj, [n]: v })}
          onError={() => undefined}
        />
      ))}
    </FieldGroup>
  );
}

export function FieldWidget(props: FieldWidgetProps) {
  const { kind, path, name, spec, value, onChange, onError, errors, notes } = props;
  const error = errors[path];
  switch (spec.type) {
    case 'string':
      if (spec.prompt) {
        return (
          <>
            <PromptField label={spec.label} value={String(value ?? '')} onChange={onChange} maxLength={spec.maxLength} help={spec.help} error={error} required={spec.required} />
            <Notes notes={notes} />
          </>
        );
      }
      if (spec.style) return <StylePicker spec={spec} value={String(value ?? '')} onChange={onChange} error={error} />;
      if (spec.url && kind === 'image-edit') {
        return <ImageUrlField spec={spec} value={String(value ?? '')} onChange={onChange} error={error} />;
      }
      return (
        <TextField
          label={spec.label}
          type={spec.url ? 'url' : 'text'}
          value={String(value ?? '')}
          onChange={onChange}
          help={spec.help}
          error={error}
          required={spec.required}
          placeholder={spec.default}
        />
      );
    case 'enum':
      return (
        <>
          <Select
            label={spec.label}
            value={String(value ?? '')}
            options={spec.values.map((v) => ({ value: v, label: optionLabel(spec, v) }))}
            onChange={(v) => onChange(v === '' ? undefined : v)}
            help={spec.help}
            error={error}
            required={spec.required}
            placeholder={spec.default === undefined ? (spec.required ? 'Choose…' : 'Not set') : undefined}
          />
          <Notes notes={notes} />
        </>
      );
    case 'integer':
      if (spec.oneOf) {
        return (
          <Select
            label={spec.label}
            value={String(value ?? '')}
            options={spec.oneOf.map((v) => ({ value: String(v), label: String(v) }))}
            onChange={(v) => onChange(v === '' ? undefined : v)}
            help={spec.help}
            error={error}
            required={spec.required}
            placeholder={spec.required ? 'Choose…' : 'Not set'}
          />
        );
      }
      return (
        <>
          <NumberField label={spec.label} value={String(value ?? '')} onChange={onChange} min={spec.min} max={spec.max} help={integerHelp(name, spec)} error={error} required={spec.required} />
          <Notes notes={notes} />
        </>
      );
    case 'numeric-string':
      return (
        <NumberField label={spec.label} value={String(value ?? '')} onChange={onChange} min={spec.min} max={spec.max} help={integerHelp(name, spec)} error={error} required={spec.required} placeholder="Not set" />
      );
    case 'boolean':
    case 'boolean-string':
      return <Toggle label={spec.label} checked={value === true || value === 'true'} onChange={onChange} help={spec.help} />;
    case 'file':
      return <FileInput spec={spec} value={value} onChange={onChange} onError={onError} error={error} />;
    case 'job-ref':
      return <SourcePicker name={path} spec={spec} value={typeof value === 'string' ? value : undefined} onChange={onChange} error={error} />;
    case 'object':
      return <ObjectWidget {...props} spec={spec} />;
    case 'array': {
      const items = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
      return (
        <FieldGroup legend={spec.label} help={spec.help} error={error}>
          {items.map((item, i) => (
            <div className="array-row" key={i}>
              <div className="array-row-fields">
                {Object.entries(spec.items.fields).map(([n, f]) => (
                  <FieldWidget
                    key={n}
                    kind={kind}
                    path={`${path}.${i}.${n}`}
                    name={n}
                    spec={f}
                    value={item[n]}
                    errors={errors}
                    onChange={(v) => onChange(items.map((it, j) => (j === i ? { ...it, [n]: v } : it)))}
                    onError={() => undefined}
                  />
                ))}
              </div>
              <Button size="small" variant="ghost" aria-label={`Remove ${spec.items.label.toLowerCase()} ${i + 1}`} onClick={() => onChange(items.filter((_, j) => j !== i))}>
                Remove
              </Button>
            </div>
          ))}
          <Button size="small" onClick={() => onChange([...items, {}])}>
            Add {spec.items.label.toLowerCase()}
          </Button>
          {kind === 'image-edit' && path === 'references' ? <ReferenceSources items={items} onChange={onChange} /> : null}
        </FieldGroup>
      );
    }
  }
}
