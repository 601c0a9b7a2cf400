/**
 * Basis transcoding on a worker thread, so the main process's event loop
 * (IPC, the browser shell's HTTP, job polling) never waits on it: each 2048²
 * texture is 30-50 ms of synchronous wasm work (`bench/preview-transcode.ts`
 * prints the longest event-loop gap with and without the worker).
 *
 * The worker's code is a plain-JavaScript string run with `eval: true`: the
 * same text works under tsx (CLI, browser shell), vitest and the bundled
 * Electron main process, where a separate worker file would need its own
 * build entry and loader hooks. It is basis-transcoder.ts's TRANSCODER_JS
 * plus a message loop; one worker is started on first use and ended after a
 * minute without work.
 */
import { Worker } from 'node:worker_threads';
import { TRANSCODER_JS, transcoderFiles, type TranscodedImage } from './basis-transcoder';

/** The transcoder code plus a message loop: one KTX2 image in, its RGBA pixels (transferred) or an error out. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
${TRANSCODER_JS}
const ready = loadTranscoder(workerData);
// A failed load is reported with each request rather than crashing the thread.
ready.catch(() => {});
parentPort.on('message', async ({ id, bytes, maxSize }) => {
  try {
    const image = transcodeKtx2(await ready, new Uint8Array(bytes), maxSize);
    parentPort.postMessage({ id, image }, [image.rgba.buffer]);
  } catch (err) {
    parentPort.postMessage({ id, error: err && err.message ? err.message : String(err) });
  }
});
`;

interface Reply {
  id: number;
  image?: TranscodedImage;
  error?: string;
}

const IDLE_MS = 60_000;

export class TranscodeWorker {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(image: TranscodedImage): void; reject(err: Error): void }>();
  private idleTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly idleMs = IDLE_MS) {}

  /** Transcodes one KTX2 image (see `transcodeKtx2` for the level choice) on the worker. */
  transcode(bytes: Uint8Array, maxSize: number): Promise<TranscodedImage> {
    const worker = this.start();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    // Held while work is waiting (a CLI command must not exit under it), released when idle.
    worker.ref();
    const id = this.nextId++;
    // A copy, transferred: the caller keeps its GLB bytes.
    const copy = bytes.slice();
    return new Promise<TranscodedImage>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, bytes: copy.buffer, maxSize }, [copy.buffer]);
    });
  }

  /** Ends the worker; calls still waiting fail. */
  async dispose(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    this.failAll(new Error('the preview transcoder was stopped'));
    await worker?.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: transcoderFiles() });
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.image) waiting.resolve({ ...reply.image, rgba: new Uint8Array(reply.image.rgba.buffer) });
      else waiting.reject(new Error(reply.error ?? 'the transcoder gave no answer'));
      if (this.pending.size === 0) {
        worker.unref();
        this.scheduleIdleStop();
      }
    });
    const lost = (err: Error) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.failAll(err);
    };
    worker.on('error', (err) => lost(new Error(`the transcoder thread failed: ${err.message}`)));
    worker.on('exit', (code) => lost(new Error(`the transcoder thread stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private scheduleIdleStop(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      if (this.pending.size > 0) return;
      const worker = this.worker;
      this.worker = undefined;
      void worker?.terminate();
    }, this.idleMs);
    this.idleTimer.unref();
  }

  private failAll(err: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(err);
    this.pending.clear();
  }
}
