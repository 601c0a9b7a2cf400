/**
 * Whole data folders' job histories at once, for benches and tests: seeding
 * one (100,000 records in one transaction) and reading one back.
 */
import type { JobRecord } from '../../../../shared/domain/job';
import { JobStore } from './job-store';

/** Writes `records` into the data folder's database in one transaction (replacing records with the same local id). */
export function seedJobs(dataDir: string, records: Iterable<JobRecord>): number {
  const store = new JobStore({ dataDir });
  store.load();
  try {
    return store.putMany(records);
  } finally {
    store.close();
  }
}

/** Every record in the data folder's database, newest first. */
export function readJobs(dataDir: string): JobRecord[] {
  const store = new JobStore({ dataDir });
  store.load();
  try {
    return store.all();
  } finally {
    store.close();
  }
}
