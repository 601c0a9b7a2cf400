/**
 * The two ways a record starts: a request the user submitted (queued, its
 * intent written before anything is sent) and a job followed by its id
 * (made elsewhere). Pure: the engine writes what these return.
 */
import type { GenerationKind } from '../../../../shared/api';
import type { SubmitArgs } from '../../../../shared/ipc';
import type { EngineRecord } from './engine-record';
import type { Target } from './placement';

/** Request fields that name the job a new one is made from (chained operations). */
const SOURCE_FIELDS = ['jobId', 'imageJobId', 'meshRigId', 'referenceImageJobId'] as const;

/** A submitted request's record: queued (held back when its batch is paused), its prompt and source job read from the request. */
export function queuedRecord(
  args: Pick<SubmitArgs, 'kind' | 'parentJobId' | 'setId' | 'spreadAcrossKeys'>,
  options: { batchId?: string; held?: boolean },
  t: Target,
  request: Record<string, unknown>,
  localId: string,
  now: string,
): EngineRecord {
  const prompt = typeof request.prompt === 'string' ? request.prompt : undefined;
  const parent = args.parentJobId ?? SOURCE_FIELDS.map((f) => request[f]).find((v): v is string => typeof v === 'string' && v !== '');
  return {
    localId,
    kind: args.kind,
    state: 'queued',
    environmentId: t.environmentId,
    environmentName: t.environmentName,
    keyId: t.keyId,
    keyName: t.keyName,
    request,
    title: '',
    ...(prompt ? { prompt } : {}),
    ...(parent ? { parentJobId: parent } : {}),
    ...(options.batchId ? { batchId: options.batchId } : {}),
    ...(args.setId ? { setId: args.setId } : {}),
    ...(args.spreadAcrossKeys ? { spreadAcrossKeys: true } : {}),
    createdAt: now,
    updatedAt: now,
    fragments: [],
    queue: { reason: options.held && options.batchId ? 'paused' : 'cap', attempts: 0 },
  };
}

/** The record of a job followed by its id (made elsewhere): pending until its first status is applied, its kind given or guessed. */
export function trackedRecord(jobId: string, kind: GenerationKind | undefined, kindInferred: boolean, target: Target, localId: string, now: string): EngineRecord {
  return {
    localId,
    kind: kind ?? 'text-to-3d',
    ...(kindInferred ? { kindInferred: true } : {}),
    state: 'pending',
    jobId,
    environmentId: target.environmentId,
    environmentName: target.environmentName,
    keyId: target.keyId,
    keyName: target.keyName,
    request: {},
    title: '',
    createdAt: now,
    updatedAt: now,
    acceptedAt: now,
    fragments: [],
  };
}

