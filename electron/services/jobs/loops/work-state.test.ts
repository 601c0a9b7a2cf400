/**
 * The work state has one writer per part. The @ts-expect-error lines are the test that matters: typecheck
 * (tsconfig.node.json) fails if the engine's view, or a part's private fields, ever let another class write.
 */
import { describe, expect, it } from 'vitest';
import { WorkState, type WorkView } from './work-state';

describe('the work state', () => {
  it('lets the engine read what the loops wrote, and write none of it', () => {
    const state = new WorkState();
    const view: WorkView = state;
    state.sends.holdBatch('b1', true);
    state.sends.sending('a', true);
    state.polls.pauseKey('env\u0000k', { reason: 'rejected', fingerprint: undefined });
    state.downloads.hold('d', true);
    expect(view.sends.isHeldBatch('b1')).toBe(true);
    expect(view.sends.isSending('a')).toBe(true);
    expect(view.polls.pausedKey('env\u0000k')?.reason).toBe('rejected');
    expect(view.downloads.held()).toEqual(['d']);

    const cannot = () => {
      // @ts-expect-error the engine cannot hold a batch on the submitter's behalf (it asks the submitter)
      view.sends.holdBatch('b2', true);
      // @ts-expect-error nor set the send claims
      view.sends.claims = undefined;
      // @ts-expect-error nor pause a key on the poller's behalf
      view.polls.pauseKey('x', undefined);
      // @ts-expect-error nor take a download lease
      view.downloads.hold('x', true);
      // @ts-expect-error a part's fields are private to it: even its loop writes it through its methods
      state.sends.heldBatches.add('b3');
    };
    expect(cannot).toBeTypeOf('function');
  });

  it('counts a download round once per attempt, invalid files apart', () => {
    const { downloads } = new WorkState();
    downloads.startRound('a', 1_000);
    expect(downloads.countAttempt('a', false, 2_000)).toEqual({ since: 1_000, invalid: 0 });
    expect(downloads.countAttempt('a', true, 3_000)).toEqual({ since: 1_000, invalid: 1 });
    downloads.endRound('a');
    expect(downloads.countAttempt('a', true, 4_000)).toEqual({ since: 4_000, invalid: 1 });
  });
});
