import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SPILL_BYTES, spill, unspill } from './check-spill';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-spill-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('large answers cross from a checking process through a file', () => {
  it('an export’s large file goes to disk and comes back byte for byte, its file removed; small ones stay in the message', async () => {
    const big = new Uint8Array(SPILL_BYTES + 3).map((_, i) => i % 251);
    const small = Uint8Array.from([1, 2, 3]);
    const answer = { ok: true, value: { outputs: [{ suffix: '.obj', bytes: big }, { suffix: '.mtl', bytes: small }] } };
    const sent = await spill(structuredClone(answer), dir);
    expect(sent.value.outputs[0]!.bytes).toEqual({ spilledTo: expect.stringContaining(dir) });
    expect(sent.value.outputs[1]!.bytes).toEqual(small);
    expect(fs.readdirSync(dir)).toHaveLength(1);
    const back = await unspill(sent);
    expect(back.value.outputs[0]!.bytes).toBeInstanceOf(Uint8Array);
    expect(Buffer.compare(back.value.outputs[0]!.bytes, big)).toBe(0);
    expect(fs.readdirSync(dir)).toHaveLength(0);
  });

  it('leaves an answer without byte arrays as it is', async () => {
    const answer = { refused: 'This model declares 100,000,000 vertices in a 248-byte file; it is damaged or hostile.' };
    expect(await unspill(await spill(answer, dir))).toEqual(answer);
  });
});
