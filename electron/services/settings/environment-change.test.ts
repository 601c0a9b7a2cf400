import { describe, expect, it } from 'vitest';
import { decideEnvironmentChange, type EnvironmentChange, type EnvironmentState } from './environment-change';

const PROD: EnvironmentState = { baseUrl: 'https://api.example.com/v1', storageUrl: 'https://cdn.example.com', allowPlainHttp: false };
const LAB: EnvironmentState = { baseUrl: 'http://lab.internal:8080', storageUrl: 'http://lab.internal:8081', allowPlainHttp: true };

describe('decideEnvironmentChange', () => {
  it.each<[string, EnvironmentState | undefined, EnvironmentChange, { ok: boolean; forgetSecrets?: boolean; fields?: string[] }]>([
    ['a new https environment', undefined, { baseUrl: 'https://a.example/', storageUrl: 'https://b.example' }, { ok: true, forgetSecrets: false }],
    ['a new loopback http environment', undefined, { baseUrl: 'http://127.0.0.1:9/api', storageUrl: 'http://localhost:9' }, { ok: true, forgetSecrets: false }],
    ['a new remote http environment', undefined, { baseUrl: 'http://a.example', storageUrl: 'https://b.example' }, { ok: false, fields: ['baseUrl'] }],
    ['a new remote http environment, allowed', undefined, { baseUrl: 'http://a.example', storageUrl: 'http://b.example', allowPlainHttp: true }, { ok: true, forgetSecrets: false }],
    ['a rename only', PROD, {}, { ok: true, forgetSecrets: false }],
    ['a new path on the same origin', PROD, { baseUrl: 'https://api.example.com/v2/' }, { ok: true, forgetSecrets: false }],
    ['another base host', PROD, { baseUrl: 'https://evil.example/v1' }, { ok: true, forgetSecrets: true }],
    ['another base port', PROD, { baseUrl: 'https://api.example.com:8443/v1' }, { ok: true, forgetSecrets: true }],
    ['another storage host', PROD, { storageUrl: 'https://evil.example' }, { ok: true, forgetSecrets: true }],
    ['https to remote http without the override', PROD, { baseUrl: 'http://api.example.com/v1' }, { ok: false, fields: ['baseUrl'] }],
    ['https to remote http with the override', PROD, { baseUrl: 'http://api.example.com/v1', allowPlainHttp: true }, { ok: true, forgetSecrets: true }],
    ['override turned off while URLs are plain http', LAB, { allowPlainHttp: false }, { ok: false, fields: ['baseUrl', 'storageUrl'] }],
    ['plain http lab moved to https', LAB, { baseUrl: 'https://lab.internal', storageUrl: 'https://lab.internal', allowPlainHttp: false }, { ok: true, forgetSecrets: true }],
  ])('%s', (_name, before, change, expected) => {
    const decision = decideEnvironmentChange(before, change);
    expect(decision.ok).toBe(expected.ok);
    if (decision.ok) expect(decision.forgetSecrets).toBe(expected.forgetSecrets);
    else expect(decision.fields.map((f) => f.field)).toEqual(expected.fields);
  });
});
