/** The export options engines need: name template, sidecar, up axis, scale, pivot, collision and levels of detail. */
import { useState } from 'react';
import { COLLISION_LABELS, COLLISION_SHAPES, LOD_CHOICES, LOD_LABELS, type CollisionShape, type LodChoice } from '../../../shared/domain/engine-import';
import { NAME_TEMPLATE_FIELDS, type ExportOptions } from '../../../shared/ipc';
import { NumberField } from './NumberField';
import { Select } from './Select';
import { TextField } from './TextField';
import { Toggle } from './Toggle';

/** What the sidecar holds: a generated asset's origin, or a dropped file's name and fingerprint (it has no prompt or job). */
const SIDECAR_HELP = {
  generated: 'Prompt, request, job ids, environment and stats beside the file; never credentials.',
  'local-file': "The dropped file's name, size and SHA-256, the export options and any fixes made, beside the export; exporting the same file again replaces it in place.",
} as const;

/**
 * `modelOptions`: up axis, scale and pivot change models only; an image or skybox export leaves them out.
 * `source`: a model dropped on the window has no prompt or job for the sidecar to record.
 */
export function ExportOptionsFields({
  value,
  onChange,
  modelOptions = true,
  source = 'generated',
}: {
  value: ExportOptions;
  onChange(patch: Partial<ExportOptions>): void;
  modelOptions?: boolean;
  source?: keyof typeof SIDECAR_HELP;
}) {
  const [scaleText, setScaleText] = useState(String(value.scale));
  const scale = Number(scaleText);
  const scaleError = scaleText.trim() === '' || !(scale > 0 && scale <= 10000) ? 'A number above 0, up to 10000.' : undefined;
  return (
    <div className="export-options">
      <TextField label="File name template" value={value.template} onChange={(template) => onChange({ template })} help={`Fields: ${NAME_TEMPLATE_FIELDS.join(' ')}`} />
      <Toggle label="Write a sidecar (.asset.json)" checked={value.sidecar} onChange={(sidecar) => onChange({ sidecar })} help={SIDECAR_HELP[source]} />
      {modelOptions ? (
        <>
          <Select
            label="Up axis"
            value={value.upAxis}
            options={[
              { value: 'y', label: 'Y up (glTF, Unity, Godot)' },
              { value: 'z', label: 'Z up (Unreal, Blender)' },
            ]}
            onChange={(upAxis) => onChange({ upAxis: upAxis === 'z' ? 'z' : 'y' })}
          />
          <NumberField
            label="Scale"
            value={scaleText}
            min={0.0001}
            max={10000}
            step={0.1}
            error={scaleError}
            onChange={(text) => {
              setScaleText(text);
              const n = Number(text);
              if (text.trim() !== '' && n > 0 && n <= 10000) onChange({ scale: n });
            }}
            help="glTF units are metres; 1 keeps the size."
          />
          <Toggle label="Pivot at base" checked={value.pivotAtBase} onChange={(pivotAtBase) => onChange({ pivotAtBase })} help="Origin at the centre of the model's base. Applied to a copy; the original stays untouched." />
          <Select
            label="Collision"
            value={value.collision ?? 'none'}
            options={COLLISION_SHAPES.map((c) => ({ value: c, label: COLLISION_LABELS[c] }))}
            onChange={(collision) => onChange({ collision: collision as CollisionShape })}
            help="GLB and glTF only. Named so Godot 4 builds the collision shape when it imports the file."
          />
          <Select
            label="Levels of detail"
            value={value.lods ?? 'auto'}
            options={LOD_CHOICES.map((c) => ({ value: c, label: LOD_LABELS[c] }))}
            onChange={(lods) => onChange({ lods: lods as LodChoice })}
            help="Also writes NAME_LOD1.glb and NAME_LOD2.glb at 50 % and 25 % of the triangles. Godot 4 makes its own on import; three.js and web projects get the files."
          />
        </>
      ) : null}
    </div>
  );
}
