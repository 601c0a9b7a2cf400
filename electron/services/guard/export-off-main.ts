/**
 * An export's model work in a checking process (./check-pool.ts): the exported copy (read,
 * measured, fixed, written as GLB) and its conversion to the chosen format.
 * On main these took seconds for a large model (a 215k-triangle Draco model:
 * 5-8 s per export), during which no request, poll or event was answered.
 */
import type { NodeFormat } from '../../../shared/domain/export-formats';
import type { OutputFile } from '../export/formats';
import type { FormatFiles, ModelExtras } from '../export/model-outputs';
import type { ReadyCopy, ReadyCopyInput } from '../export/ready-copy';
import { checkPool } from './check-pool';
import { problemOf } from './check-tasks';

/** The exported copy without its document (which stays on the thread), and the suffixes the format writes. */
export type CopyMade = Omit<ReadyCopy, 'doc'> & { suffixes: string[] };

export class RefusedFile extends Error {
  override name = 'RefusedFile';
}

/** The copy of the model at `file`, after the guard, and the suffixes `formats` (and the LODs) will write; throws RefusedFile with the guard's words. */
export async function readyCopyOffMain(file: string, input: Omit<ReadyCopyInput, 'original'>, formats: NodeFormat[], extras: Pick<ModelExtras, 'lodRatios'>): Promise<CopyMade> {
  const answer = await checkPool().run({ kind: 'ready-copy', file, input, formats, ...(extras.lodRatios ? { lodRatios: [...extras.lodRatios] } : {}) });
  if ('refused' in answer) throw new RefusedFile(answer.refused);
  if ('failed' in answer) throw new Error(answer.failed);
  return answer.value as CopyMade;
}

/** The copy's files in `formats` (with collision and LODs when asked), named after `name`, and each format's size. `glb` is copied to the checking process. */
export async function writeModelOffMain(glb: Uint8Array, formats: NodeFormat[], name: string, extras: ModelExtras): Promise<{ outputs: OutputFile[]; sizes: FormatFiles[] }> {
  // A plain GLB is the copy's bytes as they are, nothing decoded: no checking process needed. In a batch's wave the round trip
  // queued each row's export behind the other rows' download checks on the threads.
  if (formats.length === 1 && formats[0] === 'glb' && extras.collision === 'none' && !extras.lodRatios?.length) {
    return { outputs: [{ suffix: '.glb', bytes: glb }], sizes: [{ format: 'glb', suffixes: ['.glb'], fileBytes: glb.byteLength }] };
  }
  const answer = await checkPool().run({ kind: 'write-model', glb, formats, name, extras });
  if (!('ok' in answer)) throw new Error(problemOf(answer));
  return answer.value as { outputs: OutputFile[]; sizes: FormatFiles[] };
}
