import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './main';

const root = path.resolve(__dirname, '..');
const bin = path.join(root, 'bin', 'asset-studio.mjs');
const cli = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { cwd: root, encoding: 'utf8', timeout: 60_000 });

function memoryIo() {
  const out: string[] = [];
  const err: string[] = [];
  return {
    out,
    err,
    io: { stdout: { write: (s: string) => out.push(s) }, stderr: { write: (s: string) => err.push(s) }, env: {}, cwd: root },
  };
}

describe('asset-studio CLI (spawned through bin/asset-studio.mjs)', () => {
  it('help lists every discovered command with its summary and exits 0', () => {
    const result = cli('help');
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Usage: asset-studio <command>');
    expect(result.stdout).toMatch(/^ {2}help +List the commands/m);
    // Every command file in cli/commands shows up without main knowing about it.
    const names = fs.readdirSync(path.join(root, 'cli', 'commands')).filter((f) => /^[a-z-]+\.ts$/.test(f)).map((f) => f.replace(/\.ts$/, ''));
    for (const name of names) expect(result.stdout).toMatch(new RegExp(`^ {2}${name} `, 'm'));
  });

  it('no arguments behaves like help', () => {
    const result = cli();
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('Commands:');
  });

  it('help <command> and <command> --help print its usage', () => {
    for (const args of [['help', 'help'], ['help', '--help']]) {
      const result = cli(...args);
      expect(result.status, args.join(' ')).toBe(0);
      expect(result.stdout).toContain('Usage: asset-studio help [command]');
    }
  });

  it('an unknown command is a usage error: a message on stderr and exit 2', () => {
    const result = cli('frobnicate');
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('Unknown command "frobnicate"');
  });

  it('an unknown option is a usage error that shows the usage, exit 2', () => {
    const result = cli('help', '--bogus');
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("Unknown option '--bogus'");
    expect(result.stderr).toContain('Usage: asset-studio help');
  });
});

describe('runCli discovery', () => {
  it('finds commands in any folder, skips test files, and reports one that fails to load without breaking the others', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'as-cli-'));
    fs.writeFileSync(
      path.join(dir, 'greet.mjs'),
      "export const command = { name: 'greet', summary: 'Say hello', usage: 'Usage: greet NAME', run: async (argv, io) => { io.stdout.write('hello ' + argv[0] + '\\n'); return argv[0] ? 0 : 2; } };\n",
    );
    fs.writeFileSync(path.join(dir, 'broken.mjs'), 'export const command = 42;\n');
    fs.writeFileSync(path.join(dir, 'greet.test.mjs'), 'throw new Error("never loaded");\n');
    fs.writeFileSync(path.join(dir, 'help.ts'), `export { command } from ${JSON.stringify(path.join(root, 'cli', 'commands', 'help'))};\n`);

    const greet = memoryIo();
    expect(await runCli(['greet', 'Ada'], { commandsDir: dir, io: greet.io })).toBe(0);
    expect(greet.out.join('')).toBe('hello Ada\n');

    const broken = memoryIo();
    expect(await runCli(['broken'], { commandsDir: dir, io: broken.io })).toBe(1);
    expect(broken.err.join('')).toContain('does not export a `command`');

    const help = memoryIo();
    expect(await runCli(['help'], { commandsDir: dir, io: help.io })).toBe(0);
    expect(help.out.join('')).toMatch(/^ {2}greet +Say hello$/m);
    expect(help.err.join('')).toContain('the "broken" command could not be loaded');
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
