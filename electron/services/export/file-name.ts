/**
 * File names for exported assets: built from a template, then made safe on
 * Windows, macOS and Linux at once (a project folder is often synced or
 * committed and opened on another OS).
 */
export interface NameFields {
  prompt: string | undefined;
  kind: string;
  /** ISO date-time the job was created. */
  createdAt: string;
  jobId: string;
}

/** Longest file name (UTF-8 bytes, extension included) we produce: well under every OS's 255. */
export const MAX_NAME_BYTES = 150;
/** The longest suffix added to a base name: `.asset.json`. */
const LONGEST_SUFFIX = '.asset.json';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const graphemes = (text: string): string[] => Array.from(segmenter.segment(text), (s) => s.segment);
const utf8Bytes = (text: string): number => Buffer.byteLength(text, 'utf8');

/** Lower-case words joined by `-`; letters, digits and emoji survive, anything else separates words. */
export function slugify(text: string, maxGraphemes = 60): string {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .split(/(?:(?![\p{L}\p{M}\p{N}\p{Extended_Pictographic}]|\u200d|\ufe0f).)+/su)
    .filter(Boolean);
  const joined = words.join('-');
  return graphemes(joined).slice(0, maxGraphemes).join('').replace(/-+$/, '');
}

export function renderTemplate(template: string, fields: NameFields): string {
  const values: Record<string, string> = {
    'prompt-slug': slugify(fields.prompt ?? '') || fields.kind,
    kind: fields.kind,
    date: fields.createdAt.slice(0, 10),
    jobId: fields.jobId,
    jobId8: fields.jobId.replace(/[^A-Za-z0-9]/g, '').slice(0, 8) || fields.jobId.slice(0, 8),
  };
  return template.replace(/\{([A-Za-z0-9-]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** Windows device names: reserved with any extension, any case, trailing spaces ignored. */
const RESERVED = /^(con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])(\s*$|\s*\.)/i;
/** Characters no Windows file name may hold, plus C0/C1 controls. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
const FORBIDDEN = /[<>:"/\\|?*\u0000-\u001f\u007f-\u009f]/g;
/** Invisible direction overrides can disguise an extension ("gpj.exe"). */
const BIDI = /[\u202a-\u202e\u2066-\u2069\u200e\u200f]/g;

/**
 * A base name (no extension) safe everywhere: no separators, reserved
 * characters or controls, not a Windows device name, no leading or trailing
 * dots/spaces, and short enough that `base + suffix` stays under
 * MAX_NAME_BYTES in UTF-8 without splitting a character.
 */
export function safeBaseName(raw: string, fallback = 'asset', maxBytes = MAX_NAME_BYTES - utf8Bytes(LONGEST_SUFFIX)): string {
  let name = raw.normalize('NFC').replace(BIDI, '').replace(FORBIDDEN, '_').replace(/\s+/g, ' ');
  name = trimEdges(name);
  if (RESERVED.test(name)) name = `_${name}`;
  if (utf8Bytes(name) > maxBytes) {
    let out = '';
    for (const g of graphemes(name)) {
      if (utf8Bytes(out + g) > maxBytes) break;
      out += g;
    }
    name = trimEdges(out);
  }
  if (name === '' || /^[._ -]*$/.test(name)) return fallback;
  return name;
}

function trimEdges(name: string): string {
  return name.replace(/^[\s.]+/, '').replace(/[\s.]+$/, '');
}

/** A relative subfolder, each segment made safe; `..` and empty segments dropped. */
export function safeSubfolder(subfolder: string): string {
  return subfolder
    .split(/[\\/]+/)
    .filter((s) => s !== '' && s !== '.' && s !== '..')
    .map((s) => safeBaseName(s, '_', 100))
    .join('/');
}

/** `name`, `name-2`, `name-3`, ... keeping the byte limit. */
export function numbered(base: string, n: number): string {
  if (n <= 1) return base;
  const suffix = `-${n}`;
  return `${safeBaseName(base, 'asset', MAX_NAME_BYTES - utf8Bytes(LONGEST_SUFFIX) - suffix.length)}${suffix}`;
}
