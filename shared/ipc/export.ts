/**
 * Export channels: project folders, a home-limited folder browser for the
 * browser shell, exporting jobs' assets into a folder, and the record of what
 * went where (so a newer version of an asset replaces the file in place).
 *
 * The renderer names jobs by local id and folders by folder id; the only
 * paths it sends are ones the user typed or picked as project folders.
 */
import { z } from 'zod';
import { NODE_FORMATS } from '../domain/export-formats';
import { MAX_PICTURE_BYTES, PICTURE_FORMATS, PICTURE_KINDS, pictureAllowed } from '../domain/pictures';
import { BUDGET_TARGETS, FIX_IDS, type AppliedFix, type Budget, type CheckLine, type GeometryCompression, type ModelFigures } from '../domain/readiness';
import { event, request } from './define';
import { stagedFileRefSchema } from './files';
import { localId } from './jobs';
import { exportOptionsSchema } from './settings';

export const PROJECT_ENGINES = ['unity', 'godot', 'unreal', 'plain'] as const;
export type ProjectEngine = (typeof PROJECT_ENGINES)[number];

export interface ProjectFolderView {
  id: string;
  /** Absolute path (after resolving links). */
  path: string;
  /** Last path segment, for lists. */
  name: string;
  engine: ProjectEngine;
  /** Subfolder proposed for the engine (relative, `/`-separated). */
  proposedSubfolder: string;
  /** Subfolder exports go to (the proposal unless the user changed it). */
  subfolder: string;
  /** What the user should know about this engine (e.g. Unreal imports GLB through the editor). */
  note?: string;
  /** Checked when listed: the folder is there and writable. */
  available: boolean;
  /** The folder's budget (its own, or the preset for its engine and the desktop target). Always set by the export service. */
  budget?: Budget;
  /** Geometry compression the engine's importer reads (the Compress fix uses it). Always set by the export service. */
  compression?: GeometryCompression;
}

/** The readiness check of one model against a folder's budget (or a target's preset). */
export interface ReadinessReport {
  /** The job's local id, or the staged file's id for a dropped model. */
  localId: string;
  folderId?: string;
  budget: Budget;
  compression: GeometryCompression;
  figures: ModelFigures;
  check: CheckLine[];
}

export interface BrowseListing {
  /** The directory listed (absolute, real path). */
  path: string;
  /** Its parent, unless it is the home directory itself. */
  parent?: string;
  home: string;
  /** Directories only, sorted by name; hidden ones left out. */
  entries: { name: string; path: string }[];
  /** More entries than were listed. */
  truncated: boolean;
}

export interface ExportItemResult {
  localId: string;
  ok: boolean;
  /** Absolute path written. */
  path?: string;
  /** Path inside the project folder, `/`-separated. */
  relativePath?: string;
  /** An earlier export of the same asset lineage was replaced at the same path. */
  replacedInPlace?: boolean;
  sidecarPath?: string;
  /** Every file written (absolute): the model and what goes with it (.bin, textures, MTL), then the sidecar. */
  files?: string[];
  /** Readiness of the exported copy (models), after the fixes applied; File size measures the files written. */
  check?: CheckLine[];
  /** Bytes of the chosen format's files together (models; the largest set when several formats were written). */
  fileBytes?: number;
  /** Readiness before the fixes, when fixes were applied. */
  checkBefore?: CheckLine[];
  fixes?: AppliedFix[];
  /** Why this item was not exported. */
  message?: string;
}

export interface ExportReport {
  folderId: string;
  items: ExportItemResult[];
}

export interface SavedPicture {
  /** Absolute path written. */
  path: string;
  /** Inside the project folder, `/`-separated. */
  relativePath: string;
  /** An earlier picture of the same asset and kind was replaced. */
  replacedInPlace: boolean;
}

export interface ExportRecordView {
  localId: string;
  jobId?: string;
  folderId: string;
  relativePath: string;
  path: string;
  exportedAt: string;
}

const stagedFileId = stagedFileRefSchema.shape.stagedFileId;
const folderId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
const absolutePathLike = z.string().min(1).max(4096);
export const budgetSchema = z
  .object({
    target: z.enum(BUDGET_TARGETS),
    triangles: z.number().int().min(1).max(100_000_000),
    maxTextureSize: z.number().int().min(16).max(16_384),
    materials: z.number().int().min(1).max(10_000),
    fileBytes: z.number().int().min(1024).max(16 * 1024 ** 3),
    minHeightM: z.number().min(0).max(100_000),
    maxHeightM: z.number().positive().max(100_000),
    standOnBase: z.boolean(),
    lodRatios: z.array(z.number().gt(0).lt(1)).min(1).max(4).optional(),
  })
  .strict();
export const fixListSchema = z.union([z.literal('all'), z.array(z.enum(FIX_IDS)).max(FIX_IDS.length)]);
/** Formats the Node exporter writes (USDZ is made in the window: it needs a canvas). */
export const nodeFormatSchema = z.enum(NODE_FORMATS);

