/**
 * Disk faults: a full, failing or read-only disk refusing the job store's
 * writes (SQLITE_FULL, SQLITE_IOERR, SQLITE_READONLY), and ENOSPC, EIO and
 * EACCES on the asset cache (a download's file) and exports, through the real
 * services (fresh data folder, the built-in sandbox). The user is told (a
 * result with a plain reason, a record state), nothing already recorded is
 * lost, and a torn last line of an old journal found at the first start is
 * reported in the log and kept with the moved-aside journal.
 */
import fs from 'node:fs';
import type * as FsPromises from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JobRecord } from '../../../shared/domain/job';
import { dispatch } from '../../ipc/dispatch';
import { createServices, type Services } from '../../compose';
import { createLogger } from '../log';
import { createHeadlessPlatform, noCipher } from '../platform-headless';
import { JobStore } from './store/job-store';
import { MOVED_ASIDE_DIR } from './store/import-journal';
import { tempDir, until } from './test/harness';
import { expectNothingFor } from '../../../testkit/expect-nothing';

const CODES = ['ENOSPC', 'EIO', 'EACCES'] as const;

/** Exports write through named imports of node:fs/promises, which a spy cannot reach: the module is wrapped instead. */
const exportFault = vi.hoisted(() => ({ code: undefined as string | undefined, under: '' }));
vi.mock('node:fs/promises', async (importOriginal) => {
  const real = await importOriginal<typeof FsPromises>();
  const writeFile = (async (file: Parameters<typeof real.writeFile>[0], ...rest: unknown[]) => {
    if (exportFault.code && exportFault.under && String(file).startsWith(exportFault.under)) {
      throw Object.assign(new Error(`${exportFault.code}: injected, open '${String(file)}'`), { code: exportFault.code });
    }
    return real.writeFile(file, ...(rest as [never]));
  }) as typeof real.writeFile;
  return { ...real, writeFile, default: { ...real, writeFile } };
});

function sampleRecord(i: number): JobRecord {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
  return {
    localId: `rec${String(i).padStart(8, '0')}`,
    kind: 'text-to-3d',
    state: 'error',
    jobId: `job-${i}`,
    environmentId: 'env',
    environmentName: 'Sandbox',
    keyId: 'k0',
    keyName: 'Key 0',
    request: { prompt: `a carved chest ${i}` },
    title: `Chest ${i}`,
    prompt: `a carved chest ${i}`,
    createdAt: at,
    updatedAt: at,
    fragments: [],
  };
}

/** The store's refusals, by the SQLite result code node:sqlite reports, and what the user reads. */
const STORE_CODES = [
  ['SQLITE_FULL', 13, /the disk is full/],
  ['SQLITE_IOERR', 10, /the disk reported a read\/write error/],
  ['SQLITE_READONLY', 8, /the data folder cannot be written/],
] as const;

/** An error as node:sqlite makes it for that result code. */
function sqliteError(errcode: number): Error {
  return Object.assign(new Error(`injected SQLite error ${errcode}`), { code: 'ERR_SQLITE_ERROR', errcode, errstr: 'injected' });
}

type Commit = (localId: string, make: (current: JobRecord | undefined) => JobRecord, durable: boolean) => unknown;

/** Makes the job store's transactions fail with `errcode` (for the records `which` picks) until restored. */
/** How many record writes the fault below has refused (so a test waits for the refusal, not for time). */
let writesRefused = 0;

function refuseStoreWrites(errcode: number, which: (next: JobRecord) => boolean = () => true) {
  writesRefused = 0;
  const proto = JobStore.prototype as unknown as { commit: Commit };
  const real = proto.commit;
  return vi.spyOn(proto, 'commit').mockImplementation(function (this: unknown, localId, make, durable) {
    return real.call(
      this,
      localId,
      (current) => {
        const next = make(current);
        if (which(next)) {
          writesRefused++;
          throw sqliteError(errcode);
        }
        return next;
      },
      durable,
    );
  });
}

const ERRNO_TEXT: Record<string, string> = { ENOSPC: 'no space left on device, write', EIO: 'i/o error, write', EACCES: 'permission denied, open' };

