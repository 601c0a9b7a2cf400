/**
 * What engines do with an exported glTF by themselves, as their own
 * documentation says for glTF, and the export options built on it: collision
 * shapes named so an engine builds them on import, and levels of detail
 * written as files where the engine makes none. Pure: the export service
 * writes the nodes and files; these decide names and the check's lines.
 *
 * Sources (read November 2026):
 * - Godot 4, "Node type customization using name suffixes"
 *   (docs.godotengine.org/en/4.3/tutorials/assets_pipeline/importing_3d_scenes/node_type_customization.html,
 *   section "Create collisions (-col, -convcol, -colonly, -convcolonly)"): `-col` on a mesh node adds a
 *   static body with a triangle-mesh shape of the same geometry; `-convcolonly` removes the mesh and
 *   makes a convex shape from it. Godot 4.0–4.3 match the suffixes case-sensitively with `-`; the
 *   stable (4.4+) page also takes `$` and `_`, case-insensitive: the lower-case `-` forms work in every 4.x.
 * - Godot 4, "Mesh level of detail (LOD)"
 *   (docs.godotengine.org/en/4.3/tutorials/3d/mesh_lod.html, "Generating mesh LOD"): "By default, mesh LOD
 *   generation happens automatically for imported 3D scenes (glTF, .blend, Collada, FBX)".
 * No other engine the app detects documents either for glTF: Unity's LOD Group from `_LOD1` names and
 * Unreal's `UCX_` collision are documented for FBX, not glTF; three.js loads what the file holds.
 */
import type { CheckLine } from './readiness';

export const COLLISION_SHAPES = ['none', 'convex', 'mesh'] as const;
export type CollisionShape = (typeof COLLISION_SHAPES)[number];

export const COLLISION_LABELS: Record<CollisionShape, string> = {
  none: 'None',
  convex: 'Convex hull (one shape around the model)',
  mesh: 'Same as the mesh (exact, slower)',
};

/** Godot 4's node-name suffixes for each shape (page above). */
export const GODOT_COLLISION_SUFFIX: Record<Exclude<CollisionShape, 'none'>, string> = {
  convex: '-convcolonly',
  mesh: '-col',
};

export const LOD_CHOICES = ['auto', 'on', 'off'] as const;
export type LodChoice = (typeof LOD_CHOICES)[number];

export const LOD_LABELS: Record<LodChoice, string> = {
  auto: 'Where the engine makes none',
  on: 'Always',
  off: 'Never',
};

/** Share of the exported model's triangles for NAME_LOD1.glb, NAME_LOD2.glb, … unless a budget sets others. */
export const DEFAULT_LOD_RATIOS: readonly number[] = [0.5, 0.25];

type Engine = 'unity' | 'godot' | 'unreal' | 'plain';

/** Engines that make their own LODs from an imported glTF, per their documentation. */
export const ENGINES_MAKING_LODS: readonly Engine[] = ['godot'];
/** Engines that build collision from glTF node names, per their documentation. */
export const ENGINES_READING_COLLISION: readonly Engine[] = ['godot'];

const ENGINE_NAMES: Record<Engine, string> = { unity: 'Unity', godot: 'Godot 4', unreal: 'Unreal', plain: 'three.js and the web' };

/**
 * LOD files are written on request, or by default for a three.js/web project (a plain folder whose
 * package.json depends on three, or whose budget targets the web): three.js loads what the file holds.
 */
export function wantsLods(engine: Engine, choice: LodChoice = 'auto', web = false): boolean {
  if (choice !== 'auto') return choice === 'on';
  return engine === 'plain' && web;
}

/** `NAME_LOD1.glb`, `NAME_LOD2.glb`, … for the ratios. */
export function lodSuffixes(ratios: readonly number[]): string[] {
  return ratios.map((_, i) => `_LOD${i + 1}.glb`);
}

/** Collision goes only into formats that keep node names and that an engine reads it from. */
export function collisionApplies(format: string): boolean {
  return format === 'glb' || format === 'gltf';
}

const pct = (r: number) => `${Math.round(r * 100)} %`;
const list = (engines: readonly Engine[]) => engines.map((e) => ENGINE_NAMES[e]).join(', ');

/** The check's lines about collision and levels of detail, for the folder's engine and the export's choices. */
export function engineLines(
  engine: Engine,
  choice: { collision?: CollisionShape; lods?: LodChoice; lodRatios?: readonly number[]; formats?: readonly string[]; web?: boolean },
): CheckLine[] {
  const collision = choice.collision ?? 'none';
  const ratios = choice.lodRatios ?? DEFAULT_LOD_RATIOS;
  const lods = wantsLods(engine, choice.lods, choice.web);
  const makers = list(ENGINES_MAKING_LODS);
  const readers = list(ENGINES_READING_COLLISION);
  const picksCollision = ENGINES_READING_COLLISION.includes(engine);
  const collisionFormats = (choice.formats ?? ['glb']).some(collisionApplies);
  const collisionLine: CheckLine =
    collision === 'none'
      ? { id: 'collision', label: 'Collision', status: 'pass', figure: 'none', limit: '', about: `${readers} builds collision from node names (-convcolonly, -col); choose a shape under Collision.` }
      : !collisionFormats
        ? { id: 'collision', label: 'Collision', status: 'warn', figure: `${COLLISION_LABELS[collision]}: not written`, limit: 'GLB or glTF', note: 'OBJ and STL keep no node names, so no engine can read collision from them.' }
        : {
            id: 'collision',
            label: 'Collision',
            status: picksCollision ? 'pass' : 'warn',
            figure: `${COLLISION_LABELS[collision]}, node suffix ${GODOT_COLLISION_SUFFIX[collision]}`,
            limit: '',
            about: `Picked up on import by ${readers}.`,
            ...(picksCollision ? {} : { note: `${ENGINE_NAMES[engine]} does not document reading collision from glTF node names; only ${readers} does.` }),
          };
  const lodLine: CheckLine = lods
    ? { id: 'lods', label: 'Levels of detail', status: 'pass', figure: ratios.map((r, i) => `NAME_LOD${i + 1}.glb at ${pct(r)}`).join(', '), limit: '', about: `${makers} makes its own LODs on import; the files are for the others.` }
    : {
        id: 'lods',
        label: 'Levels of detail',
        status: 'pass',
        figure: ENGINES_MAKING_LODS.includes(engine) ? `made by ${ENGINE_NAMES[engine]} on import` : 'not written',
        limit: '',
        about: `${makers} makes its own LODs on import; three.js and the web get NAME_LOD1.glb and NAME_LOD2.glb.`,
      };
  return [collisionLine, lodLine];
}
