/**
 * A small leveled logger: JSON lines to stderr and `dataDir/logs/main.log`.
 *
 * Every line goes through a redaction pass first, so a secret can never reach
 * a log even when a caller passes a whole request, header map or error in:
 * values of anything named like a client secret, token or cookie are masked,
 * and every string registered with `registerSecret` (key secrets, the browser
 * shell's launch token and cookie value) is masked wherever it appears. Files
 * rotate by size, a fixed number of older ones kept, all 0600.
 */
import fs from 'node:fs';
import path from 'node:path';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
  /** A logger whose lines carry `scope` (e.g. 'jobs', 'web'). */
  child(scope: string): Logger;
}

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };
export const REDACTED = '[redacted]';
/** Log files are rotated once they pass this size... */
const MAX_LOG_BYTES = 5 * 1024 * 1024;
/** ...and this many older files are kept (`main.log.1` newest): at most 20 MB of logs per file name. */
const KEEP_LOG_FILES = 3;

const secrets = new Set<string>();

/** Registers a secret string: from now on it is masked in every log line of this process. */
export function registerSecret(secret: string | undefined | null): void {
  if (typeof secret === 'string' && secret.length > 0) secrets.add(secret);
}

/** Forgets a registered secret (a revoked key). */
export function unregisterSecret(secret: string): void {
  secrets.delete(secret);
}

/** Key names whose values are secrets whatever they hold. */
const SECRET_KEY = /^(x[-_]?client[-_]?secret|client[-_]?secret|secret|authorization|password|token|cookie|set-cookie)$/i;
/** `x-client-secret: v`, `"x-client-secret":"v"`, `clientSecret=v` and similar inside free text. */
const SECRET_IN_TEXT =
  /((?:x[-_]?client[-_]?secret|client[-_]?secret)["']?\s*[:=]\s*["']?)([^"'\s,;&}\]]+)/gi;
/** `Bearer <token>` in free text (the browser shell's token, an upstream header). */
const BEARER_IN_TEXT = /(bearer\s+)([A-Za-z0-9._~+/=-]+)/gi;
/** `?token=...` in URLs (the browser shell's launch URL). */
const TOKEN_IN_URL = /([?&]token=)([^&\s"']+)/gi;

/** Masks every secret it can recognise in a piece of text. */
export function redactText(text: string): string {
  let out = text;
  // Longest first, so a secret that contains another is masked whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  }
  return out.replace(SECRET_IN_TEXT, `$1${REDACTED}`).replace(BEARER_IN_TEXT, `$1${REDACTED}`).replace(TOKEN_IN_URL, `$1${REDACTED}`);
}

/** Masks secrets in any value: strings, errors, arrays, plain objects (with cycles). */
export function redactValue(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactText(value);
  if (value === null || typeof value !== 'object') {
    return typeof value === 'bigint' ? value.toString() : value;
  }
  if (seen.has(value)) return '[circular]';
  seen.add(value);
  if (value instanceof Error) {
    return { name: value.name, message: redactText(value.message), stack: value.stack ? redactText(shortStack(value.stack)) : undefined };
  }
  if (Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return `[${value.byteLength} bytes]`;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, seen));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_KEY.test(key) && v !== undefined && v !== null && v !== '' ? REDACTED : redactValue(v, seen);
  }
  return out;
}

export interface LoggerOptions {
  /** Writes `logs/main.log` under it when given. */
  dataDir?: string;
  /** File name inside `logs/` (the CLI and shells may use their own). */
  fileName?: string;
  level?: LogLevel;
  /** Where lines go besides the file; defaults to process.stderr. `null` for none. */
  stderr?: { write(line: string): unknown } | null;
  /** Least level copied to stderr (the file still gets everything from `level` up); e.g. 'error' for the CLI. */
  stderrLevel?: LogLevel;
  scope?: string;
  /** Rotate the file once it reaches this size (default 5 MB). */
  maxBytes?: number;
  /** Older files kept after rotation (default 3). */
  keep?: number;
  now?: () => Date;
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const minLevel = LEVELS[options.level ?? levelFromEnv(process.env.ASSET_STUDIO_LOG_LEVEL)];
  const stderr = options.stderr === undefined ? process.stderr : options.stderr;
  const stderrMin = Math.max(minLevel, LEVELS[options.stderrLevel ?? 'debug']);
  const now = options.now ?? (() => new Date());
  const file = options.dataDir ? path.join(options.dataDir, 'logs', options.fileName ?? 'main.log') : undefined;
  let fileReady = false;
  let fileBroken = false;

  const writeFile = (line: string): void => {
    if (!file || fileBroken) return;
    try {
      if (!fileReady) {
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fileReady = true;
      }
      rotateIfLarge(file, options.maxBytes ?? MAX_LOG_BYTES, options.keep ?? KEEP_LOG_FILES);
      fs.appendFileSync(file, line, { mode: 0o600 });
    } catch {
      // A log that cannot be written must never take the app down; stderr still gets the line.
      fileBroken = true;
    }
  };

  const make = (scope: string | undefined): Logger => {
    const write = (level: LogLevel, message: string, fields?: LogFields): void => {
      if (LEVELS[level] < minLevel) return;
      const entry: Record<string, unknown> = { time: now().toISOString(), level };
      if (scope) entry.scope = scope;
      entry.message = message;
      if (fields) Object.assign(entry, fields);
      // Redact the structure (catches secret-named keys), then the serialised line (catches anything JSON escaping moved).
      const line = `${redactText(JSON.stringify(redactValue(entry)))}\n`;
      writeFile(line);
      try {
        if (LEVELS[level] >= stderrMin) stderr?.write(line);
      } catch {
        // A closed stderr (a detached child) is not a reason to fail the caller.
      }
    };
    return {
      debug: (m, f) => write('debug', m, f),
      info: (m, f) => write('info', m, f),
      warn: (m, f) => write('warn', m, f),
      error: (m, f) => write('error', m, f),
      child: (s) => make(scope ? `${scope}.${s}` : s),
    };
  };
  return make(options.scope);
}

/** A logger that drops everything (tests, embedded uses). */
export const silentLogger: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  child: () => silentLogger,
};

/** The first frames are what help; a transpiler's data: URLs can make a full stack tens of kilobytes. */
function shortStack(stack: string): string {
  return stack
    .split('\n')
    .slice(0, 8)
    .map((line) => (line.length > 300 ? `${line.slice(0, 300)}…` : line))
    .join('\n');
}

function levelFromEnv(value: string | undefined): LogLevel {
  return value === 'debug' || value === 'info' || value === 'warn' || value === 'error' ? value : 'info';
}

/** `file` -> `file.1` -> ... -> `file.<keep>`; the oldest is dropped. */
function rotateIfLarge(file: string, maxBytes: number, keep: number): void {
  let size = 0;
  try {
    size = fs.statSync(file).size;
  } catch {
    return;
  }
  if (size < maxBytes) return;
  fs.rmSync(`${file}.${keep}`, { force: true });
  for (let i = keep - 1; i >= 1; i--) {
    if (fs.existsSync(`${file}.${i}`)) fs.renameSync(`${file}.${i}`, `${file}.${i + 1}`);
  }
  if (keep > 0) fs.renameSync(file, `${file}.1`);
  else fs.rmSync(file, { force: true });
}
