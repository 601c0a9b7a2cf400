/**
 * The upstream client against small local servers: streamed multipart bodies,
 * auth headers, query fields, errors a user can act on, legacy statuses, and
 * the difference between "certainly not created" and "outcome unknown".
 */
import busboy from 'busboy';
import crypto from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { serveLocally, type LocalServer } from '../test/local-server';
import { UpstreamClient } from './client';
import { UpstreamError } from './errors';
import { send, TransportError } from './http';

const servers: LocalServer[] = [];
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close();
});

async function serve(handler: http.RequestListener): Promise<string> {
  const server = await serveLocally(handler);
  servers.push(server);
  return server.baseUrl;
}

function client(base: string, earlyAccess = false): UpstreamClient {
  return new UpstreamClient({ baseUrl: base, storageUrl: `${base}/storage`, earlyAccess, credentials: () => ({ clientId: 'cid', clientSecret: 'csecret' }) });
}

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function caught(p: Promise<unknown>): Promise<UpstreamError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof UpstreamError) return err;
    throw err;
  }
  throw new Error('expected a failure');
}

describe('upstream client', () => {
  it('streams a multipart upload from disk with auth headers, exact length and the query field', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'up-')), 'model.glb');
    const bytes = crypto.randomBytes(3 * 1024 * 1024 + 17);
    bytes.write('glTF', 0);
    fs.writeFileSync(file, bytes);
    let seen: { headers: http.IncomingHttpHeaders; url?: string; fields: Record<string, string>; sha?: string; size?: number } | undefined;
    const base = await serve((req, res) => {
      const fields: Record<string, string> = {};
      const hash = crypto.createHash('sha256');
      let size = 0;
      const bb = busboy({ headers: req.headers });
      bb.on('field', (name, value) => (fields[name] = value));
      bb.on('file', (_name, stream) => {
        stream.on('data', (c: Buffer) => {
          hash.update(c);
          size += c.length;
        });
      });
      bb.on('close', () => {
        seen = { headers: req.headers, url: req.url, fields, sha: hash.digest('hex'), size };
        json(res, 200, { jobId: 'up-1', extra: 'ignored' });
      });
      req.pipe(bb);
    });
    const result = await client(base, true).create('upload-3d', {
      file: { path: file, name: 'model.glb', mime: 'model/gltf-binary', size: bytes.length },
      service: 'cad',
      parametric_generator_id: 'gen-1',
    });
    expect(result.jobId).toBe('up-1');
    expect(seen?.headers['x-client-id']).toBe('cid');
    expect(seen?.headers['x-client-secret']).toBe('csecret');
    expect(Number(seen?.headers['content-length'])).toBeGreaterThan(bytes.length);
    expect(seen?.url).toBe('/jobs/upload-3d?service=cad');
    expect(seen?.fields).toEqual({ parametric_generator_id: 'gen-1' });
    expect(seen?.size).toBe(bytes.length);
    expect(seen?.sha).toBe(crypto.createHash('sha256').update(bytes).digest('hex'));
  });

  it('refuses what the catalogue refuses, and coming-soon endpoints without early access, before sending', async () => {
    let hits = 0;
    const base = await serve((_req, res) => {
      hits++;
      json(res, 200, { jobId: 'x' });
    });
    const tooLong = await caught(client(base).create('text-to-3d', { prompt: 'p'.repeat(4097) }));
    expect(tooLong.message).toMatch(/prompt must be at most 4096/);
    const soon = await caught(client(base).create('auto-rig', { jobId: 'a' }));
    expect(soon.message).toMatch(/coming soon/);
    expect(hits).toBe(0);
  });

  it('maps error statuses to messages a user can act on', async () => {
    const answers: Record<string, [number, unknown]> = {
      '/jobs/text-to-3d': [402, { available: 3, required: 20, error: 'INSUFFICIENT', message: 'no credits' }],
      '/jobs/text-to-image': [422, { statusCode: 422, message: 'aspectRatio must be one of 1:1, 4:3' }],
      '/jobs/retexture': [403, { statusCode: 403, message: 'forbidden' }],
      '/jobs/text-to-worldbox': [401, { statusCode: 401, message: 'bad key' }],
    };
    const base = await serve((req, res) => {
      req.resume();
      const [status, body] = answers[req.url!] ?? [404, { statusCode: 404, message: 'nope' }];
      json(res, status, body);
    });
    const c = client(base);
    const e402 = await caught(c.create('text-to-3d', { prompt: 'a' }));
    expect(e402.status).toBe(402);
    expect(e402.credits).toEqual({ required: 20, available: 3 });
    expect(e402.message).toMatch(/needs 20 and the key's account has 3/);
    const e422 = await caught(c.create('text-to-image', { prompt: 'a' }));
    expect(e422.field).toBe('aspectRatio');
    const e403 = await caught(c.create('retexture', { jobId: 'j', prompt: 'gold' }));
    expect(e403.message).toMatch(/belongs to another API key/);
    const e401 = await caught(c.create('text-to-worldbox', { prompt: 'sky' }));
    expect(e401.message).toMatch(/Check the client id and secret/);
    expect(e401.message).not.toContain('csecret');
    for (const e of [e402, e422, e403, e401]) expect(e.outcome).toBe('not-created');
  });

  it('says what came back when an answer is not JSON', async () => {
    const base = await serve((req, res) => {
      req.resume();
      res.writeHead(req.url === '/jobs/text-to-3d' ? 502 : 200, { 'content-type': 'text/html' });
      res.end('<html><body>Bad gateway from the proxy</body></html>');
    });
    const e502 = await caught(client(base).create('text-to-3d', { prompt: 'a' }));
    expect(e502.status).toBe(502);
    expect(e502.outcome).toBe('not-created');
    const e200 = await caught(client(base).create('text-to-image', { prompt: 'a' }));
    expect(e200.kind).toBe('unexpected');
    // A 2xx without a job id may still have created a job.
    expect(e200.outcome).toBe('unknown');
    expect(e200.message).toMatch(/text\/html.*Bad gateway/);
  });

  it('reads legacy statuses and ignores unknown fields', async () => {
    const base = await serve((req, res) => json(res, 200, { id: 'j1', status: 'completed', isSuccess: true, author: { name: 'x' }, fragments: [{ name: 'mesh', displayName: 'Mesh', p: 1 }] }));
    const job = await client(base).getJob('j1');
    expect(job.status).toBe('success');
    expect(job.fragments?.[0]?.name).toBe('mesh');
  });

  it('tells a refused connection (not created) from a body sent with no answer (unknown)', async () => {
    const closed = await serve(() => undefined);
    const refusedBase = closed;
    await servers.pop()!.close();
    const refused = await caught(client(refusedBase).create('text-to-3d', { prompt: 'a' }));
    expect(refused.kind).toBe('network');
    expect(refused.outcome).toBe('not-created');

    const base = await serve((req) => {
      req.resume();
      req.on('end', () => req.socket.destroy());
    });
    const dropped = await caught(client(base).create('text-to-3d', { prompt: 'a' }));
    expect(dropped.outcome).toBe('unknown');
    expect(dropped.message).toMatch(/may have created the job/);

    const slow = await serve((req) => req.resume());
    const timedOut = await caught(client(slow).create('text-to-3d', { prompt: 'a' }, { idleMs: 200 }));
    expect(timedOut.kind).toBe('timeout');
    expect(timedOut.outcome).toBe('unknown');
  });
});

