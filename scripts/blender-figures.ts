/**
 * The figures for Blender's check of exports (run: node --import tsx scripts/blender-figures.ts [OUT_DIR]):
 * the sandbox chair in every Node format, a 200k-triangle sandbox chair exported on a mobile budget with
 * every fix, and each corpus model re-exported as an uncompressed GLB (Blender 3.4 reads no Draco or
 * meshopt). Each file goes through `npm run check:blender`; one line per file compares the triangles
 * the app's check reports with Blender's, and for the STL its Z extent with the GLB's height × 1000.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { ExportReport, ProjectFolderView, RequestName } from '../shared/ipc';
import { createHeadlessPlatform } from '../electron/services/platform-headless';
import { setupExport } from '../electron/services/export';
import { modelIo } from '../electron/services/export/model-transform';
import { sandboxModelGlb } from '../electron/services/export/test/sandbox-model';
import { FakeEngine, requestValue } from '../electron/services/export/test-support';

const CORPUS = resolve(__dirname, '../../shared/corpus/gltf');
const out = resolve(process.argv[2] ?? mkdtempSync(join(tmpdir(), 'blender-figures-')));
mkdirSync(out, { recursive: true });
const engine = new FakeEngine(join(out, 'data', 'assets'));
const { handlers } = setupExport({ dataDir: join(out, 'data'), engine: engine.asEngine(), events: { emit: () => {} }, platform: createHeadlessPlatform('cli') });
const value = <T>(name: RequestName, args: unknown) => requestValue<T>(handlers, name, args, { shell: 'electron' });

interface Row {
  what: string;
  file: string;
  appTriangles?: number;
  appHeightM?: number;
}

async function folder(name: string, target: 'mobile' | 'desktop' | 'web'): Promise<ProjectFolderView> {
  const dir = join(out, name);
  mkdirSync(dir, { recursive: true });
  const added = await value<ProjectFolderView>('export:addFolder', { path: dir });
  // Generous figures: the corpus is exported as it is, not fixed, except where a row asks for fixes.
  return value<ProjectFolderView>('export:setBudget', { folderId: added.id, target, ...(target === 'desktop' ? { budget: { triangles: 10_000_000, fileBytes: 1024 ** 3 } } : {}) });
}

const triangles = (item: ExportReport['items'][number]) => Number(item.check!.find((l) => l.id === 'triangles')!.figure.replace(/,/g, ''));
/** The copy's measured height in metres, from the sidecar (the check line rounds it for reading). */
const height = (item: ExportReport['items'][number]) => (JSON.parse(readFileSync(item.sidecarPath!, 'utf8')) as { exportedCopy: { figures: { heightM: number } } }).exportedCopy.figures.heightM;

async function main(): Promise<void> {
  const rows: Row[] = [];
  const plain = await folder('plain', 'desktop');
  engine.add({ localId: 'chair-30k', kind: 'text-to-3d', jobId: 'chairjob0001', prompt: 'sandbox chair' }, await sandboxModelGlb('chair', 30_000, 512));
  for (const format of ['glb', 'gltf', 'obj', 'stl'] as const) {
    const item = (await value<ExportReport>('export:run', { localIds: ['chair-30k'], folderId: plain.id, format, options: { lods: 'off' } })).items[0]!;
    rows.push({ what: `sandbox chair ${format}`, file: item.path!, appTriangles: triangles(item), appHeightM: height(item) });
  }
  const mobile = await folder('mobile', 'mobile');
  engine.add({ localId: 'chair200k', kind: 'text-to-3d', jobId: 'chairjob0200', prompt: 'sandbox chair 200k' }, await sandboxModelGlb('chair', 200_000, 512));
  const fixed = (await value<ExportReport>('export:run', { localIds: ['chair200k'], folderId: mobile.id, fixes: ['weld-prune', 'simplify', 'resize-textures', 'scale-to-height', 'recentre-pivot'], options: { lods: 'off' } })).items[0]!;
  rows.push({ what: 'sandbox chair 200k, mobile, fixed', file: fixed.path!, appTriangles: triangles(fixed) });

  const io = await modelIo(true);
  for (const name of readdirSync(CORPUS).filter((n) => n.endsWith('.glb')).sort()) {
    // Uncompressed copy: Draco and meshopt decoded by glTF-Transform, written without the extensions.
    const doc = await io.readBinary(readFileSync(join(CORPUS, name)));
    for (const ext of doc.getRoot().listExtensionsUsed()) if (ext.extensionName === 'KHR_draco_mesh_compression' || ext.extensionName === 'EXT_meshopt_compression' || ext.extensionName === 'KHR_meshopt_compression') ext.dispose();
    const id = `corpus-${name.replace(/\W+/g, '-')}`.slice(0, 40);
    engine.add({ localId: id, kind: 'text-to-3d', jobId: id, prompt: name.replace(/\.glb$/, '') }, await io.writeBinary(doc));
    const item = (await value<ExportReport>('export:run', { localIds: [id], folderId: plain.id, format: 'glb', options: { lods: 'off' } })).items[0]!;
    if (!item.ok) {
      rows.push({ what: `corpus ${name}: not exported (${item.message})`, file: '' });
      continue;
    }
    rows.push({ what: `corpus ${name}`, file: item.path!, appTriangles: triangles(item) });
  }

  const files = rows.filter((r) => r.file).map((r) => r.file);
  let text = '';
  try {
    text = execFileSync('node', [resolve(__dirname, 'check-blender.mjs'), ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    text = (err as { stdout?: string }).stdout ?? '';
  }
  const blender = new Map(text.trim().split('\n').filter(Boolean).map((l) => { const j = JSON.parse(l) as { file: string }; return [j.file, j as Record<string, unknown>]; }));
  const glbHeight = rows[0]!.appHeightM!;
  const lines: string[] = [];
  for (const r of rows) {
    const b = r.file ? blender.get(r.file) : undefined;
    const extent = (b?.extent as number[] | undefined) ?? [];
    const match = b?.imported ? (b.triangles === r.appTriangles ? 'same' : `DIFFERS (app ${r.appTriangles})`) : `not imported: ${String(b?.error ?? '')}`;
    const stands = r.what.endsWith(' stl') ? `; Z ${extent[2]} mm vs GLB height ${glbHeight} m × 1000 → ${(Math.abs(extent[2]! - glbHeight * 1000) / (glbHeight * 1000) * 100).toFixed(2)} % off` : '';
    lines.push(`${r.what}: app ${r.appTriangles ?? '-'} triangles, Blender ${String(b?.triangles ?? '-')} (${match}); extent X/Y/Z ${extent.join(' / ')}; materials ${(b?.materials as string[] | undefined)?.length ?? '-'}, textures ${(b?.textures as { found: boolean }[] | undefined)?.filter((t) => t.found).length ?? '-'}/${(b?.textures as unknown[] | undefined)?.length ?? '-'} found${stands}`);
  }
  writeFileSync(join(out, 'blender-figures.txt'), `${lines.join('\n')}\n${text}`);
  console.log(lines.join('\n'));
  console.log(`(files and Blender's JSON lines in ${out})`);
}

void main();
