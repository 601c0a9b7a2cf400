/**
 * The browser shell as the soak scripts start (and kill) it: the same
 * `createServices` + `startWebShell` as `asset-studio web`, on the data folder
 * of ASSET_STUDIO_DATA_DIR, with the sandbox environment of the ASSET_STUDIO_*
 * variables. Two differences, both about what the soak does not exercise: the
 * app's page is a placeholder (the soak calls the contract over HTTP, and
 * `web` would build the renderer first where it is missing), and no built-in
 * sandbox is started (every job goes to the standalone one).
 *
 * Prints one JSON line: {"url", "environmentId"}. Runs until SIGTERM/SIGINT.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServices } from '../../electron/compose';
import { resolveDataDir } from '../../electron/services/data-dir';
import { pickEnvironment } from '../../cli/job-support';
import { createLogger } from '../../electron/services/log';
import { createWebPlatform, startWebShell, webCipher } from '../../electron/shells/web';

async function main(): Promise<void> {
  const rendererDir = fs.mkdtempSync(path.join(os.tmpdir(), 'soak-page-'));
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><title>Asset Studio (soak)</title>');
  const dataDir = resolveDataDir(process.env);
  const log = createLogger({ dataDir, fileName: 'web.log', stderr: process.stderr, stderrLevel: 'error' });
  const services = await createServices({ dataDir, platform: createWebPlatform(), cipher: webCipher, env: process.env, log, sandbox: 'none' });
  const picked = pickEnvironment(services.registry, process.env);
  if ('error' in picked) throw new Error(picked.error);
  const shell = await startWebShell({ services, rendererDir, port: 0 });
  process.stdout.write(`${JSON.stringify({ url: shell.url, environmentId: picked.environmentId })}\n`);
  const stop = async () => {
    await shell.close();
    await services.dispose();
    fs.rmSync(rendererDir, { recursive: true, force: true });
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
