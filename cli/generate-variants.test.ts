/**
 * `generate --variants N`: N takes of one request, each its own paid job,
 * recorded as one set (the app groups them under the prompt).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../sandbox';
import type { JobRecord } from '../shared/domain/job';
import type { CliCommand } from './command';
import { runAgainst } from './test-support';
import { command as generate } from './commands/generate';

let sandbox: RunningSandbox;
let dataDir: string;
beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, jobSeconds: 0.3, keys: 1, credits: 10_000 });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-variants-'));
});
afterAll(async () => sandbox?.close());

const runCmd = (cmd: CliCommand, argv: string[]) => runAgainst(sandbox, dataDir, cmd, argv);

describe('generate --variants', () => {
  it('submits three takes of one request as one set, and each finishes with its own take', async () => {
    const posts = () => sandbox.requests.filter((r) => r.method === 'POST' && r.path.includes('text-to-3d')).length;
    const before = posts();
    const res = await runCmd(generate, ['text-to-3d', '--prompt', 'a green mushroom', '--targetFaceCount', '1500', '--textureResolution', '128', '--variants', '3', '--wait', '--json']);
    expect(res.code).toBe(0);
    const jobs = res.out.trim().split('\n').map((l) => JSON.parse(l) as JobRecord);
    expect(jobs).toHaveLength(3);
    expect(posts() - before).toBe(3);
    expect(new Set(jobs.map((j) => j.localId)).size).toBe(3);
    expect(new Set(jobs.map((j) => j.setId)).size).toBe(1);
    expect(jobs[0]!.setId).toMatch(/^set-/);
    expect(jobs.every((j) => j.state === 'success' && j.request.prompt === 'a green mushroom')).toBe(true);
    // Takes, not copies: the sandbox varies each job.
    expect(new Set(jobs.map((j) => j.asset?.sha256)).size).toBe(3);
  });

  it('one take carries no set, and a count outside 1-4 or on an upload is refused before sending', async () => {
    const single = await runCmd(generate, ['text-to-image', '--prompt', 'a brass key', '--json']);
    expect(single.code).toBe(0);
    expect((JSON.parse(single.out) as JobRecord).setId).toBeUndefined();
    await expect(runCmd(generate, ['text-to-3d', '--prompt', 'x', '--variants', '5'])).rejects.toThrow(/1 to 4/);
    await expect(runCmd(generate, ['text-to-3d', '--prompt', 'x', '--variants', 'two'])).rejects.toThrow(/whole number/);
    await expect(runCmd(generate, ['image-upload', '--variants', '2'])).rejects.toThrow(/model, an image or a skybox/);
  });
});
