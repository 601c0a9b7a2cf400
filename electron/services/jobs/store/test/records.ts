/** A finished text-to-3D record as the engine writes one, numbered (for store and migration tests). */
import type { JobRecord } from '../../../../../shared/domain/job';

export function sampleRecord(i: number): JobRecord {
  const at = new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();
  return {
    localId: `rec${String(i).padStart(8, '0')}`,
    kind: 'text-to-3d',
    state: 'success',
    jobId: `job-${i}-${'x'.repeat(24)}`,
    environmentId: 'env',
    environmentName: 'Sandbox',
    keyId: 'k0',
    keyName: 'Key 0',
    request: { prompt: `a carved wooden chest number ${i} with iron bands`, textureResolution: '2k' },
    title: `Chest ${i}`,
    prompt: `a carved wooden chest number ${i} with iron bands`,
    createdAt: at,
    updatedAt: at,
    finishedAt: at,
    fragments: [{ name: 'geometry', displayName: 'Geometry' }, { name: 'texture', displayName: 'Texture' }],
    genParams: { targetFaceCount: 0, textureResolution: '2k', topology: 'auto' },
    asset: { state: 'ready', format: 'glb', attempts: 1, bytes: 123456, sha256: 'ab'.repeat(32) },
  };
}

/** The same record still waiting to be sent. */
export function queuedRecord(i: number): JobRecord {
  const { jobId: _jobId, asset: _asset, finishedAt: _finishedAt, ...rest } = sampleRecord(i);
  return { ...rest, state: 'queued', queue: { reason: 'cap', attempts: 0 } };
}
