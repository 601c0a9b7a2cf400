import { describe, expect, it } from 'vitest';
import { expectNothingFor } from './expect-nothing';

describe('expectNothingFor', () => {
  it('passes when nothing happens for the whole time, and takes that long', async () => {
    const started = Date.now();
    await expectNothingFor(120, 'write', () => false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(115);
  });

  it('fails, naming the thing, as soon as it happens', async () => {
    const started = Date.now();
    let calls = 0;
    await expect(expectNothingFor(5_000, 'second request', () => ++calls > 3)).rejects.toThrow(/Expected no second request for 5000 ms/);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('sees a thing that happens at the very end', async () => {
    const started = Date.now();
    await expect(expectNothingFor(100, 'late error', () => Date.now() - started >= 100)).rejects.toThrow(/late error/);
  });
});
