/**
 * Getting a batch list's text. `batch:import` reads only list files: a path
 * is judged by its real path's extension (the file it leads to on disk, never
 * the `name` the caller gives), by its size before it is read, and by its
 * content (UTF-8 text; a CSV whose header names no request field is not a
 * list). A refusal never quotes the file: a key file opened as a list would
 * otherwise come back in the error, or as rows.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { ENDPOINTS, GENERATION_KINDS, type FieldSpec } from '../../../shared/api';
import { fail, ok, type BatchImportArgs, type Result } from '../../../shared/ipc';
import { LIST_LIMITS, NOT_A_LIST_FILE, formatOfPath, formatOfText, listText, tooBigMessage, type ListFormat, type ParsedList } from './parse-list';

export interface ListText {
  text: string;
  /** The path as the user gave it, resolved (file fields resolve next to it). */
  listPath?: string;
  format: ListFormat;
}

export async function readList(args: Pick<BatchImportArgs, 'path' | 'text' | 'name'>): Promise<Result<ListText>> {
  if (args.path === undefined) {
    const text = args.text ?? '';
    const checked = listText(Buffer.from(text, 'utf8'));
    if (!checked.ok) return fail('invalid-list', checked.message);
    return ok({ text, format: formatOfText(args.name, text) });
  }
  const listPath = path.resolve(args.path);
  let real: string;
  try {
    real = await fs.realpath(listPath);
  } catch (err) {
    return fail('not-found', `The list could not be read at ${listPath}: ${(err as NodeJS.ErrnoException).code ?? 'it cannot be opened'}.`);
  }
  const format = formatOfPath(real);
  if (!format) return fail('not-a-list', NOT_A_LIST_FILE);
  let handle;
  try {
    handle = await fs.open(real, 'r');
  } catch (err) {
    return fail('not-found', `The list could not be read at ${listPath}: ${(err as NodeJS.ErrnoException).code ?? 'it cannot be opened'}.`);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return fail('not-a-list', `${listPath} is not a file. ${NOT_A_LIST_FILE}`);
    if (stat.size > LIST_LIMITS.maxBytes) return fail('list-too-big', tooBigMessage(stat.size));
    // One byte more than the limit: a file that grew after the size was read is still refused.
    const buffer = Buffer.alloc(LIST_LIMITS.maxBytes + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const checked = listText(buffer.subarray(0, bytesRead));
    if (!checked.ok) return fail('invalid-list', checked.message);
    return ok({ text: checked.text, listPath, format });
  } finally {
    await handle.close();
  }
}

let knownColumns: Set<string> | undefined;

/** Every field name of every kind, and `kind`. */
function columnsOfCatalogue(): Set<string> {
  if (!knownColumns) {
    knownColumns = new Set(['kind']);
    for (const kind of GENERATION_KINDS) for (const name of Object.keys(ENDPOINTS[kind].fields as Record<string, FieldSpec>)) knownColumns.add(name);
  }
  return knownColumns;
}

/** A CSV or TSV whose header row names no request field is not a batch list (a config or key file, say). */
export function headerRefusal(parsed: Extract<ParsedList, { ok: true }>): string | undefined {
  if (parsed.format !== 'csv' && parsed.format !== 'tsv') return undefined;
  const known = columnsOfCatalogue();
  if ((parsed.columns ?? []).some((c) => known.has(c))) return undefined;
  return 'The first row of this list names no request field. A batch list starts with a header row of field names, such as kind and prompt (or use a .txt file with one prompt per line).';
}
