// Lint with import boundaries: the folders are runtime boundaries.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'http', 'https', 'crypto', 'child_process', 'stream', 'url', 'net', 'zlib', 'events', 'util', 'buffer'];

// Tests (and their helpers under test/ folders) are the integration layer: they may compose services with the sandbox and fake Electron.
const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/test/**'];
const electronOnlyInApp = { name: 'electron', message: 'Services run under plain Node: put Electron capabilities behind an interface in electron/app/.' };
const rawIpc = {
  name: 'electron',
  importNames: ['ipcMain', 'ipcRenderer'],
  message: 'Only electron/app/ touches ipcMain/ipcRenderer: requests go through dispatch() (electron/ipc) and the preload bridge.',
};
// The composition root (electron/compose/) is the only place that starts the sandbox and wires services to it.
const notSandbox = { group: ['**/sandbox', '**/sandbox/**'], message: 'electron/services/ never imports sandbox/: the composition root (electron/compose/) starts it and hands services a BuiltinSandbox.' };
const notCompose = { group: ['**/compose', '**/compose/**'], message: 'Services do not import the composition root; it imports them.' };
const notServices = { group: ['**/electron', '**/electron/**'], message: 'sandbox/ is the service\'s stand-in and stays independent of the app: it never imports electron/.' };
// The repository's sandbox/ folder (not electron/compose/sandbox.ts or cli/commands/sandbox.ts): relative paths that climb to it.
const sandboxOnlyInCompose = {
  regex: '^(\\.\\./)+sandbox(/.*)?$',
  message: 'Only electron/compose/ (and tests) import sandbox/: it starts the sandbox and hands the rest a BuiltinSandbox.',
};
const notBench = { group: ['**/bench', '**/bench/**'], message: 'e2e/ never imports bench/: what both use lives in testkit/.' };
const notE2e = { group: ['**/e2e', '**/e2e/**'], message: 'bench/ never imports e2e/: what both use lives in testkit/.' };
const testkitStandsAlone = { group: ['**/e2e', '**/e2e/**', '**/bench', '**/bench/**'], message: 'testkit/ is what e2e/ and bench/ share: it imports neither.' };

// Renderer layers (renderer/src): domain/ (pure pieces) ← state/ (the store; may also reach the bridge) ← components/
// ← viewport/ ← features/ (each feature on its own) ← app/ (composes the features, fills the viewport's slots). Each block below restates the renderer's
// base rule, because a later block's no-restricted-imports replaces an earlier one's for the same file.
const rendererBase = {
  paths: [{ name: 'electron', message: 'renderer/ never imports electron: use renderer/src/bridge.' }],
  patterns: [
    { group: nodeBuiltins, message: 'renderer/ never imports Node built-ins.' },
    { group: ['**/electron/**', '**/sandbox/**'], message: 'renderer/ reaches the main process only through the bridge.' },
  ],
};
const up = (folders) => `^(\\.\\./)+(${folders.join('|')})(/|$)`;
const FEATURES = readdirSync(new URL('./renderer/src/features/', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const rendererLayers = [
  {
    files: ['renderer/src/domain/**/*.{ts,tsx}'],
    rule: {
      paths: [
        ...rendererBase.paths,
        { name: 'react', message: 'renderer/src/domain/ holds pure functions and types: no React (put hooks and components in components/ or a feature).' },
        { name: 'three', message: 'renderer/src/domain/ holds pure functions and types: no three.js (that is viewport/).' },
      ],
      patterns: [
        ...rendererBase.patterns,
        {
          regex: up(['state', 'features', 'app', 'components', 'viewport', 'bridge']),
          message: 'renderer/src/domain/ imports only shared/ and domain/: it is the layer state and features share, so it depends on neither (nor on the bridge, components or the viewport).',
        },
      ],
    },
  },
  {
    files: ['renderer/src/state/**/*.{ts,tsx}'],
    rule: {
      paths: rendererBase.paths,
      patterns: [
        ...rendererBase.patterns,
        {
          regex: up(['features', 'app', 'components', 'viewport']),
          message: 'renderer/src/state/ imports only shared/, renderer/src/domain/ and the bridge: move what a slice needs from a feature (or app/) down into domain/.',
        },
      ],
    },
  },
  {
    files: ['renderer/src/components/**/*.{ts,tsx}'],
    rule: {
      paths: rendererBase.paths,
      patterns: [
        ...rendererBase.patterns,
        { regex: up(['features']), message: 'renderer/src/components/ are shared by the features: they never import one.' },
        { regex: up(['app', 'viewport']), message: 'renderer/src/components/ import only state/, domain/ and shared/: nothing above them (app/, the viewport).' },
      ],
    },
  },
  {
    files: ['renderer/src/viewport/**/*.{ts,tsx}'],
    rule: {
      paths: rendererBase.paths,
      patterns: [
        ...rendererBase.patterns,
        {
          regex: up(['features', 'app']),
          message: 'renderer/src/viewport/ never imports a feature nor app/: what it places of a feature comes through its slots (viewport/slots.ts), filled by app/viewport-slots.tsx.',
        },
      ],
    },
  },
  ...FEATURES.map((feature) => ({
    files: [`renderer/src/features/${feature}/**/*.{ts,tsx}`],
    rule: {
      paths: rendererBase.paths,
      patterns: [
        ...rendererBase.patterns,
        {
          regex: `^(\\.\\./)+(features/)?(${FEATURES.filter((f) => f !== feature).join('|')})(/|$)`,
          message: `A feature never imports another feature (renderer/src/features/${feature}/ reaching into a sibling): move what they share down into renderer/src/domain/ (pure) or renderer/src/components/ (UI), or let app/ compose them.`,
        },
        { regex: up(['app']), message: 'Features never import renderer/src/app/: app/ composes the features.' },
      ],
    },
  })),
];

