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
import { Readable } from 'node:stream';
import { protocol } from 'electron';
import { APP_HOST, APP_SCHEME } from '../ipc/sender';
import { ASSET_CACHE_CONTROL, findStatic, type AssetFiles } from '../static/files';
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

export interface AppProtocolOptions {
  /** The built renderer (`.vite/renderer/main_window`). */
  rendererDir: string;
  /** Where a job's verified asset and thumbnail are cached. */
  engine: AssetFiles;
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

  return async (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return problem(400, 'Bad request');
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== APP_HOST) return problem(404, 'Not found');
    if (request.method !== 'GET' && request.method !== 'HEAD') return problem(405, 'Method not allowed');

    const found = await findStatic(options.rendererDir, options.engine, url.pathname);
    if (!found) return problem(404, 'Not found');
    // The page is checked for a new build each load; the hashed files it names may be kept an hour.
    const cacheControl = found.kind === 'asset' ? ASSET_CACHE_CONTROL : found.kind === 'page' ? 'no-cache' : 'public, max-age=3600';
    const headers = baseHeaders({ 'Content-Type': found.contentType, 'Content-Length': String(found.size), 'Cache-Control': cacheControl });
    if (request.method === 'HEAD') return new Response(null, { status: 200, headers });
    const body = Readable.toWeb(fs.createReadStream(found.file)) as unknown as ReadableStream<Uint8Array>;
    return new Response(body, { status: 200, headers });
  };
}

/** Serves `studio://` for the default session. */
export function serveAppScheme(options: AppProtocolOptions): void {
  protocol.handle(APP_SCHEME, createAppProtocolHandler(options));
}
