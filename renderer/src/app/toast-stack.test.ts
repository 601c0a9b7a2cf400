import { describe, expect, it } from 'vitest';
import type { UiToast } from '../state/slices/ui';
import { MAX_OTHERS, stackToasts, withToast } from './toast-stack';

const t = (id: string, level: UiToast['level']): UiToast => ({ id, level, title: id });
const ids = (list: readonly UiToast[]) => list.map((x) => x.id);

describe('toasts', () => {
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
    ['one error is shown as it is', [t('s', 'success'), t('e1', 'error')], false, ['s', 'e1'], 0],
    ['three errors fold under the newest', [t('e1', 'error'), t('s', 'success'), t('e2', 'error'), t('e3', 'error')], false, ['s', 'e3'], 2],
    ['unfolded, all are shown', [t('e1', 'error'), t('e2', 'error')], true, ['e1', 'e2'], 0],
  ] as const)('%s', (_case, toasts, expanded, shown, folded) => {
    const stack = stackToasts(toasts, expanded);
    expect(ids(stack.shown)).toEqual(shown);
    expect(stack.folded).toBe(folded);
  });
});
