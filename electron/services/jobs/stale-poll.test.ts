/**
 * Two processes on one data folder (the app and a CLI command) both follow a
 * job. The CLI sees it finish, downloads and checks its asset; the app, whose
 * copy of the record still says "running" (it has not read the folder since),
 * then polls the job and hears "success". That answer must be applied to the
 * record as the database has it: the job is already finished with its asset
 * ready, so nothing changes and nothing is downloaded again. Seen in a CI run
 * of the shared-folder test under load: one asset fetched twice, because the
 * late poll wrote success with a pending asset over the ready one.
 */
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox';
import { StagingArea } from '../files/staging';
import { Engine } from './engine';
import { FAST_TIMING, staticRegistry, tempDir, until } from './test/harness';
import { stopAfterEach } from './test/stop-after-each';
import { expectNothingFor } from '../../../testkit/expect-nothing';

const open = stopAfterEach();

describe('a poll answered after another process finished the job', () => {
  it('leaves the finished record and its ready asset as they are, and fetches nothing again', async () => {
    const sandbox = await startSandbox({ port: 0, jobSeconds: 0.5, keys: 1, seed: 3, credits: 10_000 });
    open.push({ sandbox });
    const dataDir = tempDir('stale-poll');
    const registry = staticRegistry(sandbox.baseUrl, sandbox.storageUrl, sandbox.keys);
    const make = (timing: Record<string, unknown>) => {
      const engine = new Engine({ dataDir, registry, staging: new StagingArea(dataDir), timing: { ...FAST_TIMING, ...timing }, random: () => 1 });
      open.push({ engine });
      return engine;
    };
    const cli = make({});
    await cli.start();
    const r = await cli.submit({ kind: 'text-to-image', fields: { prompt: 'a stone well' } });
    const localId = r.ok ? r.value.localId : '';
    await until(() => ['pending', 'running'].includes(cli.get(localId)?.state ?? ''), 10_000, 'the CLI to have the job accepted');

    // The app starts now and reads the job in as not finished; it does not read the folder again for a minute,
    // and its first poll of the job comes 2.5 s later, well after the CLI has finished it.
    const app = make({ refreshMs: 60_000, pollFloorMs: 2_500, pollFirstMs: 2_500 });
    await app.start();
    expect(app.get(localId)?.state).not.toBe('success');
    await until(() => cli.get(localId)?.asset?.state === 'ready', 15_000, "the CLI to download and check the job's asset");
    const storageGets = () => sandbox.requests.filter((q) => q.method === 'GET' && q.path.startsWith('/storage/')).length;
    expect(storageGets()).toBe(1);

    // The app's own poll answers "success" against its stale copy.
    const polls = () => sandbox.requests.filter((q) => q.method === 'GET' && q.path.includes(`/jobs/${cli.get(localId)!.jobId}`) && !q.path.startsWith('/storage/')).length;
    const before = polls();
    await until(() => polls() > before, 10_000, 'the app to poll the job');
    await until(() => app.get(localId)?.state === 'success', 5_000, 'the app to see the job finished');
    expect(app.get(localId)?.asset?.state).toBe('ready');
    // Nothing is fetched again, by either process, in the time a download takes here.
    await expectNothingFor(1_000, 'a second fetch of the asset', () => storageGets() !== 1);
  }, 60_000);
});
