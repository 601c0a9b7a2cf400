/** With a data directory, keys, balances, jobs and assets survive a restart; without one nothing is written. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../index';
import { client } from '../test/support';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('persistence', () => {
  it('keys, balances, jobs and assets survive a restart on the same data directory', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-persist-'));
    dirs.push(dataDir);
    const first = await startSandbox({ dataDir, jobSeconds: 0.05, keys: 2 });
    const c = client(first);
    const id = String((await c.post('/jobs/text-to-3d', { prompt: 'barrel', targetFaceCount: 400, textureResolution: '128' })).body.jobId);
    await c.waitFor(id);
    const asset = await c.download(id, 'glb');
    expect(asset.status).toBe(200);
    const keys = first.keys;
    const balance = first.balance(keys[0]!.clientId);
    await first.close();

    const second = await startSandbox({ dataDir, jobSeconds: 0.05, keys: 2 });
    try {
      expect(second.keys).toEqual(keys);
      expect(second.balance(keys[0]!.clientId)).toBe(balance);
      expect(balance).toBeLessThan(900);
      const c2 = client(second);
      const job = await c2.job(id);
      expect(job.body).toMatchObject({ id, status: 'success', prompt: 'barrel' });
      const again = await c2.download(id, 'glb');
      expect(again.bytes.equals(asset.bytes)).toBe(true);
      // The state file is complete JSON (written atomically).
      const files = fs.readdirSync(dataDir);
      expect(files).toContain('sandbox-state.json');
      expect(files.some((f) => f.endsWith('.tmp'))).toBe(false);
      expect(() => JSON.parse(fs.readFileSync(path.join(dataDir, 'sandbox-state.json'), 'utf8'))).not.toThrow();
    } finally {
      await second.close();
    }
  });

  it('with a secret sealer the state file holds no secret in plain text, and keys still survive a restart', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-sealed-'));
    dirs.push(dataDir);
    const sealer = {
      seal: (plain: string) => Buffer.from(plain.split('').reverse().join('')).toString('base64'),
      open: (sealed: string) => Buffer.from(sealed, 'base64').toString().split('').reverse().join(''),
    };
    const first = await startSandbox({ dataDir, secretSealer: sealer });
    const keys = first.keys;
    await first.close();
    const file = fs.readFileSync(path.join(dataDir, 'sandbox-state.json'), 'utf8');
    expect(file).not.toContain(keys[0]!.clientSecret);
    expect(file).toContain('sealedSecret');
    const second = await startSandbox({ dataDir, secretSealer: sealer });
    expect(second.keys).toEqual(keys);
    await second.close();
    // Without the sealer the sealed key cannot be opened: a fresh key replaces it rather than a broken one.
    const third = await startSandbox({ dataDir });
    expect(third.keys).toHaveLength(1);
    expect(third.keys[0]!.clientId).not.toBe(keys[0]!.clientId);
    await third.close();
  });

  it('explicit keys are used as given; without a data directory new keys are random each start', async () => {
    const a = await startSandbox({ keys: [{ clientId: 'test-id', clientSecret: 'test-secret', earlyAccess: true }] });
    expect(a.keys).toEqual([{ clientId: 'test-id', clientSecret: 'test-secret', earlyAccess: true }]);
    await a.close();
    const b = await startSandbox();
    const d = await startSandbox();
    expect(b.keys[0]!.clientId).not.toBe(d.keys[0]!.clientId);
    await b.close();
    await d.close();
  });
});
