/**
 * The mechanics of the IPC contract: how a request channel and a push event
 * are declared, and the Result type expected failures travel in.
 *
 * A channel name is `domain:method`; the renderer sees it as
 * `api.domain.method(args)`. An event name is `domain:name`; the renderer
 * subscribes with `api.domain.onName(listener)`, which returns its own
 * unsubscribe. Both transports (Electron IPC, the browser shell's HTTP +
 * WebSocket) validate arguments with the same schemas.
 */
import type { z } from 'zod';
import type { FieldProblem } from '../api';

/** An expected failure: a value the UI shows, not an exception. */
export interface Problem {
  /** Machine-readable reason ('invalid-request', 'not-found', 'unauthorized', 'insufficient-credits', ...). */
  reason: string;
  /** A sentence a user can act on. */
  message: string;
  status?: number;
  /** Field-level problems (validation, or a 422 mapped back onto its field). */
  fields?: FieldProblem[];
  credits?: { required: number; available: number };
}

export type Result<T> = { ok: true; value: T } | { ok: false; problem: Problem };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const fail = (reason: string, message: string, extra: Omit<Problem, 'reason' | 'message'> = {}): { ok: false; problem: Problem } => ({
  ok: false,
  problem: { reason, message, ...extra },
});

export interface RequestChannel<A extends z.ZodType = z.ZodType, R = unknown> {
  args: A;
  /** Phantom: the result type (always a Result). */
  result?: R;
}

export interface EventChannel<P = unknown> {
  /** Phantom: the payload type. */
  payload?: P;
}

/** Declares a request channel: its argument schema now, its result type as a type argument. */
export const request =
  <R>() =>
  <A extends z.ZodType>(args: A): RequestChannel<A, Result<R>> => ({ args });

export const event = <P>(): EventChannel<P> => ({});
