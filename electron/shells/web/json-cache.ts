/**
 * JSON of contract answers for the browser shell, reusing the text of shared
 * snapshots. A frozen array in an answer (the jobs service's listing, frozen
 * because every caller shares it until a record changes) is serialised once
 * and its text kept for as long as the array lives: 10,000 history summaries
 * are 5.6 MB of JSON, which took about 13 ms of the host's event loop on
 * every page load, at the moment the page's own start-up wants the CPU.
 */
import type { Result } from '../../../shared/ipc';

const texts = new WeakMap<readonly unknown[], string>();

function isShared(value: unknown): value is readonly unknown[] {
  return Array.isArray(value) && Object.isFrozen(value);
}

function sharedText(array: readonly unknown[]): string {
  let text = texts.get(array);
  if (text === undefined) {
    text = JSON.stringify(array);
    texts.set(array, text);
  }
  return text;
}

/** Exactly `JSON.stringify(result)`, with the text of shared arrays in `result.value` taken from the cache. */
export function answerJson(result: Result<unknown>): string {
  const value = result.ok ? result.value : undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !Object.values(value).some(isShared)) return JSON.stringify(result);
  const fields: string[] = [];
  for (const [key, field] of Object.entries(value)) {
    const text = isShared(field) ? sharedText(field) : (JSON.stringify(field) as string | undefined);
    // As JSON.stringify does: a field whose value has no JSON (undefined, a function) is left out.
    if (text !== undefined) fields.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{"ok":true,"value":{${fields.join(',')}}}`;
}
