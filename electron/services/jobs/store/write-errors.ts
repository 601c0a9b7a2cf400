/**
 * What a refused write to the job store means for the user. The store is
 * SQLite now; its result codes (SQLITE_FULL, SQLITE_READONLY, SQLITE_IOERR…)
 * read as the same plain sentences the journal's errno codes did.
 */

/** The SQLite primary result codes a disk problem shows up as (extended codes keep these in their low byte). */
const SQLITE_CODES: Record<number, string> = {
  3: 'SQLITE_PERM',
  8: 'SQLITE_READONLY',
  10: 'SQLITE_IOERR',
  13: 'SQLITE_FULL',
  14: 'SQLITE_CANTOPEN',
};

/** What a failed write means for the user, by errno or SQLite code. */
export function diskProblem(code: string | undefined): string {
  switch (code) {
    case 'ENOSPC':
    case 'EDQUOT':
    case 'SQLITE_FULL':
      return 'the disk is full';
    case 'EACCES':
    case 'EPERM':
    case 'SQLITE_PERM':
    case 'SQLITE_CANTOPEN':
      return 'the data folder cannot be written (permission denied)';
    case 'EROFS':
      return 'the data folder is on a read-only disk';
    case 'SQLITE_READONLY':
      return 'the data folder cannot be written (it is read-only or permission is denied)';
    case 'EIO':
    case 'SQLITE_IOERR':
      return 'the disk reported a read/write error';
    default:
      return `the disk refused the write${code ? ` (${code})` : ''}`;
  }
}

/** Whether a failed write's code is the disk's doing (full, read-only, failing), not a fault in the program. */
export function isDiskCode(code: string): boolean {
  return Object.values(SQLITE_CODES).includes(code) || ['ENOSPC', 'EDQUOT', 'EACCES', 'EPERM', 'EROFS', 'EIO'].includes(code);
}

/** The code naming why a write failed: a SQLite result code by name, else the errno code. */
export function writeErrorCode(err: unknown): string | undefined {
  const e = err as { errcode?: unknown; code?: unknown };
  if (typeof e?.errcode === 'number') return SQLITE_CODES[e.errcode & 0xff] ?? `SQLITE_${e.errcode & 0xff}`;
  return typeof e?.code === 'string' ? e.code : undefined;
}

/**
 * A job-store write the disk refused. Nothing changed in the database or in
 * memory, so the app goes on with what is recorded; `expose` lets dispatch()
 * show the message as is.
 */
export class LedgerWriteError extends Error {
  readonly expose = true;
  readonly reason = 'disk-write-failed';
  constructor(readonly code: string | undefined) {
    super(`The job history could not be saved: ${diskProblem(code)}. Everything recorded before is kept; free some space or fix the folder, then try again.`);
    this.name = 'LedgerWriteError';
  }
}
