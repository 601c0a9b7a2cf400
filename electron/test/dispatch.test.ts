/**
 * The gate every shell passes requests through: nothing reaches a service
 * unless the channel is in the contract and the payload matches its schema.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_NAMES, type RequestName } from '../../shared/ipc';
import { dispatch } from '../ipc/dispatch';
import type { PartialHandlers } from '../services/contracts';

const ctx = { shell: 'web' as const };
let spies: Record<string, ReturnType<typeof vi.fn>>;
let handlers: PartialHandlers;

beforeEach(() => {
  spies = Object.fromEntries(REQUEST_NAMES.map((name) => [name, vi.fn(async () => ({ ok: true, value: name }))]));
  handlers = spies as unknown as PartialHandlers;
});

const family = (domain: string) => REQUEST_NAMES.filter((n) => n.startsWith(`${domain}:`));

/** A realistic wrong payload per channel family (a wrong type, a traversal, a missing or unknown field). */
const wrong: Record<string, [RequestName, unknown][]> = {
  app: [['app:setFocused', { focused: 'yes' }], ['app:info', { extra: true }]],
  files: [
    ['files:stagePath', { path: '' }],
    ['files:stageBytes', { name: 'a.png', data: 'aGVsbG8=' }],
    ['files:get', {}],
  ],
  jobs: [
    ['jobs:submit', { kind: 'teleport', fields: {} }],
    ['jobs:get', { localId: '../../etc/passwd' }],
    ['jobs:remove', { localIds: [] }],
    ['jobs:track', { jobId: 'a/b' }],
  ],
  settings: [
    ['settings:addEnvironment', { name: 'Prod', baseUrl: 'javascript:alert(1)', storageUrl: 'https://cdn.example.com' }],
    ['settings:revokeKey', { environmentId: 'prod' }],
    ['settings:get', { secret: 'x' }],
  ],
  export: [
    ['export:reveal', { localId: '../x' }],
    ['export:removeFolder', {}],
    ['export:listFolders', { path: '/' }],
  ],
  batch: [
    ['batch:get', {}],
    ['batch:list', { all: true }],
  ],
  library: [
    ['library:search', { query: 'chair' }],
    ['library:tag', { ids: ['j_chair01'], add: ['a,b'] }],
    ['library:setNote', { id: '../../etc/passwd', note: '' }],
    ['library:search', { offset: 0, limit: 10, query: 'chair', sql: 'DROP TABLE jobs' }],
  ],
};

/** A valid payload per family: it reaches the service, parsed. */
const right: Record<string, [RequestName, unknown]> = {
  app: ['app:setFocused', { focused: true }],
  files: ['files:get', { id: 'staged-1' }],
  jobs: ['jobs:list', {}],
  settings: ['settings:get', {}],
  export: ['export:listFolders', {}],
  batch: ['batch:list', {}],
  library: ['library:search', { query: 'oak chair', tags: ['props'], offset: 0, limit: 60 }],
};

describe('dispatch', () => {
  it('covers every channel family of the contract', () => {
    const domains = new Set(REQUEST_NAMES.map((n) => n.split(':')[0]));
    expect([...domains].sort()).toEqual(Object.keys(wrong).sort());
  });

  for (const domain of Object.keys(wrong)) {
    describe(`${domain}:*`, () => {
      it('rejects payloads of the wrong shape on every channel before the service runs', async () => {
        for (const channel of family(domain)) {
          for (const payload of [42, 'jobs', [1, 2], true]) {
            const result = await dispatch(handlers, channel, payload, ctx);
            expect(result, `${channel} ${JSON.stringify(payload)}`).toMatchObject({ ok: false, problem: { reason: 'invalid-arguments' } });
          }
          expect(spies[channel], channel).not.toHaveBeenCalled();
        }
      });

      it('rejects realistic bad payloads, naming the field', async () => {
        for (const [channel, payload] of wrong[domain]!) {
          const result = await dispatch(handlers, channel, payload, ctx);
          expect(result, `${channel} ${JSON.stringify(payload)}`).toMatchObject({ ok: false, problem: { reason: 'invalid-arguments', fields: expect.any(Array) } });
          expect(spies[channel], channel).not.toHaveBeenCalled();
        }
      });

      it('passes a valid payload to the service', async () => {
        const [channel, payload] = right[domain]!;
        await expect(dispatch(handlers, channel, payload, ctx)).resolves.toEqual({ ok: true, value: channel });
        expect(spies[channel]).toHaveBeenCalledWith(payload, ctx);
      });
    });
  }

  it('says what is wrong in plain words, never the channel or the schema', async () => {
    const cases: [RequestName, unknown, string][] = [
      ['settings:addEnvironment', { name: '  ', baseUrl: 'ftp://x', storageUrl: 'https://cdn.example.com' }, 'Enter a name. Base URL: enter a web address that starts with https:// (or http://).'],
      ['settings:addKey', { environmentId: 'prod', name: 'Main', clientId: '' }, 'Enter a client ID.'],
    ];
    for (const [channel, payload, said] of cases) {
      const result = await dispatch(handlers, channel, payload, ctx);
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.problem.message).toBe(said);
      expect(result.problem.message).not.toMatch(/settings:|invalid arguments|Too small|expected/);
      // The fields keep their names and facts, so a form can put each under its own control with its own label.
      expect(result.problem.fields?.[0]).toMatchObject({ field: expect.any(String), issue: expect.any(Object) });
    }
  });

  it('refuses a channel outside the contract, including prototype names', async () => {
    for (const channel of ['jobs:deleteEverything', '__proto__', 'constructor', 'toString', 42, undefined]) {
      await expect(dispatch(handlers, channel, {}, ctx)).resolves.toMatchObject({ ok: false, problem: { reason: 'unknown-channel' } });
    }
  });

  it('reports a service that throws without passing on its message', async () => {
    const log = vi.fn();
    const result = await dispatch(
      { 'jobs:list': async () => Promise.reject(new Error('ENOENT /home/user/.config/secret-path')) },
      'jobs:list',
      {},
      ctx,
      log,
    );
    expect(result).toMatchObject({ ok: false, problem: { reason: 'internal' } });
    expect(JSON.stringify(result)).not.toContain('secret-path');
    expect(log).toHaveBeenCalledWith('error', expect.stringContaining('jobs:list'));
  });

  it('answers "unavailable" for a contract channel no service handles', async () => {
    await expect(dispatch({}, 'jobs:list', {}, ctx)).resolves.toMatchObject({ ok: false, problem: { reason: 'unavailable' } });
  });
});
