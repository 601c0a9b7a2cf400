/** `asset-studio sandbox`: one JSON line on stdout once listening, logs on stderr, stops on the signal. */
import { describe, expect, it, vi } from 'vitest';
import { command } from '../cli/commands/sandbox';
import type { CliIo } from '../cli/command';

function io(signal: AbortSignal) {
  const out: string[] = [];
  const err: string[] = [];
  const value: CliIo = {
    stdout: { write: (s: string) => out.push(s) },
    stderr: { write: (s: string) => err.push(s) },
    env: {},
    cwd: process.cwd(),
    signal,
    listCommands: async () => [],
  };
  return { value, out, err };
}

describe('sandbox command', () => {
  it('prints exactly one JSON line with baseUrl, storageUrl and keys, serves, and stops on abort', async () => {
    const controller = new AbortController();
    const { value, out, err } = io(controller.signal);
    const running = command.run(['--port', '0', '--keys', '2', '--job-seconds', '0.1', '--credits', '50', '--seed', '3'], value);
    await vi.waitFor(() => expect(out.length).toBeGreaterThan(0), { interval: 10 });
    expect(out).toHaveLength(1);
    expect(out[0]!.endsWith('\n')).toBe(true);
    const line = JSON.parse(out[0]!) as { baseUrl: string; storageUrl: string; keys: { clientId: string; clientSecret: string }[] };
    expect(Object.keys(line)).toEqual(['baseUrl', 'storageUrl', 'keys']);
    expect(line.keys).toHaveLength(2);
    expect(Object.keys(line.keys[0]!)).toEqual(['clientId', 'clientSecret']);
    const res = await fetch(`${line.baseUrl}/jobs/nothing`, { headers: { 'x-client-id': line.keys[0]!.clientId, 'x-client-secret': line.keys[0]!.clientSecret } });
    expect(res.status).toBe(404);
    expect(err.join('')).not.toContain(line.keys[0]!.clientSecret);
    controller.abort();
    expect(await running).toBe(0);
    await expect(fetch(`${line.baseUrl}/jobs/nothing`)).rejects.toThrow();
  });

  it('documents --chaos in its usage and refuses a bad spec as a usage error', async () => {
    expect(command.usage).toContain('--chaos');
    expect(command.usage).toContain('truncate=');
    const { value } = io(new AbortController().signal);
    await expect(command.run(['--chaos', 'nonsense=1'], value)).rejects.toThrow(/nonsense/);
    await expect(command.run(['--job-seconds', 'soon'], value)).rejects.toThrow(/job-seconds/);
  });
});
