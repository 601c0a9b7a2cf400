/**
 * The provenance sidecar (`NAME.asset.json`). Its original keys describe the
 * generated asset as cached; `exportedCopy` (new) describes what was written:
 * format, files, the fixes applied and the copy's measured figures and check.
 * Never credentials: only ids, names, request fields and stats.
 */
import type { JobRecord } from '../../../shared/domain/job';
import type { AppliedFix, Budget, CheckLine, ModelFigures } from '../../../shared/domain/readiness';
import type { ExportOptions } from '../../../shared/ipc';

export interface ExportedCopy {
  format: string;
  /** File names beside the sidecar, model first: every file this export wrote. */
  files: string[];
  /** Bytes of the chosen format's files together (the largest set when several formats were written). */
  fileBytes?: number;
  /** Each format's files and their bytes together, when the export wrote models. */
  formats?: { format: string; files: string[]; fileBytes: number }[];
  budget: Budget;
  fixesApplied: AppliedFix[];
  figures: ModelFigures;
  check: CheckLine[];
}

export function buildSidecar(job: JobRecord, fileName: string, options: ExportOptions, now: Date, copy?: ExportedCopy): Record<string, unknown> {
  return {
    generator: 'Asset Studio',
    sidecarVersion: 1,
    file: fileName,
    kind: job.kind,
    title: job.title || undefined,
    prompt: job.prompt,
    request: publicRequest(job.request),
    genParams: job.genParams,
    jobId: job.jobId,
    parentJobId: job.parentJobId,
    environment: job.environmentName,
    createdAt: job.createdAt,
    finishedAt: job.finishedAt,
    exportedAt: now.toISOString(),
    exportOptions: { upAxis: options.upAxis, scale: options.scale, pivotAtBase: options.pivotAtBase },
    stats: job.asset?.stats ?? job.asset?.image,
    validation: job.asset?.validation ? { errors: job.asset.validation.errors, warnings: job.asset.validation.warnings } : undefined,
    fixesApplied: copy?.fixesApplied,
    exportedCopy: copy,
  };
}

/** Request fields without local paths (file fields keep name, size, type and hash). */
function publicRequest(request: Record<string, unknown>): Record<string, unknown> {
  const visit = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(visit);
    if (value && typeof value === 'object') {
      const obj = value as Record<string, unknown>;
      if (typeof obj.sha256 === 'string' && typeof obj.path === 'string') {
        return { name: obj.name, size: obj.size, mime: obj.mime, sha256: obj.sha256 };
      }
      return Object.fromEntries(Object.entries(obj).filter(([k]) => !/secret|token|password/i.test(k)).map(([k, v]) => [k, visit(v)]));
    }
    return value;
  };
  return visit(request) as Record<string, unknown>;
}

/** A sidecar Asset Studio wrote for `fileName` (records from before `files` was kept are judged by their content). */
export function isOurSidecar(text: string, fileName: string): boolean {
  try {
    const json = JSON.parse(text) as { generator?: unknown; file?: unknown };
    return json.generator === 'Asset Studio' && json.file === fileName;
  } catch {
    return false;
  }
}
