/**
 * The guard where a service is about to read a file from outside: one call,
 * run in a checking process (./check-pool.ts), answering the refusal in the
 * guard's words or undefined when the file may be decoded.
 */
import { checkPool } from './check-pool';
import { problemOf } from './check-tasks';
import type { ModelFormat } from './verdicts';

export async function refusedByGuard(file: string, format: ModelFormat | 'image'): Promise<string | undefined> {
  const answer = await checkPool().run({ kind: 'guard', file, format });
  const problem = problemOf(answer);
  return problem === undefined || 'refused' in answer ? problem : `The file could not be read: ${problem}.`;
}
