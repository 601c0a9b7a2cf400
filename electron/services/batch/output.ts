/**
 * What a batch leaves in its output folder: each finished asset, and the
 * report (`batch-report.csv`, `batch-report.json`) next to them.
 *
 * Assets go through a `BatchExporter`: in the app and the CLI that is the
 * export service (export-adapter.ts, wired in batch/index.ts), which applies
 * the project's export rules. `safeCopyExporter` is what a BatchService built
 * without the export service uses (unit tests): a plain copy with a portable
 * name, never outside the folder and never over an existing file.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { JobRecord } from '../../../shared/domain/job';
import type { BatchRow } from '../../../shared/ipc';
import { sha256File } from './check-row';
import { REPORT_HTML, contactSheetHtml, sheetEntries } from './contact-sheet';
import { writeFileAtomic } from '../json-file';
import { sweepLeftoverTemps } from './leftover-temps';

export interface ExportRequest {
  /** Who started the batch: the browser shell's exports are limited like its folder chooser. */
  shell: 'electron' | 'web' | 'cli';
  job: JobRecord;
  /** The verified asset in the engine's cache. */
  assetPath: string;
  outDir: string;
  /** The list row, for names that keep the list's order. */
  row: number;
}

export type ExportOutcome = { ok: true; file: string } | { ok: false; message: string };

export interface BatchExporter {
  /** Checked when the batch starts: the folder can take exports. Returns the folder the assets land in. */
  prepare(outDir: string, shell: ExportRequest['shell']): Promise<{ ok: true; assetDir: string } | { ok: false; message: string }>;
  exportJob(request: ExportRequest): Promise<ExportOutcome>;
}

/** Portable name: `row-007_wooden-chair_1a2b3c4d.glb` (ASCII letters, digits, `-`, `_` only). */
export function safeAssetName(row: number, job: JobRecord, ext: string): string {
  const slug = (job.prompt ?? job.title ?? job.kind)
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  const id = (job.jobId ?? job.localId).replace(/[^A-Za-z0-9]/g, '').slice(0, 8);
  return `row-${String(row).padStart(3, '0')}_${slug || job.kind}_${id || 'job'}.${ext}`;
}

export const safeCopyExporter: BatchExporter = {
  async prepare(outDir) {
    const root = path.resolve(outDir);
    try {
      await fs.mkdir(root, { recursive: true });
      await fs.access(root, fs.constants.W_OK);
      return { ok: true, assetDir: root };
    } catch (err) {
      return { ok: false, message: `The output folder ${root} cannot be written: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}.` };
    }
  },
  async exportJob({ job, assetPath, outDir, row }) {
    const ext = path.extname(assetPath).replace(/^\./, '').toLowerCase() || 'bin';
    const root = path.resolve(outDir);
    try {
      await fs.mkdir(root, { recursive: true });
      const base = safeAssetName(row, job, ext);
      const tmp = path.join(root, `.${base}.${process.pid}.tmp`);
      await fs.copyFile(assetPath, tmp);
      try {
        for (let n = 1; n < 1000; n++) {
          const name = n === 1 ? base : base.replace(/(\.[^.]+)$/, `-${n}$1`);
          const target = path.join(root, name);
          if (path.relative(root, target).startsWith('..')) return { ok: false, message: 'The file name would leave the output folder.' };
          try {
            // link() refuses to replace an existing file, so nothing is overwritten even under a race.
            await fs.link(tmp, target);
            return { ok: true, file: target };
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
            // Exported before (a run interrupted after the copy): the same bytes under its name count as done.
            if (await sameContent(tmp, target)) return { ok: true, file: target };
          }
        }
        return { ok: false, message: 'Too many files with the same name in the output folder.' };
      } finally {
        await fs.rm(tmp, { force: true });
      }
    } catch (err) {
      return { ok: false, message: `Could not write to the output folder ${root}: ${(err as Error).message}` };
    }
  },
};

async function sameContent(a: string, b: string): Promise<boolean> {
  try {
    const [sa, sb] = await Promise.all([fs.stat(a), fs.stat(b)]);
    if (sa.size !== sb.size) return false;
    const [ha, hb] = await Promise.all([sha256File(a), sha256File(b)]);
    return ha === hb;
  } catch {
    return false;
  }
}

export const REPORT_CSV = 'batch-report.csv';
export const REPORT_JSON = 'batch-report.json';
export { REPORT_HTML };

export interface ReportLine {
  row: number;
  jobId: string;
  status: string;
  file: string;
  error: string;
}

export function reportLines(rows: BatchRow[]): ReportLine[] {
  return rows.map((r) => ({
    row: r.row,
    jobId: r.jobId ?? '',
    status: r.state,
    file: r.file ?? '',
    error: r.error ?? (r.state === 'invalid' ? r.problems.map((p) => p.message).join(' ') : ''),
  }));
}

function csvCell(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function reportCsv(lines: ReportLine[]): string {
  const header = ['row', 'job id', 'status', 'file', 'error'];
  const body = lines.map((l) => [l.row, l.jobId, l.status, l.file, l.error].map(csvCell).join(','));
  return [header.join(','), ...body].join('\r\n') + '\r\n';
}

/**
 * Writes the reports atomically (CSV, JSON, and the `batch-report.html` contact sheet); returns the
 * CSV and JSON paths. `thumbnailOf` (the engine's cached thumbnails) gives the sheet its pictures.
 */
export async function writeReports(outDir: string, rows: BatchRow[], thumbnailOf?: (localId: string) => string | undefined): Promise<{ csv: string; json: string }> {
  const lines = reportLines(rows);
  const csv = path.join(outDir, REPORT_CSV);
  const json = path.join(outDir, REPORT_JSON);
  // The folder was judged just before (folder-at-use.ts): nothing here makes one.
  const into = { createFolder: false };
  // What a killed run left half-written here goes before this run's reports are written.
  await sweepLeftoverTemps(outDir);
  await writeFileAtomic(csv, reportCsv(lines), into);
  await writeFileAtomic(json, JSON.stringify(lines, null, 2) + '\n', into);
  await writeFileAtomic(path.join(outDir, REPORT_HTML), contactSheetHtml(`Batch report: ${path.basename(outDir)}`, await sheetEntries(outDir, rows, thumbnailOf)), into);
  return { csv, json };
}
