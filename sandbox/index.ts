/**
 * The sandbox: a local Asset Generation Service that behaves as the spec
 * says (auth, validation from the shared catalogue, credits, the concurrency
 * cap, job lifecycle, public assets, coming-soon gating) and generates real
 * assets that honour each request. It runs in-process in the app as the
 * built-in environment, and on its own with `asset-studio sandbox`.
 *
 * Layout: `{origin}/api` is the service's base URL, `{origin}/storage` its
 * public storage URL (no auth), `{origin}/__sandbox/state` an inspection API
 * for tests (loopback only; see ./README.md).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveChaos, type ChaosConfig } from './core/chaos';
import type { RateCard, SandboxOptions } from './core/options';
import { SandboxService, type JobSnapshot, type RequestLogEntry } from './core/service';
import { API_PREFIX, STORAGE_PREFIX, createHandler, inspectionState } from './http/server';

export type { SandboxOptions, ExplicitKey, RateCard } from './core/options';
export type { ChaosConfig } from './core/chaos';
export type { SecretSealer } from './core/state-store';
export type { JobSnapshot, RequestLogEntry } from './core/service';
export { CHAOS_HELP, parseChaos } from './core/chaos';
export { FAIL_WORD } from './core/service';
export { DEFAULT_RATE_CARD } from './core/options';

export interface SandboxKey {
  clientId: string;
  clientSecret: string;
  earlyAccess: boolean;
}

export interface RunningSandbox {
  /** `{origin}/api`: the service's {base_url}. */
  baseUrl: string;
  /** `{origin}/storage`: the public {storage_url}. */
  storageUrl: string;
  /** The keys, with their secrets (for the app's built-in environment and for tests; never log them). */
  keys: SandboxKey[];
  setEarlyAccess(clientId: string, enabled: boolean): void;
  /** Every request answered so far: method, path, client id and status (never secrets). */
  readonly requests: readonly RequestLogEntry[];
  /** What each request costs here (credits), for the app's quotes. */
  readonly rateCard: RateCard;
  /** How many files uploads have stored. */
  readonly uploadCount: number;
  jobs(): JobSnapshot[];
  activeJobs(clientId: string): number;
  balance(clientId: string): number;
  setBalance(clientId: string, credits: number): void;
  /** Replaces the fault settings (a `--chaos` spec or a config); `''` switches every fault off. */
  setChaos(chaos: string | Partial<ChaosConfig>): void;
  /** What `GET /__sandbox/state` answers. */
  state(): Record<string, unknown>;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const service = new SandboxService(options);
  const host = options.host ?? '127.0.0.1';
  let origin = '';
  const ctx = { service, baseUrl: () => `${origin}${API_PREFIX}`, storageUrl: () => `${origin}${STORAGE_PREFIX}` };
  const server = http.createServer((req, res) => void createHandler(ctx)(req, res));
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const advertised = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  origin = `http://${advertised}:${port}`;
  service.opts.log(`sandbox listening on ${origin}`);
  let closed = false;
  return {
    baseUrl: ctx.baseUrl(),
    storageUrl: ctx.storageUrl(),
    get keys() {
      return [...service.store.keys.values()].map((k) => ({ clientId: k.clientId, clientSecret: k.clientSecret, earlyAccess: k.earlyAccess }));
    },
    setEarlyAccess: (clientId, enabled) => service.setEarlyAccess(clientId, enabled),
    rateCard: structuredClone(service.opts.rateCard),
    get requests() {
      return service.requests;
    },
    get uploadCount() {
      return service.uploadCount;
    },
    jobs: () => service.snapshot(),
    activeJobs: (clientId) => service.activeJobs(clientId),
    balance: (clientId) => service.balance(clientId),
    setBalance: (clientId, credits) => service.setBalance(clientId, credits),
    setChaos: (chaos) => {
      service.chaos = resolveChaos(chaos);
    },
    state: () => inspectionState(ctx),
    close: async () => {
      if (closed) return;
      closed = true;
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await service.close();
    },
  };
}
