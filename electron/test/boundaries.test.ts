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
    ['the composition root importing electron', 'electron/compose/probe.ts', "import { app } from 'electron';\nexport const x = app;\n", /Services run under plain Node/],
    ['the browser shell importing electron', 'electron/shells/web/probe.ts', "import { app } from 'electron';\nexport const x = app;\n", /Services run under plain Node/],
    ['the IPC layer importing electron', 'electron/ipc/probe.ts', "import { app } from 'electron';\nexport const x = app;\n", /Services run under plain Node/],
    ['static files importing electron', 'electron/static/probe.ts', "import { app } from 'electron';\nexport const x = app;\n", /Services run under plain Node/],
    ['the upstream client importing the sandbox', 'electron/upstream/probe.ts', "import { startSandbox } from '../../sandbox';\nexport const x = startSandbox;\n", /Only electron\/compose\/ \(and tests\) import sandbox/],
    ['the browser shell importing a sandbox module', 'electron/shells/web/probe.ts', "import { parseChaos } from '../../../sandbox/core/faults';\nexport const x = parseChaos;\n", /Only electron\/compose\/ \(and tests\) import sandbox/],
    ['the IPC layer importing the sandbox', 'electron/ipc/probe.ts', "import { startSandbox } from '../../sandbox';\nexport const x = startSandbox;\n", /Only electron\/compose\/ \(and tests\) import sandbox/],
    ['a CLI command importing the sandbox', 'cli/commands/probe.ts', "import { startSandbox } from '../../sandbox';\nexport const x = startSandbox;\n", /Only electron\/compose\/ \(and tests\) import sandbox/],
    ['an e2e journey importing bench/', 'e2e/probe.e2e.ts', "import { x } from '../bench/fixtures';\nexport const y = x;\n", /e2e\/ never imports bench\//],
    ['a bench importing e2e/', 'bench/probe.ts', "import { startHost } from '../e2e/fixtures';\nexport const x = startHost;\n", /bench\/ never imports e2e\//],
    ['renderer domain/ importing the store', 'renderer/src/domain/generate/probe.ts', "import { useStore } from '../../state/store';\nexport const x = useStore;\n", /domain\/ imports only shared\/ and domain\//],
    ['renderer domain/ importing the bridge', 'renderer/src/domain/probe.ts', "import { bridge } from '../bridge';\nexport const x = bridge;\n", /domain\/ imports only shared\/ and domain\//],
    ['renderer domain/ importing React', 'renderer/src/domain/probe.ts', "import { useState } from 'react';\nexport const x = useState;\n", /no React/],
    ['a state slice importing a feature', 'renderer/src/state/slices/probe.ts', "import { draftOf } from '../../features/generate/draft';\nexport const x = draftOf;\n", /state\/ imports only shared\/, renderer\/src\/domain\/ and the bridge/],
    ['a state slice importing app/', 'renderer/src/state/slices/probe.ts', "import { withToast } from '../../app/toast-stack';\nexport const x = withToast;\n", /state\/ imports only shared\//],
    ['a feature importing another feature', 'renderer/src/features/history/probe.tsx', "import { submitCurrent } from '../generate/GeneratePanel';\nexport const x = submitCurrent;\n", /A feature never imports another feature/],
    ['a feature importing another feature by a longer path', 'renderer/src/features/settings/probe.tsx', "import { ExportDialog } from '../../features/export/ExportDialog';\nexport const x = ExportDialog;\n", /A feature never imports another feature/],
    ['a feature importing app/', 'renderer/src/features/export/probe.tsx', "import { App } from '../../app/App';\nexport const x = App;\n", /Features never import renderer\/src\/app\//],
    ['a component importing a feature', 'renderer/src/components/probe.tsx', "import { HistoryPanel } from '../features/history/HistoryPanel';\nexport const x = HistoryPanel;\n", /never import one/],
    ['the viewport importing a feature', 'renderer/src/viewport/probe.tsx', "import { CompareView } from '../features/compare/CompareView';\nexport const x = CompareView;\n", /viewport\/ never imports a feature nor app\//],
    ['a viewport overlay importing a feature by a longer path', 'renderer/src/viewport/compare/probe.tsx', "import { ReadinessPanel } from '../../features/export/ReadinessPanel';\nexport const x = ReadinessPanel;\n", /viewport\/ never imports a feature nor app\//],
    ['the viewport importing app/', 'renderer/src/viewport/probe.tsx', "import { VIEWPORT_SLOTS } from '../app/viewport-slots';\nexport const x = VIEWPORT_SLOTS;\n", /viewport\/ never imports a feature nor app\//],
    ['a component importing app/', 'renderer/src/components/probe.tsx', "import { Workspace } from '../app/Workspace';\nexport const x = Workspace;\n", /nothing above them/],
    ['a component importing the viewport', 'renderer/src/components/probe.tsx', "import { Viewport } from '../viewport/Viewport';\nexport const x = Viewport;\n", /nothing above them/],
    ['testkit importing e2e/', 'testkit/probe.ts', "import { test } from '../e2e/fixtures';\nexport const x = test;\n", /testkit\/ is what e2e\/ and bench\/ share/],
  ])('refuses %s', async (_what, file, code, message) => {
    const messages = await restricted(file, code);
    expect(messages.some((m) => message.test(m))).toBe(true);
  });

  it.each([
    ['the composition root starting the sandbox', 'electron/compose/probe.ts', "import { startSandbox } from '../../sandbox';\nexport const x = startSandbox;\n"],
    ['electron/app using ipcMain', 'electron/app/probe.ts', "import { ipcMain } from 'electron';\nexport const x = ipcMain;\n"],
    ['a service test composing services with the sandbox', 'electron/services/jobs/probe.test.ts', "import { startSandbox } from '../../../sandbox';\nexport const x = startSandbox;\n"],
    ['the composition root importing its own sandbox wiring', 'electron/compose/probe.ts', "import { startEmbeddedSandbox } from './sandbox';\nexport const x = startEmbeddedSandbox;\n"],
    ['the CLI\'s sandbox command starting the sandbox', 'cli/commands/sandbox.ts', "import { startSandbox } from '../../sandbox';\nexport const x = startSandbox;\n"],
    ['a shell test composing with the sandbox', 'electron/shells/web/probe.test.ts', "import { startSandbox } from '../../../sandbox';\nexport const x = startSandbox;\n"],
    ['a state slice using domain/ and the bridge', 'renderer/src/state/slices/probe.ts', "import { bridge } from '../../bridge';\nimport { withToast } from '../../domain/toasts/toast-stack';\nexport const x = [bridge, withToast];\n"],
    ['a feature using the store, components, domain/ and its own files', 'renderer/src/features/history/probe.tsx', "import { useStore } from '../../state/store';\nimport { Button } from '../../components/Button';\nimport { jobDisplayTitle } from '../../domain/history/job-title';\nimport { SetRow } from './SetRow';\nexport const x = [useStore, Button, jobDisplayTitle, SetRow];\n"],
    ['app/ composing features', 'renderer/src/app/probe.tsx', "import { submitCurrent } from '../features/generate/GeneratePanel';\nimport { HistoryPanel } from '../features/history/HistoryPanel';\nexport const x = [submitCurrent, HistoryPanel];\n"],
    ['the viewport using the store, components, domain/ and the bridge', 'renderer/src/viewport/probe.tsx', "import { useStore } from '../state/store';\nimport { Tooltip } from '../components/Tooltip';\nimport { OVERLAY_ROWS } from '../domain/stat-rows';\nimport { bridge } from '../bridge';\nexport const x = [useStore, Tooltip, OVERLAY_ROWS, bridge];\n"],
    ['a feature using the viewport', 'renderer/src/features/compare/probe.tsx', "import { ViewModeChoice } from '../../viewport/overlays';\nimport type { CompareOverlayProps } from '../../viewport/slots';\nexport const x: [unknown, CompareOverlayProps?] = [ViewModeChoice];\n"],
    ['app/ filling the viewport\'s slots with features', 'renderer/src/app/probe.tsx', "import { CompareView } from '../features/compare/CompareView';\nimport { Viewport } from '../viewport/Viewport';\nexport const x = [CompareView, Viewport];\n"],
    ['a component using the layout mode beside it', 'renderer/src/components/probe.tsx', "import { useLayoutMode } from './use-layout-mode';\nimport { useStore } from '../state/store';\nexport const x = [useLayoutMode, useStore];\n"],
    ['a feature test rendering another feature', 'renderer/src/features/history/probe.test.tsx', "import { GeneratePanel } from '../generate/GeneratePanel';\nexport const x = GeneratePanel;\n"],
    ['e2e and bench sharing testkit/', 'bench/probe.ts', "import { startHost } from '../testkit/host';\nexport const x = startHost;\n"],
  ])('allows %s', async (_what, file, code) => {
    expect(await restricted(file, code)).toEqual([]);
  });
});
