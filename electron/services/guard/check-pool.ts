/**
 * A few checking threads for files from outside the app (./check-tasks.ts):
 * the guard, then decoding, off the main thread, so IPC, the browser shell
 * and job polling keep answering while a model is read, and fifteen assets
 * landing at once are checked side by side instead of one after another.
 *
 * Each task has a wall-clock limit: past it, its thread is ended and the file
 * refused. `resourceLimits` bound a thread's JavaScript heap only, not the
 * ArrayBuffers a decoder allocates: the guard's declared-size checks are what
 * stop a memory bomb; the limit stops whatever the guard cannot foresee.
 *
 * Same pattern as the KTX2 preview's transcoder thread
 * (../preview/transcode-worker.ts): started on first use, held (ref) only
 * while work waits, ended after a minute idle. The thread runs
 * check-worker.ts bundled on first use from the sources (./worker-bundle.ts;
 * through tsx where esbuild is missing), or the bundled check-worker.js
 * beside main.js in the packaged app.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMarkedAsUntransferable, Worker } from 'node:worker_threads';
import type { CheckAnswer, CheckTask } from './check-tasks';

const BOOT = `
const { workerData } = require('node:worker_threads');
// From the sources: tsx's ESM and CommonJS hooks, registered as bin/asset-studio.mjs does (some packages are ESM with extensionless imports).
(workerData.tsx
  ? import(workerData.tsx.esm).then((esm) => {
      esm.register();
      require(workerData.tsx.cjs).register();
    })
  : Promise.resolve()
).then(() => require(workerData.entry));
`;

interface WorkerEntry {
  entry: string;
  tsx?: { esm: string; cjs: string };
}

let sourceEntry: Promise<WorkerEntry> | undefined;

/** Where the thread's code is: the bundled file beside main.js, or (from the sources) a bundle made once per change of the sources. */
function workerEntry(): Promise<WorkerEntry> {
  if (!__filename.endsWith('.ts')) return Promise.resolve({ entry: path.join(__dirname, 'check-worker.js') });
  sourceEntry ??= import('./worker-bundle')
    .then(({ sourceWorkerBundle }) => sourceWorkerBundle(path.join(__dirname, 'check-worker.ts'), path.resolve(__dirname, '..', '..', '..')))
    .then(
      (entry): WorkerEntry => ({ entry }),
      (): WorkerEntry => {
        // No esbuild (a trimmed install): each thread compiles the sources through tsx's hooks instead, slower to start.
        const dist = path.join(path.dirname(createRequire(__filename).resolve('tsx/package.json')), 'dist');
        return { entry: path.join(__dirname, 'check-worker.ts'), tsx: { esm: pathToFileURL(path.join(dist, 'esm', 'api', 'index.mjs')).href, cjs: path.join(dist, 'cjs', 'api', 'index.cjs') } };
      },
    );
  return sourceEntry;
}

export const DEFAULT_TIME_LIMIT_MS = 60_000;
/**
 * Checking threads run this far below main (nice 10: about a tenth of main's
 * share of a core when both want it), so a model decoded here does not hold
 * main's loop back on a machine with few cores.
 */
export const THREAD_NICE = 10;
/** Idle threads stay this long: a batch's next wave lands minutes later, and a cold thread costs its start-up again. */
const IDLE_MS = 180_000;

export interface CheckPoolOptions {
  /** Threads at most (default: the cores less one, 2 to 4). */
  size?: number;
  timeLimitMs?: number;
  idleMs?: number;
  /** JavaScript heap per thread, MB. */
  heapMb?: number;
  /** How far below main each thread runs, as a nice value (Linux only; 0 leaves it at main's). */
  nice?: number;
}

interface Slot {
  worker: Worker;
  busy?: { id: number; resolve(answer: CheckAnswer): void; timer: ReturnType<typeof setTimeout> };
  idleTimer?: ReturnType<typeof setTimeout>;
}

interface Waiting {
  task: CheckTask;
  limitMs: number;
  /** Keeps the process alive while it runs (a warm-up does not). */
  hold?: boolean;
  resolve(answer: CheckAnswer): void;
}

/**
 * The bytes a task hands over, moved to the thread rather than copied: the
 * exported copy of the 500k-triangle model, copied on the way in, held
 * main's loop for over half a second under load. The sender's array is empty
 * afterwards. A view on part of a larger buffer is copied as before.
 */
function movedBytes(task: CheckTask): ArrayBuffer[] {
  if (task.kind !== 'write-model') return [];
  const { glb } = task;
  const whole = glb.buffer instanceof ArrayBuffer && glb.byteOffset === 0 && glb.byteLength === glb.buffer.byteLength && !isMarkedAsUntransferable(glb.buffer);
  return whole ? [glb.buffer as ArrayBuffer] : [];
}

