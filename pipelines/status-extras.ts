/**
 * Dataset-specific lines for `almanac pipelines status` (e.g. the security master's coverage).
 * Each entry reads the ledger database and returns printable lines plus a JSON fragment; a table
 * that does not exist yet (its job never ran) is skipped.
 */
import type { Db } from '../warehouse/db.ts';
import { securityMasterCoverage } from '../warehouse/queries/securities.ts';

export interface StatusExtra {
  name: string;
  collect(db: Db): Promise<{ lines: string[]; json: Record<string, unknown> }>;
}

const pct = (part: number, whole: number): string => (whole > 0 ? `${((100 * part) / whole).toFixed(1)}%` : 'n/a');

export const STATUS_EXTRAS: StatusExtra[] = [
  {
    // Issue 14: what each job's last run fetched (per upstream host) and how much was new.
    name: 'acquisition',
    async collect(db) {
      const runs = await db.all<{ run_id: string; job: string; docs_new: number; docs_changed: number; docs_skipped: number }>(
        `SELECT run_id, job, docs_new, docs_changed, docs_skipped FROM pipeline_runs
         QUALIFY row_number() OVER (PARTITION BY job ORDER BY started_at DESC) = 1 ORDER BY job`,
      );
      const stats = await db.all<{ run_id: string; host: string; requests: number; not_modified: number; bytes: number; retries: number; failures: number; cached: number }>(
        'SELECT run_id, host, requests, not_modified, bytes, retries, failures, cached FROM pipeline_source_stats WHERE run_id IN (SELECT unnest($1::VARCHAR[])) ORDER BY host',
        [runs.map((r) => r.run_id)],
      );
      const days = await db.all<{ last_day: string | null; filings: number; filers: number }>(
        `SELECT (SELECT max(day)::VARCHAR FROM edgar_index_days WHERE complete) AS last_day,
                (SELECT count(DISTINCT accession)::INTEGER FROM edgar_index) AS filings, (SELECT count(*)::INTEGER FROM filers) AS filers`,
      );
      const lines = ['', 'last runs: documents new/changed/unchanged, and requests per upstream host (304s, bytes, retries, failures, served from landing)'];
      const json: Record<string, unknown>[] = [];
      for (const r of runs) {
        const mine = stats.filter((s) => s.run_id === r.run_id);
        json.push({ job: r.job, docsNew: r.docs_new, docsChanged: r.docs_changed, docsSkipped: r.docs_skipped, sources: mine.map(({ run_id: _, ...s }) => s) });
        lines.push(`  ${r.job.padEnd(16)}${r.docs_new} new, ${r.docs_changed} changed, ${r.docs_skipped} unchanged`);
        for (const s of mine) lines.push(`    ${s.host.padEnd(24)}${s.requests} requests, ${s.not_modified} 304, ${s.bytes} bytes, ${s.retries} retries, ${s.failures} failures, ${s.cached} from landing`);
      }
      const d = days[0];
      if (d?.last_day) lines.push(`EDGAR index: read through ${d.last_day}; ${d.filings} filings from ${d.filers} filers`);
      return { lines, json: { acquisition: json, edgarIndex: d ?? null } };
    },
  },
  {
    // Issue 14: how each job's last data-set backfill found its zips (the listing page, or the quarterly names).
    name: 'data-set files',
    async collect(db) {
      const rows = await db.all<{ job: string; kind: string; detail: string; noted: string }>(
        `SELECT job, kind, detail, noted_at::VARCHAR AS noted FROM pipeline_notes WHERE kind IN ('dataset_listing', 'dataset_listing_fallback')
         QUALIFY row_number() OVER (PARTITION BY job ORDER BY noted_at DESC) = 1 ORDER BY job`,
      );
      if (!rows.length) return { lines: [], json: {} };
      const lines = ['', 'data-set files (the last --dataset backfill of each job):'];
      for (const r of rows) lines.push(`  ${r.job.padEnd(10)}${r.kind === 'dataset_listing' ? 'from the' : 'FALLBACK:'} ${r.detail}`);
      return { lines, json: { datasetFiles: rows.map((r) => ({ job: r.job, fromListingPage: r.kind === 'dataset_listing', detail: r.detail, at: r.noted })) } };
    },
  },
  {
    // Issue 14: DERA data sets against the per-filing parse, the latest run of each job that checked.
    name: 'data-set cross-checks',
    async collect(db) {
      const rows = await db.all<{ job: string; dataset: string; accession: string; outcome: string; detail: string | null }>(
        `SELECT job, dataset, accession, outcome, detail FROM pipeline_crosschecks
         WHERE run_id IN (SELECT run_id FROM pipeline_crosschecks QUALIFY row_number() OVER (PARTITION BY job ORDER BY checked_at DESC) = 1)
         ORDER BY job, dataset, outcome, accession`,
      );
      if (!rows.length) return { lines: [], json: {} };
      const lines = ['', 'data-set cross-checks (a sample of each data set against the per-filing parse):'];
      const summary: Record<string, unknown>[] = [];
      for (const key of [...new Set(rows.map((r) => `${r.job}\t${r.dataset}`))]) {
        const [job, dataset] = key.split('\t') as [string, string];
        const mine = rows.filter((r) => r.job === job && r.dataset === dataset);
        const n = (o: string): number => mine.filter((r) => r.outcome === o).length;
        lines.push(`  ${job.padEnd(10)}${dataset.slice(dataset.lastIndexOf('/') + 1)}: ${n('agree')} agree, ${n('disagree')} disagree, ${n('unavailable')} unavailable`);
        for (const r of mine.filter((x) => x.outcome === 'disagree').slice(0, 10)) lines.push(`    disagree ${r.accession}: ${r.detail}`);
        summary.push({ job, dataset, agree: n('agree'), disagree: n('disagree'), unavailable: n('unavailable'), disagreements: mine.filter((x) => x.outcome === 'disagree').map((x) => ({ accession: x.accession, detail: x.detail })) });
      }
      return { lines, json: { datasetCrossChecks: summary } };
    },
  },
  {
    name: 'security master',
    async collect(db) {
      const c = await securityMasterCoverage(db);
      const lines = [
        '',
        `security master: 13F rows mapped to a ticker ${c.mappedRows}/${c.rows} (${pct(c.mappedRows, c.rows)}), value ${pct(c.mappedValue, c.value)} of $${Math.round(c.value).toLocaleString('en-US')}`,
      ];
      if (c.unmappedCusips.length) lines.push(`  unmapped CUSIPs (${c.unmappedCusips.length}): ${c.unmappedCusips.slice(0, 20).map((u) => `${u.cusip} ${u.issuer}`).join(', ')}${c.unmappedCusips.length > 20 ? ', ...' : ''}`);
      return { lines, json: { securityMasterCoverage: c } };
    },
  },
];

export async function statusExtras(db: Db): Promise<{ lines: string[]; json: Record<string, unknown> }> {
  const lines: string[] = [];
  const json: Record<string, unknown> = {};
  for (const extra of STATUS_EXTRAS) {
    try {
      const r = await extra.collect(db);
      lines.push(...r.lines);
      Object.assign(json, r.json);
    } catch (err) {
      if (!/does not exist/i.test((err as Error).message)) lines.push(`${extra.name}: ${(err as Error).message}`);
    }
  }
  return { lines, json };
}
