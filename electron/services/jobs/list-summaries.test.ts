/**
 * `jobs:list` sends summaries (the history's start-up cost grows with every
 * job ever made); `jobs:get` sends the whole record, stats included.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRecord, JobSummary } from '../../../shared/domain/job';
import type { JobsSnapshot } from '../../../shared/ipc';
import { dispatch } from '../../ipc/dispatch';
import type { HandlerContext } from '../contracts';
import type { Engine } from './engine';
import { createJobHandlers } from './index';
import { engineWithFinishedJobs, type FinishedJobs } from './test/finished-jobs';

let jobs: FinishedJobs;
let engine: Engine;
let modelId: string;
const ctx = {} as HandlerContext;
const call = async <T,>(channel: 'jobs:list' | 'jobs:get', args: unknown): Promise<T> => {
  const result = await dispatch(createJobHandlers(engine), channel, args, ctx);
  if (!result.ok) throw new Error(result.problem.message);
  return result.value as T;
};

beforeAll(async () => {
  jobs = await engineWithFinishedJobs({ seed: 5, requests: [{ kind: 'text-to-3d', fields: { prompt: 'a carved wooden chest' } }] });
  engine = jobs.engine;
  modelId = jobs.ids[0]!;
}, 30_000);

afterAll(async () => {
  await jobs?.stop();
});

describe('jobs:list and jobs:get', () => {
  it('lists what a history row shows, in well under half the bytes of the full record', async () => {
    const full = await call<JobRecord>('jobs:get', { localId: modelId });
    expect(full.asset?.stats?.triangles).toBeGreaterThan(0);
    expect(full.genParams).toBeDefined();
    const { jobs } = await call<JobsSnapshot>('jobs:list', {});
    const summary = jobs.find((j) => j.localId === modelId)!;
    expect(summary).toMatchObject({ state: 'success', jobId: full.jobId, title: full.title, prompt: full.prompt, createdAt: full.createdAt, environmentName: full.environmentName, keyName: full.keyName });
    // A finished job's timestamps become the one duration its kind's estimate learns from.
    expect(summary.durationMs).toBe(Date.parse(full.finishedAt!) - Date.parse(full.acceptedAt!));
    for (const left of ['environmentId', 'keyId', 'updatedAt', 'submittedAt', 'acceptedAt', 'finishedAt'] as const) expect(summary[left]).toBeUndefined();
    // The request (here just the prompt, which the summary carries anyway) comes with jobs:get.
    expect(full.request).toEqual({ prompt: full.prompt });
    expect(summary.request).toBeUndefined();
    expect(summary.asset).toEqual({ state: 'ready', format: 'glb', bytes: full.asset?.bytes, hasThumbnail: full.asset?.hasThumbnail });
    expect(summary.asset?.stats).toBeUndefined();
    expect(summary.genParams).toBeUndefined();
    expect(JSON.stringify(summary).length).toBeLessThan(JSON.stringify(full).length * 0.45);
    // The ledger itself keeps everything.
    expect(engine.get(modelId)?.asset?.stats).toEqual(full.asset?.stats);
  });

  it('makes the listing again only when a record has changed, and keeps hidden jobs apart', async () => {
    const handlers = createJobHandlers(engine);
    const list = async (args: object): Promise<readonly JobSummary[]> => {
      const result = await dispatch(handlers, 'jobs:list', args, ctx);
      if (!result.ok) throw new Error(result.problem.message);
      return (result.value as JobsSnapshot).jobs;
    };
    const first = await list({});
    // Shared by every caller until the next change, so nobody may change it.
    expect(await list({})).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first.map((j) => j.localId)).toContain(modelId);

    expect((await engine.remove([modelId])).ok).toBe(true);
    const afterRemove = await list({});
    expect(afterRemove).not.toBe(first);
    expect(afterRemove.map((j) => j.localId)).not.toContain(modelId);
    const withHidden = await list({ includeHidden: true });
    expect(withHidden.find((j) => j.localId === modelId)?.hidden).toBe(true);
    expect(await list({})).toBe(afterRemove);

    expect((await engine.restore([modelId])).ok).toBe(true);
    expect((await list({})).map((j) => j.localId)).toContain(modelId);
  });
});