const subfolder = z
  .string()
  .max(300)
  .refine((s) => !s.split(/[\\/]+/).includes('..'), { message: 'a subfolder cannot go up with ..' });

export const exportRequests = {
  'export:listFolders': request<ProjectFolderView[]>()(z.object({}).strict()),
  /** Add a folder by path (typed, dropped or picked in the browser shell's chooser). */
  'export:addFolder': request<ProjectFolderView>()(z.object({ path: absolutePathLike }).strict()),
  /** Electron: the system folder dialog. Elsewhere: `unavailable` (use `export:browse`). */
  'export:pickFolder': request<ProjectFolderView | null>()(z.object({}).strict()),
  'export:removeFolder': request<null>()(z.object({ folderId }).strict()),
  'export:setSubfolder': request<ProjectFolderView>()(z.object({ folderId, subfolder }).strict()),
  /** Browser shell folder chooser: directories under the user's home directory only. */
  'export:browse': request<BrowseListing>()(z.object({ path: absolutePathLike.optional() }).strict()),
  'export:run': request<ExportReport>()(
    z
      .object({
        localIds: z.array(localId).min(1).max(1000).optional(),
        /** Models dropped on the window, staged with `files:stagePath`/`files:stageBytes` (instead of jobs). */
        stagedFileIds: z.array(stagedFileId).min(1).max(100).optional(),
        folderId,
        options: exportOptionsSchema.partial().optional(),
        /** Model format (GLB unless chosen). */
        format: nodeFormatSchema.optional(),
        /** Several model formats in one export: one base name, one sidecar listing every file (instead of `format`). */
        formats: z.array(nodeFormatSchema).min(1).max(NODE_FORMATS.length).optional(),
        /** Fixes applied to the exported copy: every failing line's ('all') or those listed. */
        fixes: fixListSchema.optional(),
        /** Check against this budget instead of the folder's (the CLI's --budget). */
        budget: budgetSchema.optional(),
        /** Skyboxes: also six cube faces named for the folder's engine (and a sky resource for Godot). */
        skyboxFaces: z.boolean().optional(),
      })
      .strict()
      .refine((v) => (v.localIds === undefined) !== (v.stagedFileIds === undefined), { message: 'name either jobs or staged files to export' }),
  ),
  /** A folder's budget: start again from a target's preset, and/or change figures. */
  'export:setBudget': request<ProjectFolderView>()(
    z
      .object({ folderId, target: z.enum(BUDGET_TARGETS).optional(), budget: budgetSchema.partial().optional() })
      .strict()
      .refine((v) => !v.budget || v.budget.minHeightM === undefined || v.budget.maxHeightM === undefined || v.budget.minHeightM < v.budget.maxHeightM, {
        message: 'the lowest height must be under the highest',
      }),
  ),
  /** The readiness check of a model against a folder's budget (or a target's preset with no folder). */
  'export:check': request<ReadinessReport>()(
    z
      .object({ localId: localId.optional(), stagedFileId: stagedFileId.optional(), folderId: folderId.optional(), target: z.enum(BUDGET_TARGETS).optional() })
      .strict()
      .refine((v) => (v.localId === undefined) !== (v.stagedFileId === undefined), { message: 'name either a job or a staged file to check' }),
  ),
  /**
   * A turntable or still the window made, written beside the job's export in a project folder
   * (lineage as for exports). The bytes travel as base64: the browser shell's requests are JSON.
   */
  'export:savePicture': request<SavedPicture>()(
    z
      .object({
        localId,
        folderId,
        picture: z.enum(PICTURE_KINDS),
        format: z.enum(PICTURE_FORMATS),
        dataBase64: z
          .string()
          .min(8)
          .max(Math.ceil(MAX_PICTURE_BYTES / 3) * 4, `the picture is larger than ${(MAX_PICTURE_BYTES / 1e6).toFixed(1)} MB`)
          .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'the picture is not base64'),
        /** The file name template the model's export uses (Settings' export defaults), for a picture of a model not exported there yet. */
        template: exportOptionsSchema.shape.template.optional(),
      })
      .strict()
      .refine((v) => pictureAllowed(v.picture, v.format), { message: 'a turntable is WebM, MP4 or GIF; a still is PNG' }),
  ),
  /** Where jobs were exported before (for one job, or all). */
  'export:records': request<ExportRecordView[]>()(z.object({ localId: localId.optional() }).strict()),
  /** Electron: show the job's last exported file in the file manager. */
  'export:reveal': request<boolean>()(z.object({ localId }).strict()),
};

export const exportEvents = {
  /** Project folders changed (added, removed, subfolder). */
  'export:foldersChanged': event<ProjectFolderView[]>(),
  /** An export finished (any shell): the history can show where things went. */
  'export:done': event<ExportReport>(),
};
