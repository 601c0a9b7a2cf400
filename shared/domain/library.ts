/**
 * The library's vocabulary: an asset (a job's result, or a file brought in),
 * its lineage and its exports, as main stores them and the renderer and CLI
 * show them.
 */
import type { GenerationKind } from '../api';
import type { ModelFormat, SkyboxFormat } from './export-formats';

/** What kind of thing the asset is, whatever made it. */
export const ASSET_MEDIA_KINDS = ['model', 'image', 'skybox', 'video'] as const;
export type AssetMediaKind = (typeof ASSET_MEDIA_KINDS)[number];

/**
 * A library asset id: `a_` + 26 base-32 characters for a file brought in; a
 * generated asset uses `j_` + its job's local id, so the CLI and the history
 * can name it either way.
 */
export const LIBRARY_ASSET_ID_PATTERN = /^[aj]_[A-Za-z0-9_-]{4,80}$/;

export const MAX_TAG_LENGTH = 60;
export const MAX_NOTE_LENGTH = 4000;

export type ReadinessVerdict = 'ready' | 'fixable' | 'blocked';

/** One asset as a grid cell or list row shows it. */
export interface LibraryAssetSummary {
  id: string;
  mediaKind: AssetMediaKind;
  source: 'generated' | 'imported';
  /** Generated assets: the job's kind, local id and upstream job id. */
  generationKind?: GenerationKind;
  localId?: string;
  jobId?: string;
  environmentName?: string;
  title: string;
  prompt?: string;
  /** The file's name (imported) or the asset file's name (generated). */
  fileName?: string;
  createdAt: string;
  /** Bytes of the asset's file in the cache; absent while not downloaded. */
  bytes?: number;
  /**
   * The thumbnail picture, as a path on the app's own origin
   * (`/assets/<localId or library id>/thumbnail`): the Electron window
   * (`studio://app/`) and the browser shell (its cookie) both serve it; set
   * only when a thumbnail exists. The asset file itself is the same path
   * ending in `/asset`.
   */
  thumbnailUrl?: string;
  /** A thumbnail picture exists (`thumbnailUrl` is set). */
  hasThumbnail?: boolean;
  tags: string[];
  /** Marked favourite by the user, or the kept take of its variant set (kept takes are favourites). */
  favourite: boolean;
  /** The kept take of its variant set (Keep in compare); `favourite` is true too. */
  kept?: boolean;
  /** Removed from the history view (the library still shows it when asked). */
  hidden: boolean;
  exportCount: number;
  /** Stored readiness per project folder id. */
  readiness?: Record<string, ReadinessVerdict>;
}

export type LineageRelation =
  | 'image-to-3d'
  | 'multi-image-to-3d'
  | 'retexture'
  | 'split'
  | 'rig'
  | 'animate'
  | 'edit'
  | 'skybox-from-image'
  | 'variant-kept'
  | 'derived';

export interface LineageLink {
  relation: LineageRelation;
  asset: LibraryAssetSummary;
}

export interface LibraryExport {
  id: string;
  assetId: string;
  folderId?: string;
  /** The project folder's path and the files written there. */
  folderPath: string;
  format: ModelFormat | SkyboxFormat | string;
  fixes: string[];
  files: string[];
  at: string;
}

export interface LibraryAssetDetail extends LibraryAssetSummary {
  note: string;
  collections: { id: string; name: string }[];
  /** What this asset was made from (nearest first), and what was made from it. */
  sources: LineageLink[];
  descendants: LineageLink[];
  exports: LibraryExport[];
  /** A variant set this asset is one take of, and which take was kept. */
  set?: { setId: string; takes: string[]; keptId?: string };
}

export interface LibraryCollection {
  id: string;
  name: string;
  count: number;
}

export interface LibraryFacets {
  total: number;
  tags: { tag: string; count: number }[];
  mediaKinds: { mediaKind: AssetMediaKind; count: number }[];
  environments: { environmentId: string; name: string; count: number }[];
}

export interface LibraryImportReport {
  imported: LibraryAssetSummary[];
  /** Files that were already in the library (same SHA-256): not stored twice. */
  alreadyThere: LibraryAssetSummary[];
  /** Files left out, each with a sentence an artist reads. */
  skipped: { name: string; reason: string }[];
}

export interface LibraryImportProgress {
  done: number;
  total: number;
  current?: string;
}
