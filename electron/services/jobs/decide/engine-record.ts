/**
 * A job record as the engine keeps it (the renderer ignores the extra fields),
 * and the shape every answer-to-record step returns.
 */
import type { JobRecord } from '../../../../shared/domain/job';

/** The engine's own bookkeeping kept on a record (the renderer ignores it). */
export type EngineRecord = JobRecord & { spreadAcrossKeys?: boolean; kindInferred?: boolean };

/**
 * What an answer does to a record: the change to write (none when the record
 * already says so), whether it must be on disk before anyone is told
 * (`durable`), and what the loop does next.
 */
export interface Step<Next> {
  patch: Partial<EngineRecord> | undefined;
  durable: boolean;
  next: Next;
}

/** A service that is down, as the steps read it (EngineCore.hostWait): until when (Infinity while its probe is out), why, and its host. */
export interface HostDown {
  until: number;
  reason: string;
  host: string;
}

export const iso = (ms: number): string => new Date(ms).toISOString();
