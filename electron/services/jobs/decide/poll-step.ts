/**
 * A poll's answers as record changes, without side effects: the status the
 * service reported, the verdict of a failed poll (judgePollFailure,
 * ./answers.ts), a paused key, a key gone from Settings and a service that is
 * down. The poller applies them and keeps the timers; ./poll-step.test.ts
 * holds their table.
 */
import type { GenerationKind, JobResource, JobStatus } from '../../../../shared/api';
import type { AssetRecord, JobProblem, JobState } from '../../../../shared/domain/job';
import type { PollVerdict } from './answers';
import { iso, type EngineRecord, type HostDown, type Step } from './engine-record';

export const KEY_NOT_IN_SETTINGS = 'the key of this job is no longer in Settings';

/** A guess of the kind of a job tracked by id, from the parameters the service reports. */
export function inferKind(resource: JobResource): GenerationKind | undefined {
  const p = resource.genParams ?? {};
  if ('aspectRatio' in p) return 'text-to-image';
  if ('targetFaceCount' in p || 'topology' in p || 'textureResolution' in p) return 'text-to-3d';
  return undefined;
}

export type PollAnswer =
  /** The service reported the job; `asset` is the pending asset record should it have succeeded. */
  | { type: 'status'; resource: JobResource; asset: AssetRecord }
  /** The poll failed; `down` is its service's state now when it is down, `status` the HTTP status if any. */
  | { type: 'failed'; verdict: PollVerdict; problem: JobProblem; status?: number; down?: HostDown; waits: HostWaits }
  /** Not polled: its key is paused (the service rejected it), for `reason`. */
  | { type: 'key-paused'; reason: string }
  /** Another job of the same key got the 401: this one says so too, without a request. */
  | { type: 'key-rejected-too'; reason: string }
  /** Not polled: the job's key is gone from Settings; tried again after `retryMs`. */
  | { type: 'no-client'; retryMs: number }
  /** Not polled: its service is down. */
  | { type: 'host-down'; down: HostDown; waits: HostWaits };

/** How a poll waiting for a down service is timed: a little jitter after its next try, or a fallback while its probe is out. */
export interface HostWaits {
  jitterMs: number;
  fallbackMs: number;
}

export type PollNext =
  /** Nothing now (stopping, or a paused key: resumed by Settings or the user). */
  | { do: 'none' }
  /** Poll again after `delayMs`; `missing` is the job's 404s in a row when that changed. */
  | { do: 'poll-in'; delayMs: number; missing?: number }
  /** Poll again after what the policy says (`changed`: the status changed). */
  | { do: 'poll'; changed: boolean }
  /** Pause every poll on the key (401), with `reason`. */
  | { do: 'pause-key'; reason: string }
  /** The job ended (success or error): stop following it, and go on to its download. */
  | { do: 'ended' };

const none: PollNext = { do: 'none' };

export function pollStep(answer: PollAnswer, rec: EngineRecord, now: number): Step<PollNext> {
  const p = rec.polling;
  switch (answer.type) {
    case 'status':
      return statusStep(answer.resource, answer.asset, rec, now);
    case 'key-paused':
      return { patch: p?.state === 'key-rejected' ? undefined : { polling: { state: 'key-rejected', reason: answer.reason, attempts: (p?.attempts ?? 0) + 1, status: 401 } }, durable: false, next: none };
    case 'key-rejected-too':
      return { patch: { polling: { state: 'key-rejected', reason: answer.reason, attempts: p?.attempts ?? 0, status: 401 } }, durable: false, next: none };
    case 'no-client':
      return {
        patch: { polling: { state: 'retrying', reason: KEY_NOT_IN_SETTINGS, attempts: (p?.attempts ?? 0) + 1, retryAt: iso(now + answer.retryMs) } },
        durable: false,
        next: { do: 'poll-in', delayMs: answer.retryMs },
      };
    case 'host-down':
      return hostDownStep(answer.down, answer.waits, rec, now);
    case 'failed':
      return failedPoll(answer, rec, now);
  }
}

