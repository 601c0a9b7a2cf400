/** Batches. Placeholder until the batch issue fills it in. */
import type { EventSink, PartialHandlers } from '../contracts';
import type { JobEngine } from '../jobs/engine-api';

export interface BatchDeps {
  dataDir: string;
  engine: JobEngine | undefined;
  events: EventSink;
}

export function setupBatch(_deps: BatchDeps): { handlers: PartialHandlers; dispose(): Promise<void> } {
  return { handlers: {}, dispose: async () => {} };
}
