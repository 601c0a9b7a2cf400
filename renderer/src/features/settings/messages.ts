/** Small helpers for showing host results in Settings. */
import type { Result } from '../../../../shared/ipc';

/** The problem's sentence, or undefined when it went well. */
export function problemOf(result: Result<unknown>): string | undefined {
  return result.ok ? undefined : result.problem.message;
}

export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}
