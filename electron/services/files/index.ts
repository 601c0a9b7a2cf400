/** File staging. Placeholder until the job-engine issue fills it in. */
import type { PartialHandlers } from '../contracts';

export interface FilesDeps {
  dataDir: string;
}

export function setupFiles(_deps: FilesDeps): { handlers: PartialHandlers; dispose(): Promise<void> } {
  return { handlers: {}, dispose: async () => {} };
}
