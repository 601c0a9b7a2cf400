/**
 * Serves the built harness pages under the browser shell's
 * Content-Security-Policy (Electron's policy plus the shell's event socket),
 * imported from the shell so the harness is never laxer than the app, plus
 * the corpus (`/corpus/...`) and job files (`/files/<id>`).
 */
import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { WEB_CONTENT_SECURITY_POLICY } from '../../electron/shells/web/headers';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const HARNESS_DIST = path.join(REPO_ROOT, '.tmp', 'harness-dist');

export function buildHarness(): void {
  execFileSync(process.execPath, [path.join(REPO_ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', path.join(__dirname, 'vite.config.ts')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true' },
  });
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

export async function startHarnessServer(corpusDir?: string): Promise<HarnessServer> {
  const csp = WEB_CONTENT_SECURITY_POLICY;
  const files = new Map<string, string>();
  const server = http.createServer((req, res) => {
    const url = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    let file: string | undefined;
    if (url.startsWith('/files/')) file = files.get(url.slice('/files/'.length));
    else if (url.startsWith('/corpus/') && corpusDir) file = path.join(corpusDir, path.normalize(url.slice('/corpus/'.length)));
    else file = path.join(HARNESS_DIST, path.normalize(url === '/' ? '/viewport.html' : url));
    const inside = file && (file.startsWith(HARNESS_DIST) || (corpusDir && file.startsWith(corpusDir)) || [...files.values()].includes(file));
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
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** Chromium from Debian (Playwright's own browsers cannot be downloaded here), software WebGL. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = ['--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--ignore-gpu-blocklist'];
