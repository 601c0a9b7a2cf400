/** Unit tests: a node project (main-process services, shared contract, sandbox, CLI) and a DOM project (renderer). */
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    expect: { requireAssertions: true },
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['shared/**/*.test.ts', 'electron/**/*.test.ts', 'sandbox/**/*.test.ts', 'cli/**/*.test.ts', 'bench/**/*.test.ts', 'testkit/**/*.test.ts'],
          setupFiles: ['electron/test/setup-electron-mock.ts'],
          testTimeout: 30_000,
          hookTimeout: 30_000,
          expect: { requireAssertions: true },
          // quickhull3d's ESM build imports its own files without extensions, which Node's loader refuses;
          // Vite's resolver (the app's bundles) and tsx (the CLI) accept them, and so does inlining here.
          server: { deps: { inline: ['quickhull3d'] } },
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'dom',
          environment: 'jsdom',
          include: ['renderer/**/*.test.ts', 'renderer/**/*.test.tsx'],
          setupFiles: ['renderer/test/setup-dom.ts'],
          testTimeout: 20_000,
          expect: { requireAssertions: true },
        },
      },
    ],
  },
});
