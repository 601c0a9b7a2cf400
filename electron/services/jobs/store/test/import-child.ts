/**
 * Opens a data folder's job store in a child process, for the test that kills
 * the move of an old journal half-way. Prints `PROGRESS done total` as the
 * move goes; at IMPORT_STOP_AT records it stops (a blocking read of stdin the
 * test never writes to) and waits to be killed there.
 * Environment: IMPORT_DATA_DIR, IMPORT_STOP_AT.
 */
import fs from 'node:fs';
import { JobStore } from '../job-store';

const stopAt = Number(process.env.IMPORT_STOP_AT);
const store = new JobStore({
  dataDir: process.env.IMPORT_DATA_DIR!,
  onImportProgress: (done, total) => {
    process.stdout.write(`PROGRESS ${done} ${total}\n`);
    if (done === stopAt) fs.readSync(0, Buffer.alloc(1));
  },
});
const report = store.load();
process.stdout.write(`LOADED ${report.records}\n`);
store.close();
