/**
 * The library service: every `library:*` channel over the studio database,
 * and `library:changed` for changes made here or by another process on the
 * same data folder (followed through the library's change log).
 */
import fs from 'node:fs';
import path from 'node:path';
import { sniffFormat } from '../../../shared/api';
import type { LibraryImportReport } from '../../../shared/domain/library';
import { isLocalId } from '../../../shared/domain/local-id';
import { fail, ok, type Result } from '../../../shared/ipc';
import { gateFor } from '../allowed-roots';
import type { ChannelsOf, EventSink, Handler, HandlersFor } from '../contracts';
import type { ExportRun } from '../export';
import type { JobEngine } from '../jobs/engine-api';
import { KEPT_TAKES_FILE, parseKeptTakes } from '../kept-takes';
import { AssetFiles } from './asset-files';
import { BlobStore } from './blobs';
import { deleteAssets } from './delete';
import { ReadinessKeeper, type FolderBudget } from './readiness';
import { exportRowsOf, recordExports, storedExport } from './exports';
import { importFile, importFiles, walkFiles, type FileToImport } from './import';
import { openDatabase, type Database } from '../store/database';
import { Catalogue } from './catalogue';
import { followChanges, type ChangeFollower } from './changes';
import { LibraryEdits } from './edits';
import { LibraryReads, prepareLibrary } from './store';

export interface LibraryDeps {
  dataDir: string;
  events: EventSink;
  /** An open studio database (tests, or a process that holds one already); opened in `dataDir` otherwise. */
  db?: Database;
  now?: () => Date;
  /** How often other processes' changes are looked for (ms). */
  pollMs?: number;
  /** Project folders' budgets (the export service's), for readiness stored per asset and folder. */
  readinessFolders?: () => Promise<FolderBudget[]>;
  /** This process measures models downloaded or brought in (the app; not a short CLI command). */
  measureReadiness?: boolean;
  /** When the catalogue starts loading in the background after the start (ms; default 1500). */
  catalogueAfterMs?: number;
  /** Generated assets' files and thumbnails (the job engine's cache). */
  engine?: Pick<JobEngine, 'assetPath' | 'thumbnailPath' | 'sourceImagePath' | 'saveThumbnail' | 'remove'>;
  /** Files the window staged from a drop (the files service's staging area); a file brought in is staged from here to be exported again. */
  staging?: {
    read(id: string): { name: string; sha256: string } | undefined;
    filePath(id: string): string | undefined;
    stagePath(file: string): Promise<Result<{ id: string }>>;
  };
  /** The export service's `export:run`, which Re-export calls again with a recorded request. */
  exportRun?: Handler<'export:run'>;
  /** Shows a file in the system file manager (the Electron shell's; elsewhere answers false). */
  revealInFolder?: (file: string) => Promise<boolean>;
  /** The browser shell reads only inside this folder and the data folder; defaults to os.homedir(). */
  homeDir?: string;
}

export interface Library {
  handlers: HandlersFor<ChannelsOf<'library'>>;
  db: Database;
  reads: LibraryReads;
  edits: LibraryEdits;
  /** Every asset's files by library id or local id (the app's asset route). */
  files: AssetFiles;
  /** Looks for changes now (after a write elsewhere in this process) and reports them. */
  refresh(): void;
  /** The background work of a process that measures (sources brought in, models measured), for tests: resolves when it is done. */
  settle(): Promise<void>;
  /** Works out every stored readiness verdict again (a project folder added, removed, or its budget changed). */
  foldersChanged(): Promise<void>;
  /** Records what one `export:run` wrote against the assets exported (the export service calls it after each run). */
  recordExport(run: ExportRun): void;
  dispose(): Promise<void>;
}

const NOT_FOUND = 'That asset is no longer in the library.';
const NO_COLLECTION = 'That collection no longer exists.';
const NO_EXPORT = 'That export is no longer recorded in the library.';

