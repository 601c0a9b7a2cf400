import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppProtocolHandler } from '../app/protocol';
import { createEventHub } from '../services/event-hub';
import { createLogger } from '../services/log';
import { startWebShell, type RunningWebShell } from '../shells/web/server';
import { CONTENT_TYPES, findStatic, type AssetFiles } from './files';

/**
 * Both transports serve through ./files.ts: every extension of the one table
 * comes back with the table's type from `studio://` and from the browser
 * shell, as a renderer file and as a job's cached asset.
 */
const EXTENSIONS = Object.keys(CONTENT_TYPES);
let tmp: string;
let renderer: string;
let cache: string;
let shell: RunningWebShell;
let studio: (r: Request) => Promise<Response>;

/** One cached job per extension: `job-ext-hdr` → asset.hdr. */
const assets: AssetFiles = {
  assetPath: (localId) => {
    const ext = /^job-ext-([a-z0-9]+)$/.exec(localId)?.[1];
    return ext ? path.join(cache, `asset.${ext}`) : undefined;
  },
  thumbnailPath: () => undefined,
};

function webGet(pathname: string): Promise<{ status: number; type: string | undefined; cache: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port: shell.port, method: 'GET', path: pathname, headers: { host: `127.0.0.1:${shell.port}`, authorization: `Bearer ${shell.token}` } },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, type: res.headers['content-type'], cache: res.headers['cache-control'] }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function studioGet(pathname: string): Promise<{ status: number; type: string | undefined; cache: string | undefined }> {
  const res = await studio(new Request(`studio://app${pathname}`));
  await res.arrayBuffer();
  return { status: res.status, type: res.headers.get('content-type') ?? undefined, cache: res.headers.get('cache-control') ?? undefined };
}

beforeAll(async () => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'as-static-')));
  renderer = path.join(tmp, 'renderer');
  cache = path.join(tmp, 'cache');
  fs.mkdirSync(path.join(renderer, 'files'), { recursive: true });
  fs.mkdirSync(cache);
  fs.writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>Asset Studio</title>');
  for (const ext of EXTENSIONS) {
    fs.writeFileSync(path.join(renderer, 'files', `sample${ext}`), 'x');
    fs.writeFileSync(path.join(cache, `asset${ext}`), 'x');
  }
  fs.writeFileSync(path.join(renderer, 'files', 'sample.unknownext'), 'x');
  studio = createAppProtocolHandler({ rendererDir: renderer, engine: assets });
  shell = await startWebShell({ services: { handlers: {}, events: createEventHub({ coalesceMs: 5 }), engine: assets, log: createLogger({ stderr: null }) }, rendererDir: renderer });
});

afterAll(async () => {
  await shell?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('one content-type table for both transports', () => {
  it('knows the formats a user opens or exports, .hdr and .usdz included', () => {
    expect(CONTENT_TYPES['.hdr']).toBe('image/vnd.radiance');
    expect(CONTENT_TYPES['.usdz']).toBe('model/vnd.usdz+zip');
    expect(CONTENT_TYPES['.glb']).toBe('model/gltf-binary');
  });

  it.each(EXTENSIONS)('a renderer file %s has the same type from studio:// and the browser shell', async (ext) => {
    const [viaStudio, viaWeb] = await Promise.all([studioGet(`/files/sample${ext}`), webGet(`/files/sample${ext}`)]);
    expect(viaStudio).toMatchObject({ status: 200, type: CONTENT_TYPES[ext] });
    expect(viaWeb).toMatchObject({ status: 200, type: CONTENT_TYPES[ext] });
  });

  it.each(EXTENSIONS)('a cached asset %s has the same type and immutable caching from both', async (ext) => {
    const route = `/assets/job-ext-${ext.slice(1)}/asset`;
    const [viaStudio, viaWeb] = await Promise.all([studioGet(route), webGet(route)]);
    for (const reply of [viaStudio, viaWeb]) expect(reply).toEqual({ status: 200, type: CONTENT_TYPES[ext], cache: 'private, max-age=31536000, immutable' });
  });

  it('sends an unknown extension as bytes from both', async () => {
    const [viaStudio, viaWeb] = await Promise.all([studioGet('/files/sample.unknownext'), webGet('/files/sample.unknownext')]);
    expect(viaStudio.type).toBe('application/octet-stream');
    expect(viaWeb.type).toBe('application/octet-stream');
  });
});

describe('findStatic', () => {
  it.each<[string, string, { kind: string; name: string } | undefined]>([
    ['the root is the page', '/', { kind: 'page', name: 'index.html' }],
    ['index.html is the page', '/index.html', { kind: 'page', name: 'index.html' }],
    ['a renderer file', '/files/sample.js', { kind: 'file', name: 'sample.js' }],
    ['a cached asset', '/assets/job-ext-glb/asset', { kind: 'asset', name: 'asset.glb' }],
    ['a job with no asset', '/assets/job-nothing/asset', undefined],
    ['an asset route whose id is not a local id', '/assets/job.ext.glb/asset', undefined],
    ['a path out of the renderer', '/../cache/asset.glb', undefined],
    ['a folder', '/files', undefined],
    ['a missing file', '/files/none.js', undefined],
  ])('%s', async (_what, pathname, expected) => {
    const found = await findStatic(renderer, assets, pathname);
    if (!expected) expect(found).toBeUndefined();
    else expect(found && { kind: found.kind, name: path.basename(found.file) }).toEqual(expected);
  });
});
