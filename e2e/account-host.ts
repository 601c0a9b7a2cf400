/**
 * The setup the export e2e tests share: a browser shell whose environment is a
 * separate sandbox standing for the user's account (as a real service would
 * be), in a fresh home folder holding the project folders a test makes; the
 * IPC call that throws on a refusal; and waiting until a job's asset is ready.
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../sandbox';
import { expect } from './fixtures';
import { startHost, type StudioHost } from '../testkit/host';

export interface AccountHost {
  /** The shell's home folder (the allowed root project folders live under). */
  home: string;
  host: StudioHost;
  /** The sandbox standing for the user's account (what it received, its keys). */
  account: RunningSandbox;
  /** Stops the shell, then the account sandbox, and removes the home folder. */
  stop(): Promise<void>;
}

/** Starts the account sandbox and the shell; `prepareHome` makes the project folders before the shell starts. */
export async function startAccountHost(prepareHome: (home: string) => void = () => undefined): Promise<AccountHost> {
  const home = realpathSync(mkdtempSync(join(tmpdir(), 'asset-studio-home-')));
  prepareHome(home);
  const account = await startSandbox({ port: 0, dataDir: join(home, '.account-sandbox'), jobSeconds: 1 });
  const key = account.keys[0]!;
  const host = await startHost({
    env: { HOME: home, ASSET_STUDIO_BASE_URL: account.baseUrl, ASSET_STUDIO_STORAGE_URL: account.storageUrl, ASSET_STUDIO_CLIENT_ID: key.clientId, ASSET_STUDIO_CLIENT_SECRET: key.clientSecret },
  });
  return {
    home,
    host,
    account,
    stop: async () => {
      await host.stop();
      await account.close();
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** An IPC call's value; a refusal throws with its message. */
export async function value<T>(host: StudioHost, channel: string, args: unknown): Promise<T> {
  const result = await host.invoke<T>(channel, args);
  if (!result.ok) throw new Error(`${channel}: ${result.problem.message}`);
  return result.value;
}

/** Waits until the job succeeded and its asset is in the cache. */
export async function waitAssetReady(host: StudioHost, localId: string, timeout = 60_000): Promise<void> {
  await expect
    .poll(async () => {
      const now = await value<{ state: string; asset?: { state: string } }>(host, 'jobs:get', { localId });
      return `${now.state}/${now.asset?.state ?? 'none'}`;
    }, { timeout, intervals: [500] })
    .toBe('success/ready');
}
