/**
 * `batch:import` from the browser shell reads only list files, judged by the
 * real path's extension and content (never by the `name` it is given), never
 * echoes a file in an error, and refuses lists past their limits in plain
 * words without holding main.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Batch, Result } from '../../../shared/ipc';
import type { HandlerContext } from '../contracts';
import { setupBatch } from '.';
import { FakeEngine } from './test/fake-engine';

const web: HandlerContext = { shell: 'web' };
const SECRET = '[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n';

let root: string;
let home: string;
let batch: ReturnType<typeof setupBatch>;
beforeEach(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'batch-import-')));
  home = path.join(root, 'home');
  const dataDir = path.join(root, 'data');
  fs.mkdirSync(path.join(home, '.aws'), { recursive: true });
  fs.mkdirSync(dataDir);
  fs.writeFileSync(path.join(home, '.aws', 'credentials'), SECRET);
  const engine = new FakeEngine({ dir: path.join(dataDir, 'assets') });
  await engine.start();
  batch = setupBatch({ dataDir, engine, events: { emit: () => {} }, homeDir: home });
  await batch.ready;
  return async () => {
    await batch.dispose();
    await engine.stop();
  };
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const said = (r: Result<unknown>) => (r.ok ? 'accepted' : `${r.problem.reason}: ${r.problem.message}`);
const importPath = (p: string, name?: string) => batch.handlers['batch:import']({ path: p, ...(name ? { name } : {}) }, web);

describe('batch:import reads only list files', () => {
  it.each([
    ['a key file named x.csv by the caller', 'x.csv'],
    ['a key file named x.json by the caller', 'x.json'],
    ['a key file with no name given', undefined],
  ])('%s: refused by its real path, nothing of it in the answer', async (_case, name) => {
    const res = await importPath(path.join(home, '.aws', 'credentials'), name);
    expect(said(res)).toBe('not-a-list: Only list files can be opened as a batch: .csv, .tsv, .txt, .json.');
  });

  it('a link named list.csv leading to the key file is judged by where it leads', async () => {
    fs.symlinkSync(path.join(home, '.aws', 'credentials'), path.join(home, 'list.csv'));
    expect(said(await importPath(path.join(home, 'list.csv')))).toMatch(/^not-a-list: /);
  });

  it('a .csv whose header names no request field is not a list, and is not echoed', async () => {
    fs.writeFileSync(path.join(home, 'creds.csv'), SECRET);
    const res = await importPath(path.join(home, 'creds.csv'));
    expect(said(res)).toMatch(/^invalid-list: The first row of this list names no request field/);
    expect(JSON.stringify(res)).not.toMatch(/AKIA|wJalr|aws_/);
  });

  it('a .json file that is not JSON is refused without its first characters', async () => {
    fs.writeFileSync(path.join(home, 'props.json'), `[${SECRET}`);
    const res = await importPath(path.join(home, 'props.json'), 'x.json');
    expect(said(res)).toMatch(/^invalid-list: The JSON list could not be read: it is not valid JSON/);
    expect(JSON.stringify(res)).not.toMatch(/AKIA|wJalr|aws_|default/);
  });

  it('a binary file named .txt is refused as binary', async () => {
    fs.writeFileSync(path.join(home, 'pic.txt'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
    expect(said(await importPath(path.join(home, 'pic.txt')))).toMatch(/^invalid-list: This file is not a text list/);
  });

  it('a .txt list of prompts with commas opens with one row per line', async () => {
    fs.writeFileSync(path.join(home, 'props.txt'), 'a chair, wooden, with arms\na lamp, brass\n');
    const res = await batch.handlers['batch:import']({ path: path.join(home, 'props.txt'), kind: 'text-to-3d' }, web);
    const rows = (res as { value: Batch }).value.rows;
    expect(rows.map((r) => [r.kind, r.fields.prompt, r.state])).toEqual([
      ['text-to-3d', 'a chair, wooden, with arms', 'ready'],
      ['text-to-3d', 'a lamp, brass', 'ready'],
    ]);
  });
});

describe('big and deep lists', () => {
  it('a 300,000-row CSV is refused by its size at once, with main answering meanwhile', async () => {
    const file = path.join(home, 'huge.csv');
    fs.writeFileSync(file, 'kind,prompt\n' + Array.from({ length: 300_000 }, (_, i) => `text-to-3d,prop ${i}`).join('\n'));
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    const started = Date.now();
    const res = await importPath(file);
    delay.disable();
    expect(said(res)).toMatch(/^list-too-big: This list is \d+\.\d MB; a batch list may be at most 5\.0 MB\. Split it into smaller lists\.$/);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(delay.max / 1e6).toBeLessThan(200);
    expect((await batch.handlers['batch:list']({}, web)) as { value: unknown[] }).toMatchObject({ value: [] });
  });

  it('a JSON list with a 100,000-deep value is refused, and leaves no batch that cannot be answered', async () => {
    const file = path.join(home, 'deep.json');
    fs.writeFileSync(file, `[{"kind":"text-to-3d","prompt":"a","x":${'['.repeat(100_000)}${']'.repeat(100_000)}}]`);
    expect(said(await importPath(file))).toMatch(/^invalid-list: This JSON list nests values more than 64 levels deep/);
    const listed = (await batch.handlers['batch:list']({}, web)) as { ok: true; value: Batch[] };
    expect(listed.value).toEqual([]);
  });

  it('a list of 10,000 rows opens, checked in turns that keep main answering', async () => {
    const file = path.join(home, 'tenk.csv');
    fs.writeFileSync(file, 'prompt\n' + Array.from({ length: 10_000 }, (_, i) => `a carved prop number ${i}`).join('\n'));
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const res = await batch.handlers['batch:import']({ path: file, kind: 'text-to-3d' }, web);
    clearInterval(timer);
    expect(res.ok && res.value.counts.total).toBe(10_000);
    expect(ticks).toBeGreaterThan(2);
    // The stored batch answers batch:get.
    expect((await batch.handlers['batch:get']({ batchId: (res as { value: Batch }).value.id }, web)).ok).toBe(true);
  });
});
