/**
 * What `asset-studio library …` decides without the database: the search a
 * command line asks for, and one asset as a line.
 */
import { GENERATION_KINDS, type GenerationKind } from '../../../shared/api';
import { ASSET_MEDIA_KINDS, type AssetMediaKind, type LibraryAssetSummary } from '../../../shared/domain/library';
import type { LibrarySearch } from '../../../shared/ipc/library';

export const KIND_WORDS = `${ASSET_MEDIA_KINDS.join(', ')} or a generation kind (${GENERATION_KINDS.slice(0, 3).join(', ')}, …)`;

/** The search for `library search WORDS… [--tag T]… [--kind K]… [--all] [--limit N]`, or why a --kind is not one. */
export function cliSearch(input: { words: string[]; tags?: string[]; kinds?: string[]; all?: boolean; limit: number; offset?: number }): LibrarySearch | { problem: string } {
  const mediaKinds: AssetMediaKind[] = [];
  const generationKinds: GenerationKind[] = [];
  for (const kind of input.kinds ?? []) {
    const k = kind.trim().toLowerCase();
    if ((ASSET_MEDIA_KINDS as readonly string[]).includes(k)) mediaKinds.push(k as AssetMediaKind);
    else if ((GENERATION_KINDS as readonly string[]).includes(k)) generationKinds.push(k as GenerationKind);
    else return { problem: `--kind must be ${KIND_WORDS}, not "${kind}".` };
  }
  const query = input.words.join(' ').trim();
  return {
    ...(query ? { query } : {}),
    ...(input.tags?.length ? { tags: input.tags } : {}),
    ...(mediaKinds.length ? { mediaKinds } : {}),
    ...(generationKinds.length ? { generationKinds } : {}),
    ...(input.all ? { includeHidden: true } : {}),
    offset: input.offset ?? 0,
    limit: input.limit,
  };
}

/** `ID  KIND  TITLE  #tag #tag  (hidden)`: one asset, one line, its title on one line and cut at 70 characters. */
export function assetLine(a: Pick<LibraryAssetSummary, 'id' | 'mediaKind' | 'generationKind' | 'title' | 'tags' | 'hidden' | 'exportCount'>): string {
  const title = a.title.replace(/\s+/g, ' ').trim();
  const parts = [a.id, a.generationKind ?? a.mediaKind, title.length > 70 ? `${title.slice(0, 69)}…` : title];
  if (a.tags.length) parts.push(a.tags.map((t) => `#${t.replace(/\s+/g, '-')}`).join(' '));
  if (a.exportCount) parts.push(`exported ${a.exportCount}×`);
  if (a.hidden) parts.push('(removed from history)');
  return parts.join('  ');
}
