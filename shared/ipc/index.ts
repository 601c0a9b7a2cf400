/**
 * The IPC contract: every request channel with its argument schema and result
 * type, every push event, and the StudioApi the renderer codes against.
 * Both shells (Electron, browser) carry exactly this.
 */
import type { z } from 'zod';
import { appEvents, appRequests } from './app';
import { batchEvents, batchRequests } from './batch';
import type { EventChannel, RequestChannel, Result } from './define';
import { exportEvents, exportRequests } from './export';
import { filesEvents, filesRequests } from './files';
import { jobsEvents, jobsRequests } from './jobs';
import { libraryEvents, libraryRequests } from './library';
import { settingsEvents, settingsRequests } from './settings';

export * from './define';
export * from './app';
export * from './files';
export * from './jobs';
export * from './settings';
export * from './export';
export * from './batch';
export * from './library';

export const REQUESTS = {
  ...appRequests,
  ...filesRequests,
  ...jobsRequests,
  ...settingsRequests,
  ...exportRequests,
  ...batchRequests,
  ...libraryRequests,
} as const;

export const EVENTS = {
  ...appEvents,
  ...filesEvents,
  ...jobsEvents,
  ...settingsEvents,
  ...exportEvents,
  ...batchEvents,
  ...libraryEvents,
} as const;

export type Requests = typeof REQUESTS;
export type Events = typeof EVENTS;
export type RequestName = keyof Requests & string;
export type EventName = keyof Events & string;

export type ArgsOf<K extends RequestName> = Requests[K] extends RequestChannel<infer A, unknown> ? z.input<A> : never;
export type ParsedArgsOf<K extends RequestName> = Requests[K] extends RequestChannel<infer A, unknown> ? z.output<A> : never;
export type ResultOf<K extends RequestName> = Requests[K] extends RequestChannel<z.ZodType, infer R> ? R : never;
export type PayloadOf<K extends EventName> = Events[K] extends EventChannel<infer P> ? P : never;

export const REQUEST_NAMES = Object.keys(REQUESTS) as RequestName[];
export const EVENT_NAMES = Object.keys(EVENTS) as EventName[];

type Domain<K extends string> = K extends `${infer D}:${string}` ? D : never;
type Domains = Domain<RequestName> | Domain<EventName>;

/** What the renderer codes against: `api.jobs.submit(args)`, `api.jobs.onChanged(listener)`. */
export type StudioApi = {
  [D in Domains]: {
    [K in RequestName as K extends `${D}:${infer M}` ? M : never]: (args: ArgsOf<K>) => Promise<ResultOf<K>>;
  } & {
    [K in EventName as K extends `${D}:${infer N}` ? `on${Capitalize<N>}` : never]: (
      listener: (payload: PayloadOf<K>) => void,
    ) => () => void;
  };
};

/** How a shell carries the contract. */
export interface Transport {
  invoke(channel: RequestName, args: unknown): Promise<Result<unknown>>;
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void;
}

/**
 * Builds the named-capability API over a transport. Only the channels in the
 * contract become methods: there is no generic invoke on the result.
 */
export function createStudioApi(transport: Transport): StudioApi {
  const api: Record<string, Record<string, unknown>> = {};
  for (const name of REQUEST_NAMES) {
    const [domain, method] = name.split(':') as [string, string];
    (api[domain] ??= {})[method] = (args: unknown) => transport.invoke(name, args ?? {});
  }
  for (const name of EVENT_NAMES) {
    const [domain, ev] = name.split(':') as [string, string];
    (api[domain] ??= {})[`on${ev[0]!.toUpperCase()}${ev.slice(1)}`] = (listener: (p: unknown) => void) =>
      transport.subscribe(name, listener);
  }
  return api as unknown as StudioApi;
}
