/**
 * The one gate every request passes, whichever shell carried it: the channel
 * must be in the contract, the arguments must match its schema, and only then
 * does a service run. Expected failures come back as Result values; a thrown
 * error is a bug and is reported without its details (which might hold paths
 * or upstream bodies) reaching the caller.
 */
import { factsOfIssueIn, plainProblems } from '../../shared/api';
import { REQUESTS, fail, type RequestName, type Result } from '../../shared/ipc';
import type { HandlerContext, PartialHandlers } from '../services/contracts';

export function isRequestName(name: unknown): name is RequestName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(REQUESTS, name);
}

export type DispatchLog = (level: 'warn' | 'error', message: string) => void;

export async function dispatch(
  handlers: PartialHandlers,
  channel: unknown,
  rawArgs: unknown,
  ctx: HandlerContext,
  log: DispatchLog = () => {},
): Promise<Result<unknown>> {
  if (!isRequestName(channel)) {
    return fail('unknown-channel', 'That request is not part of the app contract.');
  }
  const parsed = REQUESTS[channel].args.safeParse(rawArgs ?? {});
  if (!parsed.success) {
    log('warn', `rejected ${channel}: invalid arguments`);
    // The log names the channel; the caller gets plain sentences (a form puts them under its fields, with its own labels).
    const fields = parsed.error.issues.map((i) => {
      const facts = factsOfIssueIn(i, rawArgs);
      return { field: i.path.map(String).join('.'), message: i.message, ...(facts ? { issue: facts } : {}) };
    });
    return fail('invalid-arguments', plainProblems(fields, {}).join(' ') || 'The app could not accept that request.', { fields });
  }
  const handler = handlers[channel] as ((args: unknown, ctx: HandlerContext) => Promise<Result<unknown>>) | undefined;
  if (!handler) {
    return fail('unavailable', `${channel} is not available in this shell.`);
  }
  try {
    return await handler(parsed.data, ctx);
  } catch (err) {
    // An error made to be shown (a disk that refused a write: see LedgerWriteError) keeps its reason and plain message.
    const shown = err as { expose?: unknown; reason?: unknown; message?: unknown } | undefined;
    if (shown?.expose === true && typeof shown.reason === 'string' && typeof shown.message === 'string') {
      log('error', `handler ${channel} failed: ${shown.message}`);
      return fail(shown.reason, shown.message);
    }
    log('error', `handler ${channel} threw: ${err instanceof Error ? err.message : String(err)}`);
    return fail('internal', 'Something went wrong in the app. The details are in the log.');
  }
}
