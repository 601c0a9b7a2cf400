/**
 * The checking thread's entry: one task in (./check-tasks.ts), one answer
 * out. Loaded by ./check-pool.ts as TypeScript through tsx (CLI, browser
 * shell, tests) or as `.vite/build/check-worker.js` (the bundled app).
 */
import { isMainThread, parentPort } from 'node:worker_threads';
import { runTask, type CheckTask } from './check-tasks';

if (!isMainThread && parentPort) {
  const port = parentPort;
  port.on('message', (message: { id: number; task: CheckTask }) => {
    runTask(message.task).then(
      (answer) => port.postMessage({ id: message.id, answer }),
      (err: unknown) => port.postMessage({ id: message.id, error: err instanceof Error ? err.message : String(err) }),
    );
  });
}
