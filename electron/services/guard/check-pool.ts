/**
 * A few checking processes for files from outside the app (./check-tasks.ts):
 * the guard, then decoding, away from main, so IPC, the browser shell and job
 * polling keep answering while a model is read, and fifteen assets landing at
 * once are checked side by side instead of one after another.
 *
 * Processes, not threads of main (./check-process.ts): what a decoder grows
 * (heap, WebAssembly memories, allocator arenas) stays the child's and goes
 * back to the system when the child ends. A child that answers with more than
 * `recycleMb` resident is ended after its answer, so one large model's memory
 * is not carried into the next task; idle children end after a few minutes.
 *
 * Each task has a wall-clock limit: past it, its process is ended and the
 * file refused. The heap bound (--max-old-space-size) covers JavaScript only,
 * not the ArrayBuffers a decoder allocates: the guard's declared-size checks
 * are what stop a memory bomb; the limit stops whatever the guard cannot foresee.
 *
 * Started on first use (or warmed by the job engine), held only while work
 * waits. The child runs check-worker.ts bundled on first use from the sources
 * (./worker-bundle.ts; through tsx's loader where esbuild is missing), or the
 * bundled check-worker.js beside main.js in the packaged app.
 */
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchChecker, type Checker, type CheckerStart } from './check-process';
import { unspill } from './check-spill';
import type { CheckAnswer, CheckTask } from './check-tasks';

type WorkerEntry = Pick<CheckerStart, 'entry' | 'tsxLoader'>;

let sourceEntry: Promise<WorkerEntry> | undefined;

/** Where the child's code is: the bundled file beside main.js, or (from the sources) a bundle made once per change of the sources. */
function workerEntry(): Promise<WorkerEntry> {
  if (!__filename.endsWith('.ts')) return Promise.resolve({ entry: path.join(__dirname, 'check-worker.js') });
  sourceEntry ??= import('./worker-bundle')
    .then(({ sourceWorkerBundle }) => sourceWorkerBundle(path.join(__dirname, 'check-worker.ts'), path.resolve(__dirname, '..', '..', '..')))
    .then(
      (entry): WorkerEntry => ({ entry }),
      (): WorkerEntry => {
        // No esbuild (a trimmed install): the child compiles the sources through tsx's loader instead, slower to start.
        const dist = path.join(path.dirname(createRequire(__filename).resolve('tsx/package.json')), 'dist');
        return { entry: path.join(__dirname, 'check-worker.ts'), tsxLoader: pathToFileURL(path.join(dist, 'loader.mjs')).href };
      },
    );
  return sourceEntry;
}

export const DEFAULT_TIME_LIMIT_MS = 60_000;
/**
 * Checking processes run this far below main (nice 10: about a tenth of main's
 * share of a core when both want it), so a model decoded there does not hold
 * main's loop back on a machine with few cores.
 */
export const THREAD_NICE = 10;
/** Idle processes stay this long: a batch's next wave lands minutes later, and a cold one costs its start-up again. */
const IDLE_MS = 180_000;
/**
 * A child resident above this after an answer is ended (its memory returned):
 * a warm child holds about 100 MB, one that decoded the 500k-triangle model
 * 300-450 MB that the next small file would never use.
 */
export const RECYCLE_MB = 250;
/** How long after the engine starts the checking processes are started ahead of the first file. */
export const WARM_AFTER_MS = 2_000;

export interface CheckPoolOptions {
  /** Processes at most (default: the cores less one, 2 to 4). */
  size?: number;
  timeLimitMs?: number;
  idleMs?: number;
  /** JavaScript heap per process, MB. */
  heapMb?: number;
  /** How far below main each process runs, as a nice value (Linux only; 0 leaves it at main's). */
  nice?: number;
  /** A process resident above this (MB) after an answer is ended and, when needed again, started afresh. */
  recycleMb?: number;
}

interface Slot {
  checker: Checker;
  /** Ending once its last answer is read back: given no new task. */
  retiring?: boolean;
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

export class CheckPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Waiting[] = [];
  private nextId = 1;
  private readonly size: number;
  private readonly timeLimitMs: number;
  private readonly idleMs: number;
  private readonly heapMb: number;
  private readonly nice: number;
  private readonly recycleMb: number;
  private disposed = false;
  private warming: ReturnType<typeof setTimeout> | undefined;
  /** Where the processes load their code from, once known (finding it may mean bundling the sources first). */
  private entry: WorkerEntry | undefined;
  private findingEntry = false;

  constructor(options: CheckPoolOptions = {}) {
    this.size = options.size ?? Math.min(4, Math.max(2, os.availableParallelism() - 1));
    this.timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
    this.idleMs = options.idleMs ?? IDLE_MS;
    this.heapMb = options.heapMb ?? 1024;
    this.nice = options.nice ?? THREAD_NICE;
    this.recycleMb = options.recycleMb ?? RECYCLE_MB;
  }

