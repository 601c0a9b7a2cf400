/**
 * Seeds a studio database with a realistic library for benches and
 * performance tests: `count` assets of several kinds (text/image to 3D,
 * retextures and splits chained onto earlier models, images, skyboxes, a
 * share of files brought in), long prompts, tags, collections, exports and
 * hidden items. Job records go into `jobs` as the engine's store writes them,
 * so the library's triggers make the generated assets exactly as in use.
 * Deterministic for a given seed.
 */
import type { GenerationKind } from '../../shared/api';
import type { JobRecord } from '../../shared/domain/job';
import { writeJobRows } from '../../electron/services/library/test/job-rows';
import { prepareLibrary } from '../../electron/services/library/store';
import { transaction, type Database } from '../../electron/services/store/database';

export interface SeedOptions {
  seed?: number;
  /** Share of assets that are files brought in (default 0.05). */
  importedShare?: number;
  /** Rows per transaction. */
  batch?: number;
  /** Called after each batch with how many assets exist. */
  onProgress?: (done: number) => void;
}

const SUBJECTS = ['chair', 'barrel', 'lantern', 'sword', 'shield', 'dragon', 'robot', 'tree', 'rock', 'house', 'tower', 'bridge', 'chest', 'potion', 'helmet', 'boat', 'cart', 'anvil', 'throne', 'statue', 'mushroom', 'crystal', 'lamp', 'table', 'bookshelf', 'cannon', 'well', 'fence', 'gate', 'banner'];
const MATERIALS = ['oak', 'pine', 'iron', 'bronze', 'marble', 'granite', 'glass', 'leather', 'gold', 'silver', 'bone', 'clay', 'copper', 'obsidian', 'jade', 'ivory', 'velvet', 'ceramic'];
const STYLES = ['low poly', 'stylised', 'photorealistic', 'hand painted', 'voxel', 'cel shaded', 'weathered', 'ornate', 'minimalist', 'gothic', 'steampunk', 'cyberpunk', 'medieval', 'nordic', 'elven', 'dwarven'];
const DETAILS = ['with carved runes along the edges', 'covered in moss and lichen', 'with brass rivets and worn straps', 'lit by a warm glow from inside', 'standing on a round stone base', 'with chipped paint and scratches', 'decorated with filigree and small gems', 'for a mobile game, clean topology', 'seen in a misty forest clearing at dawn', 'with a cracked surface showing age', 'in a cosy tavern interior', 'suitable for a top-down strategy game', 'game ready with PBR textures', 'symmetrical and centred on the origin'];
const TAGS = ['props', 'hero', 'tavern', 'dungeon', 'forest', 'weapons', 'furniture', 'characters', 'vehicles', 'nature', 'ui', 'environment', 'wip', 'approved', 'client review', 'level 1', 'level 2', 'boss', 'loot', 'decor'];
const FORMATS = ['glb', 'gltf', 'obj', 'stl'];
const FIXES = ['simplify', 'resize-textures', 'weld-prune', 'recentre-pivot', 'compress'];
const FOLDERS = ['/home/artist/projects/tavern-game', '/home/artist/projects/dungeon-crawler', '/home/artist/godot/forest', '/home/artist/unity/racer'];

/** A mid-size game prop, as a model's measured figures. */
const SEED_FIGURES = {
  triangles: 42_000,
  largestTexture: 2048,
  textureCount: 3,
  materials: 2,
  fileBytes: 4_200_000,
  heightM: 1.2,
  baseM: 0,
  baseOffsetM: 0.01,
  texturedWithoutUv: 0,
  degenerateTriangles: 0,
  duplicateTriangles: 0,
  unusedVertices: 0,
  validatorErrors: 0,
  validatorWarnings: 2,
};

