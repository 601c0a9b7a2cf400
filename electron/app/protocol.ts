/**
 * The privileged `studio://` scheme. The production renderer is served from
 * `studio://app/...` (never file://), and a job's asset from
 * `studio://app/assets/<localId>/asset|thumbnail`: the renderer names an
 * opaque local id, the main process maps it to a file it owns.
 *
 * The handler is a plain `(Request) => Promise<Response>` so it runs, and is
 * tested, under Node as well.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { protocol } from 'electron';
import type { JobEngine } from '../services/jobs/engine-api';
import { APP_HOST, APP_SCHEME } from '../ipc/sender';
import { CONTENT_SECURITY_POLICY } from './security';

/** Must run before `app.whenReady()`. `corsEnabled` only in development, where the renderer comes from the Vite server. */
export function registerAppScheme(options: { dev: boolean }): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, ...(options.dev ? { corsEnabled: true } : {}) },
    },
  ]);
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.glb': 'model/gltf-binary',
  '.gltf': 'model/gltf+json',
  '.ktx2': 'image/ktx2',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Maps a URL path onto a file inside `root`, or undefined when it would leave
 * it: percent-decoded first, then resolved, checked with path.relative, and
 * checked again after realpath (a symlink inside root must not lead out).
 */
export function resolveInside(root: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  const relative = decoded.replace(/^\/+/, '');
  if (path.isAbsolute(relative) || /^[A-Za-z]:/.test(relative)) return undefined;
  const realRoot = realpathOrUndefined(root);
  if (!realRoot) return undefined;
  const candidate = path.resolve(realRoot, relative);
  if (!isWithin(realRoot, candidate)) return undefined;
  const real = realpathOrUndefined(candidate);
  if (!real || !isWithin(realRoot, real)) return undefined;
  return real;
}

function isWithin(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function realpathOrUndefined(p: string): string | undefined {
  try {
    return fs.realpathSync(p);
  } catch {
    return undefined;
  }
}

const LOCAL_ID = /^[A-Za-z0-9_-]{6,64}$/;
const ASSET_ROUTE = /^\/assets\/([^/]+)\/(asset|thumbnail)$/;

export interface AppProtocolOptions {
  /** The built renderer (`.vite/renderer/main_window`). */
  rendererDir: string;
  /** Where a job's verified asset and thumbnail are cached. */
  engine: Pick<JobEngine, 'assetPath' | 'thumbnailPath'>;
  /** Development: the Vite dev server's origin may read assets (CORS). */
  devOrigin?: string;
}

export function createAppProtocolHandler(options: AppProtocolOptions): (request: Request) => Promise<Response> {
  const baseHeaders = (extra: Record<string, string>): Headers => {
    const headers = new Headers({
      'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      'X-Content-Type-Options': 'nosniff',
      ...extra,
    });
    if (options.devOrigin) headers.set('Access-Control-Allow-Origin', options.devOrigin);
    return headers;
  };
  const problem = (status: number, text: string): Response =>
    new Response(text, { status, headers: baseHeaders({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }) });

  const serveFile = async (file: string, method: string, cacheControl: string): Promise<Response> => {
    let size: number;
    try {
      const stat = await fs.promises.stat(file);
      if (!stat.isFile()) return problem(404, 'Not found');
      size = stat.size;
    } catch {
      return problem(404, 'Not found');
    }
    const headers = baseHeaders({ 'Content-Type': contentTypeOf(file), 'Content-Length': String(size), 'Cache-Control': cacheControl });
    if (method === 'HEAD') return new Response(null, { status: 200, headers });
    const body = Readable.toWeb(fs.createReadStream(file)) as unknown as ReadableStream<Uint8Array>;
    return new Response(body, { status: 200, headers });
  };

  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return problem(400, 'Bad request');
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return problem(404, 'Not found');
    if (request.method !== 'GET' && request.method !== 'HEAD') return problem(405, 'Method not allowed');

    const asset = ASSET_ROUTE.exec(url.pathname);
    if (asset) {
      const [, localId, variant] = asset as unknown as [string, string, 'asset' | 'thumbnail'];
      if (!LOCAL_ID.test(localId)) return problem(404, 'Not found');
      const file = variant === 'asset' ? options.engine.assetPath(localId) : options.engine.thumbnailPath(localId);
      if (!file) return problem(404, 'Not found');
      // Cached assets never change once verified: safe to cache in the renderer.
      return serveFile(file, request.method, 'private, max-age=31536000, immutable');
    }

    const pathname = url.pathname === '/' ? '/index.html' : url.pathname;
    const file = resolveInside(options.rendererDir, pathname);
    if (!file) return problem(404, 'Not found');
    return serveFile(file, request.method, pathname === '/index.html' ? 'no-cache' : 'public, max-age=3600');
  };
}

/** Serves `studio://` for the default session. */
export function serveAppScheme(options: AppProtocolOptions): void {
  protocol.handle(APP_SCHEME, createAppProtocolHandler(options));
}
