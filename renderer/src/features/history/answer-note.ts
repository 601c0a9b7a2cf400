/**
 * What a history row says about an answer the engine is handling: polling
 * paused by a rejected key (with Resume polling), a service that is not
 * answering, a status check being retried, a download attempt that failed
 * and its next try, a download paused with no process to finish it. Pure.
 */
import type { JobSummary } from '../../../../shared/domain/job';
import { waitReason } from '../../../../shared/domain/wait-reason';
import { formatDuration } from '../../domain/history/history-model';

export interface AnswerNote {
  text: string;
  /** The row's button for it. */
  action?: 'resume-polling';
}

const sentence = (text: string) => {
  const t = text.trim();
  return t ? `${t.charAt(0).toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? '' : '.'}` : '';
};
const inTime = (iso: string | undefined, now: number) => (iso ? formatDuration(Math.max(0, Date.parse(iso) - now)) : undefined);

export function answerNote(job: JobSummary, now: number): AnswerNote | undefined {
  const active = job.state === 'pending' || job.state === 'running';
  if (active && job.polling?.state === 'key-rejected') {
    // The reason ends with what to do; the row's own button is Resume polling.
    const said = job.polling.reason.replace(/\s*Update the key in Settings, or choose Resume polling\.?$/, '');
    return { text: `Polling paused: ${said.replace(/\.$/, '')}. Update the key in Settings, or:`, action: 'resume-polling' };
  }
  // Waiting for its service, or a download no process works on: why, in the words `asset-studio jobs` uses too.
  const waiting = job.state !== 'queued' ? waitReason(job, { now }) : undefined;
  if (waiting) return { text: sentence(waiting) };
  if (active && job.polling?.state === 'retrying') {
    const next = inTime(job.polling.retryAt, now);
    return { text: `Status check ${job.polling.attempts} failed; retrying${next ? ` in ${next}` : ''}. ${sentence(job.polling.reason)}` };
  }
  if (job.state === 'success' && job.asset?.state === 'retrying') {
    const next = inTime(job.asset.nextAttemptAt, now);
    const attempt = job.asset.attempts ? `Download attempt ${job.asset.attempts}` : 'The download';
    return { text: `${attempt} failed; retrying${next ? ` in ${next}` : ''}. ${sentence(job.asset.problem ?? '')}`.trim() };
  }
  return undefined;
}
