/** The skybox format picker of the export dialog: the panorama alone, or with six cube faces named for the folder's engine. */
import { ENGINE_SKIES, skyEngineFor } from '../../../../shared/domain/cube-faces';
import { SKYBOX_FORMATS, SKYBOX_FORMAT_INFO, type SkyboxFormat } from '../../../../shared/domain/export-formats';
import type { ProjectEngine } from '../../../../shared/ipc';
import { Select } from '../../components/Select';

const ENGINE_NAMES: Record<ProjectEngine, string> = { unity: 'Unity', godot: 'Godot', unreal: 'Unreal', plain: 'three.js (web)' };

/** What the faces will be called, for the help line: e.g. "Unity: _Front, _Back, …". */
export function facesHelp(engine: ProjectEngine): string {
  const sky = ENGINE_SKIES[skyEngineFor(engine)];
  return `${ENGINE_NAMES[engine]} names: ${sky.faces.map((f) => f.suffix).join(', ')}${engine === 'godot' ? ', and _sky.tres' : ''}. ${sky.howTo}`;
}

export function SkyboxFormatField({ value, engine, onChange }: { value: SkyboxFormat; engine: ProjectEngine | undefined; onChange(v: SkyboxFormat): void }) {
  return (
    <Select
      label="Skybox format"
      value={value}
      options={SKYBOX_FORMATS.map((f) => ({ value: f, label: SKYBOX_FORMAT_INFO[f].label }))}
      onChange={(v) => onChange(v as SkyboxFormat)}
      help={value === 'cubemap' && engine ? facesHelp(engine) : SKYBOX_FORMAT_INFO[value].hint}
    />
  );
}
