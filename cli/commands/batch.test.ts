import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError, type CliIo } from '../command';
import { command, rowLineDue, type RowMark } from './batch';

function io(): CliIo & { out: string; err: string } {
  const state = { out: '', err: '' };
  return Object.assign(state, {
    stdout: { write: (s: string) => (state.out += s) },
    stderr: { write: (s: string) => (state.err += s) },
    env: { ...process.env, ASSET_STUDIO_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'batch-cli-unit-')) },
    cwd: os.tmpdir(),
    signal: new AbortController().signal,
    listCommands: async () => [],
  }) as CliIo & { out: string; err: string };
}

describe('batch command arguments', () => {
  it('needs one list and --out, and accepts only --keys all and a real kind', async () => {
    await expect(command.run(['--out', 'x'], io())).rejects.toThrow(UsageError);
    await expect(command.run(['list.csv'], io())).rejects.toThrow(/--out DIR is required/);
    await expect(command.run(['list.csv', '--out', 'x', '--keys', '2'], io())).rejects.toThrow(/--keys takes one value: all/);
    await expect(command.run(['list.csv', '--out', 'x', '--kind', 'text-to-4d'], io())).rejects.toThrow(/not a generation type/);
    await expect(command.run(['list.csv', '--out', 'x', '--bogus'], io())).rejects.toThrow(UsageError);
  });

  it('exits 1 with the reason when the list cannot be read, before starting any service', async () => {
    const cli = io();
    const code = await command.run(['no-such-list.csv', '--out', 'x'], cli);
    expect(code).toBe(1);
    expect(cli.err).toMatch(/could not be read at .*no-such-list\.csv: ENOENT/);
    expect(cli.out).toBe('');
  });
});

describe('which row changes get a JSON row line', () => {
  const cases: { name: string; last: RowMark | undefined; row: { state: RowMark['state']; jobId?: string }; due: boolean }[] = [
    { name: 'a row never reported', last: undefined, row: { state: 'queued' }, due: true },
    { name: 'queued, still queued', last: { state: 'queued', jobId: null }, row: { state: 'queued' }, due: false },
    { name: 'sending: running before the service answers', last: { state: 'queued', jobId: null }, row: { state: 'running' }, due: true },
    { name: 'the service accepted it: the job id arrives while running', last: { state: 'running', jobId: null }, row: { state: 'running', jobId: 'job-6' }, due: true },
    { name: 'running with the same job id', last: { state: 'running', jobId: 'job-6' }, row: { state: 'running', jobId: 'job-6' }, due: false },
    { name: 'done with its job id', last: { state: 'running', jobId: 'job-6' }, row: { state: 'done', jobId: 'job-6' }, due: true },
    { name: 'failed before any job id', last: { state: 'running', jobId: null }, row: { state: 'failed' }, due: true },
  ];
  it.each(cases)('$name → $due', ({ last, row, due }) => {
    expect(rowLineDue(last, row)).toBe(due);
  });
});
