/**
 * `batch-report.html`: the batch's contact sheet for an art director, one
 * self-contained page (thumbnails embedded, no scripts, no network) with each
 * row's name, thumbnail, stats and readiness. The page is a pure function of
 * its entries; `sheetEntries` gathers them from the rows, the exported files'
 * sidecars (stats and the exported copy's check) and the cached thumbnails.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { CheckLine } from '../../../shared/domain/readiness';
import type { BatchRow } from '../../../shared/ipc';

export const REPORT_HTML = 'batch-report.html';

export interface SheetEntry {
  row: number;
  name: string;
  status: string;
  /** Exported file, relative to the page. */
  file?: string;
  /** data: URI or a path relative to the page. */
  thumbnail?: string;
  /** Short figures, e.g. ["4,250 triangles", "1 material", "512 px", "1.2 MB"]. */
  stats: string[];
  /** The exported copy's check (models exported with a sidecar). */
  check?: CheckLine[];
  error?: string;
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function readinessSummary(check: CheckLine[] | undefined): { label: string; tone: 'pass' | 'warn' | 'fail' | 'none' } {
  if (!check || check.length === 0) return { label: 'not checked', tone: 'none' };
  const fails = check.filter((l) => l.status === 'fail').length;
  const warns = check.filter((l) => l.status === 'warn').length;
  if (fails) return { label: `${fails} failing${warns ? `, ${warns} to look at` : ''}`, tone: 'fail' };
  if (warns) return { label: `ready, ${warns} to look at`, tone: 'warn' };
  return { label: 'ready', tone: 'pass' };
}

export function contactSheetHtml(title: string, entries: SheetEntry[]): string {
  const cards = entries.map((e) => {
    const ready = readinessSummary(e.check);
    const lines = (e.check ?? []).filter((l) => l.status !== 'pass');
    return `<article class="card ${escape(e.status)}">
  <div class="thumb">${e.thumbnail ? `<img src="${escape(e.thumbnail)}" alt="${escape(e.name)}" loading="lazy">` : '<span>no picture</span>'}</div>
  <h2>${escape(e.name)}</h2>
  <p class="meta">Row ${e.row} · ${escape(e.status)}${e.file ? ` · <a href="${escape(e.file)}">${escape(path.posix.basename(e.file))}</a>` : ''}</p>
  ${e.stats.length ? `<p class="stats">${e.stats.map(escape).join(' · ')}</p>` : ''}
  <p class="ready ${ready.tone}">${escape(ready.label)}</p>
  ${lines.length ? `<ul>${lines.map((l) => `<li class="${l.status}">${escape(l.label)}: ${escape(l.figure)} (limit ${escape(l.limit)})</li>`).join('')}</ul>` : ''}
  ${e.error ? `<p class="error">${escape(e.error)}</p>` : ''}
</article>`;
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src data: file: *; style-src 'unsafe-inline'">
<title>${escape(title)}</title>
<style>
body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; background: #16181d; color: #e6e6e6; }
h1 { font-size: 20px; margin: 0 0 16px; }
.grid { display: grid; grid-template-columns: repeat(auto-fill, minmax(220px, 1fr)); gap: 16px; }
.card { background: #22252c; border-radius: 8px; padding: 12px; }
.thumb { aspect-ratio: 1; background: #2d3039; border-radius: 6px; display: flex; align-items: center; justify-content: center; overflow: hidden; }
.thumb img { width: 100%; height: 100%; object-fit: contain; }
h2 { font-size: 15px; margin: 8px 0 2px; overflow-wrap: anywhere; }
.meta, .stats { margin: 2px 0; color: #a9adb8; font-size: 12px; }
a { color: #8ab4ff; }
.ready { font-weight: 600; margin: 6px 0 2px; }
.ready.pass { color: #6fd48a; } .ready.warn { color: #f0c060; } .ready.fail { color: #ff7a7a; } .ready.none { color: #a9adb8; }
ul { margin: 4px 0 0; padding-left: 18px; font-size: 12px; }
li.fail { color: #ff9a9a; } li.warn { color: #f0d090; }
.error { color: #ff9a9a; font-size: 12px; }
</style>
</head>
<body>
<h1>${escape(title)}</h1>
<div class="grid">
${cards.join('\n')}
</div>
</body>
</html>
`;
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');

/** Gathers each row's entry: name from the list, stats and check from the exported file's sidecar, thumbnail from the cache. */
export async function sheetEntries(outDir: string, rows: BatchRow[], thumbnailOf?: (localId: string) => string | undefined): Promise<SheetEntry[]> {
  const entries: SheetEntry[] = [];
  for (const r of rows) {
    if (r.skip || r.state === 'invalid') continue;
    const prompt = typeof r.fields.prompt === 'string' ? r.fields.prompt : undefined;
    const entry: SheetEntry = { row: r.row, name: prompt || r.file || `Row ${r.row}`, status: r.state, stats: [], ...(r.file ? { file: r.file } : {}), ...(r.error ? { error: r.error } : {}) };
    if (r.file) {
      const sidecar = await readJson(path.join(outDir, ...r.file.replace(/\.[^./]+$/, '.asset.json').split('/')));
      const copy = sidecar?.exportedCopy as { figures?: Record<string, number>; check?: CheckLine[] } | undefined;
      const stats = (copy?.figures ?? sidecar?.stats) as Record<string, number> | undefined;
      if (stats) entry.stats = statLines(stats);
      if (copy?.check) entry.check = copy.check;
      if (/\.(png|jpe?g|webp)$/i.test(r.file)) entry.thumbnail = r.file;
    }
    const thumb = r.localId && thumbnailOf ? thumbnailOf(r.localId) : undefined;
    if (thumb) {
      const bytes = await fs.readFile(thumb).catch(() => undefined);
      if (bytes) entry.thumbnail = `data:${thumb.endsWith('.png') ? 'image/png' : 'image/jpeg'};base64,${bytes.toString('base64')}`;
    }
    entries.push(entry);
  }
  return entries;
}

function statLines(s: Record<string, number>): string[] {
  const out: string[] = [];
  if (s.triangles !== undefined) out.push(`${int(s.triangles)} triangles`);
  if (s.materials !== undefined) out.push(`${int(s.materials)} material${s.materials === 1 ? '' : 's'}`);
  if (s.largestTexture) out.push(`${int(s.largestTexture)} px textures`);
  if (s.heightM !== undefined) out.push(`${s.heightM.toFixed(2)} m tall`);
  if (s.width && s.height) out.push(`${s.width}×${s.height} px`);
  if (s.fileBytes !== undefined) out.push(`${(s.fileBytes / 1024 / 1024).toFixed(1)} MB`);
  return out;
}

async function readJson(file: string): Promise<Record<string, unknown> | undefined> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
