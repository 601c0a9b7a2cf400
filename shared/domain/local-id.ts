/**
 * The one shape of an id made on this machine: a job's local id (the ledger's
 * key), a batch id. Every channel that names one, the `studio://` scheme, the
 * browser shell's asset route, drags and the files that store such ids check
 * it with this pattern, so none accepts what another refuses.
 */
export const LOCAL_ID_PATTERN = /^[A-Za-z0-9_-]{6,64}$/;

export function isLocalId(value: unknown): value is string {
  return typeof value === 'string' && LOCAL_ID_PATTERN.test(value);
}
