/** The browser shell's answers: byte for byte what JSON.stringify makes, with a shared listing serialised once. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../../shared/ipc';
import { answerBytes } from './json-cache';

const answerJson = (result: Parameters<typeof answerBytes>[0]) => answerBytes(result).toString('utf8');

afterEach(() => vi.restoreAllMocks());

describe('answerBytes', () => {
  it('writes exactly the bytes of what JSON.stringify writes, whatever the answer', () => {
    const listing = Object.freeze([{ localId: 'a1', title: 'Chest "one"', asset: { bytes: 12 } }, { localId: 'b2', title: 'Ünïcode ✓' }]);
    const answers = [
      ok(null),
      ok('text'),
      ok([1, 2]),
      ok({ jobs: listing, load: [{ environmentId: 'e', keyId: 'k', active: 1, queued: 0 }], skipped: undefined }),
      ok({ jobs: [...listing], load: [] }),
      fail('not-found', 'No such job.'),
    ];
    for (const answer of answers) expect(answerJson(answer)).toBe(JSON.stringify(answer));
  });

  it('serialises a frozen (shared) array once, and a new one again', () => {
    const listing = Object.freeze([{ localId: 'a1' }, { localId: 'b2' }]);
    const first = answerJson(ok({ jobs: listing, load: [] }));
    const stringify = vi.spyOn(JSON, 'stringify');
    const again = answerJson(ok({ jobs: listing, load: [{ environmentId: 'e', keyId: 'k', active: 2, queued: 1 }] }));
    expect(again).toBe(JSON.stringify(ok({ jobs: listing, load: [{ environmentId: 'e', keyId: 'k', active: 2, queued: 1 }] })));
    // Only the small fields and the keys were serialised for the second answer, never the listing itself.
    expect(stringify.mock.calls.slice(0, -1).some(([value]) => value === listing)).toBe(false);
    expect(first).toContain('"jobs":[{"localId":"a1"},{"localId":"b2"}]');
    const changed = Object.freeze([{ localId: 'c3' }]);
    expect(answerJson(ok({ jobs: changed, load: [] }))).toBe('{"ok":true,"value":{"jobs":[{"localId":"c3"}],"load":[]}}');
  });
});
