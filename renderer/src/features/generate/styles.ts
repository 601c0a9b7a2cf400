/**
 * The style picker's choices. The spec names one style, `Auto` (the default
 * where a form has one), and says the service has a listing of its built-in
 * styles without giving its path or values; so the picker offers Auto, the
 * styles this user has asked for before (from the history), and free text.
 */
import { DEFAULT_GEN_STYLE_ID } from '../../../../shared/api';
import type { JobSummary } from '../../../../shared/domain/job';

/** The picker's choice that reveals the text box. */
export const OTHER_STYLE = '\u0000other';

/** Styles this user asked for before, newest first, each once; Auto is always offered on its own. */
export function stylesUsed(jobs: readonly Pick<JobSummary, 'request' | 'createdAt'>[], limit = 12): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  const newestFirst = [...jobs].sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
  for (const job of newestFirst) {
    const style = job.request?.genStyleId;
    if (typeof style !== 'string') continue;
    const name = style.trim();
    if (!name || name.toLowerCase() === DEFAULT_GEN_STYLE_ID.toLowerCase() || seen.has(name)) continue;
    seen.add(name);
    out.push(name);
    if (out.length === limit) break;
  }
  return out;
}

export interface StyleChoices {
  /** What the select shows first when no style is set: nothing to choose, or that one is needed. */
  empty?: { label: string };
  options: { value: string; label: string }[];
  /** The select's value: a listed style, the empty entry, or "Another style…" for typed text. */
  selected: string;
}

/**
 * The select's entries for a value. `required` and `withDefault` are the
 * spec's: a form with a default starts on Auto and has no empty entry; a
 * required one without a default says a style is needed; an optional one
 * without a default may send none.
 */
export function styleChoices(value: string, used: readonly string[], opts: { required: boolean; withDefault: boolean; typing: boolean }): StyleChoices {
  const options = [
    { value: DEFAULT_GEN_STYLE_ID, label: 'Auto (the service picks)' },
    ...used.map((s) => ({ value: s, label: s })),
    { value: OTHER_STYLE, label: 'Another style…' },
  ];
  const listed = value === DEFAULT_GEN_STYLE_ID || used.includes(value);
  const selected = opts.typing || (value !== '' && !listed) ? OTHER_STYLE : value;
  const empty = opts.withDefault ? undefined : { label: opts.required ? 'Choose a style (needed)' : 'None (the service decides)' };
  return { ...(empty ? { empty } : {}), options, selected };
}
