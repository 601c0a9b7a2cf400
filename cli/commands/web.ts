/**
 * `asset-studio web [--port N] [--host 127.0.0.1] [--open]`: the browser shell.
 *
 * Prints exactly one JSON line on stdout, `{"url": "http://127.0.0.1:PORT/?token=..."}`,
 * so scripts (npm start's fallback, the e2e fixture) can read it; every log
 * line goes to stderr. Runs until SIGINT/SIGTERM, then disposes the services.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createServices } from '../../electron/compose';
import { resolveDataDir } from '../../electron/services/data-dir';
import { importProgressLine } from '../../electron/services/jobs/store/import-journal';
import { createLogger } from '../../electron/services/log';
import { createWebPlatform, startWebShell, webCipher } from '../../electron/shells/web';
import { browserCommand } from '../../scripts/start-lib.mjs';
import { EXIT, UsageError, intOption, parseOptions, type CliCommand, type CliIo } from '../command';

const ROOT = path.resolve(__dirname, '..', '..');
/** Where `npm run build:renderer` (and Forge) put the renderer. */
export const RENDERER_DIR = path.join(ROOT, '.vite', 'renderer', 'main_window');

const usage = [
  'Usage: asset-studio web [--port N] [--host 127.0.0.1] [--open]',
  '',
  'Runs Asset Studio in a browser: serves the app on this machine only and prints one JSON line,',
  '  {"url": "http://127.0.0.1:PORT/?token=..."}',
  'Open that URL (it carries a token made for this launch; without it every request is refused).',
  '',
  'Options:',
  '  --port N       Port to listen on (default 0: any free port).',
  '  --host HOST    Host name in the printed URL: 127.0.0.1 (default) or localhost. It always listens on 127.0.0.1.',
  '  --open         Also open the URL in the system browser.',
  '',
  'The renderer is built first (npm run build:renderer) when .vite/renderer/main_window is missing.',
  'Stop it with Ctrl+C. Logs go to stderr and to logs/web.log in the data directory.',
  '',
  'Through npm: npm run web -- --port 0',
].join('\n');

/** Builds the renderer with Vite, its output sent to stderr so stdout keeps only the URL line. */
function buildRenderer(io: CliIo): Promise<boolean> {
  io.stderr.write('The renderer is not built yet; building it now (npm run build:renderer)...\n');
  const viteBin = path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [viteBin, 'build', '--config', path.join(ROOT, 'renderer', 'vite.config.ts')], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => io.stderr.write(chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => io.stderr.write(chunk.toString()));
    child.on('error', () => resolve(false));
    child.on('exit', (code) => resolve(code === 0));
  });
}

function openBrowser(url: string, io: CliIo): void {
  const opener = browserCommand(url, process.platform, io.env);
  if (!opener) {
    io.stderr.write('No system browser to open here; open the URL yourself.\n');
    return;
  }
  const child = spawn(opener.command, opener.args, { stdio: 'ignore', detached: true });
  child.on('error', () => io.stderr.write('Could not open the system browser; open the URL yourself.\n'));
  child.unref();
}

export const command: CliCommand = {
  name: 'web',
  summary: 'Run Asset Studio in a browser (prints the URL to open as one JSON line)',
  usage,
  async run(argv, io) {
    const { values } = parseOptions(argv, {
      port: { type: 'string' },
      host: { type: 'string' },
      open: { type: 'boolean', default: false },
    });
    const port = intOption(values.port, 'port', { min: 0, max: 65535 }) ?? 0;
    const host = values.host ?? '127.0.0.1';
    if (host !== '127.0.0.1' && host !== 'localhost') {
      throw new UsageError('--host must be 127.0.0.1 or localhost: the browser shell only listens on this machine.');
    }

    if (!fs.existsSync(path.join(RENDERER_DIR, 'index.html')) && !(await buildRenderer(io))) {
      io.stderr.write('The renderer could not be built; run "npm run build:renderer" and read its errors.\n');
      return EXIT.failure;
    }

    const dataDir = resolveDataDir(io.env);
    const log = createLogger({ dataDir, fileName: 'web.log', stderr: io.stderr });
    const services = await createServices({
      dataDir,
      platform: createWebPlatform(),
      cipher: webCipher,
      env: io.env,
      log,
      // The first start after the update moves the history into the database before the shell serves the page.
      onImportProgress: (done, total) => io.stderr.write(`${importProgressLine(done, total)}\n`),
    });
    let shell;
    try {
      shell = await startWebShell({ services, rendererDir: RENDERER_DIR, host, port });
    } catch (err) {
      await services.dispose();
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EADDRINUSE') {
        io.stderr.write(`Port ${port} is already in use; choose another with --port, or --port 0 for any free one.\n`);
        return EXIT.failure;
      }
      throw err;
    }

    io.stdout.write(`${JSON.stringify({ url: shell.url })}\n`);
    if (values.open) openBrowser(shell.url, io);

    await new Promise<void>((resolve) => {
      if (io.signal.aborted) resolve();
      else io.signal.addEventListener('abort', () => resolve(), { once: true });
    });
    log.info('stopping the browser shell');
    await shell.close();
    await services.dispose();
    return EXIT.ok;
  },
};
