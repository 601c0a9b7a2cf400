/**
 * Batch channels: import a list (CSV or JSON), fix or skip rows in the
 * preview, run it through the job engine, pause / resume / cancel it.
 * The truth lives in main (`dataDir/batches/<id>.json`); the renderer holds a
 * cache fed by `batch:changed`.
 */
import { z } from 'zod';
import { GENERATION_KINDS, type FieldProblem, type GenerationKind } from '../api';
import { LOCAL_ID_PATTERN } from '../domain/local-id';
import { event, request } from './define';

const batchId = z.string().regex(LOCAL_ID_PATTERN);
const kindSchema = z.enum(GENERATION_KINDS as [GenerationKind, ...GenerationKind[]]);

/** What a row of a list is doing. */
export const BATCH_ROW_STATES = [
  /** Fails validation: shown with its problems, never sent. */
  'invalid',
  /** The user chose not to send it. */
  'skipped',
  /** Valid, waiting for the batch to start (or for a slot once it runs). */
  'ready',
  /** Handed to the engine, waiting in its queue. */
  'queued',
  /** Sent; the upstream job is pending or running, or its asset is downloading / being exported. */
  'running',
  /** Finished and exported. */
  'done',
  /** Failed (rejected, upstream error, asset unavailable, export failed). */
  'failed',
  /** Not sent because the batch was cancelled. */
  'cancelled',
] as const;
export type BatchRowState = (typeof BATCH_ROW_STATES)[number];

export const BATCH_STATES = ['draft', 'running', 'paused', 'cancelling', 'cancelled', 'finished'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

export type DuplicateChoice = 'reuse' | 'generate';

export interface BatchRow {
  /** 1-based position in the list (the header row of a CSV is not counted). */
  row: number;
  /** The kind as the list gave it (may be unknown: then the row is invalid). */
  kind: string;
  /** Field values after coercion from the list's strings; file fields hold paths relative to the list file. */
  fields: Record<string, unknown>;
  problems: FieldProblem[];
  skip: boolean;
  state: BatchRowState;
  /** A job in the ledger with the same kind, fields and file contents. */
  duplicateOf?: { localId: string; jobId?: string; state: string };
  duplicateChoice?: DuplicateChoice;
  /** The engine record of this row; recorded before the row can be sent, so it is never sent twice. */
  localId?: string;
  jobId?: string;
  /** Exported file, relative to the batch's asset folder (`/`-separated). */
  file?: string;
  error?: string;
  startedAt?: string;
  finishedAt?: string;
}

export interface BatchCounts {
  total: number;
  done: number;
  failed: number;
  queued: number;
  running: number;
  invalid: number;
  skipped: number;
  cancelled: number;
}

export interface Batch {
  id: string;
  /** The list's file name, for display. */
  name: string;
  /** Absolute path of the list when it was opened by path (file fields resolve against its folder). */
  listPath?: string;
  /** sha256 of the list's text, so a re-run of the same list can pick up an unfinished batch. */
  listSha256: string;
  createdAt: string;
  updatedAt: string;
  startedAt?: string;
  finishedAt?: string;
  state: BatchState;
  /** Why a paused batch waits: the user paused it, or the service answered 402. */
  pauseReason?: 'user' | 'credits';
  credits?: { required: number; available: number };
  outDir?: string;
  /** Folder the assets and the report are written to (the output folder, or the export subfolder of a project). */
  assetDir?: string;
  environmentId?: string;
  keyId?: string;
  spreadAcrossKeys: boolean;
  /** "Kind for every row": the kind of the rows the list gives none (a list of prompts only); changeable until the batch starts. */
  listKind?: string;
  rows: BatchRow[];
  counts: BatchCounts;
  /** Milliseconds until the remaining rows finish, from rows finished so far and the slots in use. */
  estimateMs?: number;
  /** Files written next to the assets once rows finish. */
  report?: { csv: string; json: string };
  /** Why the report was last not written (the output folder was replaced by a link, or is gone). */
  reportProblem?: string;
}

export type BatchSummary = Omit<Batch, 'rows'>;

export const batchImportArgsSchema = z
  .object({
    /** Open the list by path (Electron, CLI, or a typed path in the browser shell): file fields resolve against its folder. */
    path: z.string().min(1).max(4096).optional(),
    /** Or give its text (a file picked in the browser shell); file fields then need absolute paths. */
    text: z.string().max(20 * 1024 * 1024).optional(),
    /** File name, for display and to tell CSV from JSON when text is given. */
    name: z.string().min(1).max(255).optional(),
    /** One kind for the whole list, used when rows have no `kind` column. */
    kind: kindSchema.optional(),
  })
  .strict()
  .refine((v) => (v.path === undefined) !== (v.text === undefined), { message: 'Give either path or text.' });
export type BatchImportArgs = z.infer<typeof batchImportArgsSchema>;

export const batchUpdateRowArgsSchema = z
  .object({
    batchId,
    row: z.number().int().min(1).max(1_000_000),
    /** Replaces the row's fields (values as the user typed them; strings are coerced like list values). */
    fields: z.record(z.string(), z.unknown()).optional(),
    kind: z.string().max(100).optional(),
    skip: z.boolean().optional(),
    duplicateChoice: z.enum(['reuse', 'generate']).optional(),
  })
  .strict();
export type BatchUpdateRowArgs = z.infer<typeof batchUpdateRowArgsSchema>;

export const batchStartArgsSchema = z
  .object({
    batchId,
    /** Project folder the assets and the report are written to. */
    outDir: z.string().min(1).max(4096),
    environmentId: z.string().min(1).max(100).optional(),
    keyId: z.string().min(1).max(100).optional(),
    /** Spread rows across every key of the environment. */
    spreadAcrossKeys: z.boolean().optional(),
  })
  .strict();
export type BatchStartArgs = z.infer<typeof batchStartArgsSchema>;

const byId = z.object({ batchId }).strict();

export const batchSetKindArgsSchema = z.object({ batchId, kind: kindSchema }).strict();
export type BatchSetKindArgs = z.infer<typeof batchSetKindArgsSchema>;

export const batchRequests = {
  /** Parse and validate a list; nothing is sent. */
  'batch:import': request<Batch>()(batchImportArgsSchema),
  /** Fix a row's fields, skip it, or choose what to do with a duplicate. */
  'batch:updateRow': request<Batch>()(batchUpdateRowArgsSchema),
  /** "Kind for every row" before the batch starts: the rows the list gives no kind of their own are checked again as that kind. */
  'batch:setKind': request<Batch>()(batchSetKindArgsSchema),
  'batch:start': request<Batch>()(batchStartArgsSchema),
  'batch:pause': request<Batch>()(byId),
  /** Resume a paused batch (after topping up credits, for a 402). */
  'batch:resume': request<Batch>()(byId),
  /** Stop sending; jobs already accepted are followed to the end and exported. */
  'batch:cancel': request<Batch>()(byId),
  'batch:get': request<Batch>()(byId),
  'batch:list': request<BatchSummary[]>()(z.object({}).strict()),
  /** Forget a draft or finished batch (its jobs stay in the history). */
  'batch:discard': request<null>()(byId),
};

export const batchEvents = {
  /** A batch changed (rows, state, counts). */
  'batch:changed': event<Batch>(),
};

/** `m:ss`, or `h:mm:ss` past an hour: elapsed time and estimates in the batch view and the CLI. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}
