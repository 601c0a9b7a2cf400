/** Electron Forge: Vite builds (main, preload, one renderer), fuses, installers. */
import fs from 'node:fs';
import path from 'node:path';
import { MakerDeb } from '@electron-forge/maker-deb';
import { MakerRpm } from '@electron-forge/maker-rpm';
import { MakerSquirrel } from '@electron-forge/maker-squirrel';
import { MakerZIP } from '@electron-forge/maker-zip';
import { FusesPlugin } from '@electron-forge/plugin-fuses';
import { VitePlugin } from '@electron-forge/plugin-vite';
import type { ForgeConfig } from '@electron-forge/shared-types';
import { FuseV1Options, FuseVersion } from '@electron/fuses';
import { RUNTIME_EXTERNALS, copyRuntimeFiles, dependencyClosure } from './scripts/runtime-externals.mjs';

const config: ForgeConfig = {
  packagerConfig: {
    name: 'Asset Studio',
    executableName: 'asset-studio',
    icon: 'build/icon',
    // Native addons (sharp's .node files and libvips) cannot load from inside the archive; the Basis
    // transcoder is read by a worker thread, which gets plain files (electron/services/preview).
    asar: { unpack: '**/{*.node,node_modules/@img/**,node_modules/three/examples/jsm/libs/basis/**}' },
  },
  rebuildConfig: {},
  hooks: {
    // The Vite plugin packages only .vite/; packages kept outside the bundle are copied in with their dependencies.
    packageAfterCopy: async (_config, buildPath) => {
      for (const [name, dir] of dependencyClosure(RUNTIME_EXTERNALS, __dirname)) {
        await fs.promises.cp(dir, path.join(buildPath, 'node_modules', name), { recursive: true, dereference: true });
      }
      await copyRuntimeFiles(__dirname, buildPath);
    },
  },
  makers: [
    new MakerSquirrel({ setupIcon: 'build/icon.ico' }),
    new MakerZIP({}, ['darwin', 'linux']),
    new MakerRpm({ options: { icon: 'build/icon.png', categories: ['Graphics'] } }),
    new MakerDeb({ options: { icon: 'build/icon.png', categories: ['Graphics'] } }),
  ],
  plugins: [
    new VitePlugin({
      build: [
        { entry: 'electron/app/main.ts', config: 'vite.main.config.ts', target: 'main' },
        // The checking threads for files from outside (electron/services/guard/check-pool.ts loads it from beside main.js).
        { entry: 'electron/services/guard/check-worker.ts', config: 'vite.main.config.ts', target: 'main' },
        { entry: 'electron/app/preload.ts', config: 'vite.preload.config.ts', target: 'preload' },
      ],
      renderer: [{ name: 'main_window', config: 'renderer/vite.config.ts' }],
    }),
    // Flipped at package time, before signing: no ELECTRON_RUN_AS_NODE, NODE_OPTIONS or --inspect, app code only from a verified asar,
    // no extra privileges for file:// (the app is served from studio://). Every fuse is named: a fuse a later Electron adds
    // stops the build (strictlyRequireAllFuses) instead of shipping its default unnoticed. Tested in electron/test/fuses.test.ts.
    new FusesPlugin({
      version: FuseVersion.V1,
      strictlyRequireAllFuses: true,
      [FuseV1Options.RunAsNode]: false,
      [FuseV1Options.EnableCookieEncryption]: true,
      [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
      [FuseV1Options.EnableNodeCliInspectArguments]: false,
      [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
      [FuseV1Options.OnlyLoadAppFromAsar]: true,
      [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
      [FuseV1Options.GrantFileProtocolExtraPrivileges]: false,
    }),
  ],
};

export default config;
