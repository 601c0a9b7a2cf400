/**
 * multipart/form-data parsing for the sandbox: text parts become strings,
 * file parts stream to files in the upload folder (never buffered whole).
 * A part that grows past its field's limit stops the parse at once with a
 * 422-worthy problem; the rest of the request body is drained, not stored.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage } from 'node:http';
import busboy from 'busboy';
import { checkFile, SNIFF_BYTES, type FileKind } from '../../shared/api';

export interface UploadedFile {
  /** Id of the file in the upload folder. */
  id: string;
  path: string;
  size: number;
  format: string;
  mime: string;
  filename: string;
}

export interface FileRule {
  kind: FileKind;
  maxBytes: number;
}

export type MultipartResult =
  | { ok: true; fields: Record<string, string>; files: Record<string, UploadedFile> }
  | { ok: false; field: string; message: string };

/** Parses the request. `fileRules` names the file fields the endpoint accepts; other file parts are skipped. */
export function parseMultipart(
  req: IncomingMessage,
  fileRules: Record<string, FileRule>,
  uploadPath: (id: string) => string,
): Promise<MultipartResult> {
  return new Promise((resolve) => {
    const fields: Record<string, string> = {};
    const files: Record<string, UploadedFile> = {};
    const written: string[] = [];
    const pendingWrites: Promise<void>[] = [];
    let settled = false;
    const maxAny = Math.max(1, ...Object.values(fileRules).map((r) => r.maxBytes));

    const fail = (field: string, message: string) => {
      if (settled) return;
      settled = true;
      for (const p of written) fs.rm(p, { force: true }, () => {});
      req.unpipe();
      req.resume();
      resolve({ ok: false, field, message });
    };

    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: req.headers, limits: { fileSize: maxAny + 1, fields: 200, fieldSize: 1024 * 1024 } });
    } catch (err) {
      resolve({ ok: false, field: 'body', message: `body: not a valid multipart/form-data request (${err instanceof Error ? err.message : String(err)}).` });
      return;
    }

    parser.on('field', (name, value) => {
      fields[name] = value;
    });

    parser.on('file', (name, stream, info) => {
      const rule = fileRules[name];
      if (!rule || settled) {
        stream.resume();
        return;
      }
      const id = `upl_${crypto.randomBytes(10).toString('hex')}`;
      const filePath = uploadPath(id);
      written.push(filePath);
      const out = fs.createWriteStream(filePath);
      const head: Buffer[] = [];
      let headBytes = 0;
      let size = 0;
      let tooLarge = false;
      stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (headBytes < SNIFF_BYTES) {
          head.push(chunk);
          headBytes += chunk.length;
        }
        if (size > rule.maxBytes && !tooLarge) {
          tooLarge = true;
          out.destroy();
          const check = checkFile(name, rule.kind, new Uint8Array(0), size, rule.maxBytes);
          fail(name, check.ok ? `${name}: the file is too large.` : check.message);
        }
      });
      stream.pipe(out);
      pendingWrites.push(
        new Promise<void>((done) => {
          out.on('close', () => {
            if (tooLarge || settled) return done();
            const check = checkFile(name, rule.kind, new Uint8Array(Buffer.concat(head)), size, rule.maxBytes);
            if (!check.ok) fail(name, check.message);
            else files[name] = { id, path: filePath, size, format: check.format, mime: check.mime, filename: info.filename ?? name };
            done();
          });
          out.on('error', () => done());
        }),
      );
    });

    parser.on('error', (err: Error) => {
      // A form with no parts at all (what FormData sends when empty) reads as an empty request: the field checks then name what is missing.
      if (!Object.keys(fields).length && !written.length) {
        if (settled) return;
        settled = true;
        req.resume();
        resolve({ ok: true, fields, files });
        return;
      }
      fail('body', `body: the multipart body could not be read (${err.message}).`);
    });
    parser.on('close', () => {
      void Promise.all(pendingWrites).then(() => {
        if (settled) return;
        settled = true;
        resolve({ ok: true, fields, files });
      });
    });
    req.pipe(parser);
  });
}
