import { describe, expect, it } from 'vitest';
import { OTHER_STYLE, styleChoices, stylesUsed } from './styles';

const at = (minute: number, genStyleId?: unknown) => ({ createdAt: `2026-11-22T08:${String(minute).padStart(2, '0')}:00.000Z`, request: genStyleId === undefined ? undefined : { genStyleId } });

describe('styles used before', () => {
  const cases: [string, ReturnType<typeof at>[], string[]][] = [
    ['none yet', [], []],
    ['newest first, each once', [at(1, 'ink'), at(3, 'clay'), at(2, 'ink')], ['clay', 'ink']],
    ['Auto is offered on its own, in any case', [at(1, 'Auto'), at(2, 'auto'), at(3, 'pixel')], ['pixel']],
    ['blanks, non-text and jobs without a request are left out', [at(1, ''), at(2, '  '), at(3, 42), at(4)], []],
    ['names are trimmed', [at(1, ' ink ')], ['ink']],
  ];
  it.each(cases)('%s', (_name, jobs, expected) => {
    expect(stylesUsed(jobs)).toEqual(expected);
  });

  it('keeps the newest twelve', () => {
    const many = Array.from({ length: 20 }, (_, i) => at(i, `style-${i}`));
    expect(stylesUsed(many)).toHaveLength(12);
    expect(stylesUsed(many)[0]).toBe('style-19');
  });
});

describe('the picker’s entries', () => {
  // [value, required, has a default, typing, empty entry, selected]
  const cases: [string, boolean, boolean, boolean, string | undefined, string][] = [
    ['Auto', false, true, false, undefined, 'Auto'],
    ['', true, false, false, 'Choose a style (needed)', ''],
    ['', false, false, false, 'None (the service decides)', ''],
    ['clay', false, true, false, undefined, 'clay'],
    ['my-own', false, true, false, undefined, OTHER_STYLE],
    ['', false, true, true, undefined, OTHER_STYLE],
  ];
  it.each(cases)('%j required=%s default=%s typing=%s', (value, required, withDefault, typing, empty, selected) => {
    const c = styleChoices(value, ['clay'], { required, withDefault, typing });
    expect(c.empty?.label).toBe(empty);
    expect(c.selected).toBe(selected);
    expect(c.options.map((o) => o.label)).toEqual(['Auto (the service picks)', 'clay', 'Another style…']);
  });
});
