/**
 * The checking thread's entry: one task in (./check-tasks.ts), one answer
 * out. Loaded by ./check-pool.ts as TypeScript through tsx (CLI, browser
 * shell, tests) or as `.vite/build/check-worker.js` (the bundled app).
 */
import { isMainThread, isMarkedAsUntransferable, parentPort, workerData } from 'node:worker_threads';
import { runTask, type CheckTask } from './check-tasks';
import { lowerThisThread } from './thread-priority';

/**
 * The byte arrays in an answer (an export's files, the copy's GLB), moved to
 * main rather than copied: a 50 MB OBJ copied on arrival held main's loop for
 * over a second. A view on part of a larger buffer is cut out first (moving
 * the view would move, and copy, its whole buffer), and so is memory Node
 * will not let go of: since Node 22 a native module's buffer (sharp's PNG of
 * a texture) is marked untransferable, and moving it fails the whole answer.
 */
function transferables(answer: unknown): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  const movable = (bytes: Uint8Array): boolean =>
    bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer && !isMarkedAsUntransferable(bytes.buffer);
  const own = (bytes: Uint8Array): Uint8Array => (movable(bytes) ? bytes : new Uint8Array(bytes));
  const visit = (value: unknown, depth: number): unknown => {
    if (value instanceof Uint8Array) {
      const mine = own(value);
      if (out.has(mine.buffer as ArrayBuffer)) return mine.slice();
      out.add(mine.buffer as ArrayBuffer);
      return mine;
    }
    if (depth > 3 || !value || typeof value !== 'object') return value;
    const entries = Array.isArray(value) ? value.entries() : Object.entries(value);
    for (const [key, v] of entries) (value as Record<string | number, unknown>)[key] = visit(v, depth + 1);
    return value;
  };
  visit(answer, 0);
  return [...out];
}

if (!isMainThread && parentPort) {
  lowerThisThread((workerData as { nice?: number } | undefined)?.nice);
  const port = parentPort;
  port.on('message', (message: { id: number; task: CheckTask }) => {
    runTask(message.task).then(
      (answer) => port.postMessage({ id: message.id, answer }, transferables(answer)),
      (err: unknown) => port.postMessage({ id: message.id, error: err instanceof Error ? err.message : String(err) }),
    );
  });
}
