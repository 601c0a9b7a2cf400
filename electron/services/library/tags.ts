/**
 * Tags as the library keeps them: trimmed, inner spaces folded to one, at
 * most MAX_TAG_LENGTH characters, and one of each whatever its case (the
 * first spelling given wins; matching ignores case).
 */
import { MAX_TAG_LENGTH } from '../../../shared/domain/library';

export function normaliseTag(raw: string): string | undefined {
  const tag = raw.normalize('NFC').replace(/[\s,]+/g, ' ').trim().slice(0, MAX_TAG_LENGTH).trim();
  return tag === '' ? undefined : tag;
}

export function normaliseTags(raw: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const r of raw) {
    const tag = normaliseTag(r);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}
