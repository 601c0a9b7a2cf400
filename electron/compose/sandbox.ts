/**
 * The built-in sandbox as the app starts it: in-process, on a loopback port,
 * its state under the data directory. Only the composition root starts it;
 * the services see it through `BuiltinSandbox` (contracts.ts) and never
 * import sandbox/.
 */
import path from 'node:path';
import { startSandbox, type RunningSandbox, type SecretSealer } from '../../sandbox';
import type { BuiltinSandbox, SecretCipher } from '../services/contracts';
import { registerSecret, type Logger } from '../services/log';

export interface EmbeddedSandboxOptions {
  dataDir: string;
  cipher: SecretCipher;
  env: NodeJS.ProcessEnv;
  log: Logger;
}

/** Seconds a built-in sandbox job takes, from ASSET_STUDIO_SANDBOX_JOB_SECONDS (demos, scripted runs); undefined: the sandbox's default. */
export function sandboxJobSeconds(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.ASSET_STUDIO_SANDBOX_JOB_SECONDS?.trim();
  if (!raw) return undefined;
  const seconds = Number(raw);
  return Number.isFinite(seconds) && seconds >= 0 && seconds <= 3600 ? seconds : undefined;
}

/**
 * The built-in sandbox's keys are sealed with the app's keychain cipher when
 * there is one, so its state file holds no readable secret either.
 */
function sealerFor(cipher: SecretCipher): SecretSealer | undefined {
  if (!cipher.isEncryptionAvailable()) return undefined;
  return {
    seal: (plain) => cipher.encrypt(plain).toString('base64'),
    open: (sealed) => cipher.decrypt(Buffer.from(sealed, 'base64')),
  };
}

export async function startEmbeddedSandbox({ dataDir, cipher, env, log }: EmbeddedSandboxOptions): Promise<RunningSandbox | undefined> {
  try {
    const jobSeconds = sandboxJobSeconds(env);
    if (env.ASSET_STUDIO_SANDBOX_JOB_SECONDS && jobSeconds === undefined) {
      log.warn('ASSET_STUDIO_SANDBOX_JOB_SECONDS is not a number of seconds between 0 and 3600; using the default');
    }
    const sandbox = await startSandbox({
      host: '127.0.0.1',
      port: 0,
      dataDir: path.join(dataDir, 'sandbox'),
      jobSeconds,
      secretSealer: sealerFor(cipher),
    });
    for (const key of sandbox.keys) registerSecret(key.clientSecret);
    log.info('built-in sandbox listening', { baseUrl: sandbox.baseUrl, keys: sandbox.keys.length });
    return sandbox;
  } catch (err) {
    // The app still works with real environments; Settings simply has no built-in one.
    log.error('the built-in sandbox did not start; continuing without it', { error: err });
    return undefined;
  }
}

/** The running sandbox as the settings service sees it: endpoints, keys and the early-access switch. */
export function asBuiltinSandbox(sandbox: RunningSandbox): BuiltinSandbox {
  return {
    baseUrl: sandbox.baseUrl,
    storageUrl: sandbox.storageUrl,
    keys: sandbox.keys,
    rateCard: sandbox.rateCard,
    setEarlyAccess: (clientId, enabled) => sandbox.setEarlyAccess(clientId, enabled),
  };
}
