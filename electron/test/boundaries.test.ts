import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The folders are runtime boundaries, enforced by lint (eslint.config.mjs).
 * Each case lints a probe as if it were a file of that folder: a rule lost
 * from the config fails here, not only in review.
 */
const root = path.resolve(__dirname, '../..');
let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: root });
  // The first lint loads the config and the TypeScript parser (seconds on a busy machine); the cases then take milliseconds.
  await eslint.lintText('export {};\n', { filePath: path.join(root, 'electron/compose/warm-up.ts') });
}, 60_000);

async function restricted(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-properties').map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    ['a service importing the sandbox', 'electron/services/jobs/probe.ts', "import { startSandbox } from '../../../sandbox';\nexport const x = startSandbox;\n", /never imports sandbox/],
    ['a service importing the composition root', 'electron/services/batch/probe.ts', "import { createServices } from '../../compose';\nexport const x = createServices;\n", /composition root/],
    ['the sandbox importing a service', 'sandbox/core/probe.ts', "import { createLogger } from '../../electron/services/log';\nexport const x = createLogger;\n", /never imports electron/],
    ['ipcMain outside electron/app', 'electron/shells/web/probe.ts', "import { ipcMain } from 'electron';\nexport const x = ipcMain;\n", /Only electron\/app\//],
    ['ipcRenderer through a namespace import', 'electron/ipc/probe.ts', "import * as electron from 'electron';\nexport const x = electron.ipcRenderer;\n", /Only electron\/app\//],
  ])('refuses %s', async (_what, file, code, message) => {
    const messages = await restricted(file, code);
    expect(messages.some((m) => message.test(m))).toBe(true);
  });

  it.each([
    ['the composition root starting the sandbox', 'electron/compose/probe.ts', "import { startSandbox } from '../../sandbox';\nexport const x = startSandbox;\n"],
    ['electron/app using ipcMain', 'electron/app/probe.ts', "import { ipcMain } from 'electron';\nexport const x = ipcMain;\n"],
    ['a service test composing services with the sandbox', 'electron/services/jobs/probe.test.ts', "import { startSandbox } from '../../../sandbox';\nexport const x = startSandbox;\n"],
  ])('allows %s', async (_what, file, code) => {
    expect(await restricted(file, code)).toEqual([]);
  });
});
