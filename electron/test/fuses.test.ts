/**
 * The packaged app's Electron fuses, checked over the Forge configuration
 * itself (Electron cannot run here): the fuse plugin's settings are flipped
 * onto a stand-in binary that carries Electron's fuse wire, with the same
 * @electron/fuses code `npm run make` uses, and the result is read back.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FuseV1Options, FuseVersion, flipFuses, getCurrentFuseWire } from '@electron/fuses';
import { describe, expect, it } from 'vitest';
import config from '../../forge.config';

/** Electron's marker before the fuse wire (@electron/fuses constants). */
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** A fuse's byte states (@electron/fuses FuseState, which its index does not export). */
const FuseState = { DISABLE: 48, ENABLE: 49 } as const;
type FuseState = (typeof FuseState)[keyof typeof FuseState];
const FUSE_COUNT = Object.values(FuseV1Options).filter((v) => typeof v === 'number').length;

/** Bytes around a V1 fuse wire of `count` fuses, every one left at Electron's shipped default (enabled). */
function fakeElectron(count: number): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fuses-')), 'electron');
  const wire = Buffer.alloc(count, FuseState.ENABLE);
  fs.writeFileSync(file, Buffer.concat([Buffer.from('\x7fELF-not-really'), Buffer.from(SENTINEL), Buffer.from([Number(FuseVersion.V1), count]), wire, Buffer.alloc(16)]));
  return file;
}

function fusesConfig(): Record<string, unknown> & { version: FuseVersion } {
  const plugin = (config.plugins ?? []).find((p) => (p as { name?: string }).name === 'fuses') as { fusesConfig?: Record<string, unknown> & { version: FuseVersion } } | undefined;
  expect(plugin?.fusesConfig, 'forge.config.ts has the fuses plugin').toBeDefined();
  return plugin!.fusesConfig!;
}

describe('Electron fuses (forge.config.ts)', () => {
  it('requires every fuse to be set explicitly, so a fuse added by a later Electron stops the build instead of shipping its default', async () => {
    const fuses = fusesConfig();
    expect(fuses.strictlyRequireAllFuses).toBe(true);
    for (let i = 0; i < FUSE_COUNT; i++) expect(typeof fuses[i], FuseV1Options[i]).toBe('boolean');
    // A binary with one more fuse than the configuration names is refused.
    await expect(flipFuses(fakeElectron(FUSE_COUNT + 1), fuses as never)).rejects.toThrow(/strictlyRequireAllFuses/);
  });

  it('turns off file:// extra privileges, Node in the app, and app code from outside the verified asar', async () => {
    const binary = fakeElectron(FUSE_COUNT);
    await flipFuses(binary, fusesConfig() as never);
    const wire = (await getCurrentFuseWire(binary)) as unknown as Record<number, FuseState>;
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(FuseState.DISABLE);
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(FuseState.ENABLE);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE);
  });
});