export class CheckPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Waiting[] = [];
  private nextId = 1;
  private readonly size: number;
  private readonly timeLimitMs: number;
  private readonly idleMs: number;
  private readonly heapMb: number;
  private readonly nice: number;
  private disposed = false;
  /** Where threads load their code from, once known (finding it may mean bundling the sources first). */
  private entry: WorkerEntry | undefined;
  private findingEntry = false;

  constructor(options: CheckPoolOptions = {}) {
    this.size = options.size ?? Math.min(4, Math.max(2, os.availableParallelism() - 1));
    this.timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
    this.idleMs = options.idleMs ?? IDLE_MS;
    this.heapMb = options.heapMb ?? 1024;
    this.nice = options.nice ?? THREAD_NICE;
  }

  /** Runs one task on a checking thread; answers `{ refused }` when the file fails the guard, the time limit or the thread. */
  run(task: CheckTask, limitMs = this.timeLimitMs): Promise<CheckAnswer> {
    if (this.disposed) return Promise.resolve({ refused: 'The app is closing; the file was not checked.' });
    return new Promise<CheckAnswer>((resolve) => {
      this.queue.push({ task, limitMs, hold: true, resolve });
      this.pump();
    });
  }

  /**
   * Starts the threads before files arrive (the job engine calls it when it
   * starts), so a batch's first assets are not checked after a cold start
   * (1.8 s from the sources here: a 15-row wave of 8 s jobs ended at 9.8 s
   * instead of 8.8 s). Holds nothing open; a no-op once a thread runs.
   */
  warm(): void {
    if (this.disposed || this.slots.length > 0 || this.queue.length > 0) return;
    for (let i = 0; i < this.size; i++) this.queue.push({ task: { kind: 'warm' }, limitMs: this.timeLimitMs, resolve: () => {} });
    this.pump();
  }

  /** Threads running now (tests, the bench). */
  get threads(): number {
    return this.slots.length;
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    for (const w of this.queue.splice(0)) w.resolve({ refused: 'The app is closing; the file was not checked.' });
    await Promise.all(this.slots.splice(0).map((slot) => this.end(slot, { refused: 'The app is closing; the file was not checked.' })));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.busy);
      if (!slot && this.slots.length < this.size) {
        if (!this.entry) return this.findEntry();
        slot = this.spawn(this.entry);
      }
      if (!slot) return;
      this.give(slot, this.queue.shift()!);
    }
  }

  private findEntry(): void {
    if (this.findingEntry) return;
    this.findingEntry = true;
    void workerEntry().then((entry) => {
      this.entry = entry;
      this.findingEntry = false;
      if (!this.disposed) this.pump();
    });
  }

  private spawn({ entry, tsx }: WorkerEntry): Slot {
    const worker = new Worker(BOOT, { eval: true, workerData: { entry, tsx, nice: this.nice }, resourceLimits: { maxOldGenerationSizeMb: this.heapMb } });
    const slot: Slot = { worker };
    worker.on('message', (reply: { id: number; answer?: CheckAnswer; error?: string }) => {
      const busy = slot.busy;
      if (!busy || busy.id !== reply.id) return;
      clearTimeout(busy.timer);
      slot.busy = undefined;
      busy.resolve(reply.answer ?? { failed: reply.error ?? 'the checking thread gave no answer' });
      this.idle(slot);
    });
    const lost = (why: string) => {
      const i = this.slots.indexOf(slot);
      if (i < 0) return;
      this.slots.splice(i, 1);
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      if (slot.busy) {
        clearTimeout(slot.busy.timer);
        slot.busy.resolve({ refused: `Checking this file stopped its thread (${why}); it is refused.` });
        slot.busy = undefined;
      }
      this.pump();
    };
    worker.on('error', (err) => lost(err.message));
    worker.on('exit', (code) => lost(`exit code ${code}`));
    this.slots.push(slot);
    return slot;
  }

  private give(slot: Slot, waiting: Waiting): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    if (waiting.hold) slot.worker.ref();
    else slot.worker.unref();
    const id = this.nextId++;
    const timer = setTimeout(() => {
      const seconds = Math.round(waiting.limitMs / 100) / 10;
      void this.end(slot, { refused: `Checking this file took longer than ${seconds} s, so it was stopped; the file is refused.` });
    }, waiting.limitMs);
    slot.busy = { id, resolve: waiting.resolve, timer };
    slot.worker.postMessage({ id, task: waiting.task }, movedBytes(waiting.task));
  }

  /** Ends a thread (time limit, dispose): its task gets `answer`, queued tasks go to the others or a new one. */
  private async end(slot: Slot, answer: CheckAnswer): Promise<void> {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    if (slot.busy) {
      clearTimeout(slot.busy.timer);
      slot.busy.resolve(answer);
      slot.busy = undefined;
    }
    await slot.worker.terminate();
    if (!this.disposed) this.pump();
  }

  private idle(slot: Slot): void {
    if (this.queue.length > 0) return this.pump();
    slot.worker.unref();
    slot.idleTimer = setTimeout(() => void this.end(slot, { refused: 'idle' }), this.idleMs);
    slot.idleTimer.unref();
  }
}

let shared: CheckPool | undefined;

/** The process's checking threads (downloads, staged files, export checks share them). */
export function checkPool(): CheckPool {
  shared ??= new CheckPool();
  return shared;
}