  /** Runs one task in a checking process; answers `{ refused }` when the file fails the guard, the time limit or the process. */
  run(task: CheckTask, limitMs = this.timeLimitMs): Promise<CheckAnswer> {
    if (this.disposed) return Promise.resolve({ refused: 'The app is closing; the file was not checked.' });
    return new Promise<CheckAnswer>((resolve) => {
      this.queue.push({ task, limitMs, hold: true, resolve });
      this.pump();
    });
  }

  /**
   * Starts the processes before files arrive (the job engine calls it when it
   * starts), so a batch's first assets are not checked after a cold start
   * (1.8 s from the sources here: a 15-row wave of 8 s jobs ended at 9.8 s
   * instead of 8.8 s). They start `afterMs` later, once the app's own start
   * has had the cores: each is a Node process loading the decoders (about a
   * second of CPU), and an engine killed and restarted 20 times (the kill
   * test) took 7.0 s a restart instead of 4.7 s with them starting at once.
   * Holds nothing open; a no-op once one runs.
   */
  warm(afterMs = WARM_AFTER_MS): void {
    if (this.disposed || this.warming) return;
    this.warming = setTimeout(() => {
      if (this.disposed || this.slots.length > 0 || this.queue.length > 0) return;
      for (let i = 0; i < this.size; i++) this.queue.push({ task: { kind: 'warm' }, limitMs: this.timeLimitMs, resolve: () => {} });
      this.pump();
    }, afterMs);
    this.warming.unref();
  }

  /** Checking processes running now (tests, the bench). */
  get threads(): number {
    return this.slots.length;
  }

  /** Their process ids (the bench reads their resident memory). */
  get pids(): number[] {
    return this.slots.flatMap((s) => (s.checker.pid === undefined ? [] : [s.checker.pid]));
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    clearTimeout(this.warming);
    for (const w of this.queue.splice(0)) w.resolve({ refused: 'The app is closing; the file was not checked.' });
    await Promise.all(this.slots.splice(0).map((slot) => this.end(slot, { refused: 'The app is closing; the file was not checked.' })));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.busy && !s.retiring);
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

  private spawn(entry: WorkerEntry): Slot {
    const checker = launchChecker({ ...entry, nice: this.nice, heapMb: this.heapMb });
    const slot: Slot = { checker };
    checker.onMessage((message) => {
      const reply = message as { id: number; answer?: CheckAnswer; error?: string; rssMb?: number };
      const busy = slot.busy;
      if (!busy || busy.id !== reply.id) return;
      clearTimeout(busy.timer);
      slot.busy = undefined;
      // Grown past the bound by a large file: ended once its answer is read back (its files are in its folder), so
      // its memory goes back instead of waiting for the next task; it takes no new task meanwhile.
      const recycle = (reply.rssMb ?? 0) > this.recycleMb;
      slot.retiring = recycle;
      const answer = reply.answer ?? { failed: reply.error ?? 'the checking process gave no answer' };
      void unspill(answer)
        .then(busy.resolve, (err: unknown) => busy.resolve({ failed: `the checking process's answer could not be read back (${(err as Error).message})` }))
        .then(() => (recycle ? this.end(slot, { refused: 'recycled' }) : undefined));
      if (!recycle) this.idle(slot);
    });
    checker.onExit((why) => {
      const i = this.slots.indexOf(slot);
      if (i < 0) return;
      this.slots.splice(i, 1);
      if (slot.idleTimer) clearTimeout(slot.idleTimer);
      if (slot.busy) {
        clearTimeout(slot.busy.timer);
        slot.busy.resolve({ refused: `Checking this file stopped its process (${why}); it is refused.` });
        slot.busy = undefined;
      }
      this.pump();
    });
    this.slots.push(slot);
    return slot;
  }

  private give(slot: Slot, waiting: Waiting): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.checker.hold(!!waiting.hold);
    const id = this.nextId++;
    const timer = setTimeout(() => {
      const seconds = Math.round(waiting.limitMs / 100) / 10;
      void this.end(slot, { refused: `Checking this file took longer than ${seconds} s, so it was stopped; the file is refused.` });
    }, waiting.limitMs);
    slot.busy = { id, resolve: waiting.resolve, timer };
    slot.checker.send({ id, task: waiting.task });
  }

  /** Ends a process (time limit, dispose, recycling): its task gets `answer`, queued tasks go to the others or a new one. */
  private async end(slot: Slot, answer: CheckAnswer): Promise<void> {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    if (slot.busy) {
      clearTimeout(slot.busy.timer);
      slot.busy.resolve(answer);
      slot.busy = undefined;
    }
    await slot.checker.end();
    if (!this.disposed) this.pump();
  }

  private idle(slot: Slot): void {
    if (this.queue.length > 0) return this.pump();
    slot.checker.hold(false);
    slot.idleTimer = setTimeout(() => void this.end(slot, { refused: 'idle' }), this.idleMs);
    slot.idleTimer.unref();
  }
}

let shared: CheckPool | undefined;

/** The app's checking processes (downloads, staged files, export checks share them). */
export function checkPool(): CheckPool {
  shared ??= new CheckPool();
  return shared;
}
