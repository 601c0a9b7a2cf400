/**
 * One HTTP exchange over node:http(s), with the facts the job engine needs:
 * whether the request body had been handed to the network when something
 * failed (a failure before that certainly created nothing), an idle deadline
 * (no byte moving either way for a while; a long upload on a slow line that
 * keeps moving is never cut) and cancellation, bodies streamed from disk,
 * answers streamed to a file.
 *
 * A redirect is never followed (node:http does not, and nothing here does):
 * a signed request reaches only the URL it was made for, so a 3xx comes back
 * as an answer and the caller refuses it (client.test.ts checks this).
 */
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { pipeline } from 'node:stream/promises';
import type { MultipartBody } from './multipart';

export interface RawRequest {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: Buffer | MultipartBody;
  signal?: AbortSignal;
  /**
   * Idle deadline: the exchange fails when no byte has moved (connected, body
   * bytes written, answer bytes read) for this long. Not a total deadline.
   */
  idleMs?: number;
  /** A 2xx answer's body goes to this file instead of memory. */
  toFile?: string;
  /** Most bytes of an answer kept in memory (larger answers are cut there). */
  maxBufferBytes?: number;
  /** With `toFile`: most bytes written. A larger declared length is refused before any byte is written; a stream passing it is stopped. */
  maxFileBytes?: number;
  /** With `toFile`: every chunk of the body, in order, as it is written (to measure it without reading the file back). */
  onFileChunk?: (chunk: Buffer) => void;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  contentType: string | undefined;
  /** The body, when it was kept in memory. */
  body: Buffer;
  /** Bytes written to `toFile`, when the answer went there. */
  fileBytes?: number;
  /** The answer's Content-Length, when it had one. */
  declaredBytes?: number;
  /** The body was over `maxFileBytes` (declared or streamed) and was stopped there. */
  overLimit?: boolean;
}

/** Where the exchange was when it failed. */
export type SendPhase = 'before-send' | 'sent' | 'response';

export class TransportError extends Error {
  override name = 'TransportError';
  constructor(
    message: string,
    readonly phase: SendPhase,
    readonly reason: 'network' | 'aborted' | 'timeout',
    readonly code?: string,
  ) {
    super(message);
  }
}

const CONNECT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'ECONNRESET', 'EPIPE']);

/** The local disk refused a write (the answer's file could not be written): not the connection's fault. */
export function isDiskCode(code: string | undefined): boolean {
  return code !== undefined && ['ENOSPC', 'EIO', 'EACCES', 'EPERM', 'EROFS', 'EDQUOT'].includes(code);
}

export function isConnectionCode(code: string | undefined): boolean {
  return code !== undefined && CONNECT_CODES.has(code);
}

