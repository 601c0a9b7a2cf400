/**
 * The CLI's export: into a registered project folder through the export
 * service (its records, budget and subfolder; `--budget` replaces the budget
 * for this export), or into any other folder without registering it (no
 * records, so nothing there is ever replaced: every name is checked free).
 */
import { mkdir, realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { NodeFormat } from '../../../shared/domain/export-formats';
import { compressionFor, presetBudget, type AppliedFix, type Budget, type BudgetTarget, type CheckLine, type FixId } from '../../../shared/domain/readiness';
import type { ExportItemResult, ExportOptions, ProjectFolderView, Result } from '../../../shared/ipc';
import type { HandlerContext } from '../contracts';
import type { JobEngine } from '../jobs/engine-api';
import type { ExportRun } from './index';
import { DEFAULT_TARGET } from '.';
import { exportJobs, exportStaged, type ExportRecords } from './exporter';
import type { StagedFiles } from './export-source';
import { detectProject } from './project-detect';

type Handler = (args: never, ctx: HandlerContext) => Promise<Result<unknown>>;

export interface CliExportInput {
  engine: JobEngine;
  handlers: Partial<Record<string, Handler>>;
  localId: string;
  /** A staged model to export instead of the job `localId` (a file brought into the library, staged from its stored copy). */
  stagedFileId?: string;
  staging?: StagedFiles;
  outDir: string;
  cwd: string;
  target?: BudgetTarget;
  fixes?: FixId[] | 'all';
  format: NodeFormat;
  /** Several formats under one base name (instead of `format`). */
  formats?: NodeFormat[];
  /** Collision and LOD choices (the export options of the same names). */
  options?: Pick<Partial<ExportOptions>, 'collision' | 'lods'>;
  /** Skyboxes: also the six cube faces (and Godot's sky) for the engine found in the folder. */
  skyboxFaces?: boolean;
  /** Told of an export into a folder that is not a project folder (those go through export:run, which tells its own hook). */
  onExported?: (run: ExportRun) => void;
}

export type CliExportResult =
  | { ok: true; check: CheckLine[]; files: string[]; fixes: AppliedFix[]; budget: Budget; fileBytes?: number }
  | { ok: false; message: string };

const NO_RECORDS: ExportRecords = { latestOfLineage: () => undefined, addRecord: () => {}, removeRecord: () => {}, records: () => [], folder: () => undefined };

export async function exportForCli(input: CliExportInput): Promise<CliExportResult> {
  const dir = resolve(input.cwd, input.outDir);
  await mkdir(dir, { recursive: true });
  const real = await realpath(dir);
  const list = (await (input.handlers['export:listFolders'] as Handler)({} as never, { shell: 'cli' })) as Result<ProjectFolderView[]>;
  const project = list.ok ? list.value.find((f) => f.path === real) : undefined;
  const { engine, web } = await detectProject(real);
  const budget = input.target ? presetBudget(engine, input.target) : (project?.budget ?? presetBudget(engine, DEFAULT_TARGET));
  const compression = compressionFor(engine, budget.target);
  const plan = { format: input.format, ...(input.formats ? { formats: input.formats } : {}), fixes: input.fixes, budget, compression, projectEngine: engine, webProject: web === true || (engine === 'plain' && budget.target === 'web'), ...(input.skyboxFaces ? { skyboxFaces: true } : {}) };
  const context = { engine: input.engine, store: NO_RECORDS, now: () => new Date() };
  const items = project
    ? await exportJobsThroughService(input, project.id, plan)
    : input.stagedFileId
      ? await exportStaged({ ...context, staging: input.staging }, { id: 'cli', path: real }, [input.stagedFileId], input.options ?? {}, plan)
      : await exportJobs(context, { id: 'cli', path: real }, [input.localId], input.options ?? {}, plan);
  if (!Array.isArray(items)) return items;
  if (!project) {
    // Not a project folder: recorded with no folder id (it is in no list to export to again).
    const args = { ...(input.stagedFileId ? { stagedFileIds: [input.stagedFileId] } : { localIds: [input.localId] }), folderId: '', ...(input.formats ? { formats: input.formats } : { format: input.format }), ...(input.fixes ? { fixes: input.fixes } : {}) } as ExportRun['args'];
    input.onExported?.({ args, folder: { id: '', path: real }, report: { folderId: '', items }, at: new Date().toISOString() });
  }
  const item = items[0];
  if (!item?.ok) return { ok: false, message: item?.message ?? 'Nothing was exported.' };
  return { ok: true, check: item.check ?? [], files: item.files ?? [], fixes: item.fixes ?? [], budget, ...(item.fileBytes !== undefined ? { fileBytes: item.fileBytes } : {}) };
}

async function exportJobsThroughService(input: CliExportInput, folderId: string, plan: { format: NodeFormat; formats?: NodeFormat[]; fixes?: FixId[] | 'all'; budget: Budget; skyboxFaces?: boolean }) {
  const run = input.handlers['export:run'] as Handler;
  const res = (await run(
    {
      ...(input.stagedFileId ? { stagedFileIds: [input.stagedFileId] } : { localIds: [input.localId] }),
      folderId,
      ...(plan.formats ? { formats: plan.formats } : { format: plan.format }),
      ...(input.options && Object.keys(input.options).length ? { options: input.options } : {}),
      ...(plan.fixes ? { fixes: plan.fixes } : {}),
      ...(input.target ? { budget: plan.budget } : {}),
      ...(plan.skyboxFaces ? { skyboxFaces: true } : {}),
    } as never,
    { shell: 'cli' },
  )) as Result<{ items: ExportItemResult[] }>;
  if (!res.ok) return { ok: false as const, message: res.problem.message };
  return res.value.items;
}

const MARK: Record<CheckLine['status'], string> = { pass: 'pass', warn: 'warn', fail: 'FAIL' };

export function describeCheckLine(line: CheckLine): string {
  return `${MARK[line.status].padEnd(4)}  ${line.label}: ${line.figure}${line.limit ? ` (limit ${line.limit})` : ''}${line.status !== 'pass' && line.note ? `: ${line.note}` : ''}${line.about ? `: ${line.about}` : ''}${line.status === 'fail' && line.fix ? ` [fix: ${line.fix}]` : ''}`;
}
