/**
 * The browser shell: the renderer in any browser, talking to the same
 * services as the Electron window through the same contract.
 *
 *   POST /api/invoke/<channel>   JSON args -> dispatch() -> JSON Result
 *   POST /api/files?name=...     raw bytes -> files:stageBytes via dispatch()
 *   GET  /api/events             WebSocket of push events
 *   GET  /assets/<localId>/asset|thumbnail   a job's file, by opaque id only
 *   GET  /anything-else          the built renderer
 *
 * It listens on loopback only, and every request passes the guard (Host,
 * Origin, token) before a route runs, so nothing unauthenticated reaches a
 * service. Validation of arguments is dispatch()'s, exactly as in Electron.
 */
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_STAGE_BYTES_OVER_IPC, fail, type Result } from '../../../shared/ipc';
import { dispatch } from '../../ipc/dispatch';
import type { HandlerContext, PartialHandlers } from '../../services/contracts';
import type { EventHub } from '../../services/event-hub';
import { registerSecret, unregisterSecret, type Logger } from '../../services/log';
import { createEventSocketServer } from './event-socket';
import { answerBytes } from './json-cache';
import { checkRequest, cookieName, createToken } from './guard';
import { BASE_HEADERS, NO_STORE } from './headers';
import { sqliteProblem } from '../../services/store/sqlite-support';
import { ASSET_CACHE_CONTROL, findStatic, type AssetFiles, type StaticFile } from '../../static/files';

/** JSON arguments are small; staged files take the binary route. */
const MAX_JSON_BYTES = 4 * 1024 * 1024;
const INVOKE_ROUTE = /^\/api\/invoke\/([A-Za-z]+:[A-Za-z]+)$/;
const CONTEXT: HandlerContext = { shell: 'web' };

/** What the shell needs of the services (the composition root's `Services` has all of it). */
export interface WebShellServices {
  handlers: PartialHandlers;
  events: EventHub;
  /** Where a job's verified asset and thumbnail are cached. */
  engine: AssetFiles;
  /** Every asset's files, by local id or library id (a file brought into the library); the engine's alone when absent. */
  assetFiles?: AssetFiles;
  log: Logger;
}

export interface WebShellOptions {
  services: WebShellServices;
  /** The built renderer (`.vite/renderer/main_window`). */
  rendererDir: string;
  /** `127.0.0.1` (default) or `localhost`: loopback only. */
  host?: '127.0.0.1' | 'localhost';
  /** 0 (default) picks a free port. */
  port?: number;
  /** Tests may fix it; otherwise a fresh one per launch. */
  token?: string;
}

export interface RunningWebShell {
  /** `http://127.0.0.1:PORT/?token=...`: the one URL that opens the app. */
  url: string;
  origin: string;
  port: number;
  token: string;
  /** Stops accepting, closes sockets; the services are the caller's to dispose. */
  close(): Promise<void>;
}

export class BodyTooLarge extends Error {
  override name = 'BodyTooLarge';
}

/** Bodies up to this size are copied into place as they arrive (a larger declared length is not taken on trust). */
const PLACED_BODY_MAX = 256 * 1024 * 1024;