export default tseslint.config(
  { ignores: ['node_modules/', '.vite/', 'out/', 'dist/', 'coverage/', 'test-results/', 'playwright-report/', 'bench/results/', '.tmp/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // Raw IPC lives in electron/app/ only (the more specific blocks below forbid `electron` altogether).
    files: ['**/*.{ts,tsx,mts,cts,js,mjs,cjs}'],
    ignores: ['electron/app/**', ...testFiles],
    rules: {
      'no-restricted-imports': ['error', { paths: [rawIpc] }],
      'no-restricted-properties': [
        'error',
        { object: 'electron', property: 'ipcMain', message: rawIpc.message },
        { object: 'electron', property: 'ipcRenderer', message: rawIpc.message },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'electron', message: 'renderer/ never imports electron: use renderer/src/bridge.' }],
          patterns: [
            { group: nodeBuiltins, message: 'renderer/ never imports Node built-ins.' },
            { group: ['**/electron/**', '**/sandbox/**'], message: 'renderer/ reaches the main process only through the bridge.' },
          ],
        },
      ],
    },
  },
  ...rendererLayers.map(({ files, rule }) => ({ files, rules: { 'no-restricted-imports': ['error', rule] } })),
  {
    // Tests compose the layers (a feature's test may render another's component or set the store up).
    files: ['renderer/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', rendererBase] },
  },
  {
    files: ['renderer/vite.config.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // *.node.test.ts files in shared/ run under Node only (they read the spec from disk).
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.node.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', message: 'shared/ is runtime-agnostic.' },
            { name: 'react', message: 'shared/ is runtime-agnostic.' },
            { name: 'react-dom', message: 'shared/ is runtime-agnostic.' },
            { name: 'three', message: 'shared/ is runtime-agnostic.' },
          ],
          patterns: [
            { group: nodeBuiltins, message: 'shared/ never imports Node built-ins.' },
            { group: ['three/*', '@react-three/*', 'react/*', '**/electron/**', '**/renderer/**', '**/sandbox/**'], message: 'shared/ is runtime-agnostic.' },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    ignores: ['shared/**/*.test.ts'],
    languageOptions: { globals: { ...globals['shared-node-browser'] } },
  },
  {
    // Everything under electron/ but app/ runs under plain Node (the CLI loads compose/, services and upstream without Electron).
    files: ['electron/**/*.ts'],
    ignores: ['electron/app/**', 'electron/compose/**', ...testFiles],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronOnlyInApp, rawIpc], patterns: [sandboxOnlyInCompose] }],
    },
  },
  {
    files: ['electron/compose/**/*.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': ['error', { paths: [electronOnlyInApp, rawIpc] }],
    },
  },
  {
    // The CLI's own sandbox command starts the sandbox as a server of its own, as compose/ does for the app.
    files: ['cli/**/*.ts'],
    ignores: ['cli/commands/sandbox.ts', 'cli/test-support.ts', ...testFiles],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronOnlyInApp, rawIpc], patterns: [sandboxOnlyInCompose] }],
    },
  },
  {
    files: ['cli/commands/sandbox.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronOnlyInApp, rawIpc] }],
    },
  },
  {
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [rawIpc], patterns: [notBench] }],
    },
  },
  {
    files: ['bench/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [rawIpc], patterns: [notE2e] }],
    },
  },
  {
    files: ['testkit/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [rawIpc], patterns: [testkitStandsAlone] }],
    },
  },
  {
    files: ['electron/services/**/*.ts'],
    ignores: testFiles,
    rules: {
      'no-restricted-imports': ['error', { paths: [electronOnlyInApp, rawIpc], patterns: [notSandbox, notCompose] }],
    },
  },
  {
    files: ['sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [electronOnlyInApp], patterns: [notServices] }],
    },
  },
);
