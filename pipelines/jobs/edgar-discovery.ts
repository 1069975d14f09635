/**
 * Discovery of every filing through the EDGAR index, for sources that cannot list folders (live).
 *
 * Each run reads the daily index `Archives/edgar/daily-index/YYYY/QTRn/master.YYYYMMDD.idx` for
 * every weekday after the last complete day it read (the discovery watermark, `edgar_index_days`)
 * up to yesterday (UTC; a day's index is final once the day is over). On a cold start it begins at
 * `--since`, else `ALMANAC_INDEX_START` days back (default 7); a backfill of whole quarters reads
 * the quarterly `full-index/YYYY/QTRn/master.idx` instead (`readFullIndex`).
 *
 * Every listed filing goes into `edgar_index` (one row per accession and filer CIK) and every
 * filer into `filers` with its EDGAR name, ticker or not. A weekday without an index (404) is a
 * holiday once it is more than three days old; until then it is read again by the next run.
 * The ownership jobs then take the filings of their forms that they have not loaded yet.
 */
import { appendRows } from '../../warehouse/load.ts';
import { dailyIndexKey, fullIndexKey, parseEdgarIndex, type IndexEntry } from '../parsers/edgar-index.ts';
import type { JobContext } from './interface.ts';

const DAY_MS = 86_400_000;
const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
const dayMs = (day: string): number => Date.parse(`${day}T00:00:00Z`);

/** Days to read on a cold start when no --since is given (ALMANAC_INDEX_START, default 7). */
export function coldStartDays(): number {
  const n = Number(process.env.ALMANAC_INDEX_START ?? 7);
  return Number.isInteger(n) && n > 0 ? n : 7;
}

async function loadEntries(ctx: JobContext, entries: IndexEntry[], indexKey: string): Promise<void> {
  if (entries.length === 0) return;
  await ctx.db.run('DELETE FROM edgar_index WHERE index_key = $1', [indexKey]);
  await appendRows(ctx.conn, 'edgar_index', entries.map((e) => [e.accession, e.cik, e.company, e.form, e.filed, indexKey]));
  // One row per filer: its name as of its latest filing, first and last filing dates.
  await ctx.db.run(
    `CREATE OR REPLACE TEMP TABLE _filers AS
     SELECT cik, arg_max(company, filed) AS name, min(filed) AS first_filed, max(filed) AS last_filed, arg_max(form, filed) AS last_form
     FROM (SELECT cik, company, filed, form FROM edgar_index WHERE index_key = $1
           UNION ALL SELECT cik, name, first_filed, last_form FROM filers WHERE cik IN (SELECT cik FROM edgar_index WHERE index_key = $1)
           UNION ALL SELECT cik, name, last_filed, last_form FROM filers WHERE cik IN (SELECT cik FROM edgar_index WHERE index_key = $1))
     GROUP BY cik`,
    [indexKey],
  );
  await ctx.db.run('DELETE FROM filers WHERE cik IN (SELECT cik FROM _filers)');
  await ctx.db.run('INSERT INTO filers SELECT cik, name, first_filed, last_filed, last_form FROM _filers');
  await ctx.db.run('DROP TABLE _filers');
}

async function markRead(ctx: JobContext, day: string, indexKey: string, entries: number, complete: boolean): Promise<void> {
  await ctx.db.run('DELETE FROM edgar_index_days WHERE index_key = $1', [indexKey]);
  await ctx.db.run('INSERT INTO edgar_index_days VALUES ($1::DATE, $2, $3, $4, now()::TIMESTAMP)', [day, indexKey, entries, complete]);
}

/**
 * Incomplete days and quarters each source was asked for recently, when, and whether it had them:
 * the jobs of one run share them (one that was missing is missing for each of them), the next run
 * asks again.
 */
const recentlyRead = new WeakMap<object, Map<string, { at: number; absent: boolean }>>();
const REREAD_AFTER_MS = 10 * 60_000;

/** The keys `source` was asked for recently (`recentlyRead`). */
function recentOf(source: object): Map<string, { at: number; absent: boolean }> {
  let recent = recentlyRead.get(source);
  if (!recent) recentlyRead.set(source, (recent = new Map()));
  return recent;
}

/** Whether `key` was asked for within REREAD_AFTER_MS. */
const askedRecently = (recent: Map<string, { at: number }>, key: string): boolean => Date.now() - (recent.get(key)?.at ?? -Infinity) < REREAD_AFTER_MS;

/**
 * Reads the daily index for every weekday not read completely yet, from the watermark (or
 * `ctx.since`, or the cold-start window) to the day before `ctx.today`. Returns the days read.
 */