export function setupLibrary(deps: LibraryDeps): Library {
  const db = deps.db ?? openDatabase(deps.dataDir);
  prepareLibrary(db);
  const blobs = new BlobStore(deps.dataDir);
  const files = new AssetFiles(db, blobs, deps.engine);
  const now = deps.now ?? (() => new Date());
  const catalogue = new Catalogue(db);
  const reads = new LibraryReads(db, catalogue);
  const edits = new LibraryEdits(db, deps.now);

  // Kept takes are favourites: the compare view's choice (kept-takes.json) is mirrored whenever the file changes.
  const keptFile = path.join(deps.dataDir, KEPT_TAKES_FILE);
  let keptSeen = '';
  const syncKept = () => {
    let stamp = 'none';
    try {
      const stat = fs.statSync(keptFile);
      stamp = `${stat.mtimeMs}:${stat.size}`;
    } catch {
      // No choice made yet.
    }
    if (stamp === keptSeen) return;
    keptSeen = stamp;
    let text = '{}';
    try {
      text = fs.readFileSync(keptFile, 'utf8');
    } catch {
      // Read as none kept.
    }
    edits.syncKept(parseKeptTakes(text));
  };
  // Readiness: models without figures are measured in a checking process, one after another, whenever assets change.
  const keeper = new ReadinessKeeper({ db, modelPath: (id) => files.assetPath(id), folders: deps.readinessFolders ?? (async () => []) });
  let measuring: Promise<void> | undefined;
  let disposed = false;
  // A picture a request carried (an image to 3D's photo) becomes a library asset too, so lineage shows where a model came from.
  const triedSources = new Set<string>();
  const importSources = async (): Promise<number> => {
    const missing = (
      db
        .prepare('SELECT f.sha256, f.name, f.path FROM library_file_sources f WHERE f.path IS NOT NULL AND NOT EXISTS (SELECT 1 FROM library_assets a WHERE a.sha256 = f.sha256) GROUP BY f.sha256 LIMIT 50')
        .all() as { sha256: string; name: string | null; path: string }[]
    ).filter((f) => !triedSources.has(f.sha256));
    for (const f of missing) {
      triedSources.add(f.sha256);
      await importFile({ db, blobs, now }, { path: f.path, name: f.name ?? path.basename(f.path) }).catch(() => undefined);
    }
    return missing.length;
  };
  const measureSoon = () => {
    if (!deps.measureReadiness || measuring || disposed) return;
    measuring = (async () => {
      while (!disposed && (await importSources()) > 0) refresh();
      while (!disposed && (await keeper.measurePending(50)) > 0) refresh();
    })()
      .catch(() => undefined)
      .finally(() => {
        measuring = undefined;
      });
  };

  // The follower starts from the log's end as it is now; the catalogue is read after it (at the first search), so nothing falls between.
  const follower: ChangeFollower = followChanges(
    db,
    (ids) => {
      catalogue.apply(ids);
      deps.events.emit('library:changed', { ids });
      measureSoon();
    },
    { intervalMs: deps.pollMs, onTick: syncKept },
  );
  syncKept();
  // The catalogue is read in the background a little after the start (in slices), so the first search finds it
  // ready and the start itself never waits for it.
  const warm = setTimeout(() => {
    void catalogue.load().catch(() => undefined);
    measureSoon();
  }, deps.catalogueAfterMs ?? 1500);
  warm.unref();
  const refresh = () => {
    syncKept();
    follower.poll();
  };
  /** Runs a write, then reports what it changed. */
  const wrote = <T>(value: Result<T>): Result<T> => {
    refresh();
    return value;
  };

  const handlers: HandlersFor<ChannelsOf<'library'>> = {
    'library:search': async (args) => {
      await catalogue.load();
      // What another process wrote since the last look is in the answer.
      follower.poll();
      return ok(reads.search(args));
    },
    'library:get': async ({ id }) => {
      syncKept();
      const detail = reads.get(id);
      return detail ? ok(detail) : fail('not-found', NOT_FOUND);
    },
    'library:facets': async ({ includeHidden }) => {
      await catalogue.load();
      return ok(reads.facets(includeHidden ?? false));
    },
    'library:tag': async ({ ids, add, remove }) => {
      const found = edits.tag(ids, add, remove);
      return wrote(found === 0 ? fail('not-found', NOT_FOUND) : ok(null));
    },
    'library:setNote': async ({ id, note }) => wrote(edits.setNote(id, note) ? ok(null) : fail('not-found', NOT_FOUND)),
    'library:setFavourite': async ({ id, favourite }) => wrote(edits.setFavourite(id, favourite) ? ok(null) : fail('not-found', NOT_FOUND)),
    'library:collections': async () => ok(edits.collections()),
    'library:createCollection': async ({ name }) => ok(edits.createCollection(name)),
    'library:renameCollection': async ({ collectionId, name }) => {
      const renamed = edits.renameCollection(collectionId, name);
      return renamed ? ok(renamed) : fail('not-found', NO_COLLECTION);
    },
    'library:deleteCollection': async ({ collectionId }) => wrote(edits.deleteCollection(collectionId) ? ok(null) : fail('not-found', NO_COLLECTION)),
    'library:addToCollection': async ({ collectionId, ids }) => wrote(edits.addToCollection(collectionId, ids) === undefined ? fail('not-found', NO_COLLECTION) : ok(null)),
    'library:removeFromCollection': async ({ collectionId, ids }) =>
      wrote(edits.removeFromCollection(collectionId, ids) === undefined ? fail('not-found', NO_COLLECTION) : ok(null)),
    'library:delete': async ({ ids }) => {
      const engine = deps.engine;
      const done = await deleteAssets(
        {
          db,
          blobs,
          // The engine's cache folder of a job (assets/<localId>/): its asset, thumbnail and pictures.
          cacheFolder: (localId) => (isLocalId(localId) ? path.join(deps.dataDir, 'assets', localId) : undefined),
          ...(engine ? { hideJobs: (localIds: string[]) => engine.remove(localIds) } : {}),
        },
        ids,
      );
      refresh();
      if (done.deleted === 0 && done.busy.length > 0) return fail('busy', 'That asset is still being made or downloaded; delete it once it has finished.');
      return ok({ deleted: done.deleted, freedBytes: done.freedBytes });
    },
    'library:import': async (args, ctx) => {
      const skipped: LibraryImportReport['skipped'] = [];
      let toImport: FileToImport[] = [];
      if ('paths' in args) {
        // The browser shell's allowed folders, judged by the real path now; a folder's own links are not followed.
        const gate = gateFor(ctx, deps.dataDir, deps.homeDir);
        const roots: string[] = [];
        for (const p of args.paths) {
          const real = await gate.check(p);
          if (real.ok) roots.push(real.value);
          else skipped.push({ name: path.basename(p), reason: real.problem.message });
        }
        const walked = await walkFiles(roots);
        toImport = walked.files;
        skipped.push(...walked.skipped);
      } else {
        for (const { stagedFileId } of args.staged) {
          const meta = deps.staging?.read(stagedFileId);
          const file = deps.staging?.filePath(stagedFileId);
          if (meta && file) toImport.push({ path: file, name: meta.name });
          else skipped.push({ name: stagedFileId, reason: 'that dropped file is no longer staged; drop it again.' });
        }
      }
      const results = await importFiles({ db, blobs, now, onProgress: (p) => deps.events.emit('library:importProgress', p) }, toImport);
      refresh();
      const imported: string[] = [];
      const already: string[] = [];
      for (const { name, outcome } of results) {
        if ('imported' in outcome) imported.push(outcome.imported);
        else if ('alreadyThere' in outcome) already.push(outcome.alreadyThere);
        else skipped.push({ name, reason: outcome.skipped });
      }
      return ok({ imported: reads.summariesOf(imported), alreadyThere: reads.summariesOf([...new Set(already)]), skipped });
    },
    'library:saveThumbnail': async ({ id, pngBase64 }) => {
      const png = new Uint8Array(Buffer.from(pngBase64, 'base64'));
      if (sniffFormat(png) !== 'png') return fail('invalid-request', 'The thumbnail is not a PNG image.');
      if (id.startsWith('j_')) {
        if (!deps.engine?.saveThumbnail) return fail('unavailable', 'Thumbnails of generated models are kept by the history here.');
        return wrote(await deps.engine.saveThumbnail(id.slice(2), png));
      }
      return wrote(await files.saveImportedThumbnail(id, png));
    },
    'library:reExport': async ({ exportId }, ctx) => {
      const stored = storedExport(db, exportId);
      if (!stored) return fail('not-found', NO_EXPORT);
      if (!stored.request || !stored.folderId || !deps.exportRun) return fail('unavailable', 'This export was recorded without what is needed to make it again; export the asset from its menu instead.');
      let source: { localIds: string[] } | { stagedFileIds: string[] };
      if (stored.localId) source = { localIds: [stored.localId] };
      else {
        // A file brought in is exported as a dropped model is: from a staged copy of its stored file.
        const file = files.assetPath(stored.assetId);
        const staged = file && deps.staging ? await deps.staging.stagePath(file) : undefined;
        if (!staged?.ok) return fail('not-found', 'The file of this asset is no longer in the library.');
        source = { stagedFileIds: [staged.value.id] };
      }
      const run = await deps.exportRun({ ...stored.request, ...source }, ctx);
      if (!run.ok) return run;
      const item = run.value.items[0];
      if (!item?.ok || !item.path) return fail('not-exported', item?.message ?? 'The export could not be made again.');
      return ok({ files: item.files?.length ? item.files : [item.path] });
    },
    'library:reveal': async ({ exportId }) => {
      const stored = storedExport(db, exportId);
      if (!stored) return fail('not-found', NO_EXPORT);
      const file = stored.files[0];
      if (!file || !fs.existsSync(file)) return fail('not-found', `The exported file is no longer at ${file ?? 'its place'}; it was moved or deleted in the project folder.`);
      return ok({ shown: (await deps.revealInFolder?.(file)) ?? false, path: file });
    },
  };

  return {
    handlers,
    db,
    reads,
    edits,
    files,
    refresh,
    recordExport: (run) => {
      try {
        recordExports(db, exportRowsOf(run, (id) => deps.staging?.read(id)?.sha256));
        refresh();
      } catch {
        // The export itself succeeded; a library that cannot record it now (busy, closing) loses only the row.
      }
    },
    settle: async () => {
      measureSoon();
      await measuring;
    },
    foldersChanged: async () => {
      await keeper.foldersChanged();
      refresh();
    },
    dispose: async () => {
      disposed = true;
      await measuring;
      clearTimeout(warm);
      follower.stop();
      if (!deps.db) db.close();
    },
  };
}
