/**
 * Builds the real main and preload bundles (as `npm run build` does) and runs
 * main.js under Node with a recording stand-in for `electron`: the bundle
 * must boot through the services to a hardened window on studio://, with
 * sender-checked IPC, exactly as it would inside Electron.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_NAMES } from '../../shared/ipc';
import { copyRuntimeFiles, dependencyClosure, RUNTIME_EXTERNALS, RUNTIME_FILES } from '../../scripts/runtime-externals.mjs';
import { CONTENT_SECURITY_POLICY } from '../app/security';

const root = path.resolve(__dirname, '..', '..');

interface Report {
  order: string[];
  userData: string;
  schemes: { scheme: string; privileges: Record<string, boolean> }[];
  handles: string[];
  webPreferences: Record<string, unknown>;
  url: string;
  navigationGuards: number;
  windowOpen: { action: string };
  permissionRequestHandler: boolean;
  permissionCheckHandler: boolean;
  devicePermissionHandler: boolean;
  index: { status: number; csp: string; body: string };
  traversal: number;
  appInfo: { ok: boolean; value?: { name: string; shell: string; dataDir: string } };
  foreign: { ok: boolean; problem?: { reason: string } };
  invalid: { ok: boolean; problem?: { reason: string } };
  settings: { ok: boolean; value?: { environments: { name: string; baseUrl: string }[] } };
  utilityForks?: { module: string; serviceName?: string }[];
}

describe('built main bundle', () => {
  let tmp: string;
  let report: Report;
  let dataDir: string;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'as-bundle-'));
    const buildDir = path.join(tmp, 'build');
    const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'build.mjs'), '--only', 'main,preload', '--out', buildDir, '--quiet'], {
      cwd: root,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(build.status, build.stderr).toBe(0);
    // A sandboxed preload can require only `electron` (and a few built-ins): everything else must be inlined.
    const preloadRequires = new Set([...fs.readFileSync(path.join(buildDir, 'preload.js'), 'utf8').matchAll(/require\("([^"]+)"\)/g)].map((m) => m[1]));
    expect([...preloadRequires]).toEqual(['electron']);
    // main.js serves the renderer from ../renderer/main_window, as in the packaged app.
    fs.mkdirSync(path.join(tmp, 'renderer', 'main_window'), { recursive: true });
    fs.writeFileSync(path.join(tmp, 'renderer', 'main_window', 'index.html'), '<!doctype html><title>Asset Studio</title>');
    // The packaged app carries the packages kept outside the bundle in node_modules beside .vite (forge.config.ts copies them); link them likewise.
    for (const [name, dir] of dependencyClosure(RUNTIME_EXTERNALS, root)) {
      fs.mkdirSync(path.dirname(path.join(tmp, 'node_modules', name)), { recursive: true });
      fs.symlinkSync(dir, path.join(tmp, 'node_modules', name), 'dir');
    }
    await copyRuntimeFiles(root, tmp);
    dataDir = path.join(tmp, 'data');
    const run = spawnSync(process.execPath, ['-r', path.join(__dirname, 'fixtures', 'use-fake-electron.cjs'), path.join(buildDir, 'main.js')], {
      cwd: tmp,
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, ASSET_STUDIO_DATA_DIR: dataDir },
    });
    expect(run.status, run.stderr).toBe(0);
    report = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as Report;
  }, 180_000);

  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('sets userData to the shared data dir and registers the scheme before the app is ready', () => {
    expect(report.userData).toBe(dataDir);
    expect(report.order.indexOf('registerSchemesAsPrivileged')).toBeLessThan(report.order.indexOf('whenReady'));
    expect(report.order.indexOf('setPath:userData')).toBeLessThan(report.order.indexOf('whenReady'));
    expect(report.schemes).toEqual([{ scheme: 'studio', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } }]);
  });

  it('opens one hardened window on studio://app with the built preload', () => {
    expect(report.url).toBe('studio://app/index.html');
    expect(report.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, devTools: false });
    expect(path.basename(String(report.webPreferences.preload))).toBe('preload.js');
    expect(report.navigationGuards).toBeGreaterThan(0);
    expect(report.windowOpen).toEqual({ action: 'deny' });
    expect(report.permissionRequestHandler && report.permissionCheckHandler && report.devicePermissionHandler).toBe(true);
    expect(report.order.indexOf('enableSandbox')).toBeLessThan(report.order.indexOf('whenReady'));
  });

  it('checks files from outside in Electron utility processes (the RunAsNode fuse rules out forking the app as Node)', () => {
    expect(report.utilityForks?.length).toBeGreaterThan(0);
    expect(report.utilityForks).toContainEqual({ module: 'check-worker.js', serviceName: 'Asset Studio file checks' });
  });

  it('serves the renderer with the CSP and refuses traversal', () => {
    expect(report.index).toEqual({ status: 200, csp: CONTENT_SECURITY_POLICY, body: '<!doctype html><title>Asset Studio</title>' });
    expect(report.traversal).toBe(404);
  });

  it('handles every contract channel, answers the app origin, and refuses a foreign frame or a bad payload', () => {
    expect([...report.handles].sort()).toEqual([...REQUEST_NAMES].sort());
    expect(report.appInfo).toMatchObject({ ok: true, value: { name: 'Asset Studio', shell: 'electron', dataDir } });
    expect(report.foreign).toMatchObject({ ok: false, problem: { reason: 'forbidden' } });
    expect(report.invalid).toMatchObject({ ok: false, problem: { reason: 'invalid-arguments' } });
  });

  it('resolves the Basis transcoder from the bundle in the packaged layout (KTX2 preview copies)', () => {
    const basis = RUNTIME_FILES.filter((f) => f.includes('basis_transcoder'));
    expect(basis).toHaveLength(2);
    const probe = spawnSync(
      process.execPath,
      ['-e', `const r = require('node:module').createRequire(${JSON.stringify(path.join(tmp, 'build', 'main.js'))}).resolve; for (const f of ${JSON.stringify(basis)}) console.log(r(f));`],
      { cwd: tmp, encoding: 'utf8' },
    );
    expect(probe.status, probe.stderr).toBe(0);
    expect(probe.stdout.trim().split('\n')).toEqual(basis.map((f) => path.join(tmp, 'node_modules', f)));
  });

  it('starts the built-in sandbox inside the bundle and offers it as an environment', () => {
    expect(report.settings.ok).toBe(true);
    const builtin = report.settings.value!.environments.find((e) => e.name === 'Sandbox (built-in)');
    expect(builtin?.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
  });
});
