/**
 * What the costs page prices, for every job the service accepted, grouped
 * in SQL by key, kind, local day and the request fields a price depends on
 * (the catalogue's surcharge fields): a few hundred small entries with their
 * counts instead of every whole record. At 95,000 records, reading them
 * whole grew main by 258-282 MB and took 4-5 s each time the page opened;
 * grouped, 1,907 entries and +1 MB. estimateSpend (shared/domain/spend.ts)
 * weighs each entry by its count. The grouping still parses every record's
 * JSON (720-800 ms at 95,000), so main has a thread run it.
 */
import { ENDPOINTS } from '../../../../shared/api';
import type { EndpointSpec } from '../../../../shared/api/fields';
import type { SpendJob } from '../../../../shared/domain/spend';
import type { Database } from '../../store/database';
import { queryOnThread } from '../../store/query-thread';

/** The request fields a price depends on (the catalogue's surcharges); plain names only, as they go into JSON paths. */
const SURCHARGE_FIELDS = [...new Set(Object.values(ENDPOINTS).flatMap((e) => ((e as EndpointSpec).surcharges ?? []).map((s) => s.field)))].filter((f) => /^[A-Za-z][A-Za-z0-9_]*$/.test(f));

/** When a job was charged, as chargedAt (spend.ts) has it: on acceptance, else the send's time, else the record's. */
const CHARGED = "coalesce(json_extract(record, '$.acceptedAt'), json_extract(record, '$.submittedAt'), created_at)";

/** The grouping query and its parameters, for either reader below. */
export function spendLedgerQuery(utcOffsetMinutes: number): { sql: string; params: string[] } {
  const fields = SURCHARGE_FIELDS.map((f) => `json_extract(record, '$.request.${f}')`);
  const sql = `SELECT json_extract(record, '$.kind') AS kind, max(job_id) AS jobId, environment_id AS environmentId, json_extract(record, '$.keyId') AS keyId,
              max(json_extract(record, '$.environmentName')) AS environmentName, max(json_extract(record, '$.keyName')) AS keyName,
              max(${CHARGED}) AS chargedAt, count(*) AS n${fields.map((f, i) => `, ${f} AS f${i}`).join('')}
       FROM jobs WHERE job_id IS NOT NULL
       GROUP BY environmentId, keyId, kind, date(${CHARGED}, ?)${fields.map((f) => `, ${f}`).join('')}`;
  return { sql, params: [`${Math.trunc(utcOffsetMinutes)} minutes`] };
}

/** The query's rows as the entries estimateSpend weighs. */
export function spendLedgerEntries(rows: readonly Record<string, unknown>[]): SpendJob[] {
  return rows.map((row) => {
    const request: Record<string, unknown> = {};
    SURCHARGE_FIELDS.forEach((field, i) => {
      const value = row[`f${i}`];
      if (value !== null && value !== undefined) request[field] = value;
    });
    // The group's latest charge stands for its day: every job in it was charged that local day.
    const chargedAt = String(row.chargedAt);
    return {
      kind: row.kind as SpendJob['kind'],
      jobId: String(row.jobId),
      environmentId: String(row.environmentId),
      environmentName: String(row.environmentName ?? ''),
      keyId: String(row.keyId),
      keyName: String(row.keyName ?? ''),
      request,
      createdAt: chargedAt,
      acceptedAt: chargedAt,
      count: Number(row.n),
    };
  });
}

/** On the caller's thread: what main did before (bench/ledger-load.ts measures the two against each other). */
export function readSpendLedger(db: Database, utcOffsetMinutes: number): SpendJob[] {
  const { sql, params } = spendLedgerQuery(utcOffsetMinutes);
  return spendLedgerEntries(db.prepare(sql).all(...params) as Record<string, unknown>[]);
}

/** On a thread of its own with a read-only connection to `file` (../../store/query-thread.ts): what main uses. */
export async function readSpendLedgerOffMain(file: string, utcOffsetMinutes: number): Promise<SpendJob[]> {
  const { sql, params } = spendLedgerQuery(utcOffsetMinutes);
  return spendLedgerEntries(await queryOnThread(file, sql, params));
}
