/**
 * Large byte arrays in a checking process's answer go through a temporary
 * file, not the IPC pipe. Main takes a pipe message in whole on its own
 * loop: the 500k-triangle model's 72 MB OBJ arriving that way held main's
 * loop 291 ms (bench:hostile, a quiet machine). Read back with
 * `fs.readFile`, the bytes are gathered on libuv's pool instead.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** Arrays from this size on are spilled to a file. */
export const SPILL_BYTES = 4 * 1024 * 1024;

interface Spilled {
  spilledTo: string;
}

const isSpilled = (v: unknown): v is Spilled => !!v && typeof v === 'object' && typeof (v as Spilled).spilledTo === 'string' && Object.keys(v).length === 1;

/** Replaces, in place and up to 4 levels down (an export's outputs), each value `swap` gives a new one for. */
async function walk(value: unknown, swap: (v: unknown) => Promise<unknown> | undefined, depth = 0): Promise<unknown> {
  const swapped = swap(value);
  if (swapped) return swapped;
  if (depth > 3 || !value || typeof value !== 'object' || ArrayBuffer.isView(value)) return value;
  const entries = Array.isArray(value) ? [...value.entries()] : Object.entries(value);
  for (const [key, v] of entries) (value as Record<string | number, unknown>)[key] = await walk(v, swap, depth + 1);
  return value;
}

/** In the checking process: large arrays written under `dir` (private to this process) and named instead. */
export function spill<T>(answer: T, dir: string): Promise<T> {
  let n = 0;
  return walk(answer, (v) => {
    if (!(v instanceof Uint8Array) || v.byteLength < SPILL_BYTES) return undefined;
    const file = path.join(dir, `${process.pid}-${Date.now()}-${n++}.bin`);
    return fs.writeFile(file, v, { mode: 0o600, flag: 'wx' }).then((): Spilled => ({ spilledTo: file }));
  }) as Promise<T>;
}

/** In main: each spilled array read back (on libuv's pool) and its file removed. */
export function unspill<T>(answer: T): Promise<T> {
  return walk(answer, (v) => {
    if (!isSpilled(v)) return undefined;
    return fs.readFile(v.spilledTo).then(async (bytes) => {
      await fs.rm(v.spilledTo, { force: true });
      return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    });
  }) as Promise<T>;
}
