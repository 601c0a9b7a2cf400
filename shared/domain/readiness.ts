/**
 * Game-readiness: a budget per project folder (prefilled from the detected
 * engine and a target platform, then editable) and the check of a model's
 * measured figures against it. Pure: the figures are measured elsewhere
 * (electron/services/export/measure.ts), so every decision here is
 * table-tested without a file.
 */

export const BUDGET_TARGETS = ['mobile', 'desktop', 'web'] as const;
export type BudgetTarget = (typeof BUDGET_TARGETS)[number];

/** Engines as export detects them (kept as strings here so domain stays free of the IPC layer). */
export type BudgetEngine = 'unity' | 'godot' | 'unreal' | 'plain';

export interface Budget {
  target: BudgetTarget;
  /** Most triangles (instances counted). */
  triangles: number;
  /** Largest texture side in pixels. */
  maxTextureSize: number;
  /** Most materials (draw calls per mesh instance). */
  materials: number;
  /** Largest exported file in bytes. */
  fileBytes: number;
  /** Height range in metres (glTF units). */
  minHeightM: number;
  maxHeightM: number;
  /** The model must stand on its base at the origin (lowest point at 0, centred on the others). */
  standOnBase: boolean;
  /** Share of the exported model's triangles for NAME_LOD1.glb, NAME_LOD2.glb (engine-import.ts's default: 50 %, 25 %). */
  lodRatios?: number[];
}

export const FIX_IDS = ['weld-prune', 'simplify', 'resize-textures', 'scale-to-height', 'recentre-pivot', 'compress'] as const;
/** Order of the list is the order fixes are applied (compression last: it is deferred to writing). */
export type FixId = (typeof FIX_IDS)[number];

export const FIX_LABELS: Record<FixId, string> = {
  'weld-prune': 'Weld and prune',
  simplify: 'Simplify to budget',
  'resize-textures': 'Resize textures',
  'scale-to-height': 'Scale to height',
  'recentre-pivot': 'Recentre pivot',
  compress: 'Compress geometry',
};

/** A fix as applied to an exported copy, with what it changed (e.g. "179,024 → 42,310 triangles"). */
export interface AppliedFix {
  id: FixId;
  detail: string;
}

export type GeometryCompression = 'draco' | 'meshopt' | 'none';

/**
 * Which geometry compression the engine's glTF importer reads (README: "Geometry compression per engine").
 * Unity's glTFast reads Draco (with the Draco package); Godot 4 and Unreal's
 * Interchange importer read neither; on the web three.js and Babylon read
 * meshopt with a small decoder. A plain folder follows its target.
 */
export function compressionFor(engine: BudgetEngine, target: BudgetTarget): GeometryCompression {
  if (engine === 'unity') return 'draco';
  if (engine === 'godot' || engine === 'unreal') return 'none';
  return target === 'web' ? 'meshopt' : 'none';
}

const MB = 1024 * 1024;

const TARGET_PRESETS: Record<BudgetTarget, Omit<Budget, 'target'>> = {
  mobile: { triangles: 50_000, maxTextureSize: 1024, materials: 4, fileBytes: 10 * MB, minHeightM: 0.05, maxHeightM: 10, standOnBase: true },
  desktop: { triangles: 300_000, maxTextureSize: 4096, materials: 16, fileBytes: 100 * MB, minHeightM: 0.05, maxHeightM: 50, standOnBase: true },
  web: { triangles: 100_000, maxTextureSize: 2048, materials: 8, fileBytes: 15 * MB, minHeightM: 0.05, maxHeightM: 20, standOnBase: true },
};

/** The preset a folder's budget starts from. Unreal's desktop projects take heavier models (Nanite aside). */
export function presetBudget(engine: BudgetEngine, target: BudgetTarget): Budget {
  const base = { target, ...TARGET_PRESETS[target] };
  if (engine === 'unreal' && target === 'desktop') return { ...base, triangles: 500_000 };
  return base;
}

/** What the check needs, measured on the file that is (or would be) exported. */
export interface ModelFigures {
  triangles: number;
  /** Largest side of any texture, px (0 without textures). */
  largestTexture: number;
  textureCount: number;
  materials: number;
  fileBytes: number;
  /** Size along the up axis, metres. */
  heightM: number;
  /** Lowest point along the up axis, metres. */
  baseM: number;
  /** Distance of the footprint's centre from the origin, metres. */
  baseOffsetM: number;
  /** Primitives whose material uses a texture but that have no UVs. */
  texturedWithoutUv: number;
  /** Zero-area triangles, judged by area (not only by repeated indices). */
  degenerateTriangles: number;
  /** Triangles with the same three corners as another, in either winding (importers drop them). */
  duplicateTriangles?: number;
  unusedVertices: number;
  validatorErrors: number;
  validatorWarnings: number;
}

