/**
 * Reads a batch list: a CSV (or TSV) with a header row of field names, a
 * plain text file with one prompt per line (no header; commas are part of the
 * prompt), or a JSON array of objects. One row is one request. Values come
 * back as the list gave them (cells are strings); empty cells mean "not given".
 *
 * Lists come from outside and main must never stall on one (a 300,000-row CSV
 * used to hold it for minutes; a JSON value nested 100,000 deep left a batch
 * that could not be answered): the size is checked before anything is read,
 * JSON nesting and row counts before anything is parsed, and parsing goes
 * through the text in slices, yielding to the event loop between them.
 * Refusals name the limit in plain words and never quote the file.
 */
import { parse as csvParser } from 'csv-parse';
import path from 'node:path';
import { setImmediate as yieldToLoop } from 'node:timers/promises';

export interface RawRow {
  /** 1-based row number (data rows only). */
  row: number;
  values: Record<string, unknown>;
}

/** `lines`: a `.txt` list, one prompt per line. */
export type ListFormat = 'csv' | 'tsv' | 'lines' | 'json';

/** `columns`: a CSV's or TSV's header row. */
export type ParsedList = { ok: true; rows: RawRow[]; format: ListFormat; columns?: string[] } | { ok: false; message: string };

export const LIST_LIMITS = {
  /** Bytes of the list file. */
  maxBytes: 5 * 1024 * 1024,
  /** Rows (requests) in one list. */
  maxRows: 10_000,
  /** How deep a JSON list may nest arrays and objects (the list itself is level 1). */
  maxDepth: 64,
} as const;

/** Characters handled between two yields to the event loop. */
const SLICE = 64 * 1024;

const BY_EXTENSION: Record<string, ListFormat> = { '.csv': 'csv', '.tsv': 'tsv', '.txt': 'lines', '.json': 'json' };

export const LIST_EXTENSIONS = Object.keys(BY_EXTENSION);

export const NOT_A_LIST_FILE = `Only list files can be opened as a batch: ${LIST_EXTENSIONS.join(', ')}.`;

/** A list opened by path is judged by its real path's extension (what it is on disk, never a name the caller gives). */
export function formatOfPath(realPath: string): ListFormat | undefined {
  return BY_EXTENSION[path.extname(realPath).toLowerCase()];
}

/**
 * A list given as text (a file picked in the browser, whose page has already read it): JSON by its content;
 * otherwise the picked file's extension tells a one-prompt-per-line list and a TSV from a CSV.
 */
export function formatOfText(name: string | undefined, text: string): ListFormat {
  if (startsLikeJson(text)) return 'json';
  const byName = name ? BY_EXTENSION[path.extname(name).toLowerCase()] : undefined;
  return byName && byName !== 'json' ? byName : 'csv';
}

function startsLikeJson(text: string): boolean {
  return text.replace(/^\uFEFF/, '').trimStart().startsWith('[');
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export function tooBigMessage(bytes: number): string {
  return `This list is ${megabytes(bytes)}; a batch list may be at most ${megabytes(LIST_LIMITS.maxBytes)}. Split it into smaller lists.`;
}

export function tooManyRowsMessage(): string {
  return `This list has more than ${LIST_LIMITS.maxRows.toLocaleString('en-US')} rows; a batch may have at most ${LIST_LIMITS.maxRows.toLocaleString('en-US')}. Split it into smaller lists.`;
}

export function tooDeepMessage(): string {
  return `This JSON list nests values more than ${LIST_LIMITS.maxDepth} levels deep; a batch list may nest at most ${LIST_LIMITS.maxDepth}. It is damaged, or not a list of requests.`;
}

/**
 * Bytes of a list file, before they are read as text: the size limit, then text only (UTF-8, no control
 * characters besides tabs and line ends), so a binary or a key file is refused without its contents being echoed.
 */
export function listText(bytes: Uint8Array): { ok: true; text: string } | { ok: false; message: string } {
  if (bytes.byteLength > LIST_LIMITS.maxBytes) return { ok: false, message: tooBigMessage(bytes.byteLength) };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, message: 'This file is not a text list (it is not UTF-8 text).' };
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/.test(text)) return { ok: false, message: 'This file is not a text list (it holds binary data).' };
  return { ok: true, text };
}

export async function parseList(text: string, format: ListFormat): Promise<ParsedList> {
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > LIST_LIMITS.maxBytes) return { ok: false, message: tooBigMessage(bytes) };
  switch (format) {
    case 'json':
      return parseJsonList(text);
    case 'lines':
      return parseLines(text);
    default:
      return parseDelimited(text, format === 'tsv' ? '\t' : ',');
  }
}

async function parseLines(text: string): Promise<ParsedList> {
  const rows: RawRow[] = [];
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  for (let i = 0; i < lines.length; i++) {
    if (i % 2000 === 1999) await yieldToLoop();
    const prompt = lines[i]!.trim();
    if (prompt === '') continue;
    if (rows.length === LIST_LIMITS.maxRows) return { ok: false, message: tooManyRowsMessage() };
    rows.push({ row: rows.length + 1, values: { prompt } });
  }
  if (rows.length === 0) return { ok: false, message: 'The list has no rows: write one prompt per line.' };
  return { ok: true, rows, format: 'lines' };
}

