/**
 * Validates one row before anything is sent: the request against the
 * catalogue (`checkRequest`), and each file field's file (found next to the
 * list, size and type by content, sha256 for duplicate detection).
 */
import type { PathGate } from '../allowed-roots';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ENDPOINTS, SNIFF_BYTES, checkFile, checkRequest, type FieldProblem, type FieldSpec, type GenerationKind } from '../../../shared/api';
import { coerceRow, fileFieldsOf } from './coerce';

export interface RowFile {
  /** Absolute path of the file the row names. */
  path: string;
  sha256: string;
  size: number;
}

export interface CheckedRow {
  kind: GenerationKind | undefined;
  fields: Record<string, unknown>;
  problems: FieldProblem[];
  /** The row's files by field name (only those that passed their checks). */
  files: Record<string, RowFile>;
}

/** In a list, a file field holds a path (relative to the list file). */
const filePathSchema = z.string({ error: 'give the path of the file, relative to the list file' }).min(1);

export async function checkRow(values: Record<string, unknown>, listKind: string | undefined, listDir: string | undefined, gate?: PathGate): Promise<CheckedRow> {
  const coerced = coerceRow(values, listKind);
  const { kind, fields } = coerced;
  const problems = [...coerced.problems];
  const files: Record<string, RowFile> = {};
  if (!kind) return { kind, fields, problems, files };

  const check = checkRequest(kind, fields, { file: filePathSchema });
  if (!check.ok) problems.push(...check.problems);

  const specs = ENDPOINTS[kind].fields as Readonly<Record<string, FieldSpec>>;
  for (const name of fileFieldsOf(kind)) {
    const value = fields[name];
    if (typeof value !== 'string' || value === '') continue;
    const spec = specs[name];
    if (spec?.type !== 'file') continue;
    const found = await checkRowFile(name, spec.label, spec.accept, spec.maxBytes, value, listDir, gate);
    if ('problem' in found) problems.push(found.problem);
    else files[name] = found.file;
  }
  return { kind, fields, problems: dedupe(problems), files };
}

async function checkRowFile(
  field: string,
  label: string,
  accept: Parameters<typeof checkFile>[1],
  maxBytes: number,
  given: string,
  listDir: string | undefined,
  gate: PathGate | undefined,
): Promise<{ file: RowFile } | { problem: FieldProblem }> {
  if (!path.isAbsolute(given) && !listDir) {
    return { problem: { field, message: `${field}: "${given}" is relative, but the list was not opened from a folder. Open the list by its path, or give an absolute path.` } };
  }
  let abs = path.resolve(listDir ?? '/', given);
  if (gate) {
    // The browser shell's allowed folders, checked before the file is read (allowed-roots.ts).
    const real = await gate.check(abs);
    if (!real.ok) {
      const message = real.problem.reason === 'outside-allowed-folders' ? `"${given}" is outside your home folder and the app's data folder, the only places the browser can read from.` : `no file at "${given}".`;
      return { problem: { field, message: `${field}: ${message}` } };
    }
    abs = real.value;
  }
  let stat;
  try {
    stat = await fs.stat(abs);
  } catch {
    return { problem: { field, message: `${field}: no file at "${given}" (looked in ${listDir ?? 'the given path'}).` } };
  }
  if (!stat.isFile()) return { problem: { field, message: `${field}: "${given}" is not a file.` } };
  const head = Buffer.alloc(Math.min(SNIFF_BYTES, stat.size));
  const handle = await fs.open(abs, 'r');
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  const checked = checkFile(label, accept, head, stat.size, maxBytes);
  if (!checked.ok) return { problem: { field, message: checked.message } };
  return { file: { path: abs, size: stat.size, sha256: await sha256File(abs) } };
}

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

function dedupe(problems: FieldProblem[]): FieldProblem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.field}\u0000${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
