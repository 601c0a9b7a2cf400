import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CheckPool, THREAD_NICE } from './check-pool';
import { lowerThisThread } from './thread-priority';
import { accessorBomb, pngHeader, triangleGlb } from './crafted-files';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'check-pool-'));
const pool = new CheckPool({ size: 2 });
afterAll(async () => {
  await pool.dispose();
  fs.rmSync(dir, { recursive: true, force: true });
});

function file(name: string, bytes: Uint8Array): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, bytes);
  return p;
}

describe('files from outside are checked in a checking process', () => {
  it('refuses an accessor bomb with the guard reason before decoding it', async () => {
    const answer = await pool.run({ kind: 'inspect-asset', file: file('bomb.glb', accessorBomb(100_000_000)), format: 'glb' });
    expect(answer).toEqual({ refused: expect.stringMatching(/^This model declares 100,000,000 vertices in a \d+-byte file; it is damaged or hostile\.$/) });
  });

  it('inspects a valid model there: its statistics and validation come back', async () => {
    const answer = await pool.run({ kind: 'inspect-asset', file: file('tri.glb', triangleGlb()), format: 'glb' });
    expect(answer).toMatchObject({ ok: true, value: { stats: { triangles: 1, vertices: 3 }, validation: { errors: 0 } } });
  });

  it('refuses an image declaring 100,000 × 100,000 pixels without decoding it', async () => {
    const answer = await pool.run({ kind: 'inspect-asset', file: file('huge.png', pngHeader(100_000, 100_000)), format: 'png', thumbnail: path.join(dir, 'thumb.png') });
    expect(answer).toEqual({ refused: expect.stringContaining('declares 100,000 × 100,000 pixels') });
    expect(fs.existsSync(path.join(dir, 'thumb.png'))).toBe(false);
  });

  it('ends the process and refuses the file once the time limit passes', async () => {
    // A fresh pool: starting its process alone takes longer than the 1 ms allowed.
    const strict = new CheckPool({ size: 1 });
    try {
      const answer = await strict.run({ kind: 'inspect-asset', file: file('slow.glb', triangleGlb()), format: 'glb' }, 1);
      expect(answer).toEqual({ refused: 'Checking this file took longer than 0 s, so it was stopped; the file is refused.' });
      expect(strict.threads).toBe(0);
      // The pool carries on with a fresh process.
      expect(await strict.run({ kind: 'guard', file: file('again.glb', triangleGlb()), format: 'glb' })).toMatchObject({ ok: true });
    } finally {
      await strict.dispose();
    }
  });

  it('decodes in a process of its own: what a decoder grows is never main\'s', async () => {
    expect(await pool.run({ kind: 'inspect-asset', file: file('own.glb', triangleGlb()), format: 'glb' })).toMatchObject({ ok: true });
    expect(pool.pids.length).toBeGreaterThan(0);
    expect(pool.pids).not.toContain(process.pid);
    for (const pid of pool.pids) expect(fs.existsSync(`/proc/${pid}`) || process.platform !== 'linux').toBe(true);
  });

  it('ends a process that answered above its memory bound, and starts a fresh one for the next file', async () => {
    // A bound every process passes: each answer ends its process, and its memory goes back to the system.
    const lean = new CheckPool({ size: 1, recycleMb: 1 });
    try {
      expect(await lean.run({ kind: 'guard', file: file('first.glb', triangleGlb()), format: 'glb' })).toMatchObject({ ok: true });
      const first = lean.pids[0];
      await vi.waitFor(() => expect(lean.threads).toBe(0));
      expect(await lean.run({ kind: 'guard', file: file('second.glb', triangleGlb()), format: 'glb' })).toMatchObject({ ok: true });
      expect(lean.pids).not.toContain(first);
    } finally {
      await lean.dispose();
    }
  });

  it('sends the bytes of a model to write, and its files come back whole', async () => {
    const glb = new Uint8Array(triangleGlb());
    const answer = await pool.run({ kind: 'write-model', glb, formats: ['stl'], name: 'sent', extras: { collision: 'none', upAxis: 'y' } });
    expect(answer).toMatchObject({ ok: true, value: { outputs: [{ suffix: '.stl' }] } });
    const [stl] = (answer as { value: { outputs: { bytes: Uint8Array }[] } }).value.outputs;
    // Binary STL: an 80-byte header, a triangle count (1), one 50-byte triangle.
    expect(stl!.bytes).toBeInstanceOf(Uint8Array);
    expect(stl!.bytes.byteLength).toBe(134);
  });

  it('checks several files side by side, one process each up to its size', async () => {
    const files = Array.from({ length: 4 }, (_, i) => file(`t${i}.glb`, triangleGlb()));
    const running = files.map((f) => pool.run({ kind: 'inspect-asset', file: f, format: 'glb' }));
    expect(pool.threads).toBe(2);
    expect((await Promise.all(running)).every((a) => 'ok' in a)).toBe(true);
  });
});

/** The nice value of a process (Linux: field 19 of /proc/PID/stat). */
function niceOf(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

describe('checking processes give way to main', () => {
  it.runIf(process.platform === 'linux')('a checking process runs at a lower priority than main, and main stays where it was', async () => {
    expect(await pool.run({ kind: 'guard', file: file('nice.glb', triangleGlb()), format: 'glb' })).toMatchObject({ ok: true });
    const main = os.getPriority(0);
    expect(pool.pids.map(niceOf)).toContain(Math.min(19, main + THREAD_NICE));
    expect(os.getPriority(0)).toBe(main);
  });

  it.each<[NodeJS.Platform, number | undefined, boolean, [number, number][], number?]>([
    ['linux', 10, true, [[0, 10]]],
    ['linux', 40, true, [[0, 19]]],
    ['linux', 0, false, []],
    ['linux', undefined, false, []],
    // Elsewhere a thread's priority is its whole process's: main would be lowered too.
    ['darwin', 10, false, []],
    ['win32', 10, false, []],
    // Below where it runs, not to an absolute value: a process started at nice 5 gets threads at 15.
    ['linux', 10, true, [[0, 15]], 5],
  ])('on %s with nice %s: lowered %s', (platform, nice, lowered, calls, running = 0) => {
    const made: [number, number][] = [];
    expect(lowerThisThread(nice, platform, (pid: number, p: number) => void made.push([pid, p]), () => running)).toBe(lowered);
    expect(made).toEqual(calls);
  });

  it('a refused setPriority leaves the thread running at main priority', () => {
    expect(lowerThisThread(10, 'linux', () => {
      throw new Error('EACCES');
    })).toBe(false);
  });
});