export function send(req: RawRequest): Promise<RawResponse> {
  const url = new URL(req.url);
  // The idle deadline's own signal: aborted by the idle timer below, told apart from the caller's cancel.
  const idle = req.idleMs !== undefined ? new AbortController() : undefined;
  const signals = [req.signal, idle?.signal].filter((s): s is AbortSignal => s !== undefined);
  const signal = signals.length > 1 ? AbortSignal.any(signals) : signals[0];
  const lib = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string | number> = { ...req.headers };
  if (req.body) {
    if (Buffer.isBuffer(req.body)) headers['content-length'] = req.body.length;
    else {
      headers['content-type'] = req.body.contentType;
      headers['content-length'] = req.body.length;
    }
  } else if (req.method === 'POST') headers['content-length'] = 0;

  return new Promise<RawResponse>((resolve, reject) => {
    let phase: SendPhase = 'before-send';
    let settled = false;
    let idleTimer: ReturnType<typeof setTimeout> | undefined;
    /** A byte moved (or the connection opened): the idle deadline starts again. */
    const moved = () => {
      if (!idle || settled) return;
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = setTimeout(() => idle.abort(), req.idleMs);
      (idleTimer as { unref?: () => void }).unref?.();
    };
    const done = (err: Error | undefined, value?: RawResponse) => {
      if (settled) return;
      settled = true;
      if (idleTimer) clearTimeout(idleTimer);
      if (err) reject(err);
      else resolve(value!);
    };
    const abortReason = (): 'aborted' | 'timeout' => (idle?.signal.aborted && !req.signal?.aborted ? 'timeout' : 'aborted');
    const wrap = (err: unknown): TransportError => {
      if (err instanceof TransportError) return err;
      if (signal?.aborted) {
        const reason = abortReason();
        return new TransportError(reason === 'timeout' ? `Nothing came from the service for ${Math.round((req.idleMs ?? 0) / 1000)} s.` : 'Cancelled.', phase, reason);
      }
      const e = err as NodeJS.ErrnoException;
      return new TransportError(e?.message ?? String(err), phase, 'network', e?.code);
    };
    if (signal?.aborted) {
      done(wrap(new Error('aborted')));
      return;
    }

    // agent: false: a fresh connection per call, so a dropped keep-alive socket never looks like a sent body.
    const request = lib.request(url, { method: req.method, headers, agent: false, signal });
    moved();
    request.on('error', (err) => done(wrap(err)));
    request.on('socket', (socket) => socket.once('connect', moved));
    // 'finish': every byte of the body went to the operating system; from here the service may act on it.
    request.on('finish', () => {
      moved();
      if (phase === 'before-send') phase = 'sent';
    });
    request.on('response', (res) => {
      phase = 'response';
      moved();
      res.on('data', moved);
      const status = res.statusCode ?? 0;
      const contentType = res.headers['content-type'];
      if (req.toFile && status >= 200 && status < 300) {
        const length = Number(res.headers['content-length']);
        const declaredBytes = res.headers['content-length'] !== undefined && Number.isFinite(length) ? length : undefined;
        const limit = req.maxFileBytes;
        const base = { status, headers: res.headers, contentType, body: Buffer.alloc(0), ...(declaredBytes !== undefined ? { declaredBytes } : {}) };
        if (limit !== undefined && declaredBytes !== undefined && declaredBytes > limit) {
          res.destroy();
          done(undefined, { ...base, fileBytes: 0, overLimit: true });
          return;
        }
        let bytes = 0;
        let over = false;
        res.on('data', (c: Buffer) => {
          if (over) return;
          bytes += c.length;
          if (limit !== undefined && bytes > limit) {
            over = true;
            res.destroy();
            return;
          }
          req.onFileChunk?.(c);
        });
        const cut = () => new TransportError(`The download ended early (${bytes}${declaredBytes !== undefined ? ` of the ${declaredBytes}` : ''} bytes announced arrived).`, 'response', 'network');
        pipeline(res, fs.createWriteStream(req.toFile)).then(
          () => {
            if (over) done(undefined, { ...base, fileBytes: bytes, overLimit: true });
            else if (!res.complete) done(cut());
            else done(undefined, { ...base, fileBytes: bytes });
          },
          (err) => {
            if (over) done(undefined, { ...base, fileBytes: bytes, overLimit: true });
            // The server closed the connection mid-body (not our cancel or deadline): say how much came.
            else if (!signal?.aborted && !res.complete && !isDiskCode((err as NodeJS.ErrnoException)?.code)) done(cut());
            else done(wrap(err));
          },
        );
        return;
      }
      const max = req.maxBufferBytes ?? 4 * 1024 * 1024;
      const chunks: Buffer[] = [];
      let kept = 0;
      res.on('data', (c: Buffer) => {
        if (kept >= max) return;
        chunks.push(c);
        kept += c.length;
      });
      res.on('end', () => {
        if (!res.complete) done(new TransportError('The answer ended early.', 'response', 'network'));
        else done(undefined, { status, headers: res.headers, contentType, body: Buffer.concat(chunks).subarray(0, max) });
      });
      res.on('error', (err) => done(wrap(err)));
      res.on('aborted', () => done(new TransportError('The answer ended early.', 'response', 'network')));
    });

    if (!req.body) request.end();
    else if (Buffer.isBuffer(req.body)) request.end(req.body);
    else {
      const body = req.body.stream();
      body.on('data', moved);
      pipeline(body, request).catch((err) => {
        request.destroy(err as Error);
        done(wrap(err));
      });
    }
  });
}
