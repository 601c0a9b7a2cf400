import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppProtocolHandler, registerAppScheme } from '../app/protocol';
import { resolveInside } from '../static/files';
import { CONTENT_SECURITY_POLICY } from '../app/security';
import type { JobEngine } from '../services/jobs/engine-api';
import { electronMock } from './electron-mock';

describe('studio:// scheme', () => {
  let tmp: string;
  let renderer: string;
  let handler: (r: Request) => Promise<Response>;
  const get = (url: string, method = 'GET') => handler(new Request(url, { method }));

  beforeAll(() => {
    tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'as-proto-')));
    renderer = path.join(tmp, 'renderer');
    fs.mkdirSync(path.join(renderer, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(renderer, 'index.html'), '<!doctype html><title>Asset Studio</title>');
    fs.writeFileSync(path.join(renderer, 'assets', 'index-abc.js'), 'console.log(1)');
    fs.writeFileSync(path.join(renderer, 'assets', 'my file.css'), 'body{}');
    fs.writeFileSync(path.join(tmp, 'secret.txt'), 'outside the renderer');
    fs.symlinkSync(path.join(tmp, 'secret.txt'), path.join(renderer, 'link-out.txt'));
    const cache = path.join(tmp, 'assets', 'job-abc123');
    fs.mkdirSync(cache, { recursive: true });
    fs.writeFileSync(path.join(cache, 'asset.glb'), Buffer.from('glTF....'));
    const engine = {
      assetPath: (id: string) => (id === 'job-abc123' ? path.join(cache, 'asset.glb') : undefined),
      thumbnailPath: () => undefined,
    } as unknown as JobEngine;
    handler = createAppProtocolHandler({ rendererDir: renderer, engine });
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it('is registered as a privileged standard, secure, fetch- and stream-capable scheme; CORS only in development', () => {
    registerAppScheme({ dev: false });
    registerAppScheme({ dev: true });
    const [[prod], [dev]] = electronMock.protocol.registerSchemesAsPrivileged.mock.calls.slice(-2) as [[{ scheme: string; privileges: Record<string, boolean> }[]], [{ privileges: Record<string, boolean> }[]]];
    expect(prod[0]).toEqual({ scheme: 'studio', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } });
    expect(dev[0]!.privileges.corsEnabled).toBe(true);
  });

  it('serves the built renderer with the CSP and a content type', async () => {
    const index = await get('studio://app/index.html');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(index.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(index.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await index.text()).toContain('<title>Asset Studio</title>');
    expect((await get('studio://app/')).status).toBe(200);
    const js = await get('studio://app/assets/index-abc.js');
    expect(js.headers.get('content-type')).toContain('text/javascript');
    expect((await get('studio://app/assets/my%20file.css')).status).toBe(200);
  });

  it('refuses every way out of the renderer folder', async () => {
    const attempts = [
      'studio://app/../secret.txt',
      'studio://app/%2e%2e/secret.txt',
      'studio://app/assets/%2e%2e/%2e%2e/secret.txt',
      'studio://app/..%2fsecret.txt',
      'studio://app/%2fetc%2fpasswd',
      'studio://app/..%5csecret.txt',
      'studio://app/link-out.txt',
      'studio://app/%00index.html',
      'studio://app/%E0%A4%A',
      'studio://other/index.html',
    ];
    for (const url of attempts) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain('outside the renderer');
    }
    expect(resolveInside(renderer, '/../secret.txt')).toBeUndefined();
    expect(resolveInside(renderer, '/assets/../index.html')).toBe(path.join(renderer, 'index.html'));
  });

  it('serves a job asset by its opaque local id only', async () => {
    const asset = await get('studio://app/assets/job-abc123/asset');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toBe('model/gltf-binary');
    expect(Buffer.from(await asset.arrayBuffer()).subarray(0, 4).toString()).toBe('glTF');
    expect((await get('studio://app/assets/job-abc123/thumbnail')).status).toBe(404);
    expect((await get('studio://app/assets/unknown-job/asset')).status).toBe(404);
    expect((await get('studio://app/assets/..%2f..%2fsecret/asset')).status).toBe(404);
  });

  it('answers only GET and HEAD', async () => {
    expect((await get('studio://app/index.html', 'POST')).status).toBe(405);
    const head = await get('studio://app/index.html', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String('<!doctype html><title>Asset Studio</title>'.length));
  });
});
