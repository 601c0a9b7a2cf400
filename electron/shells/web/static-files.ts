/**
 * Maps URL paths onto files of the built renderer without ever leaving its
 * folder, and names their content types.
 */
import fs from 'node:fs';
import path from 'node:path';

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
