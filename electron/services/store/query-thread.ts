/**
 * One read-only query on a thread of its own, so main's event loop (IPC, the
 * browser shell's HTTP, job polling) never waits on a long scan. The costs
 * page's spend ledger parses the JSON of every job the service accepted: at
 * 95,000 jobs, 720-800 ms during which main answered nothing
 * (`npm run bench:store` prints main's longest stall both ways).
 *
 * The thread opens its own read-only connection to the same file: WAL mode
 * lets it read what main has committed while main goes on writing. It runs
 * one statement and ends, taking its memory with it; these scans are asked
 * for when a page opens, not in a loop.
 *
 * Plain JavaScript run with `eval: true`, like the preview transcoder: the
 * same text runs under tsx, vitest and the bundled Electron main process.
 */
import { Worker } from 'node:worker_threads';
import { BUSY_TIMEOUT_MS } from './database';

export type Row = Record<string, string | number | bigint | null | Uint8Array>;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { file, sql, params, busyTimeoutMs } = workerData;
let db;
try {
  const { DatabaseSync } = process.getBuiltinModule('node:sqlite');
  db = new DatabaseSync(file, { readOnly: true, timeout: busyTimeoutMs });
  parentPort.postMessage({ rows: db.prepare(sql).all(...params) });
} catch (err) {
  parentPort.postMessage({ error: err && err.message ? err.message : String(err) });
} finally {
  if (db) db.close();
}
`;

/** Runs `sql` with `params` against the database file on a new thread; resolves with its rows. */
export function queryOnThread(file: string, sql: string, params: readonly (string | number | null)[] = []): Promise<Row[]> {
  return new Promise<Row[]>((resolve, reject) => {
    let settled = false;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, sql, params, busyTimeoutMs: BUSY_TIMEOUT_MS } });
    worker.once('message', (reply: { rows?: Row[]; error?: string }) => {
      settled = true;
      if (reply.rows) resolve(reply.rows);
      else reject(new Error(reply.error ?? 'the query thread gave no answer'));
    });
    worker.once('error', (err) => {
      if (settled) return;
      settled = true;
      reject(new Error(`the query thread failed: ${err.message}`));
    });
    worker.once('exit', (code) => {
      if (settled) return;
      settled = true;
      reject(new Error(`the query thread stopped before answering (exit code ${code})`));
    });
  });
}
