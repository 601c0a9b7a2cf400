import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { FALLBACK_SENTENCE, browserCommand, electronBinary, hasDisplay, parseUrlLine } from '../../scripts/start-lib.mjs';

function fakeRoot(withPathTxt: boolean, withBinary: boolean): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'as-start-'));
  const pkg = path.join(root, 'node_modules', 'electron');
  fs.mkdirSync(path.join(pkg, 'dist'), { recursive: true });
  if (withPathTxt) fs.writeFileSync(path.join(pkg, 'path.txt'), 'electron');
  if (withBinary) fs.writeFileSync(path.join(pkg, 'dist', 'electron'), '');
  return root;
}

describe('npm start decisions', () => {
  it('finds the Electron binary only when it is really on disk', () => {
    expect(electronBinary(fakeRoot(false, false), {})).toBeUndefined();
    expect(electronBinary(fakeRoot(true, false), {})).toBeUndefined();
    const root = fakeRoot(true, true);
    expect(electronBinary(root, {})).toBe(path.join(root, 'node_modules', 'electron', 'dist', 'electron'));
    // ELECTRON_OVERRIDE_DIST_PATH points at a binary elsewhere, as electron's own index.js allows.
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), 'as-dist-'));
    fs.writeFileSync(path.join(elsewhere, 'electron'), '');
    expect(electronBinary(fakeRoot(false, false), { ELECTRON_OVERRIDE_DIST_PATH: elsewhere })).toBe(path.join(elsewhere, 'electron'));
  });

  it('knows a Linux machine without X11 or Wayland cannot show the window', () => {
    expect(hasDisplay('linux', {})).toBe(false);
    expect(hasDisplay('linux', { DISPLAY: ':0' })).toBe(true);
    expect(hasDisplay('linux', { WAYLAND_DISPLAY: 'wayland-0' })).toBe(true);
    expect(hasDisplay('darwin', {})).toBe(true);
  });

  it('reads the browser shell URL from its JSON line and nothing else', () => {
    expect(parseUrlLine('{"url": "http://127.0.0.1:5199/?token=abc"}')).toBe('http://127.0.0.1:5199/?token=abc');
    expect(parseUrlLine('listening')).toBeUndefined();
    expect(parseUrlLine('{"url": "javascript:alert(1)"}')).toBeUndefined();
  });

  it('opens the system browser only where there is one', () => {
    const url = 'http://127.0.0.1:5199/?token=a&b=c';
    expect(browserCommand(url, 'linux', { DISPLAY: ':0' })).toEqual({ command: 'xdg-open', args: [url] });
    expect(browserCommand(url, 'linux', {})).toBeUndefined();
    expect(browserCommand(url, 'linux', { DISPLAY: ':0', CI: 'true' })).toBeUndefined();
    expect(browserCommand(url, 'darwin', {})).toEqual({ command: 'open', args: [url] });
    expect(browserCommand(url, 'win32', {})?.args).toContain(url);
  });

  it('says in one sentence why the browser is used', () => {
    expect(FALLBACK_SENTENCE).toBe('The Electron binary could not be downloaded on this machine, so Asset Studio is starting in your browser instead.');
    expect(FALLBACK_SENTENCE.split('. ').length).toBe(1);
  });
});

describe('npm start without an Electron binary (spawned)', () => {
  it('says so in one sentence, then serves the app through the browser shell until stopped', async () => {
    const { spawn } = await import('node:child_process');
    const root = path.resolve(__dirname, '..', '..');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'as-start-run-'));
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs'), '--no-open', '--port', '0'], {
      cwd: root,
      // No binary anywhere and no download attempt: the machine this project is built on.
      env: { ...process.env, ASSET_STUDIO_DATA_DIR: dataDir, ELECTRON_OVERRIDE_DIST_PATH: path.join(dataDir, 'no-electron'), ELECTRON_SKIP_BINARY_DOWNLOAD: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.resume();
    try {
      await vi.waitFor(() => expect(stdout).toContain('Asset Studio is running at'), { timeout: 90_000, interval: 200 });
      const lines = stdout.trim().split('\n');
      expect(lines[0]).toBe(FALLBACK_SENTENCE);
      const url = /running at (\S+)/.exec(stdout)![1]!;
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?token=/);
      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGINT');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
    expect(child.exitCode !== null || child.signalCode !== null).toBe(true);
  }, 120_000);
});
