/**
 * Helpers for export tests: a tiny real GLB, an in-memory engine holding finished jobs,
 * and the export service as the web shell gets it in a fresh folder, with the calls and
 * project folders the handler tests make.
 */
import { Document, NodeIO } from '@gltf-transform/core';
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { JobRecord } from '../../../shared/domain/job';
import type { GenerationKind } from '../../../shared/api';
import { REQUESTS, type RequestName, type Result } from '../../../shared/ipc';
import type { HandlerContext, PartialHandlers } from '../contracts';
import type { JobEngine } from '../jobs/engine-api';
import { setupExport } from '.';

/** A unit cube standing on y=0..2 (so pivot and bounds are easy to check). */
export async function makeGlb(name = 'cube'): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const positions = new Float32Array([0, 0, 0, 1, 0, 0, 1, 2, 0, 0, 2, 0, 0, 0, 1, 1, 0, 1, 1, 2, 1, 0, 2, 1]);
  const indices = new Uint16Array([0, 1, 2, 0, 2, 3, 4, 6, 5, 4, 7, 6, 0, 4, 5, 0, 5, 1, 3, 2, 6, 3, 6, 7, 0, 3, 7, 0, 7, 4, 1, 5, 6, 1, 6, 2]);
  const position = doc.createAccessor().setType('VEC3').setArray(positions).setBuffer(buffer);
  const index = doc.createAccessor().setType('SCALAR').setArray(indices).setBuffer(buffer);
  const material = doc.createMaterial('grey').setBaseColorFactor([0.5, 0.5, 0.5, 1]);
  const prim = doc.createPrimitive().setAttribute('POSITION', position).setIndices(index).setMaterial(material);
  const mesh = doc.createMesh(name).addPrimitive(prim);
  const node = doc.createNode(name).setMesh(mesh).setTranslation([4, 0, 0]);
  doc.createScene('scene').addChild(node);
  return new NodeIO().writeBinary(doc);
}

/** 1×1 PNG. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

export class FakeEngine {
  readonly jobs = new Map<string, JobRecord>();
  private readonly paths = new Map<string, string>();
  constructor(private readonly assetDir: string) {}

  add(job: Partial<JobRecord> & { localId: string; kind: GenerationKind }, bytes: Uint8Array): JobRecord {
    const format = job.kind.includes('image') || job.kind.includes('worldbox') || job.kind.includes('skybox') ? 'png' : 'glb';
    const record: JobRecord = {
      state: 'success',
      environmentId: 'sandbox',
      environmentName: 'Sandbox (built-in)',
      keyId: 'sandbox-key-1',
      keyName: 'Sandbox key 1',
      request: job.prompt ? { prompt: job.prompt } : {},
      title: '',
      createdAt: '2026-11-22T08:00:00.000Z',
      updatedAt: '2026-11-22T08:01:00.000Z',
      fragments: [],
      asset: { state: 'ready', format, attempts: 1 },
      ...job,
    };
    const dir = join(this.assetDir, record.localId);
    mkdirSync(dir, { recursive: true });
    const path = join(dir, `asset.${format}`);
    writeFileSync(path, bytes);
    this.jobs.set(record.localId, record);
    this.paths.set(record.localId, path);
    return record;
  }

  asEngine(): JobEngine {
    const notUsed = async (): Promise<never> => {
      throw new Error('not used by export');
    };
    let revisions = 0;
    return {
      start: async () => {},
      stop: async () => {},
      submit: notUsed,
      list: () => [...this.jobs.values()],
      history: () => ({ records: [...this.jobs.values()], total: this.jobs.size }),
      // Never the same twice: export tests change the records directly.
      revision: () => ++revisions,
      get: (id) => this.jobs.get(id),
      onChange: () => () => {},
      track: notUsed,
      resend: notUsed,
      dismiss: notUsed,
      retryDownload: notUsed,
      cancel: notUsed,
      remove: notUsed,
      restore: notUsed,
      setHeld: () => {},
      waitFor: notUsed,
      assetPath: (id) => this.paths.get(id),
      thumbnailPath: () => undefined,
    };
  }
}

/** What an export handler test works in: `root` is a fresh temp folder (remove it after), `home` the home folder inside it. */
export interface ExportTestContext {
  root: string;
  home: string;
  engine: FakeEngine;
  handlers: PartialHandlers;
}

/** The export service over a FakeEngine, as the web shell gets it, in a fresh `prefix…` temp folder, its clock fixed at `now`. */
export function webExportContext(prefix: string, now: string): ExportTestContext {
  const root = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  const home = join(root, 'home');
  mkdirSync(home);
  const engine = new FakeEngine(join(root, 'data', 'assets'));
  const { handlers } = setupExport({
    dataDir: join(root, 'data'),
    engine: engine.asEngine(),
    events: { emit: () => {} },
    platform: { shell: 'web', notify: () => false, revealInFolder: async () => true, isFocused: () => true },
    homeDir: home,
    now: () => new Date(now),
  });
  return { root, home, engine, handlers };
}

/** Calls one request's handler with its arguments parsed as the IPC layer parses them. */
export async function callRequest<T>(handlers: PartialHandlers, name: RequestName, args: unknown, ctx: HandlerContext = { shell: 'web' }): Promise<Result<T>> {
  const handler = handlers[name] as (a: unknown, c: HandlerContext) => Promise<Result<T>>;
  return handler(REQUESTS[name].args.parse(args), ctx);
}

/** The same, for a call that must succeed: its value, or a throw naming the request and the problem. */
export async function requestValue<T>(handlers: PartialHandlers, name: RequestName, args: unknown, ctx?: HandlerContext): Promise<T> {
  const result = await callRequest<T>(handlers, name, args, ctx);
  if (!result.ok) throw new Error(`${name} failed: ${result.problem.message}`);
  return result.value;
}

/** A project folder `home/name` holding `files` (name -> content) and empty folders `dirs`: what engine detection reads. */
export function makeProject(home: string, name: string, files: Record<string, string> = {}, dirs: string[] = []): string {
  const dir = join(home, name);
  mkdirSync(dir, { recursive: true });
  for (const d of dirs) mkdirSync(join(dir, d), { recursive: true });
  for (const [f, content] of Object.entries(files)) writeFileSync(join(dir, f), content);
  return dir;
}
