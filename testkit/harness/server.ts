/**
 * Serves the built harness pages under the browser shell's
 * Content-Security-Policy (Electron's policy plus the shell's event socket),
 * imported from the shell so the harness is never laxer than the app, plus
 * the corpus (`/corpus/...`) and job files (`/files/<id>`).
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { WEB_CONTENT_SECURITY_POLICY } from '../../electron/shells/web/headers';
import { pidAlive } from '../../electron/services/pid-alive';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
const HARNESS_DISTS = path.join(REPO_ROOT, '.tmp');
const DIST_PREFIX = 'harness-dist-';

/**
 * Builds the harness pages into a folder of this process's own and returns
 * it. Playwright runs the corpus tests in two workers, each building in its
 * beforeAll: with one shared folder, Vite emptied it for one worker while the
 * other's page was loading from it (a fresh-clone CI run's page.goto got a
 * 404, ERR_HTTP_RESPONSE_CODE_FAILURE). Folders left by processes that are
 * gone are removed here.
 */
export function buildHarness(): string {
  mkdirSync(HARNESS_DISTS, { recursive: true });
  for (const name of readdirSync(HARNESS_DISTS)) {
    const pid = Number(name.startsWith(DIST_PREFIX) ? name.slice(DIST_PREFIX.length) : NaN);
    if (Number.isInteger(pid) && pid !== process.pid && !pidAlive(pid)) rmSync(path.join(HARNESS_DISTS, name), { recursive: true, force: true });
  }
  const dist = path.join(HARNESS_DISTS, `${DIST_PREFIX}${process.pid}`);
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', path.join(__dirname, 'vite.config.ts'), '--outDir', dist], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
  return dist;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.glb': 'model/gltf-binary',
  '.hdr': 'application/octet-stream',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.map': 'application/json',
};

export interface HarnessServer {
  url: string;
  /** Serves a file as a job's asset at `/files/<localId>`. */
  setFile(localId: string, filePath: string): void;
  close(): Promise<void>;
}

/** Serves `dist` (what buildHarness returned) and, when given, the corpus folder. */
export async function startHarnessServer(dist: string, corpusDir?: string): Promise<HarnessServer> {
  const csp = WEB_CONTENT_SECURITY_POLICY;
  const files = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    let file: string | undefined;
    if (url.startsWith('/files/')) file = files.get(url.slice('/files/'.length));
    else if (url.startsWith('/corpus/') && corpusDir) file = path.join(corpusDir, path.normalize(url.slice('/corpus/'.length)));
    else file = path.join(dist, path.normalize(url === '/' ? '/viewport.html' : url));
    const inside = file && (file.startsWith(dist) || (corpusDir && file.startsWith(corpusDir)) || [...files.values()].includes(file));
    if (!file || !inside || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Content-Security-Policy': csp,
      'Cache-Control': 'no-store',
    });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setFile: (id, p) => files.set(id, p),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())).then(() => rmSync(dist, { recursive: true, force: true })),
  };
}

/** Chromium from Debian (Playwright's own browsers cannot be downloaded here), software WebGL. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'];
