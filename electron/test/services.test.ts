import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobRecord } from '../../shared/domain/job';
import type { SecretCipher } from '../services/contracts';
import { createServices } from '../compose';
import { createHeadlessPlatform } from '../services/platform-headless';
import { silentLogger } from '../services/log';

/** A fake engine and a controllable sandbox: this file tests the wiring, not those services. */
const fakes = vi.hoisted(() => {
  const listeners = new Set<(job: unknown) => void>();
  const calls: string[] = [];
  return {
    calls,
    listeners,
    sandboxFails: { value: false },
    engine: {
      start: async () => {
        calls.push('engine.start');
      },
      stop: async () => {
        calls.push('engine.stop');
      },
      list: () => [],
      setHeld: () => {},
      onChange: (l: (job: unknown) => void) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    },
  };
});

vi.mock('../services/jobs', () => ({
  setupJobs: () => ({
    engine: fakes.engine,
    handlers: {},
    warmListing: () => fakes.calls.push('jobs.warmListing'),
    dispose: async () => {
      fakes.calls.push('jobs.dispose');
    },
  }),
}));

vi.mock('../../sandbox', () => ({
  startSandbox: async (options: { dataDir?: string; port?: number; host?: string }) => {
    if (fakes.sandboxFails.value) throw new Error('port in use');
    fakes.calls.push(`sandbox.start ${options.host}:${options.port} ${options.dataDir}`);
    return {
      baseUrl: 'http://127.0.0.1:9/api',
      storageUrl: 'http://127.0.0.1:9/storage',
      keys: [{ clientId: 'sandbox-client', clientSecret: 'sandbox-secret-value', earlyAccess: false }],
      setEarlyAccess: () => {},
      close: async () => {
        fakes.calls.push('sandbox.close');
      },
    };
  },
}));

const cipher: SecretCipher = { backend: 'none', isEncryptionAvailable: () => false, encrypt: () => Buffer.alloc(0), decrypt: () => '' };

describe('createServices', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'as-services-'));
    fakes.calls.length = 0;
    fakes.sandboxFails.value = false;
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('starts the embedded sandbox under dataDir/sandbox on a free loopback port and offers it as the built-in environment', async () => {
    const services = await createServices({ dataDir, platform: createHeadlessPlatform('web'), cipher, log: silentLogger, env: {} });
    expect(fakes.calls[0]).toBe(`sandbox.start 127.0.0.1:0 ${path.join(dataDir, 'sandbox')}`);
    expect(services.sandbox?.baseUrl).toBe('http://127.0.0.1:9/api');
    const builtin = services.registry.list().find((e) => e.builtin);
    expect(builtin?.baseUrl).toBe('http://127.0.0.1:9/api');
    await services.dispose();
  });

  it('keeps going without the built-in environment when the sandbox cannot start', async () => {
    fakes.sandboxFails.value = true;
    const services = await createServices({ dataDir, platform: createHeadlessPlatform('web'), cipher, log: silentLogger, env: {} });
    expect(services.sandbox).toBeUndefined();
    expect(services.registry.list().some((e) => e.builtin)).toBe(false);
    const info = await services.handlers['app:info']!({}, { shell: 'web' });
    expect(info.ok).toBe(true);
    await services.dispose();
  });

  it('answers app:info and app:setFocused for the shell', async () => {
    const platform = createHeadlessPlatform('web');
    const services = await createServices({ dataDir, platform, cipher, log: silentLogger, sandbox: 'none', env: {} });
    const info = await services.handlers['app:info']!({}, { shell: 'web' });
    expect(info).toEqual({
      ok: true,
      value: expect.objectContaining({ name: 'Asset Studio', shell: 'web', dataDir, version: expect.stringMatching(/^\d+\.\d+\.\d+/) }),
    });
    expect(platform.isFocused()).toBe(true);
    await services.handlers['app:setFocused']!({ focused: false }, { shell: 'web' });
    expect(platform.isFocused()).toBe(false);
    await services.dispose();
  });

  it('starts the engine and turns its record changes into coalesced jobs:changed events', async () => {
    const services = await createServices({ dataDir, platform: createHeadlessPlatform('web'), cipher, log: silentLogger, sandbox: 'none', coalesceMs: 20, env: {} });
    expect(fakes.calls).toContain('engine.start');
    const received: unknown[] = [];
    services.events.subscribe((name, payload) => received.push([name, payload]));
    for (const state of ['queued', 'pending', 'running'] as const) {
      for (const l of fakes.listeners) l({ localId: 'job-1', state } as JobRecord);
    }
    await vi.waitFor(() => expect(received).toHaveLength(1));
    expect(received[0]).toEqual(['jobs:changed', [{ localId: 'job-1', state: 'running' }]]);
    await services.dispose();
  });

  it('tells the user when a job ends, through the subscriber it attaches to the engine', async () => {
    const services = await createServices({ dataDir, platform: createHeadlessPlatform('web'), cipher, log: silentLogger, sandbox: 'none', coalesceMs: 5, env: {} });
    const toasts: unknown[] = [];
    services.events.subscribe((name, payload) => name === 'app:toast' && toasts.push(payload));
    for (const l of fakes.listeners) l({ localId: 'job-2', kind: 'text-to-3d', state: 'error', problem: { message: 'Mesh failed.' } } as JobRecord);
    expect(toasts).toEqual([expect.objectContaining({ level: 'error', title: 'Text to 3D failed', body: 'Mesh failed.', localId: 'job-2' })]);
    await services.dispose();
  });

  it('stops the engine first and the sandbox last, once, however often dispose is called', async () => {
    const services = await createServices({ dataDir, platform: createHeadlessPlatform('web'), cipher, log: silentLogger, env: {} });
    fakes.calls.length = 0;
    await Promise.all([services.dispose(), services.dispose()]);
    expect(fakes.calls).toEqual(['engine.stop', 'jobs.dispose', 'sandbox.close']);
    expect(fakes.listeners.size).toBe(0);
  });
});
