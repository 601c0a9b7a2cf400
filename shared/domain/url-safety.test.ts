import { describe, expect, it } from 'vitest';
import { isLoopbackHostname, isPlainHttpToRemote, originsChanged, plainHttpProblems } from './url-safety';

describe('where a secret may be sent', () => {
  it.each([
    ['localhost', true],
    ['LOCALHOST.', true],
    ['studio.localhost', false],
    ['evil.localhost.', false],
    ['a.b.LOCALHOST', false],
    ['127.0.0.1', true],
    ['127.10.20.30', true],
    ['[::1]', true],
    ['127.0.0.256', false],
    ['127.0.0.1.nip.io', false],
    ['localhost.example.com', false],
    ['10.0.0.5', false],
    ['api.example.com', false],
    ['[::ffff:7f00:1]', false],
  ])('%s is loopback: %s', (host, expected) => {
    expect(isLoopbackHostname(host)).toBe(expected);
  });

  it.each([
    ['http://127.0.0.1:8080/api', false],
    ['http://localhost/api', false],
    ['http://[::1]:9000', false],
    ['http://evil.localhost:8080/api', true],
    ['http://127.0.0.2:8080', false],
    ['https://api.example.com', false],
    ['http://api.example.com', true],
    ['http://192.168.1.20:8080', true],
    ['HTTP://Api.Example.com/v1', true],
    ['not a url', false],
  ])('%s is plain http to a remote host: %s', (url, expected) => {
    expect(isPlainHttpToRemote(url)).toBe(expected);
  });

  it('names each URL that needs https, unless the environment allows plain http', () => {
    const urls = { baseUrl: 'http://api.example.com', storageUrl: 'https://cdn.example.com' };
    expect(plainHttpProblems(urls, false)).toEqual([{ field: 'baseUrl', message: 'use https:// (plain http:// is only for this computer)' }]);
    expect(plainHttpProblems({ ...urls, storageUrl: 'http://cdn.example.com' }, false).map((p) => p.field)).toEqual(['baseUrl', 'storageUrl']);
    expect(plainHttpProblems(urls, true)).toEqual([]);
    // A *.localhost name resolves through ordinary DNS: refused unless the user ticks the override.
    const subdomain = { baseUrl: 'http://evil.localhost:9/api', storageUrl: 'http://localhost:9/storage' };
    expect(plainHttpProblems(subdomain, false).map((p) => p.field)).toEqual(['baseUrl']);
    expect(plainHttpProblems(subdomain, true)).toEqual([]);
    expect(plainHttpProblems({ baseUrl: 'http://127.0.0.1:9/api', storageUrl: 'http://localhost:9/storage' }, false)).toEqual([]);
  });

  it.each([
    [{ baseUrl: 'https://a.example/v1', storageUrl: 'https://cdn.example' }, { baseUrl: 'https://a.example/v2/', storageUrl: 'https://cdn.example/x' }, false],
    [{ baseUrl: 'https://a.example', storageUrl: 'https://cdn.example' }, { baseUrl: 'https://b.example', storageUrl: 'https://cdn.example' }, true],
    [{ baseUrl: 'https://a.example', storageUrl: 'https://cdn.example' }, { baseUrl: 'https://a.example:8443', storageUrl: 'https://cdn.example' }, true],
    [{ baseUrl: 'https://a.example', storageUrl: 'https://cdn.example' }, { baseUrl: 'http://a.example', storageUrl: 'https://cdn.example' }, true],
    [{ baseUrl: 'https://a.example', storageUrl: 'https://cdn.example' }, { baseUrl: 'https://a.example', storageUrl: 'https://evil.example' }, true],
    [{ baseUrl: 'https://A.example', storageUrl: 'https://cdn.example' }, { baseUrl: 'https://a.example:443', storageUrl: 'https://cdn.example' }, false],
  ])('%o -> %o changes origin: %s', (before, after, expected) => {
    expect(originsChanged(before, after)).toBe(expected);
  });
});