/** csv-parse's error codes in an artist's words (its own messages can quote the cell they stopped at). */
function csvProblem(err: unknown): string {
  const e = err as { code?: string; lines?: number };
  const where = typeof e.lines === 'number' ? ` (line ${e.lines})` : '';
  switch (e.code) {
    case 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH':
    case 'CSV_RECORD_INCONSISTENT_COLUMNS':
      return `a row has a different number of cells than the header row${where}`;
    case 'CSV_QUOTE_NOT_CLOSED':
      return `a quoted cell is never closed${where}`;
    case 'CSV_INVALID_OPENING_QUOTE':
    case 'CSV_INVALID_CLOSING_QUOTE':
      return `a quote mark is in the middle of a cell${where}; put the whole cell in quotes and double the quote marks inside it`;
    default:
      return `it is not a valid list${where}`;
  }
}

async function parseDelimited(text: string, delimiter: ',' | '\t'): Promise<ParsedList> {
  const kind = delimiter === '\t' ? 'TSV' : 'CSV';
  const records: Record<string, string>[] = [];
  let columns: string[] = [];
  let tooMany = false;
  const parser = csvParser({
    columns: (header: string[]) => (columns = header.map((h) => h.trim())),
    bom: true,
    skip_empty_lines: true,
    trim: true,
    relax_column_count: false,
    delimiter,
    // A TSV has no quoting: a quote mark is part of the prompt.
    ...(delimiter === '\t' ? { quote: false } : {}),
  });
  const done = new Promise<void>((resolve, reject) => {
    parser.on('readable', () => {
      let record: Record<string, string> | null;
      while ((record = parser.read() as Record<string, string> | null) !== null) {
        if (records.length === LIST_LIMITS.maxRows) {
          tooMany = true;
          parser.destroy();
          resolve();
          return;
        }
        records.push(record);
      }
    });
    parser.on('error', reject);
    parser.on('end', resolve);
    parser.on('close', resolve);
  });
  done.catch(() => undefined);
  try {
    for (let at = 0; at < text.length && !tooMany && !parser.destroyed; at += SLICE) {
      parser.write(text.slice(at, at + SLICE));
      await yieldToLoop();
    }
    if (!parser.destroyed) parser.end();
    await done;
  } catch (err) {
    return { ok: false, message: `The ${kind} could not be read: ${csvProblem(err)}.` };
  }
  if (tooMany) return { ok: false, message: tooManyRowsMessage() };
  if (records.length === 0) return { ok: false, message: `The list has no rows: the ${kind} needs a header row of field names and one row per request.` };
  const rows = records.map((record, i) => {
    const values: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) {
      if (key !== '' && value !== '') values[key] = value;
    }
    return { row: i + 1, values };
  });
  return { ok: true, rows, format: delimiter === '\t' ? 'tsv' : 'csv', columns };
}

/**
 * Before JSON.parse: how deep the text nests and how many items its top-level array has, walked slice by
 * slice. Strings are skipped (brackets inside them do not count).
 */
export async function scanJson(text: string): Promise<{ depth: 'ok' | 'too-deep'; items: number }> {
  let depth = 0;
  let items = 0;
  let inString = false;
  let escaped = false;
  let sawValueAtTop = false;
  for (let i = 0; i < text.length; i++) {
    if (i % SLICE === SLICE - 1) await yieldToLoop();
    const c = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 0x5c) escaped = true;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) {
      inString = true;
      if (depth === 1) sawValueAtTop = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (depth === 1) sawValueAtTop = true;
      depth++;
      if (depth > LIST_LIMITS.maxDepth) return { depth: 'too-deep', items };
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    } else if (c === 0x2c && depth === 1) {
      items++;
    } else if (depth === 1 && c > 0x20) {
      sawValueAtTop = true;
    }
  }
  return { depth: 'ok', items: sawValueAtTop ? items + 1 : 0 };
}

/** Where JSON.parse stopped, as a line number (never the text around it). */
function jsonWhere(err: unknown, text: string): string {
  const message = (err as Error).message ?? '';
  const line = /line (\d+)/.exec(message);
  if (line) return ` (line ${line[1]})`;
  const at = /position (\d+)/.exec(message);
  if (!at) return '';
  const upTo = text.slice(0, Number(at[1]));
  return ` (line ${upTo.split('\n').length})`;
}

async function parseJsonList(text: string): Promise<ParsedList> {
  const body = text.replace(/^\uFEFF/, '');
  if (!startsLikeJson(body)) return { ok: false, message: 'A JSON list must be an array of objects, one per request.' };
  const scanned = await scanJson(body);
  if (scanned.depth === 'too-deep') return { ok: false, message: tooDeepMessage() };
  if (scanned.items > LIST_LIMITS.maxRows) return { ok: false, message: tooManyRowsMessage() };
  let data: unknown;
  try {
    data = JSON.parse(body);
  } catch (err) {
    return { ok: false, message: `The JSON list could not be read: it is not valid JSON${jsonWhere(err, body)}.` };
  }
  if (!Array.isArray(data)) return { ok: false, message: 'A JSON list must be an array of objects, one per request.' };
  if (data.length === 0) return { ok: false, message: 'The list has no rows.' };
  if (data.length > LIST_LIMITS.maxRows) return { ok: false, message: tooManyRowsMessage() };
  const rows: RawRow[] = [];
  for (const [i, item] of data.entries()) {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      return { ok: false, message: `Item ${i + 1} of the JSON list is not an object.` };
    }
    const values: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(item as Record<string, unknown>)) {
      if (value !== null && value !== '') values[key] = value;
    }
    rows.push({ row: i + 1, values });
  }
  return { ok: true, rows, format: 'json' };
}
