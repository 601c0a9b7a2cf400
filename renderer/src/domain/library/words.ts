/** What the library says on screen: kinds, relations, counts, sizes and reports in words an artist reads. */
import { ENDPOINTS, type GenerationKind } from '../../../../shared/api';
import type { AssetMediaKind, LibraryAssetSummary, LibraryImportReport, LineageRelation, ReadinessVerdict } from '../../../../shared/domain/library';
import { FIX_LABELS } from '../../../../shared/domain/readiness';

export const MEDIA_KIND_WORDS: Record<AssetMediaKind, { one: string; many: string }> = {
  model: { one: 'Model', many: 'Models' },
  image: { one: 'Image', many: 'Images' },
  skybox: { one: 'Skybox', many: 'Skyboxes' },
  video: { one: 'Video', many: 'Videos' },
};

export const RELATION_WORDS: Record<LineageRelation, string> = {
  'image-to-3d': 'Image to 3D',
  'multi-image-to-3d': 'Multi-image to 3D',
  retexture: 'Retexture',
  split: 'Split into parts',
  rig: 'Rig',
  animate: 'Animate',
  edit: 'Edit',
  'skybox-from-image': 'Skybox from image',
  'variant-kept': 'Kept take',
  derived: 'Made from',
};

export const READINESS_WORDS: Record<ReadinessVerdict, string> = {
  ready: 'Ready',
  fixable: 'Fixable on export',
  blocked: 'Over budget',
};

// Made once: toLocaleString builds a formatter per call, and the count is said again at every keystroke.
const COUNT = new Intl.NumberFormat('en-US');

/** "12,345". */
export const numberWords = (n: number): string => COUNT.format(n);

/** "1 asset", "12,345 assets". */
export function countWords(n: number, one = 'asset', many = `${one}s`): string {
  return `${COUNT.format(n)} ${n === 1 ? one : many}`;
}

/** The prompt a detail shows under its title, or null when the title already is the prompt (a job with no title of its own). */
export function promptLine(detail: Pick<LibraryAssetSummary, 'title' | 'prompt'>): string | null {
  const prompt = detail.prompt?.trim();
  if (!prompt) return null;
  const same = (a: string) => a.replace(/\s+/g, ' ').trim().toLowerCase();
  return same(prompt) === same(detail.title) ? null : prompt;
}

/** "Exported once", "Exported 3 times": what a cell's export badge says. */
export function exportedWords(times: number): string {
  return times === 1 ? 'Exported once' : `Exported ${numberWords(times)} times`;
}

/** "12.3 MB", "640 KB", "0 bytes". */
export function bytesWords(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = bytes / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u++;
  }
  return `${v >= 100 ? Math.round(v) : v.toFixed(1)} ${units[u]}`;
}

/** What made the asset: the job's kind ("Text to 3D"), or "Brought in" for a file imported. */
export function originWords(asset: Pick<LibraryAssetSummary, 'source' | 'generationKind'>): string {
  if (asset.source === 'imported') return 'Brought in';
  const kind = asset.generationKind as GenerationKind | undefined;
  return (kind && ENDPOINTS[kind]?.label) || 'Generated';
}

/** The day an asset was made, short ("27 Nov 2026"). */
// Made once: toLocaleDateString with options builds a formatter per call (about a millisecond each), and every cell of every keystroke's results shows a day.
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const TIME = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

export function dayWords(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return DAY.format(d);
}

/** The date and time of an export ("27 Nov 2026, 14:05"). */
export function momentWords(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${dayWords(iso)}, ${TIME.format(d)}`;
}

/** The import's outcome in sentences: what came in, what was already there, what was left out and why. */
export function importReportWords(report: LibraryImportReport): { title: string; lines: string[]; level: 'success' | 'warning' | 'error' } {
  const n = report.imported.length;
  const again = report.alreadyThere.length;
  const skipped = report.skipped.length;
  const title =
    n > 0 ? `Added ${countWords(n, 'file')} to the library` : again > 0 ? 'Nothing new to add' : 'No file was added to the library';
  const lines: string[] = [];
  if (again > 0) lines.push(`${countWords(again, 'file was', 'files were')} already in the library and kept once.`);
  for (const s of report.skipped.slice(0, 5)) lines.push(`${s.name}: ${s.reason}`);
  if (skipped > 5) lines.push(`and ${countWords(skipped - 5, 'other file')} left out.`);
  const level = n === 0 && again === 0 ? 'error' : skipped > 0 ? 'warning' : 'success';
  return { title, lines, level };
}

/** The delete confirmation's sentence: what goes and what stays. */
export function deleteWords(assets: readonly Pick<LibraryAssetSummary, 'title' | 'exportCount' | 'bytes'>[]): { title: string; body: string } {
  const one = assets.length === 1 ? assets[0]! : null;
  const what = one ? `“${one.title}”` : countWords(assets.length);
  const bytes = assets.reduce((sum, a) => sum + (a.bytes ?? 0), 0);
  const exports = assets.reduce((sum, a) => sum + a.exportCount, 0);
  const body = [
    `${one ? 'Its' : 'Their'} files in Asset Studio's cache${bytes > 0 ? ` (about ${bytesWords(bytes)})` : ''}, tags, notes and place in collections are removed, and ${one ? 'it leaves' : 'they leave'} the history.`,
    exports > 0
      ? `${countWords(exports, 'export')} already in your project folders stay where ${exports === 1 ? 'it is' : 'they are'}.`
      : 'Files you exported to project folders are never touched.',
  ].join(' ');
  return { title: `Delete ${what}?`, body };
}

/** The fixes an export applied, as the export dialog names them ("Weld and prune, Recentre pivot"). */
export function fixesWords(fixes: readonly string[]): string {
  return fixes.map((f) => (FIX_LABELS as Record<string, string>)[f] ?? f).join(', ');
}