/** The job's service is down: the record says so (host, reason, next try) and the poll waits for it. */
function hostDownStep(down: HostDown, waits: HostWaits, rec: EngineRecord, now: number, missing?: number): Step<PollNext> {
  const retryAt = Number.isFinite(down.until) ? iso(down.until) : undefined;
  const p = rec.polling;
  const same = p?.state === 'retrying' && p.host === down.host && p.retryAt === retryAt && p.reason === down.reason;
  // Woken when the service answers; the delay is only a fallback.
  const delay = Number.isFinite(down.until) ? down.until - now + waits.jitterMs : waits.fallbackMs;
  return {
    patch: same ? undefined : { polling: { state: 'retrying', reason: down.reason, attempts: p?.attempts ?? 0, host: down.host, ...(retryAt ? { retryAt } : {}) } },
    durable: false,
    next: { do: 'poll-in', delayMs: Math.max(50, delay), ...(missing !== undefined ? { missing } : {}) },
  };
}

function failedPoll(answer: Extract<PollAnswer, { type: 'failed' }>, rec: EngineRecord, now: number): Step<PollNext> {
  const { verdict, problem, status, down } = answer;
  const attempts = rec.polling?.state === 'retrying' ? rec.polling.attempts : 0;
  switch (verdict.action) {
    case 'stop':
      return { patch: undefined, durable: false, next: none };
    case 'pause-key':
      return { patch: { polling: { state: 'key-rejected', reason: verdict.reason, attempts: attempts + 1, status: 401 } }, durable: false, next: { do: 'pause-key', reason: verdict.reason } };
    case 'end':
      return { patch: { state: 'error', polling: undefined, problem: { ...problem, message: verdict.message }, finishedAt: iso(now) }, durable: true, next: { do: 'ended' } };
    case 'retry': {
      if (verdict.networkDown && down) {
        // Its service is down now: the job waits for it like every other job of that service.
        return hostDownStep(down, answer.waits, { ...rec, polling: { state: 'retrying', reason: verdict.reason, attempts: attempts + 1 } }, now, verdict.missing);
      }
      return {
        patch: { polling: { state: 'retrying', reason: verdict.reason, attempts: attempts + 1, retryAt: iso(now + verdict.delayMs), ...(status !== undefined ? { status } : {}) } },
        durable: false,
        next: { do: 'poll-in', delayMs: verdict.delayMs, ...(verdict.missing !== undefined ? { missing: verdict.missing } : {}) },
      };
    }
  }
}

/** Copies what the service reports into the record; `changed` when the status changed. */
function statusStep(resource: JobResource, asset: AssetRecord, rec: EngineRecord, now: number): Step<PollNext> {
  const status = resource.status as JobStatus;
  const patch: Partial<EngineRecord> = {};
  const set = <K extends keyof EngineRecord>(k: K, v: EngineRecord[K] | undefined | null) => {
    if (v === undefined || v === null) return;
    if (JSON.stringify(rec[k]) !== JSON.stringify(v)) patch[k] = v;
  };
  set('upstreamStatus', status);
  set('state', status as JobState);
  set('title', resource.title);
  set('prompt', resource.prompt);
  set('upstreamCreatedAt', resource.createdAt);
  set('genParams', resource.genParams);
  set('fragments', resource.fragments?.map((f) => ({ name: f.name, ...(f.displayName ? { displayName: f.displayName } : {}) })));
  if (rec.kindInferred && resource.genParams) {
    const inferred = inferKind(resource);
    if (inferred && inferred !== rec.kind) patch.kind = inferred;
  }
  if (rec.polling) patch.polling = undefined;
  if (status === 'error') patch.problem = { message: resource.errorMessage || 'The service reported an error without a message.' };
  const changed = patch.state !== undefined;
  const ended = changed && (status === 'success' || status === 'error');
  if (ended) patch.finishedAt = iso(now);
  // Success and "downloading" in one change: nobody sees a successful job that looks finished without its asset.
  if (ended && status === 'success') patch.asset = asset;
  // A terminal status is a critical moment too: it starts the download and it is what a restart resumes from.
  return { patch: Object.keys(patch).length ? patch : undefined, durable: ended, next: ended ? { do: 'ended' } : { do: 'poll', changed } };
}
