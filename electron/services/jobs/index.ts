/** Job engine setup. Placeholder until the job-engine issue fills it in. */
import type { EnvironmentRegistry, EventSink, PartialHandlers, Platform } from '../contracts';
import type { JobEngine } from './engine-api';

export interface JobsDeps {
  dataDir: string;
  registry: EnvironmentRegistry;
  events: EventSink;
  platform: Platform;
}

export function setupJobs(_deps: JobsDeps): { engine: JobEngine | undefined; handlers: PartialHandlers; dispose(): Promise<void> } {
  return { engine: undefined, handlers: {}, dispose: async () => {} };
}
