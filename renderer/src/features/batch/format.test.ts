/** The batch rows' words: an earlier job's state and a row's own state never reach the screen as raw names. */
import { describe, expect, it } from 'vitest';
import { BATCH_ROW_STATES } from '../../../../shared/ipc';
import { duplicateNote, ROW_STATE_WORDS } from './format';

const RAW_NAMES = /\b(uncertain|submitting|pending|success|queued)\b/;

describe('duplicateNote', () => {
  it.each([
    ['uncertain', 'reuse', [/answer never arrived/, /may already have made it, and charged for it/, /not sent again/, /resend that job/, /dismiss it/]],
    ['uncertain', 'generate', [/answer never arrived/, /sends it a second time/]],
    ['success', 'reuse', [/finished/, /reuses its result/]],
    ['running', 'reuse', [/still being made/]],
    ['queued', 'reuse', [/still being made/]],
    ['submitting', 'reuse', [/still being made/]],
  ] as const)('an earlier job %s, row set to %s: says what happened and what to do', (state, choice, says) => {
    const text = duplicateNote({ jobId: 'job-7f3a', state }, choice);
    for (const s of says) expect(text).toMatch(s);
    expect(text).toContain('job-7f3a');
    expect(text).not.toMatch(RAW_NAMES);
  });
});

describe('ROW_STATE_WORDS', () => {
  it('has words for every row state', () => {
    for (const state of BATCH_ROW_STATES) expect(ROW_STATE_WORDS[state], state).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/);
  });
});
