/**
 * The model's stats rows, defined once: the viewport's stats overlay shows
 * them for the one model open, and the compare view's table shows them for
 * each take (one column per take, the best figure marked). Each row says how
 * it reads, which figure ranks it and which way is better, and under which
 * `data-stat` each surface shows it (the overlay's ids predate the compare
 * table and are kept as they are).
 */
import type { ModelStats } from '../../../shared/domain/job';

export type Better = 'lower' | 'higher' | 'none';

export interface ModelStatRow {
  /** The row's `data-stat` in the compare table (absent: not compared). */
  compareId?: string;
  /** Its `data-stat` in the viewport's stats overlay (absent: not in the overlay). */
  overlayId?: string;
  /** The label in the compare table (and in the overlay unless overlayLabel says otherwise). */
  label: string;
  overlayLabel?: string;
  /** The figure as shown: one string, or one per item (a texture each). */
  text(s: ModelStats): string | string[];
  /** The figure that ranks the takes (none: the row has no better). */
  value?(s: ModelStats): number;
  better: Better;
}

const count = (n: number) => n.toLocaleString('en-US');

/** Metres with the precision a model's size needs (3 decimals under a metre). */
export function metres(n: number): string {
  return n >= 10 ? n.toFixed(1) : n >= 1 ? n.toFixed(2) : n.toFixed(3);
}

/**
 * Fewer triangles, vertices and bytes are better (takes of one request: the
 * lighter one ships), larger textures are better (more detail for the same
 * request); materials, meshes and size have no better.
 */
export const MODEL_STAT_ROWS: readonly ModelStatRow[] = [
  { compareId: 'triangles', overlayId: 'triangles', label: 'Triangles', text: (s) => count(s.triangles), value: (s) => s.triangles, better: 'lower' },
  { compareId: 'vertices', overlayId: 'vertices', label: 'Vertices', text: (s) => count(s.vertices), value: (s) => s.vertices, better: 'lower' },
  { overlayId: 'meshes', label: 'Meshes', text: (s) => count(s.meshes), better: 'none' },
  { compareId: 'materials', overlayId: 'materials', label: 'Materials', text: (s) => count(s.materials), better: 'none' },
  {
    compareId: 'textures',
    overlayId: 'textures',
    label: 'Textures',
    text: (s) => (s.textures.length ? s.textures.map((t) => `${t.width}×${t.height}${t.mimeType ? ` ${t.mimeType.replace('image/', '')}` : ''}`) : 'none'),
    value: (s) => s.textures.reduce((sum, t) => sum + t.width * t.height, 0),
    better: 'higher',
  },
  { compareId: 'file-size', overlayId: 'file-bytes', label: 'File size', text: (s) => formatBytes(s.fileBytes), value: (s) => s.fileBytes, better: 'lower' },
  {
    overlayId: 'bounding-box',
    label: 'Size',
    overlayLabel: 'Size (m)',
    text: ({ boundingBox: { size } }) => `${metres(size[0])} × ${metres(size[1])} × ${metres(size[2])}`,
    better: 'none',
  },
  { compareId: 'height', label: 'Height', text: (s) => `${metres(s.boundingBox.size[1])} m`, value: (s) => s.boundingBox.size[1], better: 'none' },
];

export const OVERLAY_ROWS = MODEL_STAT_ROWS.filter((r): r is ModelStatRow & { overlayId: string } => !!r.overlayId);
export const COMPARED_ROWS = MODEL_STAT_ROWS.filter((r): r is ModelStatRow & { compareId: string } => !!r.compareId);

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
}
