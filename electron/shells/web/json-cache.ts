/**
 * JSON of contract answers for the browser shell, reusing the bytes of shared
 * snapshots. A frozen array in an answer (the jobs service's listing, frozen
 * because every caller shares it until a record changes) is serialised and
 * UTF-8 encoded once, and its bytes kept for as long as the array lives:
 * 10,000 history summaries are 3.7 MB of JSON. Serialising them took about
 * 13 ms of the host's event loop on every page load, and encoding the answer's
 * text again for the socket another few, at the moment the page's own
 * start-up wants the CPU.
 */
import type { Result } from '../../../shared/ipc';

const encoded = new WeakMap<readonly unknown[], Buffer>();

function isShared(value: unknown): value is readonly unknown[] {
  return Array.isArray(value) && Object.isFrozen(value);
}

function sharedBytes(array: readonly unknown[]): Buffer {
  let bytes = encoded.get(array);
  if (bytes === undefined) {
    bytes = Buffer.from(JSON.stringify(array), 'utf8');
    encoded.set(array, bytes);
  }
  return bytes;
}

/** Exactly the UTF-8 bytes of `JSON.stringify(result)`, with those of shared arrays in `result.value` taken from the cache. */
export function answerBytes(result: Result<unknown>): Buffer {
  const value = result.ok ? result.value : undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.values(value).some(isShared)) {
    return Buffer.from(JSON.stringify(result), 'utf8');
  }
  const parts: Buffer[] = [Buffer.from('{"ok":true,"value":{', 'utf8')];
  for (const [key, field] of Object.entries(value)) {
    const bytes = isShared(field) ? sharedBytes(field) : (JSON.stringify(field) as string | undefined);
    // As JSON.stringify does: a field whose value has no JSON (undefined, a function) is left out.
    if (bytes === undefined) continue;
    parts.push(Buffer.from(`${parts.length > 1 ? ',' : ''}${JSON.stringify(key)}:`, 'utf8'), typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : bytes);
  }
  parts.push(Buffer.from('}}', 'utf8'));
  return Buffer.concat(parts);
}
