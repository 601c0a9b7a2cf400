/**
 * Asset rows as the library's channels answer them: the columns a summary
 * reads (never the figures or the note, which only a detail needs) and the
 * mapping from a row to `LibraryAssetSummary`.
 */
import type { GenerationKind } from '../../../shared/api';
import type { AssetMediaKind, LibraryAssetSummary, ReadinessVerdict } from '../../../shared/domain/library';

export const SUMMARY_COLUMNS =
  'a.n, a.id, a.source, a.local_id, a.job_id, a.generation_kind, a.media_kind, a.environment_id, a.environment_name, a.title, a.prompt, a.file_name, a.created_at, a.bytes, a.has_thumbnail, a.hidden, a.favourite, a.kept, a.tags, a.export_count, a.set_id, a.parent_job_id, a.sha256, a.format';

export interface AssetRow {
  n: number;
  id: string;
  source: 'generated' | 'imported';
  local_id: string | null;
  job_id: string | null;
  generation_kind: string | null;
  media_kind: AssetMediaKind;
  environment_id: string | null;
  environment_name: string | null;
  title: string;
  prompt: string | null;
  file_name: string | null;
  created_at: string;
  bytes: number | null;
  has_thumbnail: number;
  hidden: number;
  favourite: number;
  kept: number;
  tags: string;
  export_count: number;
  set_id: string | null;
  parent_job_id: string | null;
  sha256: string | null;
  format: string | null;
}

export function summaryOf(row: AssetRow, readiness?: Record<string, ReadinessVerdict>): LibraryAssetSummary {
  const summary: LibraryAssetSummary = {
    id: row.id,
    mediaKind: row.media_kind,
    source: row.source,
    title: row.title || row.prompt || row.file_name || row.generation_kind || 'Untitled',
    createdAt: row.created_at,
    tags: JSON.parse(row.tags) as string[],
    favourite: row.favourite === 1 || row.kept === 1,
    hidden: row.hidden === 1,
    exportCount: row.export_count,
    hasThumbnail: row.has_thumbnail === 1,
  };
  if (row.generation_kind) summary.generationKind = row.generation_kind as GenerationKind;
  if (row.local_id) summary.localId = row.local_id;
  if (row.job_id) summary.jobId = row.job_id;
  if (row.environment_name) summary.environmentName = row.environment_name;
  // The prompt once: a cell's title is often the prompt itself (a job with no title), and every keystroke's answer carries a page of them.
  if (row.prompt && row.prompt !== summary.title) summary.prompt = row.prompt;
  if (row.file_name) summary.fileName = row.file_name;
  if (row.bytes !== null) summary.bytes = row.bytes;
  if (row.kept === 1) summary.kept = true;
  // A path on the app's origin: both shells serve it (studio://app/ in Electron, the cookie in the browser shell).
  if (row.has_thumbnail === 1) summary.thumbnailUrl = `/assets/${encodeURIComponent(row.local_id ?? row.id)}/thumbnail`;
  if (readiness && Object.keys(readiness).length) summary.readiness = readiness;
  return summary;
}