describe('the idle deadline', () => {
  it('lets a slow upload that keeps moving run past the deadline, and ends an exchange where nothing moves', async () => {
    let received = 0;
    const base = await serve((req, res) => {
      req.on('data', (c: Buffer) => (received += c.length));
      req.on('end', () => json(res, 200, { received }));
    });
    // A body that trickles out for ~1.2 s, a chunk every 100 ms: far longer than the 300 ms deadline, never idle that long.
    const chunks = 12;
    const body = {
      contentType: 'application/octet-stream',
      length: chunks * 1024,
      stream: () => {
        let i = 0;
        return new Readable({
          read() {
            if (i === chunks) return void this.push(null);
            i++;
            setTimeout(() => this.push(Buffer.alloc(1024, 7)), 100);
          },
        });
      },
    };
    const started = Date.now();
    const res = await send({ url: `${base}/upload`, method: 'POST', body, idleMs: 300 });
    expect(res.status).toBe(200);
    expect(received).toBe(chunks * 1024);
    expect(Date.now() - started).toBeGreaterThan(900);

    const silent = await serve((req) => req.resume());
    const err = await send({ url: `${silent}/jobs/x`, method: 'GET', idleMs: 200 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect((err as TransportError).reason).toBe('timeout');
    expect((err as TransportError).phase).toBe('sent');
  });
});

describe('UpstreamClient and redirects', () => {
  it('never follows a redirect with a signed request: another origin sees nothing, and the call fails', async () => {
    const seen: http.IncomingHttpHeaders[] = [];
    const other = await serve((req, res) => {
      seen.push(req.headers);
      json(res, 200, { id: 'job-1', status: 'succeeded' });
    });
    const base = await serve((req, res) => {
      req.resume();
      res.writeHead(307, { location: `${other}${req.url}` }).end();
    });
    const c = client(base);
    expect((await caught(c.getJob('job-1'))).status).toBe(307);
    const created = await caught(c.create('text-to-3d', { prompt: 'a chair' }));
    expect(created.outcome).toBe('not-created');
    expect(seen).toHaveLength(0);
  });
});
