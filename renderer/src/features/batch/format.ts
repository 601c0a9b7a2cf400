export { formatDuration } from '../../../../shared/ipc';

/** A row's fields as one short line: `prompt="a chair" targetFaceCount=2000`. */
export function fieldsLine(fields: Record<string, unknown>): string {
  return Object.entries(fields)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? JSON.stringify(v.length > 80 ? `${v.slice(0, 77)}…` : v) : JSON.stringify(v)}`)
    .join(' ');
}

/** A row's own state, in words (the `data-state` attribute keeps the state's name). */
export const ROW_STATE_WORDS: Record<string, string> = {
  invalid: 'Needs a fix',
  skipped: 'Skipped',
  ready: 'Ready',
  queued: 'Waiting',
  running: 'In progress',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

/**
 * What the earlier job a row repeats means for the row: what happened to it
 * and what the user can do. A send whose outcome is unknown (`uncertain`)
 * may already be a paid job, so the row is not sent again on its own.
 */
export function duplicateNote(earlier: { jobId?: string; state: string }, choice: 'reuse' | 'generate' = 'reuse'): string {
  const which = earlier.jobId ? `an earlier job (${earlier.jobId})` : 'an earlier job';
  switch (earlier.state) {
    case 'uncertain':
      return choice === 'generate'
        ? `Same request as ${which} whose answer never arrived: the service may already have made it, and charged for it. Generating again sends it a second time.`
        : `Same request as ${which} whose answer never arrived: the service may already have made it, and charged for it, so this row is not sent again. In the history, resend that job if it is not in your account, or dismiss it; or choose "Generate again" here.`;
    case 'success':
      return `Same request as ${which} that finished: this row reuses its result unless you choose "Generate again".`;
    case 'queued':
    case 'submitting':
    case 'pending':
    case 'running':
      return `Same request as ${which} that is still being made: this row takes its result when it is ready, unless you choose "Generate again".`;
    default:
      return `Same request as ${which}.`;
  }
}
