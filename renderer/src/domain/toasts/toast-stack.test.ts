import { describe, expect, it } from 'vitest';
import type { UiToast } from './toast-stack';
import { MAX_OTHERS, stackToasts, toastDuration, toastPlacement, withToast } from './toast-stack';

const t = (id: string, level: UiToast['level']): UiToast => ({ id, level, title: id });
const ids = (list: readonly UiToast[]) => list.map((x) => x.id);

describe('toasts', () => {
  it.each([
    ['info', 6000],
    ['success', 6000],
    ['warning', 10000],
    ['error', Number.POSITIVE_INFINITY],
  ] as const)('%s stays %d ms', (level, ms) => {
    expect(toastDuration(level)).toBe(ms);
  });

  it('keeps every error until it is dismissed, and only the newest few of the others', () => {
    let list: UiToast[] = [];
    list = withToast(list, t('e1', 'error'));
    for (let i = 0; i < MAX_OTHERS + 3; i++) list = withToast(list, t(`s${i}`, 'success'));
    list = withToast(list, t('e2', 'error'));
    expect(ids(list.filter((x) => x.level === 'error'))).toEqual(['e1', 'e2']);
    expect(list.filter((x) => x.level !== 'error')).toHaveLength(MAX_OTHERS);
  });

  it('replaces a toast pushed again with the same id', () => {
    expect(ids(withToast([t('a', 'info'), t('b', 'info')], { ...t('a', 'success'), title: 'again' }))).toEqual(['b', 'a']);
  });

  it.each([
    { case: 'no error: no card', toasts: [t('s', 'success')], expanded: false, fading: ['s'], errors: [], folded: 0, toggle: undefined },
    { case: 'one error is shown as it is, with no fold button', toasts: [t('s', 'success'), t('e1', 'error')], expanded: false, fading: ['s'], errors: ['e1'], folded: 0, toggle: undefined },
    { case: 'three errors fold under the newest', toasts: [t('e1', 'error'), t('s', 'success'), t('e2', 'error'), t('e3', 'error')], expanded: false, fading: ['s'], errors: ['e3'], folded: 2, toggle: '3 problems: show all' },
    { case: 'unfolded, all are shown, newest first', toasts: [t('e1', 'error'), t('e2', 'error')], expanded: true, fading: [], errors: ['e2', 'e1'], folded: 0, toggle: 'Show only the latest' },
  ])('$case', ({ toasts, expanded, fading, errors, folded, toggle }) => {
    const stack = stackToasts(toasts, expanded);
    expect(ids(stack.fading)).toEqual(fading);
    expect(ids(stack.errors)).toEqual(errors);
    expect(stack.folded).toBe(folded);
    expect(stack.toggle).toBe(toggle);
  });

  it.each([
    ['wide, history 360 px: left of the history and its splitter', 'wide', 360, 378],
    ['wide, history 720 px', 'wide', 720, 738],
    ['narrow: left of the rail (the drawer covers them when open)', 'narrow', 360, 56],
  ] as const)('%s', (_case, mode, historyWidth, right) => {
    expect(toastPlacement(mode, historyWidth)).toEqual({ placement: 'top-right', right });
  });

  it.each([
    { case: 'the same error twice: one toast counting 2', push: [['a', 'Upload failed', 'Too large'], ['b', 'Upload failed', 'Too large']], ids: ['a'], counts: [2] },
    { case: 'a different text: two toasts', push: [['a', 'Upload failed', 'Too large'], ['b', 'Upload failed', 'Not an image']], ids: ['a', 'b'], counts: [undefined, undefined] },
    { case: 'three times, with another between: the repeat moves to the top', push: [['a', 'X', ''], ['b', 'Y', ''], ['c', 'X', ''], ['d', 'X', '']], ids: ['b', 'a'], counts: [undefined, 3] },
  ])('$case', ({ push, ids: expected, counts }) => {
    let list: UiToast[] = [];
    for (const [id, title, body] of push) list = withToast(list, { id: id!, level: 'error', title: title!, ...(body ? { body } : {}) });
    expect(ids(list)).toEqual(expected);
    expect(list.map((x) => x.count)).toEqual(counts);
  });
});
