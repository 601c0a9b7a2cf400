/**
 * "Reveal the file": what to tell the user after asking the host to show a
 * job's exported file. The browser shell (and the CLI) have no file manager,
 * so their reveal answers `false` for a file that does exist: that is "this
 * window cannot open a file manager", never "not exported yet".
 */
import type { ExportRecordView, Result } from '../../../../shared/ipc';
import { bridge } from '../../bridge';

/** The sentence to show, or null when the file manager opened. `lastExport` is the job's newest export record, if any. */
export function revealMessage(result: Result<boolean>, lastExport: Pick<ExportRecordView, 'path'> | undefined): string | null {
  if (!result.ok) {
    if (result.problem.reason === 'not-found') return 'This job has not been exported yet: export it to get a file to reveal.';
    return result.problem.message;
  }
  if (result.value) return null;
  if (lastExport) return `This window cannot open your file manager. The exported file is at ${lastExport.path}`;
  return 'This window cannot open your file manager.';
}

/** The newest of a job's export records. */
export function newestExport(records: readonly ExportRecordView[]): ExportRecordView | undefined {
  return [...records].sort((a, b) => b.exportedAt.localeCompare(a.exportedAt))[0];
}

/** Asks the host to reveal the job's exported file; resolves with what to tell the user (null: nothing). */
export async function revealJobFile(localId: string): Promise<string | null> {
  const api = bridge().api.export;
  try {
    const result = await api.reveal({ localId });
    if (result.ok && !result.value) {
      const records = await api.records({ localId });
      return revealMessage(result, records.ok ? newestExport(records.value) : undefined);
    }
    return revealMessage(result, undefined);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}
