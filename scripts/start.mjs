#!/usr/bin/env node
// `npm start`: the Electron app through `electron-forge start`. Where the
// Electron binary cannot be obtained (no download allowed, no display), it
// says so in one sentence and runs the browser shell instead, printing the URL
// and opening the system browser when there is one. Options:
//   --web      use the browser shell even where Electron runs
//   --no-open  do not open a browser
// Anything else is passed on to the browser shell (e.g. --port 5199).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { FALLBACK_SENTENCE, NO_DISPLAY_SENTENCE, browserCommand, electronBinary, hasDisplay, parseUrlLine } from './start-lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const forceWeb = args.includes('--web');
const open = !args.includes('--no-open');
const webArgs = args.filter((a) => a !== '--web' && a !== '--no-open');

/** Tries the regular download once (electron's own install script), with a deadline so a black-holed network cannot hang `npm start`. */
function tryDownloadElectron() {
  if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) return undefined;
  process.stderr.write('Fetching the Electron binary...\n');
  spawnSync(process.execPath, [path.join(root, 'node_modules', 'electron', 'install.js')], { cwd: root, stdio: 'ignore', timeout: 120_000 });
  return electronBinary(root);
}

function runElectron() {
  const forge = path.join(root, 'node_modules', '@electron-forge', 'cli', 'dist', 'electron-forge.js');
  const child = spawn(process.execPath, [forge, 'start'], { cwd: root, stdio: 'inherit' });
  forwardSignals(child);
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

function runBrowserShell(sentence) {
  console.log(sentence);
  const child = spawn(process.execPath, [path.join(root, 'bin', 'asset-studio.mjs'), 'web', ...webArgs], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  forwardSignals(child);
  let announced = false;
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    const url = announced ? undefined : parseUrlLine(line);
    if (!url) {
      process.stdout.write(`${line}\n`);
      return;
    }
    announced = true;
    console.log(`Asset Studio is running at ${url}`);
    console.log('Keep this terminal open while you use it; press Ctrl+C to stop.');
    const opener = open ? browserCommand(url) : undefined;
    if (opener) {
      const browser = spawn(opener.command, opener.args, { stdio: 'ignore', detached: true });
      browser.on('error', () => {});
      browser.unref();
    }
  });
  child.on('exit', (code, signal) => {
    if (!announced) console.error('The browser shell stopped before it was ready; the messages above say why.');
    process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
  });
}

function forwardSignals(child) {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (child.exitCode === null) child.kill(signal);
    });
  }
}

if (forceWeb) {
  runBrowserShell('Starting Asset Studio in your browser (--web).');
} else if (!(electronBinary(root) ?? tryDownloadElectron())) {
  runBrowserShell(FALLBACK_SENTENCE);
} else if (!hasDisplay()) {
  runBrowserShell(NO_DISPLAY_SENTENCE);
} else {
  runElectron();
}
