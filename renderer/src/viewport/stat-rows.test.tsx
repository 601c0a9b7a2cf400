/**
 * One definition of the stats rows: the viewport's overlay and the compare
 * table read each figure the same way, under the data-stat ids tests and
 * users already know.
 */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ModelStats } from '../../../shared/domain/job';
import { modelRows } from '../domain/compare/compare-logic';
import { StatsOverlay } from './overlays';
import { MODEL_STAT_ROWS } from '../domain/stat-rows';

const stats = {
  triangles: 12_345,
  vertices: 6_789,
  meshes: 3,
  primitives: 4,
  materials: 2,
  textures: [
    { name: 'base', width: 2048, height: 2048, mimeType: 'image/png', bytes: 0 },
    { name: 'normal', width: 1024, height: 1024, mimeType: 'image/ktx2', bytes: 0 },
  ],
  animations: [],
  skins: 0,
  joints: 0,
  morphTargets: 0,
  nodes: 3,
  boundingBox: { min: [-0.4, 0, -0.3], max: [0.4, 1.25, 0.3], size: [0.8, 1.25, 0.6] },
  fileBytes: 1_572_864,
  extensionsUsed: [],
  meshNames: [],
} as ModelStats;

describe('the stats rows, defined once', () => {
  it('the overlay shows its rows under their data-stat ids', () => {
    const { container } = render(<StatsOverlay stats={stats} />);
    const shown = Object.fromEntries([...container.querySelectorAll('dd[data-stat]')].map((dd) => [dd.getAttribute('data-stat'), dd.textContent]));
    expect(shown).toEqual({
      triangles: '12,345',
      vertices: '6,789',
      meshes: '3',
      materials: '2',
      textures: '2048×2048 png1024×1024 ktx2',
      'file-bytes': '1.50 MiB',
      'bounding-box': '0.800 × 1.25 × 0.600',
    });
    expect([...container.querySelectorAll('[data-stat="textures"] .viewport-texture')].map((s) => s.textContent)).toEqual(['2048×2048 png', '1024×1024 ktx2']);
  });

  it('a row in both the overlay and the compare table reads the same in both', () => {
    const { container } = render(<StatsOverlay stats={stats} />);
    const table = Object.fromEntries(modelRows([stats, stats], [0, 0]).map((r) => [r.id, r.cells[0]]));
    const both = MODEL_STAT_ROWS.filter((r) => r.overlayId && r.compareId);
    expect(both.map((r) => r.compareId)).toEqual(['triangles', 'vertices', 'materials', 'textures', 'file-size']);
    for (const row of both) {
      const cell = table[row.compareId!];
      const overlay = container.querySelector(`dd[data-stat="${row.overlayId}"]`)!.textContent;
      expect(Array.isArray(cell) ? cell.join('') : cell).toBe(overlay);
    }
  });
});
