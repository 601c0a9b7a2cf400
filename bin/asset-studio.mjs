#!/usr/bin/env node
// The `asset-studio` command. It runs the TypeScript sources directly through
// tsx, so the CLI works right after `npm install` with no build step.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The job store is SQLite through Node's built-in `node:sqlite` (with FTS5), which Node 24 LTS has. `npm install`
// puts a Node 24 in node_modules (the `node` package), which npm scripts and npx find first.
const [major] = process.versions.node.split('.').map(Number);
if (major < 24) {
  console.error(`Asset Studio needs Node.js 24 or newer (for its built-in SQLite), but this is Node ${process.versions.node}: run it as \`npx asset-studio\` or \`npm run cli --\`, which use the Node 24 that \`npm install\` put in node_modules.`);
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