export type CheckStatus = 'pass' | 'warn' | 'fail';
/** The last two come from engine-import.ts (what the folder's engine does by itself), not from checkReadiness. */
export const CHECK_IDS = ['triangles', 'textures', 'materials', 'fileSize', 'height', 'pivot', 'uvs', 'cleanup', 'validator', 'collision', 'lods'] as const;
export type CheckId = (typeof CHECK_IDS)[number];

export interface CheckLine {
  id: CheckId;
  label: string;
  status: CheckStatus;
  /** The measured figure, as shown. */
  figure: string;
  /** The limit, as shown. */
  limit: string;
  /** The fix that addresses this line, when there is one. */
  fix?: FixId;
  /** One sentence when the line is not a pass. */
  note?: string;
  /** One sentence shown whatever the status (which engines act on the line). */
  about?: string;
}

/** Within this share of a limit, a passing figure warns that it is close. */
export const NEAR_LIMIT = 0.9;

const int = (n: number) => Math.round(n).toLocaleString('en-US');
export function formatBytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < MB) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / MB).toFixed(1)} MB`;
}
const metres = (n: number) => `${n >= 10 ? n.toFixed(1) : n >= 0.1 ? n.toFixed(2) : n.toFixed(3)} m`;

function againstLimit(value: number, limit: number): CheckStatus {
  if (value > limit) return 'fail';
  return value > limit * NEAR_LIMIT ? 'warn' : 'pass';
}

/** Tolerance of the pivot check: 1 mm or 0.5% of the height, whichever is larger. */
export function pivotTolerance(heightM: number): number {
  return Math.max(0.001, heightM * 0.005);
}

export function checkReadiness(f: ModelFigures, budget: Budget, compression: GeometryCompression = 'none'): CheckLine[] {
  const lines: CheckLine[] = [];
  const tri = againstLimit(f.triangles, budget.triangles);
  lines.push({
    id: 'triangles',
    label: 'Triangles',
    status: tri,
    figure: int(f.triangles),
    limit: int(budget.triangles),
    ...(tri === 'fail' ? { fix: 'simplify' as const, note: 'More triangles than the budget allows.' } : tri === 'warn' ? { note: 'Close to the budget.' } : {}),
  });
  const tex = f.textureCount === 0 ? 'pass' : f.largestTexture > budget.maxTextureSize ? 'fail' : 'pass';
  lines.push({
    id: 'textures',
    label: 'Largest texture',
    status: tex,
    figure: f.textureCount === 0 ? 'no textures' : `${int(f.largestTexture)} px`,
    limit: `${int(budget.maxTextureSize)} px`,
    ...(tex === 'fail' ? { fix: 'resize-textures' as const, note: 'A texture is larger than the budget allows.' } : {}),
  });
  const mat = f.materials > budget.materials ? 'fail' : 'pass';
  lines.push({
    id: 'materials',
    label: 'Materials',
    status: mat,
    figure: int(f.materials),
    limit: int(budget.materials),
    ...(mat === 'fail' ? { note: 'Each material is a draw call; merge materials in a modelling tool.' } : {}),
  });
  const size = againstLimit(f.fileBytes, budget.fileBytes);
  const sizeFix: FixId | undefined = size === 'fail' ? (compression !== 'none' ? 'compress' : f.largestTexture > 1024 ? 'resize-textures' : undefined) : undefined;
  lines.push({
    id: 'fileSize',
    label: 'File size',
    status: size,
    figure: formatBytes(f.fileBytes),
    limit: formatBytes(budget.fileBytes),
    ...(sizeFix ? { fix: sizeFix } : {}),
    ...(size === 'fail'
      ? { note: compression !== 'none' ? 'Larger than the budget; compressing the geometry helps.' : "Larger than the budget; this engine's importer reads no geometry compression, so smaller textures or fewer triangles are what help." }
      : size === 'warn'
        ? { note: 'Close to the budget.' }
        : {}),
  });
  const heightOk = f.heightM >= budget.minHeightM && f.heightM <= budget.maxHeightM;
  lines.push({
    id: 'height',
    label: 'Height',
    status: heightOk ? 'pass' : 'fail',
    figure: metres(f.heightM),
    limit: `${metres(budget.minHeightM)} – ${metres(budget.maxHeightM)}`,
    ...(heightOk ? {} : { fix: 'scale-to-height' as const, note: f.heightM > budget.maxHeightM ? 'Taller than the project expects.' : 'Smaller than the project expects.' }),
  });
  const tol = pivotTolerance(f.heightM);
  const onBase = Math.abs(f.baseM) <= tol && f.baseOffsetM <= tol;
  lines.push({
    id: 'pivot',
    label: 'Pivot',
    status: !budget.standOnBase || onBase ? 'pass' : 'fail',
    figure: onBase ? 'on its base at the origin' : `base at ${metres(f.baseM)}, ${metres(f.baseOffsetM)} off centre`,
    limit: budget.standOnBase ? 'on its base at the origin' : 'anywhere',
    ...(budget.standOnBase && !onBase ? { fix: 'recentre-pivot' as const, note: 'The model does not stand on its base at the origin.' } : {}),
  });
  lines.push({
    id: 'uvs',
    label: 'UVs where textured',
    status: f.texturedWithoutUv > 0 ? 'fail' : 'pass',
    figure: f.texturedWithoutUv > 0 ? `${int(f.texturedWithoutUv)} textured part(s) without UVs` : 'present',
    limit: 'present',
    ...(f.texturedWithoutUv > 0 ? { note: 'Textures cannot show on parts without UVs; unwrap them in a modelling tool.' } : {}),
  });
  const duplicates = f.duplicateTriangles ?? 0;
  const dirty = f.degenerateTriangles + duplicates + f.unusedVertices > 0;
  lines.push({
    id: 'cleanup',
    label: 'Degenerate triangles, unused vertices',
    status: dirty ? 'warn' : 'pass',
    figure: `${int(f.degenerateTriangles)} degenerate, ${duplicates > 0 ? `${int(duplicates)} duplicate, ` : ''}${int(f.unusedVertices)} unused`,
    limit: '0',
    ...(dirty ? { fix: 'weld-prune' as const, note: 'Wasted memory that weld and prune remove.' } : {}),
  });
  lines.push({
    id: 'validator',
    label: 'glTF validator',
    status: f.validatorErrors > 0 ? 'fail' : f.validatorWarnings > 0 ? 'warn' : 'pass',
    figure: `${int(f.validatorErrors)} errors, ${int(f.validatorWarnings)} warnings`,
    limit: '0 errors',
    ...(f.validatorErrors > 0
      ? { note: 'Some engines refuse files with validator errors.' }
      : f.validatorWarnings > 0
        ? { note: 'Engines load it; the warnings are worth a look.' }
        : {}),
  });
  return lines;
}

/** The fixes that address the failing (or, for cleanup, warning) lines. */
export function fixesFor(lines: readonly CheckLine[]): FixId[] {
  const wanted = new Set(lines.filter((l) => l.status !== 'pass' && l.fix).map((l) => l.fix!));
  return FIX_IDS.filter((id) => wanted.has(id));
}

/** A failing line whose fix was not applied (the CLI exits non-zero on any). */
export function unfixedFailures(lines: readonly CheckLine[]): CheckLine[] {
  return lines.filter((l) => l.status === 'fail');
}

/** The scale that brings a height into the budget's range (1 when it is already inside). */
export function scaleIntoRange(heightM: number, budget: Pick<Budget, 'minHeightM' | 'maxHeightM'>): number {
  if (!(heightM > 0)) return 1;
  if (heightM > budget.maxHeightM) return budget.maxHeightM / heightM;
  if (heightM < budget.minHeightM) return budget.minHeightM / heightM;
  return 1;
}

/** Parses `--fix all|LIST` (comma separated fix ids). */
export function parseFixList(text: string): { ok: true; fixes: FixId[] | 'all' } | { ok: false; message: string } {
  if (text.trim() === 'all') return { ok: true, fixes: 'all' };
  const names = text.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = names.filter((n) => !(FIX_IDS as readonly string[]).includes(n));
  if (unknown.length > 0 || names.length === 0) {
    return { ok: false, message: `Unknown fix ${unknown.map((u) => `"${u}"`).join(', ') || '(none given)'}; use all or a comma-separated list of: ${FIX_IDS.join(', ')}.` };
  }
  return { ok: true, fixes: FIX_IDS.filter((id) => names.includes(id)) };
}
