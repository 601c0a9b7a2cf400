import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeCipher } from '../settings/test-support';
import { maskClientId } from './mask';
import { SecretStore } from './secret-store';

const SECRET = 'sk_test_1234567890abcdef';
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'secrets-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('SecretStore', () => {
  it('writes ciphertext only, readable by the user only, and round-trips after a restart', () => {
    const store = new SecretStore(dir, fakeCipher());
    store.put('key-1', SECRET, 'encrypted');
    const text = readFileSync(join(dir, 'secrets.json'), 'utf8');
    expect(text).not.toContain(SECRET);
    expect(JSON.parse(text).secrets['key-1'].encoding).toBe('cipher');
    if (process.platform !== 'win32') expect(statSync(join(dir, 'secrets.json')).mode & 0o777).toBe(0o600);
    expect(new SecretStore(dir, fakeCipher()).reveal('key-1')).toBe(SECRET);
  });

  it('refuses "encrypted" when the OS cannot encrypt, and marks an unprotected secret as such', () => {
    const store = new SecretStore(dir, fakeCipher('safe-storage', false));
    expect(() => store.put('key-1', SECRET, 'encrypted')).toThrow(/not available/);
    store.put('key-2', SECRET, 'unprotected');
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')).secrets['key-2']).toMatchObject({ encoding: 'plain', mode: 'unprotected' });
    expect(store.modeOf('key-2')).toBe('unprotected');
    expect(store.reveal('key-2')).toBe(SECRET);
  });

  it('keeps session secrets in memory only', () => {
    const store = new SecretStore(dir, fakeCipher());
    store.put('key-1', SECRET, 'session');
    expect(store.reveal('key-1')).toBe(SECRET);
    expect(readFileSync(join(dir, 'secrets.json'), 'utf8')).not.toContain('key-1');
    expect(new SecretStore(dir, fakeCipher()).has('key-1')).toBe(false);
  });

  it('returns nothing for a secret encrypted under another keyring', () => {
    new SecretStore(dir, fakeCipher()).put('key-1', SECRET, 'encrypted');
    const broken = { ...fakeCipher(), decrypt: () => { throw new Error('wrong keyring'); } };
    expect(new SecretStore(dir, broken).reveal('key-1')).toBeUndefined();
  });

  it('keeps an unreadable file aside instead of overwriting it', () => {
    writeFileSync(join(dir, 'secrets.json'), 'garbage');
    const store = new SecretStore(dir, fakeCipher());
    expect(store.loadProblem).toMatch(/could not be read/);
    expect(readdirSync(dir).some((f) => f.startsWith('secrets.unreadable-'))).toBe(true);
    store.put('key-1', SECRET, 'encrypted');
    expect(existsSync(join(dir, 'secrets.json'))).toBe(true);
  });

  it('deletes a secret from disk', () => {
    const store = new SecretStore(dir, fakeCipher());
    store.put('key-1', SECRET, 'encrypted');
    store.delete('key-1');
    expect(JSON.parse(readFileSync(join(dir, 'secrets.json'), 'utf8')).secrets).toEqual({});
  });
});

describe('maskClientId', () => {
  it('shows the ends of long ids and almost nothing of short ones', () => {
    expect(maskClientId('abcd1234efgh5678wxyz')).toBe('abcd…wxyz');
    expect(maskClientId('abcdefgh')).toBe('ab…gh');
    expect(maskClientId('abc')).toBe('…');
  });
});
