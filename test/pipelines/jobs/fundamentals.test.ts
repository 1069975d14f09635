import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openBuild, runPipelines } from '../../../pipelines/runner.ts';
import { mirrorSource } from '../../../pipelines/sources/mirror.ts';
import { SAMPLE_DIR } from '../../../schema/config.ts';
import type { Db } from '../../../warehouse/db.ts';
import { pitStatement } from '../../../warehouse/queries/fundamentals.ts';
import { tempDir } from '../../helpers.ts';

const JOBS = ['companies', 'filings', 'fundamentals'];
const dataDir = tempDir();
let close: () => void = () => undefined;
let db: Db;

async function counts(): Promise<Record<string, number>> {
  const tables = ['filings', 'company_profiles', 'facts', 'fact_entities', 'fund_periods', 'fund_values', 'fund_statements'];
  const out: Record<string, number> = {};
  for (const t of tables) out[t] = (await db.all<{ n: number }>(`SELECT count(*)::INTEGER AS n FROM ${t}`))[0]!.n;
  return out;
}

const job = suite('filings + fundamentals jobs over the sample corpus');
job.before(async () => {
  const result = await runPipelines({ dataDir, source: mirrorSource(SAMPLE_DIR), jobs: JOBS, threads: 1, publish: false });
  assert.equal(result.runs.map((r) => [r.job, r.status, r.docsQuarantined]), [['companies', 'success', 0], ['filings', 'success', 0], ['fundamentals', 'success', 0], ['security-master', 'success', 0]]);
  const build = await openBuild(dataDir);
  db = build.db;
  close = () => {
    build.conn.closeSync();
    build.instance.closeSync();
  };
});
job.after(() => close());

/** A fact of Apple's real companyfacts (data.sec.gov), read straight from the sample file: the first filing of the value. */
interface RawFact { start?: string; end: string; val: number; form: string; filed: string; accn: string }
const appleFacts = JSON.parse(gunzipSync(readFileSync(path.join(SAMPLE_DIR, 'data.sec.gov/api/xbrl/companyfacts/CIK0000320193.json.gz'))).toString('utf8'));
function first(concept: string, unit: string, start: string, end: string): RawFact {
  const all = (appleFacts.facts['us-gaap'][concept].units[unit] as RawFact[]).filter((f) => f.start === start && f.end === end);
  return all.sort((x, y) => x.filed.localeCompare(y.filed))[0]!;
}

job('loads every document: older-filings pages are merged into their company', async () => {
  const c = await counts();
  // submissions for AAPL, NVDA, MRVL, TSM, TSLA, BRK; companyfacts for AAPL, NVDA, MRVL, TSM
  assert.is(c.company_profiles, 6);
  assert.is(c.fact_entities, 4);
  // Tesla: the recent page plus the older-filings page it names (720 filings back to 2005-02-17).
  const recent = JSON.parse(gunzipSync(readFileSync(path.join(SAMPLE_DIR, 'data.sec.gov/submissions/CIK0001318605.json.gz'))).toString('utf8'));
  const older = JSON.parse(gunzipSync(readFileSync(path.join(SAMPLE_DIR, 'data.sec.gov/submissions/CIK0001318605-submissions-001.json.gz'))).toString('utf8'));
  const expected = new Set<string>([...recent.filings.recent.accessionNumber, ...older.accessionNumber]).size;
  const tesla = await db.all<{ n: number; oldest: string }>(`SELECT count(*)::INTEGER AS n, strftime(min(filing_date), '%Y-%m-%d') AS oldest FROM filings WHERE cik = 1318605`);
  assert.equal(tesla, [{ n: expected, oldest: '2005-02-17' }]);
  // Apple's older page is not in the sample: the recent 1,000 only, and the ledger says so.
  const apple = await db.all<{ n: number }>(`SELECT count(*)::INTEGER AS n FROM filings WHERE cik = 320193`);
  assert.equal(apple, [{ n: 1000 }]);
  const notes = await db.all<{ detail: string }>(`SELECT detail FROM pipeline_notes WHERE kind = 'missing-page' AND doc_path LIKE '%CIK0000320193.json'`);
  assert.is(notes.length, 1);
});

