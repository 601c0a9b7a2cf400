/**
 * What the costs page prices, for every job the service accepted, grouped
 * in SQL by key, kind, local day and the request fields a price depends on
 * (the catalogue's surcharge fields): a few hundred small entries with their
 * counts instead of every whole record. At 95,000 records, reading them
 * whole grew main by 258-282 MB and took 4-5 s each time the page opened;
 * grouped, 1,907 entries and +1 MB. estimateSpend (shared/domain/spend.ts)
 * weighs each entry by its count.
 */
import { ENDPOINTS } from '../../../../shared/api';
import type { EndpointSpec } from '../../../../shared/api/fields';
import type { SpendJob } from '../../../../shared/domain/spend';
import type { Database } from '../../store/database';

/** The request fields a price depends on (the catalogue's surcharges); plain names only, as they go into JSON paths. */
const SURCHARGE_FIELDS = [...new Set(Object.values(ENDPOINTS).flatMap((e) => ((e as EndpointSpec).surcharges ?? []).map((s) => s.field)))].filter((f) => /^[A-Za-z][A-Za-z0-9_]*$/.test(f));

/** When a job was charged, as chargedAt (spend.ts) has it: on acceptance, else the send's time, else the record's. */
const CHARGED = "coalesce(json_extract(record, '$.acceptedAt'), json_extract(record, '$.submittedAt'), created_at)";

export function readSpendLedger(db: Database, utcOffsetMinutes: number): SpendJob[] {
  const fields = SURCHARGE_FIELDS.map((f) => `json_extract(record, '$.request.${f}')`);
  const rows = db
    .prepare(
      `SELECT json_extract(record, '$.kind') AS kind, max(job_id) AS jobId, environment_id AS environmentId, json_extract(record, '$.keyId') AS keyId,
              max(json_extract(record, '$.environmentName')) AS environmentName, max(json_extract(record, '$.keyName')) AS keyName,
              max(${CHARGED}) AS chargedAt, count(*) AS n${fields.map((f, i) => `, ${f} AS f${i}`).join('')}
       FROM jobs WHERE job_id IS NOT NULL
       GROUP BY environmentId, keyId, kind, date(${CHARGED}, ?)${fields.map((f) => `, ${f}`).join('')}`,
    )
    .all(`${Math.trunc(utcOffsetMinutes)} minutes`) as Record<string, string | number | null>[];
  return rows.map((row) => {
    const request: Record<string, unknown> = {};
    SURCHARGE_FIELDS.forEach((field, i) => {
      if (row[`f${i}`] !== null) request[field] = row[`f${i}`];
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
