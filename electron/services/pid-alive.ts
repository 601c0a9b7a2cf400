/**
 * Whether a process still runs, for the locks and claims that the app, the
 * browser shell and the CLI take on one data folder (ledger writers, job
 * claims, batch locks): a lock whose holder is gone is taken over.
 */
export function pidAlive(pid: number): boolean {
  // 0 and negative numbers name process groups for kill(): a malformed lock file must not read as alive.
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