job('Q4 is derived as FY minus nine months and marked derived', async () => {
  const rows = await db.all(
    `SELECT item, strftime(period_start, '%Y-%m-%d') AS s, value, derived, accession, strftime(known_from, '%Y-%m-%d') AS known
     FROM fund_values WHERE cik = 320193 AND period_end = DATE '2024-09-28' AND basis = 'quarter' AND item IN ('revenue', 'netIncome', 'epsDiluted') ORDER BY item`,
  );
  // Independently: fiscal 2024 (2023-10-01..2024-09-28, 10-K filed 2024-11-01) minus its first nine months (10-Q).
  const q4 = (concept: string, unit: string): number =>
    first(concept, unit, '2023-10-01', '2024-09-28').val - first(concept, unit, '2023-10-01', '2024-06-29').val;
  const fy = first('RevenueFromContractWithCustomerExcludingAssessedTax', 'USD', '2023-10-01', '2024-09-28');
  assert.is(fy.accn, '0000320193-24-000123');
  assert.is(fy.filed, '2024-11-01');
  assert.equal(rows, [
    { item: 'epsDiluted', s: '2024-06-30', value: Math.round(q4('EarningsPerShareDiluted', 'USD/shares') * 100) / 100, derived: true, accession: fy.accn, known: fy.filed },
    { item: 'netIncome', s: '2024-06-30', value: q4('NetIncomeLoss', 'USD'), derived: true, accession: fy.accn, known: fy.filed },
    { item: 'revenue', s: '2024-06-30', value: q4('RevenueFromContractWithCustomerExcludingAssessedTax', 'USD'), derived: true, accession: fy.accn, known: fy.filed },
  ]);
  assert.is(rows.length, 3);
  // cash flow is year-to-date only in 10-Qs: every quarter after the first is derived
  const cf = await db.all(
    `SELECT strftime(period_end, '%Y-%m-%d') AS e, value, derived FROM fund_values
     WHERE cik = 320193 AND item = 'operatingCashFlow' AND basis = 'quarter' AND period_end BETWEEN DATE '2023-12-30' AND DATE '2024-09-28' ORDER BY period_end`,
  );
  const ytd = ['2023-12-30', '2024-03-30', '2024-06-29', '2024-09-28'].map((end) => first('NetCashProvidedByUsedInOperatingActivities', 'USD', '2023-10-01', end).val);
  assert.equal(cf, [
    { e: '2023-12-30', value: ytd[0], derived: false },
    { e: '2024-03-30', value: ytd[1]! - ytd[0]!, derived: true },
    { e: '2024-06-29', value: ytd[2]! - ytd[1]!, derived: true },
    { e: '2024-09-28', value: ytd[3]! - ytd[2]!, derived: true },
  ]);
});

job('cover-page shares outstanding come from the filing that reports them (dei, Apple 10-K of 2024-11-01)', async () => {
  const rows = await db.all(`SELECT value, known_from::VARCHAR AS k FROM fund_values WHERE cik = 320193 AND item = 'sharesOutstanding' AND period_end = DATE '2024-09-28'`);
  const cover = (appleFacts.facts.dei.EntityCommonStockSharesOutstanding.units.shares as RawFact[]).filter((f) => f.accn === '0000320193-24-000123');
  assert.is(cover.length, 1);
  assert.equal(rows, [{ value: cover[0]!.val, k: cover[0]!.filed }]);
});

