/**
 * Moved to electron/services/json-file.ts (the one helper for the data
 * folder's JSON files). Kept as a re-export for jobs/kept-takes.ts, whose
 * folder is being reorganised by the job store move; import json-file.ts.
 */
export { writeFileAtomic } from '../json-file';
