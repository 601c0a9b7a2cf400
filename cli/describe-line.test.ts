/** `asset-studio jobs` lines say why a job waits: a free slot, its service, a download whose process is gone. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { JobRecord } from '../shared/domain/job';
import { describeLine, waitFactsFor } from './job-support';

const base = (over: Partial<JobRecord>): JobRecord => ({
  localId: 'loc1',
  kind: 'text-to-3d',
  state: 'success',
  environmentId: 'env',
  environmentName: 'Env',
  keyId: 'k0',
  keyName: 'Key 1',
  request: {},
  title: '',
  prompt: 'a brass key',
  createdAt: '2026-11-27T12:00:00.000Z',
  updatedAt: '2026-11-27T12:00:00.000Z',
  fragments: [],
  ...over,
});

/** The pid of a process that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid!;
}

describe('asset-studio jobs lines', () => {
  it('say a download is paused when its process was killed, and not while its process runs', () => {
    const asset = { state: 'downloading' as const, format: 'glb' as const, attempts: 1, problem: 'The download ended early.' };
    const killed = base({ jobId: 'up-1', asset: { ...asset, holder: deadPid() } });
    expect(describeLine(killed, waitFactsFor(killed, [killed]))).toBe(
      'loc1  up-1  text-to-3d  success (asset downloading)  a brass key  (paused: resumes when Asset Studio or the CLI runs; last attempt: The download ended early)',
    );
    const inHand = base({ jobId: 'up-1', asset: { ...asset, holder: process.pid } });
    expect(describeLine(inHand, waitFactsFor(inHand, [inHand]))).toBe('loc1  up-1  text-to-3d  success (asset downloading)  a brass key');
  });

  it('say which key has no free slot, with how many run on it', () => {
    const running = [1, 2, 3, 4, 5].map((i) => base({ localId: `r${i}`, state: 'running', jobId: `up-${i}` }));
    const queued = base({ state: 'queued', queue: { reason: 'cap', attempts: 0 } });
    expect(describeLine(queued, waitFactsFor(queued, [...running, queued]))).toBe('loc1  -  text-to-3d  queued  a brass key  (waiting for a free slot on Key 1 (5 running))');
  });
});
