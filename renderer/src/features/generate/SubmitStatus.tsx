/**
 * What happened to the last request of this kind, where the user looks after
 * pressing Generate: queued (not failed) behind the concurrency cap, running,
 * finished, or refused, with 402's credit figures and 401's way to Settings.
 */
import { LIMITS } from '../../../../shared/api';
import type { JobProblem, JobSummary } from '../../../../shared/domain/job';
import type { Problem } from '../../../../shared/ipc';
import { Button } from '../../components/Button';
import { useStore } from '../../state/store';
import type { Submission } from '../../state/slices/generate';
import { useShallow } from 'zustand/react/shallow';
import { creditAdvice } from '../../domain/generate/costs';
import { allJobs } from './selectors';

function ProblemView({ problem }: { problem: Pick<Problem | JobProblem, 'message' | 'credits' | 'status'> & { reason?: string } }) {
  const openSettings = useStore((s) => s.openSettings);
  const where = useStore(
    useShallow((s) => {
      const env = s.settings?.environments.find((e) => e.id === s.settings?.active?.environmentId);
      return { builtin: env?.builtin ?? false, otherKeys: Math.max(0, (env?.keys.length ?? 1) - 1) };
    }),
  );
  const unauthorized = problem.status === 401 || problem.reason === 'unauthorized';
  return (
    <div className="submit-status submit-status-error" role="alert">
      {problem.credits ? (
        <div className="credits">
          <div>
            <strong>Not enough credits.</strong>
          </div>
          {creditAdvice(problem.credits, where).map((line) => (
            <div key={line}>{line}</div>
          ))}
        </div>
      ) : (
        <div>{problem.message}</div>
      )}
      {unauthorized ? (
        <Button size="small" variant="secondary" onClick={() => openSettings('keys')}>
          Open Settings to check the key
        </Button>
      ) : null}
    </div>
  );
}

function queuedText(job: JobSummary): string {
  switch (job.queue?.reason) {
    case 'cap':
      return `Queued: ${LIMITS.concurrentJobsPerKey} jobs are already running on this key; it is sent when one finishes.`;
    case 'rate-limited':
      return 'Queued: the service asked to slow down; it is sent again shortly.';
    case 'server-error':
      return 'Queued: the service had a problem; it is sent again shortly.';
    case 'network':
      return 'Queued: the service cannot be reached; it is sent once it can.';
    case 'paused':
      return 'Queued: its batch is paused.';
    default:
      return 'Queued: it is sent in a moment.';
  }
}

function JobView({ job }: { job: JobSummary }) {
  switch (job.state) {
    case 'queued':
      return (
        <div className="submit-status submit-status-queued" role="status">
          {queuedText(job)}
        </div>
      );
    case 'submitting':
      return (
        <div className="submit-status" role="status">
          Sending…
        </div>
      );
    case 'pending':
    case 'running': {
      const stage = job.fragments?.at(-1);
      return (
        <div className="submit-status" role="status">
          {job.state === 'pending' ? 'Accepted; waiting to start' : 'Running'}
          {stage ? ` (${stage.displayName ?? stage.name})` : ''}. Follow it in History.
        </div>
      );
    }
    case 'success':
      return (
        <div className="submit-status submit-status-ok" role="status">
          Finished. It is in History.
        </div>
      );
    case 'uncertain':
      return (
        <div className="submit-status submit-status-queued" role="status">
          Sent, but the answer was lost: it may have created a job. Resend or dismiss it in History.
        </div>
      );
    case 'dismissed':
      return null;
    case 'error':
    case 'rejected':
      return <ProblemView problem={job.problem ?? { message: job.state === 'error' ? 'The job failed.' : 'The service refused the request.' }} />;
  }
}

export function SubmitStatus({ submission }: { submission: Submission | undefined }) {
  // Prefer the jobs slice's copy of the record, which the history keeps current.
  const fresh = useStore((s) => (submission?.phase === 'sent' ? allJobs(s).find((j) => j.localId === submission.job.localId) : undefined));
  if (!submission) return null;
  if (submission.phase === 'submitting') {
    return (
      <div className="submit-status" role="status">
        Sending…
      </div>
    );
  }
  if (submission.phase === 'failed') return <ProblemView problem={submission.problem} />;
  return <JobView job={fresh ?? submission.job} />;
}
