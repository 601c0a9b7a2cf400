/**
 * The services as a CLI command uses them: the app's data directory (so jobs
 * made here appear in the app's history), no desktop integration, secrets from
 * the environment or a user-only file, and a log in `logs/cli.log` that only
 * copies errors to the terminal (commands print their own human output).
 */
import { createServices, type Services } from '../electron/compose';
import { resolveDataDir } from '../electron/services/data-dir';
import { createLogger } from '../electron/services/log';
import { createHeadlessPlatform, noCipher } from '../electron/services/platform-headless';
import { sqliteProblem } from '../electron/services/store/sqlite-support';
import { importProgressLine } from '../electron/services/jobs/store/import-journal';
import type { CliIo } from './command';

export interface OpenServicesOptions {
  /** 'embedded' (default) starts the built-in sandbox so its environment is usable; 'none' skips it. */
  sandbox?: 'embedded' | 'none';
  /** false: the job engine is not started (nothing is sent, polled or downloaded by this command). */
  startEngine?: boolean;
}

export async function openServices(io: Pick<CliIo, 'env' | 'stderr'>, options: OpenServicesOptions = {}): Promise<Services> {
  // Checked before the data folder is touched: the command fails with this one sentence.
  const sqlite = sqliteProblem();
  if (sqlite) throw new Error(sqlite);
  const dataDir = resolveDataDir(io.env);
  const log = createLogger({ dataDir, fileName: 'cli.log', stderr: io.stderr, stderrLevel: io.env.ASSET_STUDIO_VERBOSE ? 'debug' : 'error' });
  return createServices({
    dataDir,
    platform: createHeadlessPlatform('cli'),
    cipher: noCipher,
    env: io.env,
    log,
    sandbox: options.sandbox,
    ...(options.startEngine === false ? { startEngine: false } : {}),
    // The first start after the update moves the history into the database: say so on stderr as it goes.
    onImportProgress: (done, total) => io.stderr.write(`${importProgressLine(done, total)}\n`),
  });
}
