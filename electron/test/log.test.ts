import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger, redactText, registerSecret, unregisterSecret, REDACTED } from '../services/log';

function capture() {
  const lines: string[] = [];
  return { lines, stderr: { write: (line: string) => lines.push(line) } };
}

describe('log redaction', () => {
  const registered: string[] = [];
  const secret = (s: string) => {
    registered.push(s);
    registerSecret(s);
    return s;
  };
  afterEach(() => registered.splice(0).forEach(unregisterSecret));

  it('masks x-client-secret values in free text in every common spelling', () => {
    const samples = [
      'x-client-secret: s3cr3t-value-1',
      'X-Client-Secret=s3cr3t-value-1',
      '{"x-client-secret":"s3cr3t-value-1"}',
      "headers { 'x-client-secret': 's3cr3t-value-1' }",
      'clientSecret=s3cr3t-value-1&clientId=abc',
      'client_secret: "s3cr3t-value-1"',
    ];
    for (const sample of samples) {
      const out = redactText(sample);
      expect(out, sample).not.toContain('s3cr3t-value-1');
      expect(out).toContain(REDACTED);
    }
  });

  it('masks bearer tokens and ?token= in URLs', () => {
    expect(redactText('Authorization: Bearer abc.DEF_123-xyz')).not.toContain('abc.DEF_123-xyz');
    const url = redactText('listening on http://127.0.0.1:5173/?token=Zm9vYmFy&x=1');
    expect(url).not.toContain('Zm9vYmFy');
    expect(url).toContain('&x=1');
  });

  it('masks a registered secret wherever it appears, and leaves other text alone', () => {
    const s = secret('sk_live_8f3a9c');
    expect(redactText(`upstream said: bad key sk_live_8f3a9c (retry)`)).toBe(`upstream said: bad key ${REDACTED} (retry)`);
    expect(redactText('nothing secret here')).toBe('nothing secret here');
    unregisterSecret(s);
    expect(redactText('sk_live_8f3a9c')).toBe('sk_live_8f3a9c');
  });

  it('never writes a secret to stderr or the log file, whatever shape the fields take', () => {
    const s = secret('quote"and\\backslash-secret');
    const plain = secret('plainSECRET123');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'as-log-'));
    const { lines, stderr } = capture();
    const log = createLogger({ dataDir, stderr, level: 'debug' });
    const err = new Error(`request failed with x-client-secret ${plain}`);
    log.error('upload failed', {
      error: err,
      headers: { 'x-client-id': 'client-1', 'x-client-secret': 'header-secret-42' },
      nested: [{ clientSecret: 'nested-secret-43' }, `echo ${s}`],
      body: Buffer.from(plain),
    });
    log.child('jobs').info(`signing with ${plain}`);

    const file = fs.readFileSync(path.join(dataDir, 'logs', 'main.log'), 'utf8');
    expect(lines).toHaveLength(2);
    for (const text of [lines.join(''), file]) {
      for (const leaked of [plain, 'header-secret-42', 'nested-secret-43', s, JSON.stringify(s).slice(1, -1)]) {
        expect(text).not.toContain(leaked);
      }
      expect(text).toContain('client-1');
    }
    const first = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(first).toMatchObject({ level: 'error', message: 'upload failed' });
    expect(JSON.parse(lines[1]!)).toMatchObject({ scope: 'jobs', level: 'info' });
  });

  it('drops lines below the level', () => {
    const { lines, stderr } = capture();
    const log = createLogger({ stderr, level: 'warn' });
    log.info('hidden');
    log.warn('shown');
    expect(lines.map((l) => (JSON.parse(l) as { message: string }).message)).toEqual(['shown']);
  });
});

describe('log levels per output', () => {
  it('copies only the chosen levels to stderr while the file keeps the rest', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'as-log-'));
    const { lines, stderr } = capture();
    const log = createLogger({ dataDir, fileName: 'cli.log', stderr, stderrLevel: 'error', level: 'info' });
    log.info('progress detail');
    log.error('could not reach the service');
    expect(lines.map((l) => (JSON.parse(l) as { message: string }).message)).toEqual(['could not reach the service']);
    const file = fs.readFileSync(path.join(dataDir, 'logs', 'cli.log'), 'utf8').trim().split('\n');
    expect(file).toHaveLength(2);
  });
});
