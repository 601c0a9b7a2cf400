/**
 * "Your model is ready": a job's end told to the user, as a system
 * notification when the window is not focused (and the shell has them), else
 * as a toast. A subscriber to the engine's record changes, wired by the
 * composition root: the engine only keeps records, it does not talk to people.
 */
import { ENDPOINTS } from '../../shared/api';
import type { JobRecord } from '../../shared/domain/job';
import { assetSettled } from '../../shared/domain/settled';
import type { Toast } from '../../shared/ipc';
import type { EventSink, Platform } from '../services/contracts';
import type { JobEngine } from '../services/jobs/engine-api';

/** The end of a job worth telling: a success once its file is settled (ready or unavailable), an unknown outcome, a failure. */
export type FinishedMoment = 'success' | 'uncertain' | 'failed';

export function finishedMoment(job: Pick<JobRecord, 'state' | 'asset'>): FinishedMoment | undefined {
  switch (job.state) {
    case 'success':
      // Told when the download ends, either way: "finished" while the file is still coming would send the user to nothing.
      return assetSettled(job) ? 'success' : undefined;
    case 'uncertain':
      return 'uncertain';
    case 'error':
    case 'rejected':
      return 'failed';
    default:
      return undefined;
  }
}

/** What the user is told: the title names the kind ("Text to 3D finished"), the body the prompt or the reason. */
export function finishedNotice(job: JobRecord, moment: FinishedMoment): Toast {
  const label = ENDPOINTS[job.kind].label;
  // Finished upstream but its file never arrived whole: not "finished" (there is nothing to open), and why.
  if (moment === 'success' && job.asset?.state === 'unavailable') {
    return { id: `job-${job.localId}-unavailable`, level: 'error', title: `${label}: asset unavailable`, ...(job.asset.problem ? { body: job.asset.problem } : {}), localId: job.localId };
  }
  const title = moment === 'success' ? `${label} finished` : moment === 'uncertain' ? `${label}: outcome unknown` : `${label} failed`;
  const body = moment === 'success' ? job.title || job.prompt || '' : (job.problem?.message ?? '');
  return {
    id: `job-${job.localId}-${job.state}`,
    level: moment === 'success' ? 'success' : moment === 'uncertain' ? 'warning' : 'error',
    title,
    ...(body ? { body } : {}),
    localId: job.localId,
  };
}

/**
 * One system notification for the ends told together: a batch or a set of
 * variants finishing in the background makes one "8 jobs finished" card, not
 * eight stacked in the notification centre. A single end keeps its own words.
 */
export function groupedNotice(notices: readonly Toast[]): { title: string; body: string } {
  if (notices.length === 1) return { title: notices[0]!.title, body: notices[0]!.body ?? '' };
  const failed = notices.filter((n) => n.level === 'error').length;
  const unknown = notices.filter((n) => n.level === 'warning').length;
  const finished = notices.length - failed - unknown;
  const parts = [finished ? `${finished} finished` : '', failed ? `${failed} failed` : '', unknown ? `${unknown} with an unknown outcome` : ''].filter(Boolean);
  const title = finished === notices.length ? `${notices.length} jobs finished` : `${notices.length} jobs ended: ${parts.join(', ')}`;
  const names = notices.slice(0, 3).map((n) => n.body || n.title);
  const more = notices.length - names.length;
  return { title, body: names.join(' · ') + (more > 0 ? ` and ${more} more` : '') };
}

/** How long ends are gathered before a background notification goes out: a batch's wave ends within a second or two. */
export const NOTIFY_GATHER_MS = 1_500;

/**
 * Tells each job's end once, when a record changes into it (a download retried
 * to the end is told again). Jobs already ended when it subscribes are not
 * told: attach it after the engine's start, so what a restart settles on its
 * own (a send cut off by the last quit) stays in the history without a
 * notification, as before. In the background, ends that come within
 * NOTIFY_GATHER_MS of each other make one system notification. Returns an
 * unsubscribe.
 */
export function notifyFinishedJobs(engine: Pick<JobEngine, 'list' | 'onChange' | 'working'>, platform: Platform, events: EventSink): () => void {
  const last = new Map<string, FinishedMoment | undefined>();
  const since = Date.now();
  // Only the jobs not yet ended are read (a history of 100,000 is not read whole at every start): any other job
  // made before this moment had ended, so a change to it that leaves it ended the same way is not told again.
  const working = engine.working?.();
  for (const job of working ?? engine.list({ includeHidden: true })) last.set(job.localId, finishedMoment(job));
  const momentBefore = (job: JobRecord, now: FinishedMoment | undefined) => {
    if (last.has(job.localId)) return last.get(job.localId);
    return working && Date.parse(job.createdAt) < since ? now : undefined;
  };
  let gathered: Toast[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const notices = gathered;
    gathered = [];
    if (notices.length === 0) return;
    const { title, body } = groupedNotice(notices);
    // Focused again meanwhile, or no system notifications: the window's toasts (which group themselves).
    if (!platform.isFocused() && platform.notify(title, body)) return;
    for (const notice of notices) events.emit('app:toast', notice);
  };
  const stop = engine.onChange((job) => {
    const moment = finishedMoment(job);
    const before = momentBefore(job, moment);
    last.set(job.localId, moment);
    if (!moment || moment === before) return;
    const notice = finishedNotice(job, moment);
    if (platform.isFocused()) {
      events.emit('app:toast', notice);
      return;
    }
    gathered.push(notice);
    timer ??= setTimeout(flush, NOTIFY_GATHER_MS);
    timer.unref?.();
  });
  return () => {
    stop();
    if (timer) clearTimeout(timer);
    flush();
  };
}
