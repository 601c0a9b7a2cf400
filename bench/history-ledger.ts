/**
 * Data folders for the history benchmark: a job store (the studio database)
 * of N finished text-to-3D jobs, each recorded as the engine records one
 * (fragments, genParams, asset stats and validation, about 1.7 kB of JSON),
 * seeded in one transaction. The app then starts on the folder through the
 * browser shell, so the figure includes the history's trip from the host to
 * the page.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { JobRecord } from '../shared/domain/job';
import { seedJobs } from '../electron/services/jobs/store/seed';

const WORDS = ['oak', 'stone', 'robot', 'dragon', 'chair', 'lamp', 'castle', 'cat', 'tree', 'ship'];

export function finishedJob(i: number): JobRecord {
  const at = (s: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000 + s * 1000).toISOString();
  const prompt = `a carved ${WORDS[i % WORDS.length]} number ${i} with iron bands`;
  return {
    localId: `bench${String(i).padStart(8, '0')}`,
    kind: 'text-to-3d',
    state: 'success',
    environmentId: 'sandbox',
    environmentName: 'Sandbox (built-in)',
    keyId: 'sandbox-key-1',
    keyName: 'Sandbox key 1',
    request: { prompt },
    title: `Carved ${WORDS[i % WORDS.length]} ${i}`,
    prompt,
    createdAt: at(0),
    updatedAt: at(40),
    submittedAt: at(0),
    acceptedAt: at(1),
    upstreamCreatedAt: at(1),
    finishedAt: at(38),
    upstreamStatus: 'success',
    // Service-style ids; the constant part holds no 7, the digit the search keystrokes type.
    jobId: `${i.toString(16).padStart(8, '0')}-2ae2-4a54-bfe3-983dfe1a${i.toString(16).padStart(4, '0')}`,
    fragments: [
      { name: 'queued', displayName: 'Queued' },
      { name: 'geometry', displayName: 'Generating geometry' },
      { name: 'texturing', displayName: 'Texturing' },
      { name: 'packaging', displayName: 'Packaging' },
    ],
    genParams: { prompt, topology: 'auto', targetFaceCount: 0, textureResolution: 'auto', tPose: false, apiVersion: 1 },
    asset: {
      state: 'ready',
      format: 'glb',
      attempts: 1,
      bytes: 543_484,
      sha256: 'ba09f20960d5eaec74a8c5307238db302178710bf809505c7b0c029a8ebeaf79',
      validation: { errors: 0, warnings: 0, infos: 0, messages: [] },
      stats: {
        triangles: 9990,
        vertices: 5198,
        meshes: 1,
        primitives: 1,
        materials: 1,
        textures: [{ name: 'surface-texture', width: 1024, height: 1024, mimeType: 'image/png', bytes: 315_655 }],
        animations: [],
        skins: 0,
        joints: 0,
        morphTargets: 0,
        nodes: 1,
        boundingBox: { min: [-0.5198478102684021, 0, -0.519961953163147], max: [0.5199999809265137, 1.0449999570846558, 0.519961953163147], size: [1.0398477911949158, 1.0449999570846558, 1.039923906326294] },
        fileBytes: 543_484,
        extensionsUsed: [],
        meshNames: ['crate'],
      },
    },
  };
}

function* finishedJobs(n: number): Generator<JobRecord> {
  for (let i = 0; i < n; i++) yield finishedJob(i);
}

/** A new data folder whose job store holds `n` finished jobs (none for 0). The caller removes it. */
export function ledgerDataDir(n: number): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `asset-studio-bench-${n}-`));
  seedJobs(dataDir, finishedJobs(n));
  return dataDir;
}
