/** Small helpers for showing host results in Settings. */
import { plainProblem, plainProblems } from '../../../../shared/api';
import type { Problem, Result } from '../../../../shared/ipc';

/** The labels Settings' forms show, by the contract's argument names: refusals are said with them. */
export const SETTINGS_LABELS: Readonly<Record<string, string>> = {
  name: 'Name',
  baseUrl: 'Base URL',
  storageUrl: 'Storage URL',
  clientId: 'Client ID',
  clientSecret: 'Client secret',
  subfolder: 'Subfolder',
  path: 'Folder',
};

/** A refusal in plain words: its field problems said with `labels`, else its own sentence. */
export function plainMessage(problem: Pick<Problem, 'message' | 'fields'>, labels: Readonly<Record<string, string>> = SETTINGS_LABELS): string {
  return problem.fields?.length ? plainProblems(problem.fields, labels).join(' ') : problem.message;
}

/** The problem's sentence, or undefined when it went well. */
export function problemOf(result: Result<unknown>, labels?: Readonly<Record<string, string>>): string | undefined {
  return result.ok ? undefined : plainMessage(result.problem, labels);
}

/**
 * Field problems placed under the form's own controls (in its labels), and
 * the sentence for what no control shows.
 */
export function placeProblem(problem: Pick<Problem, 'message' | 'fields'>, labels: Readonly<Record<string, string>>): { fields: Record<string, string>; rest?: string } {
  const fields: Record<string, string> = {};
  const unplaced = [];
  for (const p of problem.fields ?? []) {
    const key = p.field.split('.')[0] ?? '';
    if (key in labels) fields[key] = fields[key] ?? plainProblem(p, labels);
    else unplaced.push(p);
  }
  const rest = unplaced.length ? plainProblems(unplaced, labels).join(' ') : problem.fields?.length ? undefined : problem.message;
  return { fields, ...(rest ? { rest } : {}) };
}

export function formatDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}
