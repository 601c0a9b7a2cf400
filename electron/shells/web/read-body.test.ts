import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readBody } from './server';

function request(chunks: string[], contentLength?: number): IncomingMessage {
  const req = Readable.from(chunks.map((c) => Buffer.from(c))) as unknown as IncomingMessage;
  req.headers = contentLength === undefined ? {} : { 'content-length': String(contentLength) };
  return req;
}

describe('readBody: the bytes sent, however the length was declared', () => {
  it.each([
    ['the length it declared', ['abc', 'de', 'f'], 6, 'abcdef'],
    ['shorter than it declared', ['abc', 'de'], 9, 'abcde'],
    ['longer than it declared', ['abc', 'de', 'fgh'], 4, 'abcdefgh'],
    ['no length declared', ['abc', 'de'], undefined, 'abcde'],
    ['empty', [], 0, ''],
  ] as const)('%s', async (_name, chunks, declared, expected) => {
    expect((await readBody(request([...chunks], declared), 100)).toString()).toBe(expected);
  });

  it('refuses a body past the limit, declared or not', async () => {
    await expect(readBody(request(['x'], 101), 100)).rejects.toThrow();
    await expect(readBody(request(['x'.repeat(60), 'y'.repeat(60)]), 100)).rejects.toThrow();
    await expect(readBody(request(['x'.repeat(60), 'y'.repeat(60)], 50), 100)).rejects.toThrow();
  });
});
