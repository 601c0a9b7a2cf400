#!/usr/bin/env node
// The `asset-studio` command. It runs the TypeScript sources directly through
// tsx, so the CLI works right after `npm install` with no build step.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`Asset Studio needs Node.js 20.19 or newer; this is ${process.versions.node}.`);
  process.exit(1);
}

// The package is CommonJS ("type" is not "module"), so .ts sources load as CommonJS: both hooks are needed.
const { register: registerEsm } = await import('tsx/esm/api');
const { register: registerCommonJs } = await import('tsx/cjs/api');
registerEsm();
registerCommonJs();

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Imported from ESM, a CommonJS module's exports may sit under `default`.
const cli = await import('../cli/main.ts');
const runCli = cli.runCli ?? cli.default?.runCli;
process.exitCode = await runCli(process.argv.slice(2), { commandsDir: path.join(root, 'cli', 'commands'), handleSignals: true });
