/**
 * Reads a batch list: a CSV with a header row of field names, or a JSON array
 * of objects. One row is one request. Values come back as the list gave them
 * (CSV cells are strings); empty cells mean "not given".
 */
import { parse } from 'csv-parse/sync';

export interface RawRow {
  /** 1-based row number (data rows only). */
  row: number;
  values: Record<string, unknown>;
}

export type ListFormat = 'csv' | 'json';

export type ParsedList = { ok: true; rows: RawRow[]; format: ListFormat } | { ok: false; message: string };

/** JSON when the name ends in .json or the text starts with `[`, CSV otherwise. */
export function detectFormat(name: string | undefined, text: string): ListFormat {
  if (name && /\.json$/i.test(name)) return 'json';
  if (name && /\.(csv|tsv|txt)$/i.test(name)) return 'csv';
  return text.replace(/^\uFEFF/, '').trimStart().startsWith('[') ? 'json' : 'csv';
}

export function parseList(text: string, format: ListFormat): ParsedList {
  return format === 'json' ? parseJsonList(text) : parseCsvList(text);
}

function parseCsvList(text: string): ParsedList {
  let records: Record<string, string>[];
  try {
    records = parse(text, {
      columns: (header: string[]) => header.map((h) => h.trim()),
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: false,
    }) as Record<string, string>[];
  } catch (err) {
    return { ok: false, message: `The CSV could not be read: ${(err as Error).message}` };
  }
  if (records.length === 0) return { ok: false, message: 'The list has no rows: the CSV needs a header row of field names and one row per request.' };
  const rows = records.map((record, i) => {
    const values: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(record)) {
      if (key !== '' && value !== '') values[key] = value;
    }
    return { row: i + 1, values };
  });
  return { ok: true, rows, format: 'csv' };
}

function parseJsonList(text: string): ParsedList {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (err) {
    return { ok: false, message: `The JSON could not be read: ${(err as Error).message}` };
  }
  if (!Array.isArray(data)) return { ok: false, message: 'A JSON list must be an array of objects, one per request.' };
  if (data.length === 0) return { ok: false, message: 'The list has no rows.' };
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