/** A small fast deterministic generator (mulberry32). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function seedPrompt(rand: () => number): string {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const parts = [`a ${pick(STYLES)} ${pick(MATERIALS)} ${pick(SUBJECTS)}`, pick(DETAILS)];
  const extra = Math.floor(rand() * 6);
  for (let i = 0; i < extra; i++) parts.push(rand() < 0.5 ? pick(DETAILS) : `${pick(STYLES)} ${pick(MATERIALS)} accents`);
  return parts.join(', ');
}

/** Adds `count` assets to the library in `db` (both schema parts are brought up to date first). Answers how many exist after. */
export function seedLibrary(db: Database, count: number, options: SeedOptions = {}): number {
  prepareLibrary(db);
  const rand = random(options.seed ?? 1);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const batch = options.batch ?? 5000;
  const importedShare = options.importedShare ?? 0.05;
  const start = Date.UTC(2025, 0, 1);
  const models: string[] = [];
  const images: string[] = [];
  const insertTag = db.prepare("INSERT OR IGNORE INTO library_tags (asset_n, tag) SELECT n, ? FROM library_assets WHERE id = ?");
  const insertExport = db.prepare(
    'INSERT INTO library_exports (id, asset_n, folder_id, folder_path, format, fixes, files, at) SELECT ?, n, ?, ?, ?, ?, ?, ? FROM library_assets WHERE id = ?',
  );
  const insertImported = db.prepare(
    "INSERT INTO library_assets (id, source, media_kind, title, display_title, file_name, created_at, bytes, sha256, format, asset_ready, has_thumbnail) VALUES (?, 'imported', ?, ?, ?2, ?, ?, ?, ?, ?, 1, 1)",
  );
  db.exec("INSERT OR IGNORE INTO library_collections (id, name, created_at) VALUES ('c_seed_tavern', 'Tavern', '2025-01-01T00:00:00.000Z'), ('c_seed_dungeon', 'Dungeon set', '2025-01-01T00:00:00.000Z')");
  const insertMember = db.prepare("INSERT OR IGNORE INTO library_members (collection_id, asset_n, added_at) SELECT ?, n, '2025-01-01T00:00:00.000Z' FROM library_assets WHERE id = ?");
  const base = (db.prepare('SELECT count(*) AS n FROM library_assets').get() as { n: number }).n;
  const setFigures = db.prepare("UPDATE library_assets SET figures = ? WHERE media_kind = 'model' AND figures IS NULL AND n > ?");

  for (let done = 0; done < count; ) {
    const size = Math.min(batch, count - done);
    transaction(db, () => {
      const records: JobRecord[] = [];
      const after: (() => void)[] = [];
      for (let i = 0; i < size; i++) {
        const k = base + done + i;
        const at = new Date(start + k * 137_000).toISOString();
        const localId = `seed${String(k).padStart(8, '0')}`;
        const roll = rand();
        let id: string;
        if (roll < importedShare) {
          id = `a_seed${String(k).padStart(8, '0')}`;
          const isModel = rand() < 0.7;
          const name = `${pick(SUBJECTS)}_${pick(MATERIALS)}_${k}.${isModel ? pick(['glb', 'obj', 'stl']) : 'png'}`;
          insertImported.run(id, isModel ? 'model' : 'image', name.replace(/\.[a-z]+$/, '').replace(/_/g, ' '), name, at, 50_000 + Math.floor(rand() * 5e6), `seedsha${k}`, name.split('.').pop()!);
        } else {
          let kind: GenerationKind;
          let parentJobId: string | undefined;
          if (roll < 0.45) kind = 'text-to-3d';
          else if (roll < 0.55 && images.length) {
            kind = 'image-to-3d';
            parentJobId = pick(images);
          } else if (roll < 0.65 && models.length) {
            kind = rand() < 0.7 ? 'retexture' : 'split-to-parts';
            parentJobId = `job-${pick(models).slice(2)}`;
          } else if (roll < 0.85) kind = 'text-to-image';
          else kind = 'text-to-worldbox';
          const prompt = seedPrompt(rand);
          const format = kind === 'text-to-image' || kind === 'text-to-worldbox' ? 'png' : 'glb';
          records.push({
            localId,
            kind,
            state: 'success',
            jobId: `job-${localId}`,
            environmentId: rand() < 0.8 ? 'env-sandbox' : 'env-production',
            environmentName: 'Sandbox (built-in)',
            keyId: 'key-1',
            keyName: 'Key 1',
            request: { prompt },
            title: '',
            prompt,
            ...(parentJobId ? { parentJobId } : {}),
            ...(rand() < 0.03 ? { hidden: true } : {}),
            createdAt: at,
            updatedAt: at,
            fragments: [],
            asset: { state: 'ready', format, attempts: 1, bytes: 200_000 + Math.floor(rand() * 8e6), sha256: `sha${k}`, hasThumbnail: true },
          });
          id = `j_${localId}`;
          if (format === 'glb') models.push(id);
          else if (kind === 'text-to-image') images.push(`job-${localId}`);
        }
        const tagCount = rand() < 0.6 ? 1 + Math.floor(rand() * 3) : 0;
        const tags = Array.from({ length: tagCount }, () => pick(TAGS));
        const exports = rand() < 0.25 ? 1 + Math.floor(rand() * 2) : 0;
        const member = rand() < 0.02 ? pick(['c_seed_tavern', 'c_seed_dungeon']) : undefined;
        after.push(() => {
          for (const tag of tags) insertTag.run(tag, id);
          for (let e = 0; e < exports; e++) {
            const folder = pick(FOLDERS);
            const format = pick(FORMATS);
            insertExport.run(`x_${id}_${e}`, `folder-${FOLDERS.indexOf(folder)}`, folder, format, JSON.stringify(rand() < 0.4 ? [pick(FIXES)] : []), JSON.stringify([`${folder}/assets/${id}.${format}`]), at, id);
          }
          if (member) insertMember.run(member, id);
        });
      }
      writeJobRows(db, records);
      for (const f of after) f();
      // Models come measured (as after their download), so the library has no readiness work left to do.
      setFigures.run(JSON.stringify(SEED_FIGURES), base + done);
    });
    done += size;
    options.onProgress?.(base + done);
  }
  return (db.prepare('SELECT count(*) AS n FROM library_assets').get() as { n: number }).n;
}
