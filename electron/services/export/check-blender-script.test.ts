/**
 * `npm run check:blender` (scripts/check-blender.mjs) without Blender itself: Blender is not a
 * dependency of npm test, so a stand-in `blender` on PATH plays it. The real figures come from
 * running the command where Blender is installed (README: Export).
 */
import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, expect, it } from 'vitest';

const run = promisify(execFile);
const SCRIPT = resolve(__dirname, '../../../scripts/check-blender.mjs');
let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'check-blender-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

async function check(files: string[], path: string): Promise<{ code: number; out: string; err: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [SCRIPT, ...files], { env: { PATH: path } });
    return { code: 0, out: stdout, err: stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout, err: err.stderr };
  }
}

it('says how to install Blender when it is missing, and checks nothing', async () => {
  const model = join(dir, 'a.glb');
  writeFileSync(model, 'glTF');
  const res = await check([model], dir);
  expect(res.code).toBe(2);
  expect(res.err).toContain('apt-get install blender');
  expect(res.out).toBe('');
});

it('runs Blender headless with the import script on each file and prints one JSON line per file', async () => {
  // The stand-in prints its arguments after a traceback left without a newline, as Blender 3.4 does.
  writeFileSync(
    join(dir, 'blender'),
    `#!/bin/sh\nprintf 'Traceback... truncated'\nprintf 'CHECK_BLENDER_JSON {"file": "%s", "imported": true, "triangles": 12, "args": "%s"}\\n' "$6" "$*"\necho 'Blender quit'\n`,
  );
  chmodSync(join(dir, 'blender'), 0o755);
  const a = join(dir, 'a.glb');
  const b = join(dir, 'b.stl');
  writeFileSync(a, 'x');
  writeFileSync(b, 'x');
  const res = await check([a, b, join(dir, 'missing.obj')], `${dir}:/usr/bin:/bin`);
  const lines = res.out.trim().split('\n').map((l) => JSON.parse(l) as { file: string; imported: boolean; args?: string; error?: string });
  expect(lines).toHaveLength(3);
  expect(lines[0]).toMatchObject({ file: a, imported: true });
  expect(lines[0]!.args).toMatch(/^-b --factory-startup --python \S+blender-import\.py -- /);
  expect(lines[1]).toMatchObject({ file: b, imported: true });
  expect(lines[2]).toMatchObject({ imported: false, error: 'no such file' });
  expect(res.code).toBe(1);
});
