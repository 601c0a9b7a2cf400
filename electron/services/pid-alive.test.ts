import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { pidAlive } from './pid-alive';

describe('pidAlive', () => {
  it('is true for this process', () => {
    expect(pidAlive(process.pid)).toBe(true);
  });

  it('is false for a process that has exited', () => {
    const child = spawnSync(process.execPath, ['-e', '']);
    expect(child.pid).toBeGreaterThan(0);
    expect(pidAlive(child.pid!)).toBe(false);
  });

  it.each([0, -1, Number.NaN, 1.5])('is false for %s, which is no process id (an empty or damaged lock file)', (pid) => {
    expect(pidAlive(pid)).toBe(false);
  });
});
