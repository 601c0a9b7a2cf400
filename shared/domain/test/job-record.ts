import type { JobRecord } from '../job';

/** A job record for tests of decisions about jobs: a text-to-3d job on the built-in sandbox, with `patch` applied. */
export function jobRecord(patch: Partial<JobRecord> = {}): JobRecord {
  return {
    localId: 'job-abc123',
    kind: 'text-to-3d',
    state: 'running',
    environmentId: 'env',
    environmentName: 'Sandbox (built-in)',
    keyId: 'k',
    keyName: 'Key 1',
    request: {},
    title: '',
    createdAt: '2026-11-25T11:00:00.000Z',
    updatedAt: '2026-11-25T12:00:00.000Z',
    fragments: [],
    ...patch,
  };
}
