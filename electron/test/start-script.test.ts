import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