export async function discoverDaily(ctx: JobContext): Promise<string[]> {
  const today = ctx.today ?? isoDay(Date.now());
  const last = (await ctx.db.all<{ day: string | null }>("SELECT max(day)::VARCHAR AS day FROM edgar_index_days WHERE complete AND index_key LIKE '%/daily-index/%'"))[0]?.day ?? null;
  const pending = await ctx.db.all<{ day: string }>("SELECT day::VARCHAR AS day FROM edgar_index_days WHERE NOT complete AND index_key LIKE '%/daily-index/%'");
  let from = last ? isoDay(dayMs(last) + DAY_MS) : (ctx.since ?? isoDay(dayMs(today) - coldStartDays() * DAY_MS));
  if (ctx.since && ctx.since > from) from = ctx.since;
  const days = new Set(pending.map((p) => p.day).filter((d) => d < today));
  for (let t = dayMs(from); t < dayMs(today); t += DAY_MS) {
    const wd = new Date(t).getUTCDay();
    if (wd !== 0 && wd !== 6) days.add(isoDay(t)); // EDGAR publishes no index on weekends
  }
  const read: string[] = [];
  const recent = recentOf(ctx.source);
  for (const day of [...days].sort()) {
    const key = dailyIndexKey(day);
    if (askedRecently(recent, day)) continue;
    recent.set(day, { at: Date.now(), absent: false });
    const doc = await ctx.source.get(key);
    if (!doc) {
      const old = dayMs(today) - dayMs(day) > 3 * DAY_MS;
      await markRead(ctx, day, key, 0, old);
      if (!old) ctx.log(`no daily index yet for ${day}; the next run reads it again`);
      continue;
    }
    const entries = parseEdgarIndex(doc.bytes);
    await loadEntries(ctx, entries, key);
    await markRead(ctx, day, key, entries.length, true);
    read.push(day);
  }
  if (read.length) ctx.log(`daily index: read ${read.length} day(s), ${read[0]}..${read.at(-1)}`);
  return read;
}

/**
 * Reads the quarterly full index of each quarter from..to (`YYYYQn`), for backfills. Returns the
 * keys of the indexes the source did not have: those quarters were not read (a later backfill
 * reads them again), which the job says by listing them among its documents, so the runner
 * quarantines each as "not found at the source" and the run ends partial (exit 2) instead of
 * reporting success for a range it never covered (an operator pass).
 */
export async function readFullIndex(ctx: JobContext, from: { year: number; quarter: number }, to: { year: number; quarter: number }): Promise<string[]> {
  const missing: string[] = [];
  for (let y = from.year, q = from.quarter; y < to.year || (y === to.year && q <= to.quarter); q === 4 ? (y++, (q = 1)) : q++) {
    const key = fullIndexKey(y, q);
    const done = await ctx.db.all<{ n: number }>('SELECT count(*)::INTEGER AS n FROM edgar_index_days WHERE index_key = $1 AND complete', [key]);
    if (done[0]?.n) continue;
    const recent = recentOf(ctx.source);
    if (askedRecently(recent, key)) {
      // Asked a moment ago (by another job of this run): not asked again, but still not read.
      if (recent.get(key)!.absent) missing.push(key);
      continue;
    }
    const asked = { at: Date.now(), absent: false };
    recent.set(key, asked);
    const doc = await ctx.source.get(key);
    asked.absent = !doc;
    if (!doc) {
      ctx.log(`no full index at ${key}: ${y}Q${q} was not read`);
      missing.push(key);
      continue;
    }
    const entries = parseEdgarIndex(doc.bytes);
    await loadEntries(ctx, entries, key);
    ctx.log(`full index ${y}Q${q}: ${entries.length} filings`);
    const first = `${y}-${String((q - 1) * 3 + 1).padStart(2, '0')}-01`;
    const quarterOver = dayMs(ctx.today ?? isoDay(Date.now())) >= Date.UTC(q === 4 ? y + 1 : y, q === 4 ? 0 : q * 3, 1);
    await markRead(ctx, first, key, entries.length, quarterOver);
  }
  return missing;
}

/** Forms whose filing changes a company's XBRL financial data (companyfacts). */
export const FINANCIAL_FORMS = ['10-K', '10-K/A', '10-Q', '10-Q/A', '20-F', '20-F/A', '40-F', '40-F/A', '10-KT', '10-KT/A'];

/**
 * Live, incremental: the CIKs of the company list whose per-company document (`<prefix><CIK##########>.json`)
 * this job has not loaded yet, or for which the index listed a filing of `forms` (any form when
 * null) in the last seven days after the job last loaded that document. A document that has not
 * changed yet (a 304: the SEC has not refreshed it) is asked again by the next run, for seven days.
 */
export async function companiesWithNewFilings(ctx: JobContext, prefix: string, forms: string[] | null): Promise<number[]> {
  await discoverDaily(ctx);
  const rows = await ctx.db.all<{ cik: number }>(
    `WITH c AS (SELECT DISTINCT cik FROM companies),
     docs AS (SELECT doc_path, loaded_at FROM pipeline_documents WHERE job = $job AND outcome = 'loaded'),
     fresh AS (
       SELECT e.cik, max(d.read_at) AS seen FROM edgar_index e JOIN edgar_index_days d USING (index_key)
       WHERE ($forms::VARCHAR[] IS NULL OR e.form IN (SELECT unnest($forms::VARCHAR[]))) AND d.read_at > now()::TIMESTAMP - INTERVAL 7 DAY
       GROUP BY e.cik)
     SELECT c.cik FROM c
     LEFT JOIN docs ON docs.doc_path = $prefix || 'CIK' || lpad(c.cik::VARCHAR, 10, '0') || '.json'
     LEFT JOIN fresh ON fresh.cik = c.cik
     WHERE docs.doc_path IS NULL OR fresh.seen > docs.loaded_at
     ORDER BY c.cik`,
    { job: ctx.job ?? '', forms, prefix },
  );
  return rows.map((r) => Number(r.cik));
}
