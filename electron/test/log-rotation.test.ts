/**
 * Logs stay bounded and hold no secret or token: the file rotates
 * by size, a fixed number of older files is kept, and the browser shell's
 * launch token and cookie value are masked wherever they appear in a line.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEventHub } from '../services/event-hub';
import { createLogger, REDACTED } from '../services/log';
import { startWebShell } from '../shells/web/server';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'log-rotation-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('log rotation', () => {
  it('rotates by size and keeps a bounded number of older files, all readable by the user only', () => {
    const log = createLogger({ dataDir: dir, stderr: null, maxBytes: 4_000, keep: 2 });
    const filler = 'x'.repeat(200);
    for (let i = 0; i < 200; i++) log.info(`line ${i}`, { filler });
    const logs = path.join(dir, 'logs');
    const files = fs.readdirSync(logs).sort();
    expect(files).toEqual(['main.log', 'main.log.1', 'main.log.2']);
    for (const f of files) {
      const stat = fs.statSync(path.join(logs, f));
      // One line may pass the limit (rotation happens before a write, never inside one).
      expect(stat.size, f).toBeLessThan(4_000 + 400);
      if (process.platform !== 'win32') expect((stat.mode & 0o777).toString(8), f).toBe('600');
    }
    // The newest lines are in main.log, the ones before in .1, then .2; older ones are gone.
    const last = (f: string) => fs.readFileSync(path.join(logs, f), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { message: string });
    expect(last('main.log').at(-1)!.message).toBe('line 199');
    const newestOfOne = Number(last('main.log.1').at(-1)!.message.split(' ')[1]);
    const oldestOfMain = Number(last('main.log')[0]!.message.split(' ')[1]);
    expect(newestOfOne + 1).toBe(oldestOfMain);
    expect(Number(last('main.log.2')[0]!.message.split(' ')[1])).toBeGreaterThan(0);
  });
});

describe('the browser shell token and cookie in logs', () => {
  it('are masked wherever they appear in a line', async () => {
    const rendererDir = path.join(dir, 'renderer');
    fs.mkdirSync(rendererDir);
    fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html>');
    const log = createLogger({ dataDir: dir, stderr: null });
    const events = createEventHub({ coalesceMs: 5 });
    const shell = await startWebShell({ services: { handlers: {}, events, engine: undefined as never, log }, rendererDir });
    try {
      const page = await fetch(shell.url);
      const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0]!;
      const cookieValue = cookie.slice(cookie.indexOf('=') + 1);
      expect(cookieValue.length).toBeGreaterThan(20);
      // Shapes a careless caller could log: a header map, free text, an error.
      log.warn('request details', { headers: { cookie, 'x-studio': shell.token }, note: `opened with ${shell.token}`, error: new Error(`bad cookie ${cookieValue}`) });
      const file = fs.readFileSync(path.join(dir, 'logs', 'main.log'), 'utf8');
      expect(file).not.toContain(shell.token);
      expect(file).not.toContain(cookieValue);
      expect(file).toContain(REDACTED);
    } finally {
      await shell.close();
      events.dispose();
    }
  });
});
