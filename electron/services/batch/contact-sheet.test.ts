import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CheckLine } from '../../../shared/domain/readiness';
import type { BatchRow } from '../../../shared/ipc';
import { contactSheetHtml, readinessSummary, sheetEntries } from './contact-sheet';
import { REPORT_CSV, REPORT_HTML, writeReports } from './output';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const temp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'sheet-'));
  dirs.push(d);
  return d;
};

const l = (id: CheckLine['id'], status: CheckLine['status']): CheckLine => ({ id, label: id, status, figure: '1', limit: '2' });
const row = (n: number, extra: Partial<BatchRow>): BatchRow => ({ row: n, kind: 'text-to-3d', fields: {}, problems: [], skip: false, state: 'done', ...extra });

describe('readinessSummary', () => {
  it.each([
    [undefined, 'not checked', 'none'],
    [[l('triangles', 'pass')], 'ready', 'pass'],
    [[l('triangles', 'pass'), l('cleanup', 'warn')], 'ready, 1 to look at', 'warn'],
    [[l('triangles', 'fail'), l('textures', 'fail'), l('cleanup', 'warn')], '2 failing, 1 to look at', 'fail'],
  ] as const)('%j → %s', (check, label, tone) => {
    expect(readinessSummary(check as CheckLine[] | undefined)).toEqual({ label, tone });
  });
});

describe('batch-report.html', () => {
  it('escapes names from the list, so a prompt cannot add markup or scripts', () => {
    const html = contactSheetHtml('Batch', [{ row: 1, name: '<script>alert(1)</script> "chair"', status: 'done', stats: [] }]);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &quot;chair&quot;');
  });

  it('is written beside the CSV/JSON report with each row: name, thumbnail, stats and readiness from the sidecar', async () => {
    const out = temp();
    const thumb = path.join(temp(), 'thumb.png');
    fs.writeFileSync(thumb, Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64'));
    fs.writeFileSync(path.join(out, 'chair.glb'), 'glTF');
    fs.writeFileSync(
      path.join(out, 'chair.asset.json'),
      JSON.stringify({ generator: 'Asset Studio', exportedCopy: { figures: { triangles: 4250, materials: 1, largestTexture: 512, heightM: 1.2, fileBytes: 2_000_000 }, check: [l('triangles', 'pass'), { ...l('pivot', 'fail'), label: 'Pivot', figure: 'base at 2.00 m', limit: 'on its base at the origin' }] } }),
    );
    const rows = [
      row(1, { fields: { prompt: 'A wooden chair' }, file: 'chair.glb', localId: 'local-1' }),
      row(2, { fields: { prompt: 'mossy rock' }, state: 'failed', error: 'The service refused the prompt.' }),
      row(3, { fields: { prompt: 'skipped' }, skip: true, state: 'skipped' }),
    ];
    const entries = await sheetEntries(out, rows, (id) => (id === 'local-1' ? thumb : undefined));
    expect(entries.map((e) => e.name)).toEqual(['A wooden chair', 'mossy rock']);
    expect(entries[0]!.stats).toEqual(['4,250 triangles', '1 material', '512 px textures', '1.20 m tall', '1.9 MB']);
    expect(entries[0]!.thumbnail).toMatch(/^data:image\/png;base64,/);

    await writeReports(out, rows, (id) => (id === 'local-1' ? thumb : undefined));
    expect(fs.existsSync(path.join(out, REPORT_CSV))).toBe(true);
    const html = fs.readFileSync(path.join(out, REPORT_HTML), 'utf8');
    expect(html).toContain('A wooden chair');
    expect(html).toContain('<a href="chair.glb">chair.glb</a>');
    expect(html).toContain('1 failing');
    expect(html).toContain('Pivot: base at 2.00 m (limit on its base at the origin)');
    expect(html).toContain('The service refused the prompt.');
  });
});