/** An error as Node makes it for that code. */
function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${ERRNO_TEXT[code]}`), { code });
}

afterEach(() => vi.restoreAllMocks());

describe('disk faults through the services', () => {
  let dataDir: string;
  let services: Services;
  const logged: string[] = [];
  let savedHome: string | undefined;
  const call = (channel: string, args: unknown) => dispatch(services.handlers, channel, args, { shell: 'web' });
  const submit = (prompt: string) => call('jobs:submit', { kind: 'text-to-3d', fields: { prompt, targetFaceCount: 500, textureResolution: '128' } });
  const job = (localId: string) => services.engine!.get(localId) as JobRecord;

  beforeAll(async () => {
    dataDir = tempDir('disk-faults');
    // An old journal with a torn last line from a crash before the update: moved into the database with a message.
    fs.mkdirSync(path.join(dataDir, 'ledger'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'ledger', 'journal.jsonl'), `${JSON.stringify({ t: 'put', r: sampleRecord(1) })}\n{"t":"patch","id":"rec00000001","p":{"st`);
    const log = createLogger({ stderr: { write: (line: string) => logged.push(line) } });
    // Export folders are held to the home folder: make it this test's.
    savedHome = process.env.HOME;
    process.env.HOME = dataDir;
    services = await createServices({ dataDir, platform: createHeadlessPlatform('web'), cipher: noCipher, env: { ASSET_STUDIO_SANDBOX_JOB_SECONDS: '0.3' }, log });
  }, 30_000);

  afterAll(async () => {
    await services?.dispose();
    process.env.HOME = savedHome;
  });

  it('starts on an old journal with a torn last line, keeps the record, keeps the line with the moved journal and says so in the log', async () => {
    const listed = await call('jobs:list', {});
    expect(listed.ok && (listed.value as { jobs: JobRecord[] }).jobs.map((j) => j.localId)).toContain('rec00000001');
    expect(fs.readFileSync(path.join(dataDir, MOVED_ASIDE_DIR, 'journal.jsonl'), 'utf8')).toContain('{"t":"patch","id":"rec00000001","p":{"st');
    expect(logged.join('\n')).toMatch(/One line of the job history could not be read .* left in .*; every other job is kept\./);
  });

  it.each(STORE_CODES)('%s on the job store: jobs:submit answers with a plain reason, sends nothing, and the history keeps every job', async (code, errcode, plain) => {
    const before = await submit(`a sturdy crate before ${code}`);
    expect(before.ok).toBe(true);
    const kept = (before as { value: JobRecord }).value.localId;
    await until(() => job(kept).asset?.state === 'ready', 20_000, 'the job recorded before the fault to finish');
    const upstreamBefore = services.sandbox!.jobs().length;
    refuseStoreWrites(errcode);
    const refused = await submit(`a sturdy crate during ${code}`);
    expect(refused).toMatchObject({ ok: false, problem: { reason: 'disk-write-failed' } });
    expect(!refused.ok && refused.problem.message).toMatch(plain);
    expect(!refused.ok && refused.problem.message).not.toMatch(/SQLITE|injected|errno|at .*\.ts/);
    // While the disk still refuses, nothing of the refused submission reaches the service.
    await expectNothingFor(300, 'job created upstream for the refused submission', () => services.sandbox!.jobs().length !== upstreamBefore);
    vi.restoreAllMocks();
    const listed = await call('jobs:list', {});
    const prompts = listed.ok ? (listed.value as { jobs: JobRecord[] }).jobs.map((j) => j.prompt) : [];
    expect(prompts).toContain(`a sturdy crate before ${code}`);
    expect(prompts).not.toContain(`a sturdy crate during ${code}`);
    // Nothing reached the service for the refused submission, and the earlier job is whole.
    expect(services.sandbox!.jobs()).toHaveLength(upstreamBefore);
    expect(job(kept)).toMatchObject({ state: 'success', asset: { state: 'ready' } });
  }, 30_000);

  it.each(CODES)('%s on the asset cache: the download waits with the reason on the record, then finishes when the disk is back', async (code) => {
    const real = fs.createWriteStream.bind(fs);
    vi.spyOn(fs, 'createWriteStream').mockImplementation(((file: fs.PathLike, options?: unknown) => {
      const stream = real(file, options as never);
      // As the disk does it: the stream opens (or not) and then fails with an 'error' event.
      if (String(file).includes(`${path.sep}assets${path.sep}`)) process.nextTick(() => stream.destroy(errno(code)));
      return stream;
    }) as typeof fs.createWriteStream);
    const res = await submit(`a mossy rock with ${code}`);
    expect(res.ok).toBe(true);
    const localId = (res as { value: JobRecord }).value.localId;
    await until(() => (job(localId).asset?.attempts ?? 0) >= 1 && job(localId).asset?.state === 'retrying', 20_000, 'a failed download attempt').catch((e: Error) => {
      throw new Error(`${e.message} ${JSON.stringify({ state: job(localId).state, asset: job(localId).asset })}`);
    });
    const rec = job(localId);
    expect(rec.state).toBe('success');
    expect(rec.asset?.problem, 'the record says why it waits').toBeTruthy();
    vi.restoreAllMocks();
    await until(() => job(localId).asset?.state === 'ready', 20_000, 'the download to finish once the disk is back');
  }, 45_000);

  it.each(CODES)('%s on an export: the item fails with a plain reason, the cached asset and an earlier export stay whole', async (code) => {
    const res = await submit(`a round lamp for export ${code}`);
    const localId = (res as { value: JobRecord }).value.localId;
    await until(() => job(localId).asset?.state === 'ready', 20_000, 'the job to finish');
    const folderPath = path.join(dataDir, `project-${code}`);
    fs.mkdirSync(folderPath);
    const folder = await call('export:addFolder', { path: folderPath });
    expect(folder.ok).toBe(true);
    const folderId = (folder as { value: { id: string } }).value.id;
    const first = await call('export:run', { localIds: [localId], folderId });
    const firstItem = first.ok ? (first.value as { items: { ok: boolean; path?: string }[] }).items[0]! : undefined;
    expect(firstItem?.ok, JSON.stringify(first)).toBe(true);
    const exported = fs.readFileSync(firstItem!.path!);

    Object.assign(exportFault, { code, under: folderPath });
    const second = await call('export:run', { localIds: [localId], folderId }).finally(() => Object.assign(exportFault, { code: undefined, under: '' }));
    const item = second.ok ? (second.value as { items: { ok: boolean; message?: string }[] }).items[0] : undefined;
    expect(item?.ok).toBe(false);
    expect(item?.message).toMatch(code === 'EIO' ? /The export failed while writing the file\. Nothing was lost/ : code === 'ENOSPC' ? /is full\. Nothing was lost/ : /cannot write to .*Nothing was lost/);
    expect(fs.readFileSync(firstItem!.path!).equals(exported)).toBe(true);
    expect(job(localId).asset?.state).toBe('ready');
  }, 45_000);

  // Two engine bugs the soak runs found, fixed: kept as plain tests.
  it('a disk error writing a download reaches the record as what to do, not the raw errno text', async () => {
    const real = fs.createWriteStream.bind(fs);
    vi.spyOn(fs, 'createWriteStream').mockImplementation(((file: fs.PathLike, options?: unknown) => {
      const stream = real(file, options as never);
      if (String(file).includes(`${path.sep}assets${path.sep}`)) process.nextTick(() => stream.destroy(errno('ENOSPC')));
      return stream;
    }) as typeof fs.createWriteStream);
    const res = await submit('a mossy rock on a full disk');
    const localId = (res as { value: JobRecord }).value.localId;
    await until(() => job(localId).asset?.state === 'retrying', 20_000, 'a failed download attempt');
    // Today: "ENOSPC: no space left on device, write." (before the engine's split it read "Cannot reach the
    // service for the asset download (ENOSPC: ...). It is tried again when the connection is back.").
    expect(job(localId).asset?.problem).not.toMatch(/\bE[A-Z]{2,}\b|Cannot reach the service|connection/);
    expect(job(localId).asset?.problem).toMatch(/disk is full/);
  }, 30_000);

  it('when the disk refuses the write recording the job id the service returned, the id is written again once it can be, never recorded as rejected', async () => {
    refuseStoreWrites(13, (next) => next.jobId !== undefined && next.prompt === 'a crate whose job id could not be saved');
    const res = await submit('a crate whose job id could not be saved');
    const localId = (res as { value: JobRecord }).value.localId;
    await until(() => services.sandbox!.jobs().some((j) => j.genParams.prompt === 'a crate whose job id could not be saved'), 10_000, 'the service to create the job');
    // The engine's write of the job id meets the refusal (the fault stays on until it has).
    await until(() => writesRefused > 0, 5_000, 'the job id write to be refused');
    vi.restoreAllMocks();
    // Today: state "rejected" (no job exists) with the disk's message, no job id: the service's job is lost to the
    // history. Before the engine's split it stayed "submitting" for the session. Either keep the id (retry the
    // write) or record the submission as uncertain.
    await until(() => job(localId).jobId !== undefined || job(localId).state === 'uncertain', 8_000, 'the job id (or uncertainty) to be recorded');
    // Written again once the disk took it: the paid job keeps its id and is followed like any other.
    expect(job(localId).state).not.toBe('rejected');
    expect(job(localId).jobId).toBe(services.sandbox!.jobs().find((j) => j.genParams.prompt === 'a crate whose job id could not be saved')?.id);
  }, 30_000);
});