/** Reads a request body up to `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge();
  // With its length declared, each chunk is copied into place as it arrives: joining a 16.8 MB drop's chunks at
  // the end held main's loop 300 ms under load. A body longer than it declared is joined from its pieces.
  let into = Number.isSafeInteger(declared) && declared > 0 && declared <= PLACED_BODY_MAX ? Buffer.allocUnsafe(declared) : undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    if (size + chunk.length > limit) throw new BodyTooLarge();
    if (into && size + chunk.length <= into.length) {
      chunk.copy(into, size);
    } else {
      if (into) chunks.push(into.subarray(0, size));
      into = undefined;
      chunks.push(chunk);
    }
    size += chunk.length;
  }
  if (into) return into.subarray(0, size);
  return Buffer.concat(chunks);
}

export async function startWebShell(options: WebShellOptions): Promise<RunningWebShell> {
  // The page's history and library live in the studio database: without node:sqlite (and FTS5) say so, serve nothing.
  const sqlite = sqliteProblem();
  if (sqlite) throw new Error(sqlite);
  const { services } = options;
  const log = services.log.child('web');
  const token = options.token ?? createToken();
  // Its own random value: a cookie leaks to every server on 127.0.0.1, so it must not work as the token.
  const cookieSecret = createToken();
  // Masked in every log line of this process, whatever shape it reaches a log in.
  registerSecret(token);
  registerSecret(cookieSecret);
  const bindHost = '127.0.0.1';
  let port = 0;
  const sockets = createEventSocketServer(services.events);

  const send = (res: ServerResponse, status: number, headers: Record<string, string>, body?: string | Buffer): void => {
    res.writeHead(status, { ...BASE_HEADERS, ...headers });
    res.end(body);
  };
  const jsonHeaders = { 'Content-Type': 'application/json; charset=utf-8', ...NO_STORE };
  const sendJsonText = (res: ServerResponse, status: number, text: string): void => send(res, status, jsonHeaders, text);
  const sendJson = (res: ServerResponse, status: number, value: unknown): void => sendJsonText(res, status, JSON.stringify(value));
  /** A contract call's answer (shared snapshots in it are serialised once: see json-cache.ts), with its length. */
  const sendResult = (res: ServerResponse, result: Result<unknown>): void => {
    const body = answerBytes(result);
    send(res, 200, { ...jsonHeaders, 'Content-Length': String(body.length) }, body);
  };
  const sendText = (res: ServerResponse, status: number, text: string): void =>
    send(res, status, { 'Content-Type': 'text/plain; charset=utf-8', ...NO_STORE }, text);

  const runDispatch = (channel: string, args: unknown): Promise<Result<unknown>> =>
    dispatch(services.handlers, channel, args, CONTEXT, (level, message) => log[level](message));

  const serveFile = (req: IncomingMessage, res: ServerResponse, found: StaticFile, cacheControl: string, extra: Record<string, string> = {}): void => {
    res.writeHead(200, { ...BASE_HEADERS, 'Content-Type': found.contentType, 'Content-Length': String(found.size), 'Cache-Control': cacheControl, ...extra });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    const stream = fs.createReadStream(found.file);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  };

  const handleApi = async (req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> => {
    if (req.method !== 'POST') return sendText(res, 405, 'Method not allowed');
    const invoke = INVOKE_ROUTE.exec(url.pathname);
    if (invoke) {
      const type = req.headers['content-type'] ?? '';
      if (!/^application\/json\b/i.test(type)) return sendJson(res, 415, fail('unsupported-media-type', 'Send the arguments as application/json.'));
      let args: unknown;
      try {
        const body = await readBody(req, MAX_JSON_BYTES);
        args = body.length === 0 ? {} : JSON.parse(body.toString('utf8'));
      } catch (err) {
        if (err instanceof BodyTooLarge) return sendJson(res, 413, fail('too-large', 'The request is too large.'));
        return sendJson(res, 400, fail('invalid-json', 'The request body is not valid JSON.'));
      }
      return sendResult(res, await runDispatch(invoke[1]!, args));
    }
    if (url.pathname === '/api/files') {
      let data: Buffer;
      try {
        data = await readBody(req, MAX_STAGE_BYTES_OVER_IPC);
      } catch (err) {
        if (err instanceof BodyTooLarge) {
          return sendJson(res, 413, fail('too-large', `The file is larger than ${MAX_STAGE_BYTES_OVER_IPC / (1024 * 1024)} MB, the most the browser shell can take.`));
        }
        throw err;
      }
      const name = url.searchParams.get('name') ?? '';
      return sendResult(res, await runDispatch('files:stageBytes', { name, data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength) }));
    }
    return sendJson(res, 404, fail('unknown-channel', 'That request is not part of the app contract.'));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const isApi = url.pathname.startsWith('/api/');
    const isRead = req.method === 'GET' || req.method === 'HEAD';
    const verdict = checkRequest(req, url, { token, cookieSecret, port, cookieAllowed: isRead && !isApi });
    if (!verdict.ok) {
      log.warn('refused a request', { status: verdict.status, reason: verdict.reason, method: req.method, path: url.pathname });
      return sendText(res, verdict.status, verdict.status === 401 ? 'Unauthorized: open the link printed when the app started.' : 'Forbidden');
    }
    if (isApi) return handleApi(req, res, url);
    if (!isRead) return sendText(res, 405, 'Method not allowed');
    const found = await findStatic(options.rendererDir, services.assetFiles ?? services.engine, url.pathname);
    if (!found) return sendText(res, 404, 'Not found');
    if (found.kind === 'asset') return serveFile(req, res, found, ASSET_CACHE_CONTROL);
    const isPage = found.kind === 'page';
    // The page's own scripts, styles and workers are fetched without the query string: the cookie (not the token) opens them.
    const cookie: Record<string, string> = isPage && verdict.via === 'query' ? { 'Set-Cookie': `${cookieName(port)}=${cookieSecret}; HttpOnly; SameSite=Strict; Path=/` } : {};
    return serveFile(req, res, found, isPage ? 'no-store' : 'no-cache', cookie);
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      log.error('browser shell request failed', { path: req.url?.split('?')[0], error: err });
      if (!res.headersSent) sendText(res, 500, 'Internal error');
      else res.destroy();
    });
  });

  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const verdict = url.pathname === '/api/events' ? checkRequest(req, url, { token, cookieSecret, port, cookieAllowed: false }) : ({ ok: false, status: 404, reason: 'no such socket' } as const);
    if (!verdict.ok) {
      log.warn('refused an event socket', { status: verdict.status, reason: verdict.reason, path: url.pathname });
      const text = verdict.status === 401 ? 'Unauthorized' : verdict.status === 403 ? 'Forbidden' : 'Not Found';
      socket.end(`HTTP/1.1 ${verdict.status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    sockets.accept(req, socket, head);
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, bindHost, () => {
      server.off('error', reject);
      resolve();
    });
  });
  port = (server.address() as AddressInfo).port;
  const host = options.host ?? '127.0.0.1';
  const origin = `http://${host}:${port}`;
  log.info('browser shell listening', { origin });

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/?token=${token}`,
    origin,
    port,
    token,
    close: () =>
      (closing ??= (async () => {
        await sockets.close();
        unregisterSecret(token);
        unregisterSecret(cookieSecret);
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
      })()),
  };
}
