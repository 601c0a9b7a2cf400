/**
 * The checking thread's entry: one task in (./check-tasks.ts), one answer
 * out. Loaded by ./check-pool.ts as TypeScript through tsx (CLI, browser
 * shell, tests) or as `.vite/build/check-worker.js` (the bundled app).
 */
import { isMainThread, parentPort } from 'node:worker_threads';
import { runTask, type CheckTask } from './check-tasks';

/**
 * The byte arrays in an answer (an export's files, the copy's GLB), moved to
 * main rather than copied: a 50 MB OBJ copied on arrival held main's loop for
 * over a second. A view on part of a larger buffer is cut out first (moving
 * the view would move, and copy, its whole buffer).
 */
function transferables(answer: unknown): ArrayBuffer[] {
  const out = new Set<ArrayBuffer>();
  const own = (bytes: Uint8Array): Uint8Array => (bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer ? bytes : bytes.slice());
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
  const port = parentPort;
  port.on('message', (message: { id: number; task: CheckTask }) => {
    runTask(message.task).then(
      (answer) => port.postMessage({ id: message.id, answer }, transferables(answer)),
      (err: unknown) => port.postMessage({ id: message.id, error: err instanceof Error ? err.message : String(err) }),
    );
  });
}
