/** Temp files a kill -9 left in the asset cache are removed at start, unless their writer still runs. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StagingArea } from '../files/staging';
import { Engine } from './engine';
import { isStaleTemp, sweepStaleTemp } from './temp-sweep';
import { staticRegistry, tempDir } from './test/harness';

const SELF = 1000;
const LIVE = 2000;
const DEAD = 3000;
const alive = (pid: number) => pid === SELF || pid === LIVE;

describe('isStaleTemp', () => {
  it.each([
    ['.download.3000.1a2b3c4d.tmp', true, 'a download whose process was killed'],
    ['.thumbnail.3000.tmp', true, 'a thumbnail whose process was killed'],
    ['.merge.3000.tmp', true, 'a multi-part merge whose process was killed'],
    ['.download.2000.1a2b3c4d.tmp', false, 'another live process (the CLI beside the app) is downloading it'],
    ['.download.1000.1a2b3c4d.tmp', false, 'this process wrote it (another engine here may be writing)'],
    ['asset.glb', false, 'the cached asset itself'],
    ['thumbnail.png', false, 'a finished thumbnail'],
    ['.download.abc.tmp', false, 'not a name our writers make'],
    ['notes.download.3000.tmp', false, 'not a name our writers make'],
    ['.download.0.tmp', true, 'pid 0 is no writer'],
  ])('%s → %s (%s)', (name, stale) => {
    expect(isStaleTemp(name, alive, SELF)).toBe(stale);
  });
});

describe('sweepStaleTemp', () => {
  it("removes a killed writer's temp files from every job's folder and keeps everything else", async () => {
    const root = tempDir('temp-sweep');
    const job1 = path.join(root, 'job1');
    const job2 = path.join(root, 'job2');
    fs.mkdirSync(job1, { recursive: true });
    fs.mkdirSync(job2, { recursive: true });
    const write = (f: string) => fs.writeFileSync(f, 'x');
    write(path.join(job1, 'asset.glb'));
    write(path.join(job1, `.download.${DEAD}.deadbeef.tmp`));
    write(path.join(job2, `.download.${LIVE}.cafef00d.tmp`));
    write(path.join(job2, `.thumbnail.${DEAD}.tmp`));
    const removed = await sweepStaleTemp(root, (pid) => pid === LIVE || pid === process.pid);
    expect(removed.map((f) => path.relative(root, f)).sort()).toEqual([`job1/.download.${DEAD}.deadbeef.tmp`, `job2/.thumbnail.${DEAD}.tmp`]);
    expect(fs.readdirSync(job1)).toEqual(['asset.glb']);
    expect(fs.readdirSync(job2)).toEqual([`.download.${LIVE}.cafef00d.tmp`]);
  });

  it('does nothing (and does not throw) when the cache does not exist yet', async () => {
    expect(await sweepStaleTemp(path.join(tempDir('temp-sweep-none'), 'assets'))).toEqual([]);
  });
});

describe('the engine at start', () => {
  it('sweeps the temp file a download killed mid-write left in the cache', async () => {
    const dataDir = tempDir('temp-sweep-engine');
    const jobDir = path.join(dataDir, 'assets', 'job1');
    fs.mkdirSync(jobDir, { recursive: true });
    // A pid far above any pid_max stands for the killed process.
    const left = path.join(jobDir, '.download.999999999.0badf00d.tmp');
    fs.writeFileSync(left, 'half a GLB');
    const engine = new Engine({ dataDir, registry: staticRegistry('http://127.0.0.1:9/api', 'http://127.0.0.1:9', []), staging: new StagingArea(dataDir) });
    await engine.start();
    await engine.stop();
    expect(fs.existsSync(left)).toBe(false);
  });
});