job('a restated comparative starts a new version on the restating filing date (Apple fiscal 2009, 10-K/A of 2010-01-25)', async () => {
  const rows = await db.all(
    `SELECT strftime(known_from, '%Y-%m-%d') AS f, strftime(known_to, '%Y-%m-%d') AS t, revenue, form FROM fund_statements
     WHERE cik = 320193 AND fiscal_period = 'FY' AND fiscal_year = 2009 ORDER BY known_from`,
  );
  // SalesRevenueNet for 2008-09-28..2009-09-26: 36,537 M in the 10-K, restated to 42,905 M by the 10-K/A.
  const filed = (appleFacts.facts['us-gaap'].SalesRevenueNet.units.USD as RawFact[]).filter((f) => f.start === '2008-09-28' && f.end === '2009-09-26');
  const original = filed.find((f) => f.form === '10-K')!;
  const restated = filed.find((f) => f.form === '10-K/A')!;
  assert.not.equal(original.val, restated.val);
  assert.equal(rows, [
    { f: original.filed, t: restated.filed, revenue: original.val, form: '10-K' },
    { f: restated.filed, t: null, revenue: restated.val, form: '10-K/A' },
  ]);
});

job('point in time: a filing\'s period ended by its filing date; a quarter filed only later is derived until then (NVIDIA, Apple; a PIT audit)', async () => {
  // NVIDIA's 10-Q of 2013-11-19, for the quarter to 2013-10-27, also holds a dividend declared for
  // the quarter to 2014-01-26 (a subsequent event): that is not the filing's period.
  const nv = await pitStatement(db, 1045810, '2013-11-19');
  assert.equal([nv!.fiscalPeriod, nv!.periodEnd, nv!.fundamentals.revenue, nv!.fundamentals.netIncome], ['Q3', '2013-10-27', 1_053_967_000, 118_734_000]);
  // Its quarter to 2016-07-31: operating cash flow 493M (six months, 10-Q of 2016-08-23) - 309M
  // (three months, 2016-05-25), derived until the quarter's own 201M was filed (2016-11-22).
  const ocf = await db.all(
    `SELECT value::BIGINT AS value, derived, strftime(known_from, '%Y-%m-%d') AS known_from, strftime(known_to, '%Y-%m-%d') AS known_to
     FROM fund_values WHERE cik = 1045810 AND item = 'operatingCashFlow' AND basis = 'quarter' AND period_end = '2016-07-31' ORDER BY known_from`,
  );
  assert.equal(ocf[0], { value: 184_000_000, derived: true, known_from: '2016-08-23', known_to: '2016-11-22' });
  assert.equal(ocf[1], { value: 201_000_000, derived: false, known_from: '2016-11-22', known_to: ocf[1]!.known_to });
  const q2 = await pitStatement(db, 1045810, '2016-08-23');
  assert.equal([q2!.periodEnd, q2!.fundamentals.operatingCashFlow, q2!.sources.operatingCashFlow!.derived], ['2016-07-31', 184_000_000, true]);
  // Apple's quarter to 2012-06-30: dividends per share derived (2.65 - 2.65) on 2012-07-25, not left
  // out because an 8-K of 2013-04-24 reported the quarter directly.
  const aapl = await pitStatement(db, 320193, '2012-07-25');
  assert.equal([aapl!.periodEnd, aapl!.fundamentals.dividendsPerShare, aapl!.sources.dividendsPerShare!.derived], ['2012-06-30', 0, true]);
});

job('a rerun of the same input changes nothing', async () => {
  const before = await counts();
  const snapshot = await db.all(`SELECT * FROM fund_statements ORDER BY cik, period_end, fiscal_period, known_from`);
  close();
  const again = await runPipelines({ dataDir, source: mirrorSource(SAMPLE_DIR), jobs: JOBS, threads: 1, publish: false });
  assert.ok(again.runs.every((r) => r.status === 'success'));
  const build = await openBuild(dataDir);
  db = build.db;
  close = () => {
    build.conn.closeSync();
    build.instance.closeSync();
  };
  assert.equal(await counts(), before);
  assert.equal(await db.all(`SELECT * FROM fund_statements ORDER BY cik, period_end, fiscal_period, known_from`), snapshot);
});

job.run();
