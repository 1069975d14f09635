/**
 * `contracts`: USAspending.gov prime contract award summaries (CSV,
 * `files.usaspending.gov/generated_downloads/Contracts_PrimeAwardSummaries*.csv`) ->
 * `federal_awards`. A document owns its rows; an award listed in several files is served from the
 * one modified last.
 *
 * On a mirror the CSVs are listed. On the live source the job drives USAspending's download API
 * (https://api.usaspending.gov/docs/endpoints): `POST /api/v2/download/awards/` with the contract
 * award types (A, B, C, D) and the action-date period since the job's watermark (cold start:
 * `--since`, else 30 days), then `GET /api/v2/download/status/?file_name=` until the file is
 * `finished` (`failed` fails the run), then the generated zip (`file_url`, under
 * `files.usaspending.gov/generated_downloads/`) is landed and its `Contracts_PrimeAwardSummaries_*.csv`
 * members are the documents (read with yauzl, sources/zip.ts).
 */
import { appendRows } from '../../warehouse/load.ts';
import { parseUsaspendingContracts, type FederalAward } from '../parsers/usaspending.ts';
import { zipEntryNames } from '../sources/zip.ts';
import type { Job, JobContext } from './interface.ts';
import { JOB_SCHEDULES } from '../../schema/schedules.ts';

export const USASPENDING_PREFIX = 'files.usaspending.gov/generated_downloads';
export const USASPENDING_API = 'api.usaspending.gov/api/v2';
/** Prime award type codes of contracts (definitive contract, purchase order, delivery order, BPA call). */
export const CONTRACT_AWARD_TYPES = ['A', 'B', 'C', 'D'];

const envMs = (name: string, fallback: number): number => {
  const n = Number(process.env[name]);
  return Number.isFinite(n) && n >= 0 && process.env[name] !== undefined && process.env[name] !== '' ? n : fallback;
};

const daysBefore = (day: string, n: number): string => new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** The live source: one USAspending download job for the period since the watermark; its CSV members are the documents. */
async function downloadDocuments(ctx: JobContext): Promise<string[]> {
  const source = ctx.source;
  if (!source.json || !source.file) {
    ctx.log('this source can neither list folders nor call the USAspending API: nothing to load');
    return [];
  }
  const today = ctx.today ?? new Date().toISOString().slice(0, 10);
  const prev = (await ctx.db.all<{ w: string | null }>(`SELECT max(watermark)::VARCHAR AS w FROM pipeline_runs WHERE job = 'contracts'`))[0]?.w ?? null;
  // The watermark day again: awards modified later on that day are picked up; reloads are idempotent.
  const from = ctx.since ?? prev?.slice(0, 10) ?? daysBefore(today, 30);
  const request = {
    filters: { award_type_codes: CONTRACT_AWARD_TYPES, time_period: [{ start_date: from, end_date: today, date_type: 'action_date' }] },
    file_format: 'csv',
  };
  const job = (await source.json(`${USASPENDING_API}/download/awards/`, { method: 'POST', body: request })) as { file_name?: unknown; file_url?: unknown };
  if (typeof job?.file_name !== 'string' || !/^[\w.-]+\.zip$/.test(job.file_name)) throw new Error(`USAspending download answered without a zip file_name: ${JSON.stringify(job).slice(0, 200)}`);
  const fileName = job.file_name;
  const pollMs = envMs('ALMANAC_USASPENDING_POLL_MS', 5000);
  const deadline = Date.now() + envMs('ALMANAC_USASPENDING_TIMEOUT_MS', 30 * 60_000);
  let status: { status?: unknown; message?: unknown; file_url?: unknown; total_rows?: unknown };
  for (;;) {
    status = (await source.json(`${USASPENDING_API}/download/status/?file_name=${encodeURIComponent(fileName)}`)) as typeof status;
    if (status?.status === 'finished') break;
    if (status?.status === 'failed') throw new Error(`USAspending download ${fileName} failed: ${String(status.message ?? 'no message')}`);
    if (Date.now() > deadline) throw new Error(`USAspending download ${fileName} not finished in time (status ${String(status?.status)})`);
    await new Promise((r) => setTimeout(r, pollMs));
  }
  const url = typeof status.file_url === 'string' ? status.file_url : typeof job.file_url === 'string' ? job.file_url : null;
  const zipKey = url ? `${new URL(url).host}${new URL(url).pathname}` : `${USASPENDING_PREFIX}/${fileName}`;
  const file = await source.file(zipKey);
  if (!file) throw new Error(`USAspending download ${zipKey} finished but is not there`);
  const members = (await zipEntryNames(file)).filter((n) => /(^|\/)Contracts_PrimeAwardSummaries[^/]*\.csv$/i.test(n)).sort();
  ctx.log(`USAspending download ${fileName} (${from}..${today}): ${members.length} contract file(s), ${String(status.total_rows ?? '?')} rows`);
  return members.map((m) => `${zipKey}!/${m}`);
}

export const contractsJob: Job<FederalAward[]> = {
  name: 'contracts',
  description: 'USAspending prime contract award summaries (CSV) into federal_awards',
  // USAspending publishes award data nightly.
  schedule: JOB_SCHEDULES['contracts'],
  async documents(ctx) {
    const listed = await ctx.source.list(USASPENDING_PREFIX);
    if (listed === null) return downloadDocuments(ctx);
    return listed.filter((p) => /\/Contracts_PrimeAwardSummaries[^/]*\.csv$/i.test(p)).sort();
  },
  parse(doc) {
    return parseUsaspendingContracts(doc.bytes.toString('utf8'));
  },
  async load(rows, ctx, doc) {
    await ctx.db.run('DELETE FROM federal_awards WHERE source = $1', [doc.path]);
    const rowsOut = await appendRows(
      ctx.conn,
      'federal_awards',
      rows.map((r) => [
        r.awardKey, r.piid, r.parentPiid, r.awardingAgency, r.awardingSubAgency, r.fundingAgency, r.recipientName, r.recipientUei,
        r.parentName, r.parentUei, r.recipientCity, r.recipientState, r.recipientCountry, r.obligated, r.currentValue, r.potentialValue,
        r.baseActionDate, r.latestActionDate, r.fiscalYear, r.startDate, r.endDate, r.potentialEndDate, r.awardType, r.naicsCode,
        r.naicsDescription, r.pscCode, r.pscDescription, r.description, r.permalink, r.lastModified, doc.path,
      ]),
      { synthetic: doc.synthetic },
    );
    const dates = rows.map((r) => r.latestActionDate).filter((d): d is string => d !== null).sort();
    return { rowsIn: rows.length, rowsOut, watermark: dates.at(-1) };
  },
};
