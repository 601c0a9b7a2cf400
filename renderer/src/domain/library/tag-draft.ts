/**
 * What an "Add a tag" field holds, read as tags: commas separate several,
 * spaces around each are dropped. The first word the contract would refuse
 * is named with its reason, in the contract's own words for a person.
 */
import { tagSchema } from '../../../../shared/ipc/library';

export type TagDraft = { tags: string[] } | { problem: string };

export function readTagDraft(draft: string): TagDraft {
  const words = draft.split(',').map((t) => t.trim()).filter(Boolean);
  for (const word of words) {
    const checked = tagSchema.safeParse(word);
    if (!checked.success) return { problem: `“${word}”: ${checked.error.issues[0]?.message ?? 'not a tag'}.` };
  }
  const first = new Map<string, string>();
  for (const w of words) if (!first.has(w.toLowerCase())) first.set(w.toLowerCase(), w);
  return { tags: [...first.values()] };
}
