/**
 * Freshness from the run ledger of the served snapshot (issue 16): when each job last fetched its
 * source successfully. Answers say `fetchedAt` from here, never the request time.
 */
import { fallback, filingIndexProvenance, newest } from '../../schema/provenance.ts';
import type { Db } from '../db.ts';
import { memoized } from '../serving.ts';

/**
 * Finish time of the last successful (or partial: some documents quarantined) run of every job,
 * ISO 8601 UTC without zone (`2026-11-24T07:01:08`). Memoised per snapshot.
 */
export function lastFetches(db: Db): Promise<Map<string, string>> {
  return memoized(db, 'ledger:last-fetch', async () => {
    const rows = await db.all<{ job: string; at: string }>(
      `SELECT job, strftime(max(finished_at), '%Y-%m-%dT%H:%M:%S') AS at
       FROM pipeline_runs WHERE status IN ('success', 'partial') AND finished_at IS NOT NULL GROUP BY job`,
    );
    return new Map(rows.map((r) => [r.job, r.at]));
  });
}

/**
 * `fetchedAt` of an answer drawn from the sources of `jobs`: the oldest of their last successful
 * fetches (the answer is at least that fresh). Jobs without a successful run in the ledger are
 * left out; null when none has one.
 */
export async function fetchedAt(db: Db, jobs: readonly string[]): Promise<string | null> {
  const last = await lastFetches(db);
  let oldest: string | null = null;
  for (const job of jobs) {
    const at = last.get(job);
    if (!at) continue;
    if (oldest === null || at < oldest) oldest = at;
  }
  return oldest;
}

/** The newest of some dates (declared in schema/provenance.ts, beside the freshness fields). */
export { newest };

/**
 * `dataThrough` and `fetchedAt` of a list answer: the newest of the dates its rows are about (null
 * for an empty list) and the ledger's last successful fetch of the sources of `jobs`.
 * @example await listFreshness(db, ['banks'], rows.map((r) => r.reportDate))
 */
export async function listFreshness(db: Db, jobs: readonly string[], dates: readonly (string | null | undefined)[]): Promise<{ dataThrough: string | null; fetchedAt: string | null }> {
  return { dataThrough: newest(...dates), fetchedAt: await fetchedAt(db, jobs) };
}

/**
 * What a point-in-time fundamentals answer says about itself: the filing it came from, the
 * fallback from the date asked to the filing date served, the period it covers, the ledger fetch.
 */
export async function pitMeta(db: Db, cik: number, statement: { accession: string; filingDate: string; periodEnd: string }, requested: string) {
  const note = fallback(requested, statement.filingDate, 'no filing on the requested date: the statement as filed on the latest filing date on or before it');
  return {
    provenance: filingIndexProvenance(cik, statement.accession, false),
    ...(note ? { fallback: note } : {}),
    dataThrough: statement.periodEnd,
    fetchedAt: await fetchedAt(db, ['fundamentals']),
  };
}
