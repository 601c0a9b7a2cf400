/**
 * The claim on a submission (./claims.ts) lasts as long as the send: a job
 * resent from the app after the CLI's send of it ended uncertain goes out
 * from the app, though the CLI still runs. Before, the CLI kept its claim
 * for good and the app's queue held the job until the CLI exited and
 * something else woke the queue.
 */
import { describe, expect, it } from 'vitest';
import { serveLocally } from '../../test/local-server';
import { StagingArea } from '../files/staging';
import { Engine } from './engine';
import { claimHolder } from './store/test/claims';
import { FAST_TIMING, staticRegistry, tempDir, until } from './test/harness';
import { stopAfterEach } from './test/stop-after-each';

const open = stopAfterEach();

/** A service whose first create is cut off after the body arrived (the outcome unknown), then answers 201. */
async function cutOffOnce() {
  const posts: string[] = [];
  const server = await serveLocally((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method !== 'POST') {
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ jobId: 'job-2', status: 'running' }));
        return;
      }
      posts.push(req.url ?? '');
      if (posts.length === 1) return void req.socket.destroy();
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ jobId: 'job-2' }));
    });
  });
  open.push({ server });
  return { ...server, posts };
}

describe('a submission claim', () => {
  it('ends with its send, so a job the CLI left uncertain is resent from the app while the CLI still runs', async () => {
    const service = await cutOffOnce();
    const dataDir = tempDir('claims');
    const registry = staticRegistry(service.baseUrl, `${service.baseUrl}/storage`, [{ clientId: 'id', clientSecret: 'secret' }]);
    const make = (refreshMs: number) => {
      const engine = new Engine({ dataDir, registry, staging: new StagingArea(dataDir), timing: { ...FAST_TIMING, pollFirstMs: 60_000, refreshMs }, timeouts: { create: 2_000, poll: 1_000, download: 1_000 } });
      open.push({ engine });
      return engine;
    };
    // The CLI reads others' changes only once a minute here: only the app can send the resent job in time.
    const cli = make(60_000);
    const app = make(FAST_TIMING.refreshMs);
    await cli.start();
    await app.start();
    const r = await cli.submit({ kind: 'text-to-image', fields: { prompt: 'a lighthouse at dusk' } });
    const localId = r.ok ? r.value.localId : '';
    await until(() => app.get(localId)?.state === 'uncertain', 10_000, 'the cut-off send to be recorded uncertain');
    expect(service.posts).toHaveLength(1);
    expect(claimHolder(dataDir, localId, 'send')).toBeUndefined();

    // The artist checked the service's dashboard, found no job, and resends from the app.
    expect((await app.resend(localId)).ok).toBe(true);
    await until(() => app.get(localId)?.jobId === 'job-2', 5_000, 'the resent job to be accepted');
    expect(service.posts).toHaveLength(2);
  });
});
