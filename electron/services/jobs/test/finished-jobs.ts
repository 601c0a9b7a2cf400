/**
 * Test helper: an engine on the sandbox with some jobs already finished, for
 * tests of what the jobs service does with finished records (listing them,
 * saving their thumbnails) rather than of how jobs run.
 */
import { startSandbox, type RunningSandbox } from '../../../../sandbox';
import type { GenerationKind } from '../../../../shared/api';
import { StagingArea } from '../../files/staging';
import { Engine } from '../engine';
import { FAST_TIMING, staticRegistry, tempDir, until } from './harness';

export interface FinishedJobs {
  sandbox: RunningSandbox;
  engine: Engine;
  dataDir: string;
  /** Local ids of the submitted requests, in order, each with its asset ready. */
  ids: string[];
  stop(): Promise<void>;
}

export async function engineWithFinishedJobs(options: { seed: number; requests: { kind: GenerationKind; fields: Record<string, unknown> }[] }): Promise<FinishedJobs> {
  const sandbox = await startSandbox({ port: 0, jobSeconds: 0.2, keys: 1, seed: options.seed, credits: 10_000 });
  const dataDir = tempDir('finished');
  const engine = new Engine({ dataDir, registry: staticRegistry(sandbox.baseUrl, sandbox.storageUrl, sandbox.keys), staging: new StagingArea(dataDir), timing: FAST_TIMING });
  const stop = async () => {
    await engine.stop();
    await sandbox.close();
  };
  try {
    await engine.start();
    const ids: string[] = [];
    for (const request of options.requests) {
      const submitted = await engine.submit(request);
      if (!submitted.ok) throw new Error(`the ${request.kind} request was refused: ${submitted.problem.message}`);
      ids.push(submitted.value.localId);
    }
    await until(() => ids.every((id) => engine.get(id)?.asset?.state === 'ready'), 20_000, 'every asset');
    return { sandbox, engine, dataDir, ids, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
