/**
 * A multipart/form-data body streamed from disk. The length is computed from
 * the part sizes up front (so the request carries Content-Length and no file
 * is ever held in memory: a 500 MB model upload reads through a small buffer).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';

export interface FilePart {
  path: string;
  /** File name sent in Content-Disposition. */
  name: string;
  mime: string;
  size: number;
}

export type MultipartValue = string | FilePart;

export interface MultipartBody {
  contentType: string;
  length: number;
  /** A fresh stream of the body each call (a resend reads the files again). */
  stream(): Readable;
}

function quote(value: string): string {
  // RFC 7578: quotes and line breaks in names are percent-encoded.
  return value.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

export function isFilePart(value: unknown): value is FilePart {
  return typeof value === 'object' && value !== null && typeof (value as FilePart).path === 'string' && typeof (value as FilePart).size === 'number';
}

export function encodeMultipart(fields: [string, MultipartValue][], boundary = `----AssetStudio${crypto.randomBytes(12).toString('hex')}`): MultipartBody {
  const pieces: (Buffer | FilePart)[] = [];
  for (const [name, value] of fields) {
    if (typeof value === 'string') {
      pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"\r\n\r\n${value}\r\n`, 'utf8'));
    } else {
      pieces.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"; filename="${quote(value.name)}"\r\nContent-Type: ${value.mime}\r\n\r\n`,
          'utf8',
        ),
      );
      pieces.push(value);
      pieces.push(Buffer.from('\r\n'));
    }
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  const length = pieces.reduce((n, p) => n + (Buffer.isBuffer(p) ? p.length : p.size), 0);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    length,
    stream: () =>
      Readable.from(
        (async function* () {
          for (const piece of pieces) {
            if (Buffer.isBuffer(piece)) {
              yield piece;
              continue;
            }
            let sent = 0;
            for await (const chunk of fs.createReadStream(piece.path, { highWaterMark: 256 * 1024 })) {
              sent += (chunk as Buffer).length;
              yield chunk as Buffer;
            }
            // A file that changed size since staging would make Content-Length lie: stop rather than send a corrupt body.
            if (sent !== piece.size) throw new Error(`${piece.name} changed size while it was being sent (${sent} of ${piece.size} bytes).`);
          }
        })(),
        { objectMode: false },
      ),
  };
}
