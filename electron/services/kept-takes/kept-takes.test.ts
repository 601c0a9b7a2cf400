import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createKeptTakes, KEPT_TAKES_FILE, keepTake, parseKeptTakes } from './index';

describe('kept takes', () => {
  it.each([
    ['{"set-abcdef12":"job_123456"}', { 'set-abcdef12': 'job_123456' }],
    ['{"not-a-set":"job_123456","set-abcdef12":"../../x"}', {}],
    ['[1,2]', {}],
    ['not json', {}],
  ])('reads %s as %j', (text, want) => {
    expect(parseKeptTakes(text)).toEqual(want);
  });

  it('keeps one take per set, and none after null', () => {
    const a = keepTake({}, 'set-aaaaaa', 'job-one1');
    expect(keepTake(a, 'set-aaaaaa', 'job-two2')).toEqual({ 'set-aaaaaa': 'job-two2' });
    expect(keepTake(a, 'set-aaaaaa', null)).toEqual({});
  });

  it('a choice survives a restart (the app, the browser shell and the CLI read one file)', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kept-'));
    const first = createKeptTakes(dir);
    expect(first.get()).toEqual({ ok: true, value: {} });
    await first.keep('set-aaaaaa', 'job-one1');
    await first.keep('set-bbbbbb', 'job-two2');
    expect(JSON.parse(fs.readFileSync(path.join(dir, KEPT_TAKES_FILE), 'utf8'))).toEqual({ 'set-aaaaaa': 'job-one1', 'set-bbbbbb': 'job-two2' });
    expect(createKeptTakes(dir).get()).toEqual({ ok: true, value: { 'set-aaaaaa': 'job-one1', 'set-bbbbbb': 'job-two2' } });
  });
});
