import { describe, expect, it } from 'vitest';
import { checkHostAndOrigin } from './local-guard';

describe('checkHostAndOrigin', () => {
  it.each([
    [{ host: '127.0.0.1:4000' }, 'ok'],
    [{ host: 'LOCALHOST:4000' }, 'ok'],
    [{ host: '[::1]:4000' }, 'ok'],
    [{ host: '127.0.0.1:4000', origin: 'http://localhost:4000' }, 'ok'],
    [{}, 'host not allowed'],
    [{ host: '' }, 'host not allowed'],
    [{ host: '127.0.0.1' }, 'host not allowed'],
    [{ host: '127.0.0.1:4001' }, 'host not allowed'],
    [{ host: 'attacker.example:4000' }, 'host not allowed'],
    [{ host: '127.0.0.1.nip.io:4000' }, 'host not allowed'],
    [{ host: '127.0.0.1:4000', origin: 'https://evil.example' }, 'origin not allowed'],
    [{ host: '127.0.0.1:4000', origin: 'http://127.0.0.1:4001' }, 'origin not allowed'],
    [{ host: '127.0.0.1:4000', origin: 'https://127.0.0.1:4000' }, 'origin not allowed'],
    [{ host: '127.0.0.1:4000', origin: 'null' }, 'origin not allowed'],
  ])('%o on port 4000: %s', (headers, expected) => {
    const verdict = checkHostAndOrigin(headers, 4000);
    expect(verdict.ok ? 'ok' : verdict.reason).toBe(expected);
  });
});
