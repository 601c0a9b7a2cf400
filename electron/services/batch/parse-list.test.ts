/**
 * Batch lists: CSV, TSV, one prompt per line, JSON; and the limits that keep
 * a list from holding main (size before reading, rows and JSON nesting before
 * parsing, parsing in slices that yield), each refused in plain words that
 * never quote the file.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { LIST_LIMITS, formatOfPath, formatOfText, listText, parseList, scanJson } from './parse-list';

const ok = async (text: string, format: Parameters<typeof parseList>[1]) => {
  const parsed = await parseList(text, format);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.rows.map((r) => r.values);
};
const refusal = async (text: string, format: Parameters<typeof parseList>[1]) => {
  const parsed = await parseList(text, format);
  return parsed.ok ? 'accepted' : parsed.message;
};

describe('reading lists', () => {
  it.each<[string, string, Parameters<typeof parseList>[1], Record<string, unknown>[]]>([
    ['a CSV header row names the fields; empty cells are left out', 'kind,prompt,targetFaceCount\ntext-to-3d,"a chair, wooden",\ntext-to-3d,a cup,2000\n', 'csv', [{ kind: 'text-to-3d', prompt: 'a chair, wooden' }, { kind: 'text-to-3d', prompt: 'a cup', targetFaceCount: '2000' }]],
    ['a CSV with only a prompt column', 'prompt\na carved wooden totem pole\na brass lantern\n', 'csv', [{ prompt: 'a carved wooden totem pole' }, { prompt: 'a brass lantern' }]],
    ['a .txt list: one prompt per line, no header, commas kept, blank lines skipped', 'a chair, wooden, with arms\n\r\n  a lamp, brass  \r\nprompt\n', 'lines', [{ prompt: 'a chair, wooden, with arms' }, { prompt: 'a lamp, brass' }, { prompt: 'prompt' }]],
    ['a TSV: tabs between cells, commas and quote marks are part of the prompt', 'kind\tprompt\ntext-to-3d\ta "rustic" chair, oak\n', 'tsv', [{ kind: 'text-to-3d', prompt: 'a "rustic" chair, oak' }]],
    ['a JSON array of objects', '[{"kind":"text-to-3d","prompt":"a lamp","tPose":true}]', 'json', [{ kind: 'text-to-3d', prompt: 'a lamp', tPose: true }]],
  ])('%s', async (_case, text, format, rows) => {
    expect(await ok(text, format)).toEqual(rows);
  });

  it.each<[string, string, Parameters<typeof parseList>[1], RegExp]>([
    ['a JSON object instead of an array', '{"prompt":"x"}', 'json', /array of objects/],
    ['a ragged CSV, with the line, not the cell', 'kind,prompt\ntext-to-3d,a,b\n', 'csv', /^The CSV could not be read: a row has a different number of cells than the header row \(line 2\)\.$/],
    ['an empty .txt list', '\n\n', 'lines', /no rows/],
  ])('refuses %s', async (_case, text, format, message) => {
    expect(await refusal(text, format)).toMatch(message);
  });

  it('never quotes the file in a refusal (a key file opened as JSON or CSV)', async () => {
    const secret = '[default]\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n';
    for (const format of ['json', 'csv', 'tsv'] as const) {
      const said = await refusal(secret + '"unclosed', format);
      expect(said).not.toMatch(/aws|AKIA|wJalr|default/);
    }
  });
});

describe('which parser', () => {
  it.each([
    ['/home/ann/lists/props.csv', 'csv'],
    ['/home/ann/lists/props.TSV', 'tsv'],
    ['/home/ann/lists/props.txt', 'lines'],
    ['/home/ann/lists/props.json', 'json'],
    ['/home/ann/.aws/credentials', undefined],
    ['/home/ann/.ssh/id_ed25519', undefined],
    ['/home/ann/notes.csv.bak', undefined],
  ])('a list opened by path goes by its real path: %s → %s', (p, format) => {
    expect(formatOfPath(p)).toBe(format);
  });

  it.each([
    ['props.txt', 'a chair, wooden', 'lines'],
    ['props.tsv', 'kind\tprompt', 'tsv'],
    ['props.csv', 'prompt', 'csv'],
    ['props.json', 'prompt\na chair', 'csv'],
    ['props.csv', '  [{"prompt":"a"}]', 'json'],
    [undefined, 'prompt', 'csv'],
  ])('a picked file (%s) goes by its content first', (name, text, format) => {
    expect(formatOfText(name, text)).toBe(format);
  });
});

describe('limits, checked before parsing', () => {
  it(`refuses a list over ${LIST_LIMITS.maxBytes} bytes by its size, in megabytes`, async () => {
    const big = 'prompt\n' + 'a chair\n'.repeat(Math.ceil(LIST_LIMITS.maxBytes / 8));
    expect(await refusal(big, 'csv')).toBe('This list is 5.0 MB; a batch list may be at most 5.0 MB. Split it into smaller lists.');
    expect(listText(Buffer.alloc(LIST_LIMITS.maxBytes + 1, 0x61))).toEqual({ ok: false, message: expect.stringMatching(/at most 5\.0 MB/) });
  });

  it.each<[string, Parameters<typeof parseList>[1], (n: number) => string]>([
    ['CSV', 'csv', (n) => 'prompt\n' + Array.from({ length: n }, (_, i) => `p${i}`).join('\n')],
    ['TSV', 'tsv', (n) => 'prompt\n' + Array.from({ length: n }, (_, i) => `p${i}`).join('\n')],
    ['.txt', 'lines', (n) => Array.from({ length: n }, (_, i) => `p${i}`).join('\n')],
    ['JSON', 'json', (n) => JSON.stringify(Array.from({ length: n }, (_, i) => ({ prompt: `p${i}` })))],
  ])(`a %s list of ${LIST_LIMITS.maxRows} rows is read; one more row is refused`, async (_case, format, make) => {
    expect(await ok(make(LIST_LIMITS.maxRows), format)).toHaveLength(LIST_LIMITS.maxRows);
    expect(await refusal(make(LIST_LIMITS.maxRows + 1), format)).toBe('This list has more than 10,000 rows; a batch may have at most 10,000. Split it into smaller lists.');
  });

  it('refuses JSON nested past 64 levels before parsing it (a 100,000-deep value), and reads 64', async () => {
    const nested = (depth: number) => `[{"prompt":"a","x":${'['.repeat(depth - 2)}${']'.repeat(depth - 2)}}]`;
    expect(await refusal(nested(100_000), 'json')).toBe('This JSON list nests values more than 64 levels deep; a batch list may nest at most 64. It is damaged, or not a list of requests.');
    expect(await refusal(nested(65), 'json')).toMatch(/more than 64 levels/);
    expect(await ok(nested(64), 'json')).toHaveLength(1);
    // Brackets inside strings do not count.
    expect(await scanJson(`[{"prompt":"${'['.repeat(500)}"}]`)).toEqual({ depth: 'ok', items: 1 });
  });

  it('refuses binary and non-UTF-8 files without quoting them', () => {
    expect(listText(Uint8Array.from([0x70, 0x72, 0x00, 0x01]))).toEqual({ ok: false, message: 'This file is not a text list (it holds binary data).' });
    expect(listText(Uint8Array.from([0xff, 0xfe, 0x41]))).toEqual({ ok: false, message: 'This file is not a text list (it is not UTF-8 text).' });
  });

  it('keeps the event loop turning while a 5 MB CSV is read (each slice yields)', async () => {
    const rows = Array.from({ length: LIST_LIMITS.maxRows }, (_, i) => `text-to-3d,"a long prompt number ${i}, ${'with words '.repeat(40)}"`);
    const text = `kind,prompt\n${rows.join('\n')}\n`.slice(0, LIST_LIMITS.maxBytes - 1024);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 5);
    delay.enable();
    const parsed = await parseList(text.slice(0, text.lastIndexOf('\n') + 1), 'csv');
    delay.disable();
    clearInterval(timer);
    expect(parsed.ok).toBe(true);
    // Timers ran while it parsed: it never held the loop for the whole file.
    expect(ticks).toBeGreaterThan(1);
    expect(delay.max / 1e6).toBeLessThan(500);
  });
});
