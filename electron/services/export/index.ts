/** Export to project folders. Placeholder until the export issue fills it in. */
import type { EventSink, PartialHandlers, Platform } from '../contracts';
import type { JobEngine } from '../jobs/engine-api';

export interface ExportDeps {
  dataDir: string;
  engine: JobEngine | undefined;
  events: EventSink;
  platform: Platform;
}

export function setupExport(_deps: ExportDeps): { handlers: PartialHandlers; dispose(): Promise<void> } {
  return { handlers: {}, dispose: async () => {} };
}
