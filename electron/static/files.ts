/**
 * What the app's two transports serve besides the contract: the built
 * renderer's files and a job's cached asset or thumbnail. The `studio://`
 * scheme (electron/app/protocol.ts) and the browser shell
 * (electron/shells/web/server.ts) both find files here, with one content-type
 * table, one path check and one asset route, so neither serves what the other
 * refuses or names a type the other does not know.
 */
import fs from 'node:fs';
import path from 'node:path';
import { isLocalId } from '../../shared/domain/local-id';
import type { JobEngine } from '../services/jobs/engine-api';

export const CONTENT_TYPES: Readonly<Record<string, string>> = {
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
  '.fbx': 'application/octet-stream',
  '.obj': 'model/obj',
  '.usdz': 'model/vnd.usdz+zip',
  '.ktx2': 'image/ktx2',
  '.hdr': 'image/vnd.radiance',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
};

export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** A verified asset never changes once cached: the page may keep it; private, so no shared cache does. */
export const ASSET_CACHE_CONTROL = 'private, max-age=31536000, immutable';

/** `/assets/<localId>/asset|thumbnail|source` (source: the image file the request carried): the renderer names an opaque local id, main maps it to a file it owns. */
export const ASSET_ROUTE = /^\/assets\/([^/]+)\/(asset|thumbnail|source)$/;

/** Where a job's verified asset and thumbnail are cached. */
export type AssetFiles = Pick<JobEngine, 'assetPath' | 'thumbnailPath' | 'sourceImagePath'>;

function realpathOrUndefined(p: string): string | undefined {
  try {
    return fs.realpathSync(p);
  } catch {
    return undefined;
  }
}

function isWithin(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/**
 * The file a URL path names inside `root`, or undefined when there is none or
 * it would lie outside: percent-decoded, resolved, checked, then checked again
 * after realpath so that a symlink inside the folder cannot lead out of it.
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
  try {
    return fs.statSync(real).isFile() ? real : undefined;
  } catch {
    return undefined;
  }
}

/** A file to send: a job's asset or thumbnail, the app's page (index.html), or another file of the renderer. */
export interface StaticFile {
  kind: 'asset' | 'page' | 'file';
  file: string;
  size: number;
  contentType: string;
}

/** What a GET of `pathname` serves, or undefined (404). */
export async function findStatic(rendererDir: string, assets: AssetFiles, pathname: string): Promise<StaticFile | undefined> {
  let kind: StaticFile['kind'];
  let file: string | undefined;
  const asset = ASSET_ROUTE.exec(pathname);
  if (asset) {
    const [, localId, variant] = asset as unknown as [string, string, 'asset' | 'thumbnail' | 'source'];
    if (!isLocalId(localId)) return undefined;
    kind = 'asset';
    file = variant === 'asset' ? assets.assetPath(localId) : variant === 'thumbnail' ? assets.thumbnailPath(localId) : assets.sourceImagePath?.(localId);
  } else {
    const page = pathname === '/' || pathname === '/index.html';
    kind = page ? 'page' : 'file';
    file = resolveInside(rendererDir, page ? '/index.html' : pathname);
  }
  if (!file) return undefined;
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() ? { kind, file, size: stat.size, contentType: contentTypeOf(file) } : undefined;
  } catch {
    return undefined;
  }
}
