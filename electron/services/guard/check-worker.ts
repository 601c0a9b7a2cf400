/**
 * The checking process's entry: one task in (./check-tasks.ts), one answer
 * out, with its resident memory so main can end it once it has grown
 * (./check-pool.ts). Started by ./check-process.ts: a `child_process.fork`
 * (CLI, browser shell, tests) or, in the Electron app, a utility process;
 * loaded as a bundle of the sources or as `.vite/build/check-worker.js`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spill } from './check-spill';
import { runTask, type CheckTask } from './check-tasks';
import { NICE_FLAG } from './check-process';
import { lowerThisThread } from './thread-priority';

interface Parent {
  onMessage(listener: (message: unknown) => void): void;
  post(message: unknown): void;
}

/** Electron's utility process talks through process.parentPort; a forked Node child through process.send. */
function parent(): Parent | undefined {
  const port = (process as { parentPort?: { on(event: 'message', l: (e: { data: unknown }) => void): void; postMessage(m: unknown): void } }).parentPort;
  if (port) return { onMessage: (l) => port.on('message', (e) => l(e.data)), post: (m) => port.postMessage(m) };
  const send = process.send?.bind(process);
  if (send) return { onMessage: (l) => void process.on('message', l), post: (m) => void send(m as object) };
  return undefined;
}

/**
 * The bytes of a model to write, in a buffer of their own: what arrives is a
 * view at any offset into the message, and glTF-Transform reads it through
 * 32-bit views ("start offset of Uint32Array should be a multiple of 4").
 */
function aligned(task: CheckTask): CheckTask {
  return task.kind === 'write-model' && task.glb.byteOffset % 4 !== 0 ? { ...task, glb: new Uint8Array(task.glb) } : task;
}

const channel = parent();
if (channel) {
  // Threads this one starts later (libuv's pool, sharp's) inherit the lowered priority.
  const nice = process.argv.find((a) => a.startsWith(NICE_FLAG));
  lowerThisThread(nice ? Number(nice.slice(NICE_FLAG.length)) : undefined);
  // Large answers go through files (./check-spill.ts), in a folder only this process writes, removed as it ends.
  const spillDir = fs.mkdtempSync(path.join(os.tmpdir(), 'asset-studio-check-'));
  process.on('exit', () => fs.rmSync(spillDir, { recursive: true, force: true }));
  // Ended by main (idle, recycled, dispose): exit, so the folder above is removed.
  process.on('SIGTERM', () => process.exit(0));
  channel.onMessage((message) => {
    const { id, task } = message as { id: number; task: CheckTask };
    runTask(aligned(task))
      .then((answer) => spill(answer, spillDir))
      .then(
        (answer) => channel.post({ id, answer, rssMb: Math.round(process.memoryUsage.rss() / 1048576) }),
        (err: unknown) => channel.post({ id, error: err instanceof Error ? err.message : String(err), rssMb: Math.round(process.memoryUsage.rss() / 1048576) }),
      );
  });
  // Main gone (crashed, killed): nothing is left to answer.
  process.on('disconnect', () => process.exit(0));
}
