/**
 * `asset-studio export` against a model the sandbox made: the check and files
 * as JSON, a project folder's own budget, fixes and formats, the exit status,
 * and the refusals (usdz without a canvas, unknown fixes).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../sandbox';
import { formatBytes, type CheckLine } from '../../shared/domain/readiness';
import type { JobRecord } from '../../shared/domain/job';
import type { ProjectFolderView, Result } from '../../shared/ipc';
import type { CliCommand } from '../command';
import { runAgainst, sandboxIo } from '../test-support';
import { openServices } from '../services';
import { command as exportCommand } from './export';
import { command as generate } from './generate';

let sandbox: RunningSandbox;
let dataDir: string;
let job: JobRecord;

const run = (cmd: CliCommand, argv: string[]) => runAgainst(sandbox, dataDir, cmd, argv);

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, jobSeconds: 0.3, keys: 1, credits: 10_000 });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cli-export-'));
  const made = await run(generate, ['text-to-3d', '--prompt', 'a stone tower', '--targetFaceCount', '6000', '--wait', '--json']);
  expect(made.code, made.err).toBe(0);
  job = JSON.parse(made.out) as JobRecord;
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const line = (check: CheckLine[], id: string) => check.find((l) => l.id === id)!;

describe('asset-studio export', () => {
  it('prints the check and the files as one JSON object, exits by the failing lines, and does not add DIR to the project folders', async () => {
    const out = path.join(dataDir, 'anywhere');
    const res = await run(exportCommand, [job.jobId!, '--out', out, '--budget', 'mobile', '--json']);
    const result = JSON.parse(res.out) as { check: CheckLine[]; files: string[] };
    expect(result.check.map((l) => l.id)).toEqual(['triangles', 'textures', 'materials', 'fileSize', 'height', 'pivot', 'uvs', 'cleanup', 'validator', 'collision', 'lods']);
    expect(line(result.check, 'triangles').limit).toBe('50,000');
    expect(res.code).toBe(result.check.some((l) => l.status === 'fail') ? 1 : 0);
    expect(result.files.map((f) => path.extname(f))).toEqual(['.glb', '.json']);
    for (const f of result.files) expect(fs.existsSync(f)).toBe(true);
    const services = await openServices(sandboxIo(sandbox, dataDir).io, { sandbox: 'none' });
    try {
      const folders = (await services.handlers['export:listFolders']!({}, { shell: 'cli' })) as Result<ProjectFolderView[]>;
      expect(folders.ok && folders.value.map((f) => f.path)).not.toContain(fs.realpathSync(out));
    } finally {
      await services.dispose();
    }
  });

  it("uses a project folder's own budget, fails on an unfixed line, and passes once --fix all is applied (OBJ with MTL and texture)", async () => {
    const project = path.join(dataDir, 'game');
    fs.mkdirSync(path.join(project, 'Assets'), { recursive: true });
    const services = await openServices(sandboxIo(sandbox, dataDir).io, { sandbox: 'none' });
    try {
      const added = (await services.handlers['export:addFolder']!({ path: project }, { shell: 'cli' })) as Result<ProjectFolderView>;
      if (!added.ok) throw new Error(added.problem.message);
      await services.handlers['export:setBudget']!({ folderId: added.value.id, target: 'mobile', budget: { triangles: 1500 } }, { shell: 'cli' });
    } finally {
      await services.dispose();
    }
    const unfixed = await run(exportCommand, [job.localId, '--out', project, '--json']);
    expect(unfixed.code).toBe(1);
    const before = JSON.parse(unfixed.out) as { check: CheckLine[] };
    expect(line(before.check, 'triangles')).toMatchObject({ status: 'fail', limit: '1,500', fix: 'simplify' });
    expect(unfixed.err).toMatch(/Triangles.*--fix all/);

    const fixed = await run(exportCommand, [job.localId, '--out', project, '--fix', 'all', '--format', 'obj', '--json']);
    const after = JSON.parse(fixed.out) as { check: CheckLine[]; files: string[]; fixes: { id: string }[]; fileBytes: number };
    expect(fixed.code, fixed.err).toBe(0);
    // The size of the OBJ, MTL and texture written, not of the GLB the copy was built as.
    const written = after.files.filter((f) => !f.endsWith('.asset.json')).reduce((n, f) => n + fs.statSync(f).size, 0);
    expect(after.fileBytes).toBe(written);
    expect(line(after.check, 'fileSize').figure).toBe(formatBytes(written));
    expect(line(after.check, 'triangles').status).not.toBe('fail');
    expect(after.fixes.map((f) => f.id)).toContain('simplify');
    expect(after.files.map((f) => path.extname(f))).toEqual(expect.arrayContaining(['.obj', '.mtl', '.json']));
    // Unity project: into its Assets/Generated subfolder.
    expect(after.files[0]!.startsWith(path.join(fs.realpathSync(project), 'Assets', 'Generated'))).toBe(true);
  });

  it('prints a readable check without --json', async () => {
    const res = await run(exportCommand, [job.localId, '--out', path.join(dataDir, 'plain'), '--budget', 'desktop']);
    expect(res.out).toMatch(/^(pass|warn|FAIL)\s+Triangles: [\d,]+ \(limit 300,000\)$/m);
    expect(res.out).toMatch(/\.glb$/m);
  });

  it('refuses usdz (it needs a canvas) and unknown fixes before writing anything', async () => {
    const out = path.join(dataDir, 'refused');
    await expect(run(exportCommand, [job.localId, '--out', out, '--format', 'usdz'])).rejects.toThrow(/needs a canvas/);
    await expect(run(exportCommand, [job.localId, '--out', out, '--fix', 'shrink'])).rejects.toThrow(/Unknown fix "shrink"/);
    await expect(run(exportCommand, [job.localId, '--out', out, '--budget', 'console'])).rejects.toThrow(/--budget must be one of mobile, desktop, web/);
    expect(fs.existsSync(out)).toBe(false);
  });

  it('--format cubemap writes a skybox with six faces named for the engine in DIR (Godot: X+…Z- and a sky resource); a model refuses it', async () => {
    const sky = await run(generate, ['text-to-worldbox', '--prompt', 'a misty valley', '--wait', '--json']);
    expect(sky.code, sky.err).toBe(0);
    const skyJob = JSON.parse(sky.out) as JobRecord;
    const project = path.join(dataDir, 'godot-game');
    fs.mkdirSync(project, { recursive: true });
    fs.writeFileSync(path.join(project, 'project.godot'), '');
    const res = await run(exportCommand, [skyJob.localId, '--out', project, '--format', 'cubemap', '--json']);
    expect(res.code, res.err).toBe(0);
    const files = (JSON.parse(res.out) as { files: string[] }).files.map((f) => path.basename(f));
    expect(files[0]).toMatch(/\.png$/);
    const base = files[0]!.slice(0, -4);
    expect(files.slice(1)).toEqual([...['px', 'nx', 'py', 'ny', 'pz', 'nz'].map((n) => `${base}_${n}.png`), `${base}_sky.tres`, `${base}.asset.json`]);
    expect(fs.readFileSync(path.join(project, `${base}_sky.tres`), 'utf8')).toContain(`path="res://${base}.png"`);
    await expect(run(exportCommand, [job.localId, '--out', project, '--format', 'cubemap'])).rejects.toThrow(/--format cubemap is for skyboxes/);
  }, 60_000);
});
