/** Recognises a game-engine project folder and proposes where exports go inside it. */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { ProjectEngine } from '../../../shared/ipc';

export interface ProjectKind {
  engine: ProjectEngine;
  proposedSubfolder: string;
  note?: string;
  /** A plain folder that is a three.js web project (its package.json depends on three): it gets LOD files. */
  web?: boolean;
}

export const PROJECT_KINDS: Record<ProjectEngine, ProjectKind> = {
  unity: {
    engine: 'unity',
    proposedSubfolder: 'Assets/Generated',
    note: 'Unity imports .glb files through a glTF package (glTFast or UnityGLTF); PNGs import directly.',
  },
  godot: {
    engine: 'godot',
    proposedSubfolder: 'assets/generated',
    note: 'Godot imports .glb and .png files when the editor regains focus.',
  },
  unreal: {
    engine: 'unreal',
    proposedSubfolder: 'Content/Generated',
    note: 'Unreal imports GLB files through the editor: the files land in Content/Generated, then use Import in the Content Browser (or accept the auto-import prompt). Keep the .glb as the source for reimports.',
  },
  plain: { engine: 'plain', proposedSubfolder: '' },
};

/** Unreal (`*.uproject`) first, then Godot (`project.godot`), then Unity (`Assets/`), else plain (a three.js project marked `web`). */
export async function detectProject(folder: string): Promise<ProjectKind> {
  let entries: { name: string; isDirectory(): boolean; isFile(): boolean }[];
  try {
    entries = await readdir(folder, { withFileTypes: true });
  } catch {
    return PROJECT_KINDS.plain;
  }
  if (entries.some((e) => e.isFile() && e.name.toLowerCase().endsWith('.uproject'))) return PROJECT_KINDS.unreal;
  if (entries.some((e) => e.isFile() && e.name === 'project.godot')) return PROJECT_KINDS.godot;
  if (entries.some((e) => e.isDirectory() && e.name === 'Assets')) return PROJECT_KINDS.unity;
  if (entries.some((e) => e.isFile() && e.name === 'package.json') && (await dependsOnThree(join(folder, 'package.json')))) return { ...PROJECT_KINDS.plain, web: true };
  return PROJECT_KINDS.plain;
}

/** Whether a package.json lists three (or react-three-fiber) among its dependencies; a small read, never more than 1 MB. */
async function dependsOnThree(path: string): Promise<boolean> {
  try {
    const text = await readFile(path, 'utf8');
    if (text.length > 1_000_000) return false;
    const json = JSON.parse(text) as Record<string, Record<string, string> | undefined>;
    const names = ['dependencies', 'devDependencies', 'peerDependencies'].flatMap((k) => Object.keys(json[k] ?? {}));
    return names.some((n) => n === 'three' || n === '@react-three/fiber');
  } catch {
    return false;
  }
}
