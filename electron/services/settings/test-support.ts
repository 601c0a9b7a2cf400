/** Test helpers for settings: a reversible fake cipher and a tiny upstream that checks credentials. */
import type { IncomingHttpHeaders } from 'node:http';
import { serveLocally } from '../../test/local-server';
import type { SecretCipher } from '../contracts';

/** Stands in for safeStorage: output must not contain the plain text, and must round-trip. */
export function fakeCipher(backend: SecretCipher['backend'] = 'safe-storage', available = true): SecretCipher {
  const mask = (b: Buffer) => Buffer.from(b.map((x, i) => x ^ (0x5a + i) % 256));
  return {
    backend,
    isEncryptionAvailable: () => available,
    encrypt: (plain) => Buffer.concat([Buffer.from('v10'), mask(Buffer.from(plain, 'utf8'))]),
    decrypt: (data) => mask(data.subarray(3)).toString('utf8'),
  };
}

export interface FakeUpstream {
  baseUrl: string;
  requests: { method: string; path: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/** Answers like the service: 401 without the right key pair, else 404 for any job lookup. */
export async function startFakeUpstream(clientId: string, clientSecret: string): Promise<FakeUpstream> {
  const requests: FakeUpstream['requests'] = [];
  const server = await serveLocally((req, res) => {
    requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers });
    const okKey = req.headers['x-client-id'] === clientId && req.headers['x-client-secret'] === clientSecret;
    const status = okKey ? 404 : 401;
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ statusCode: status, message: okKey ? 'Job not found' : 'Invalid credentials' }));
  });
  return { ...server, requests };
}
