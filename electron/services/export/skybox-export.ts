/**
 * What a skybox export writes besides the panorama, when cube faces are asked
 * for: six faces named for the project's engine and, for Godot, an environment
 * resource using the panorama. Suffixes are known before the name is chosen
 * (lineage checks them); the bytes need the panorama's final path.
 */
import { ENGINE_SKIES, skyEngineFor } from '../../../shared/domain/cube-faces';
import type { ProjectEngine } from '../../../shared/ipc';
import type { OutputFile } from './formats';
import { godotSkyResource } from './godot-sky';
import { cubeFaces } from './skybox-faces';

export const GODOT_SKY_SUFFIX = '_sky.tres';

export function skyboxSuffixes(project: ProjectEngine): string[] {
  const engine = skyEngineFor(project);
  return [...ENGINE_SKIES[engine].faces.map((f) => `${f.suffix}.png`), ...(engine === 'godot' ? [GODOT_SKY_SUFFIX] : [])];
}

/** The faces (and Godot's sky) for a panorama written at `panoramaRelativePath` inside the project folder. */
export async function skyboxOutputs(panorama: Uint8Array, project: ProjectEngine, panoramaRelativePath: string): Promise<OutputFile[]> {
  const engine = skyEngineFor(project);
  const faces = await cubeFaces(panorama, engine);
  const out: OutputFile[] = faces.map((f) => ({ suffix: f.suffix, bytes: f.bytes }));
  if (engine === 'godot') out.push({ suffix: GODOT_SKY_SUFFIX, bytes: Buffer.from(godotSkyResource(panoramaRelativePath), 'utf8') });
  return out;
}
