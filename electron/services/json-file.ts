/**
 * The app's own JSON files in the data folder (export records, secrets,
 * settings, batches): read against a zod schema, where a file that is not
 * JSON or fails the schema is set aside under a name that says so and never
 * half-used; written atomically (a temporary file in the same folder, flushed
 * to disk, then renamed over the target), readable by the user only.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';

export interface Opened<T> {
  /** The file's content when it was there and passed the schema. */
  value?: T;
  /** Where an unreadable file was moved (`NAME.unreadable-<ms>.json` beside it). */
  setAside?: string;
}

/** `exports.json` → `exports.unreadable-1700000000000.json`, in the same folder. */
export function asideName(file: string, now = Date.now()): string {
  const ext = path.extname(file);
  return path.join(path.dirname(file), `${path.basename(file, ext)}.unreadable-${now}${ext}`);
}

/** Moves an unreadable file out of the way, keeping it for the user; returns where it went. */
export function setAside(file: string): string {
  const aside = asideName(file);
  renameSync(file, aside);
  return aside;
}

function parsed<T>(text: string, schema: z.ZodType<T>): T | undefined {
  try {
    const result = schema.safeParse(JSON.parse(text));
    return result.success ? result.data : undefined;
  } catch {
    return undefined;
  }
}

/** Reads a JSON file against its schema: nothing when absent; set aside when unreadable. */
export function openJsonFileSync<T>(file: string, schema: z.ZodType<T>): Opened<T> {
  if (!existsSync(file)) return {};
  const value = parsed(readFileSync(file, 'utf8'), schema);
  return value !== undefined ? { value } : { setAside: setAside(file) };
}

export async function openJsonFile<T>(file: string, schema: z.ZodType<T>): Promise<Opened<T>> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
  const value = parsed(text, schema);
  if (value !== undefined) return { value };
  const aside = asideName(file);
  await fs.rename(file, aside);
  return { setAside: aside };
}

function tempPathFor(target: string): string {
  return path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
}

export interface AtomicOptions {
  /** File mode (default 0600: the data folder's files hold prompts, paths and secrets). */
  mode?: number;
  /** False: write into a folder that exists (and was judged) only, never making one on the way. */
  createFolder?: boolean;
}

/** Writes a file so readers see the old or the new content, never a mix, and a crash leaves one of the two. */
export function writeFileAtomicSync(target: string, data: string | Uint8Array, { mode = 0o600, createFolder = true }: AtomicOptions = {}): void {
  if (createFolder) mkdirSync(path.dirname(target), { recursive: true });
  const temp = tempPathFor(target);
  try {
    const fd = openSync(temp, 'w', mode);
    try {
      writeSync(fd, typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, target);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}

export async function writeFileAtomic(target: string, data: string | Uint8Array, { mode = 0o600, createFolder = true }: AtomicOptions = {}): Promise<void> {
  if (createFolder) await fs.mkdir(path.dirname(target), { recursive: true });
  const temp = tempPathFor(target);
  try {
    const handle = await fs.open(temp, 'w', mode);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temp, target);
  } catch (err) {
    await fs.rm(temp, { force: true });
    throw err;
  }
}

/** The app's JSON layout: one space of indent, a final newline. */
export function writeJsonFileSync(file: string, value: unknown, options?: AtomicOptions): void {
  writeFileAtomicSync(file, `${JSON.stringify(value, null, 1)}\n`, options);
}
