/**
 * Small file helpers for data the app must not half-write: a temporary file in
 * the same directory, then a rename over the target (atomic on one volume).
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

function tempPathFor(target: string): string {
  return join(dirname(target), `.${basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
}

export function writeFileAtomicSync(target: string, data: string | Uint8Array, mode = 0o600): void {
  mkdirSync(dirname(target), { recursive: true });
  const temp = tempPathFor(target);
  try {
    writeFileSync(temp, data, { mode });
    renameSync(temp, target);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}

export async function writeFileAtomic(target: string, data: string | Uint8Array, mode = 0o600): Promise<void> {
  await mkdir(dirname(target), { recursive: true });
  const temp = tempPathFor(target);
  try {
    await writeFile(temp, data, { mode });
    await rename(temp, target);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}
