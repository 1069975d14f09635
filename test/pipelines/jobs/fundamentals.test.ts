import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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
import { queryBuild } from '../live/build-db.ts';

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

job('fiscal labels come from the calendar: NVIDIA\'s dei fy/fp, wrong in 25 of its filings, are not copied', async () => {
  // The 10-Q for the quarter to 2010-05-02 says fy 2010 fp Q2; it is NVIDIA's Q1 of fiscal 2011
  // (the year to 2011-01-30, whose 10-K says fy 2010 too, as the 10-K for the year to 2010-01-31 does).
  const raw = JSON.parse(gunzipSync(readFileSync(path.join(SAMPLE_DIR, 'data.sec.gov/api/xbrl/companyfacts/CIK0001045810.json.gz'))).toString('utf8'));
  const filed = (raw.facts['us-gaap'].Revenues.units.USD as (RawFact & { fy: number; fp: string })[]).filter((f) => f.accn === '0001045810-10-000018' && f.end === '2010-05-02');
  assert.equal([filed[0]!.fy, filed[0]!.fp], [2010, 'Q2']);
  const rows = await db.all<{ y: number; p: string; e: string }>(
    `SELECT fiscal_year AS y, fiscal_period AS p, strftime(period_end, '%Y-%m-%d') AS e FROM fund_periods
     WHERE cik = 1045810 AND period_end BETWEEN DATE '2010-01-31' AND DATE '2011-05-01' AND fiscal_period <> 'Q4' ORDER BY period_end`,
  );
  assert.equal(rows.map((r) => `${r.e} ${r.y} ${r.p}`), ['2010-01-31 2010 FY', '2010-05-02 2011 Q1', '2010-08-01 2011 Q2', '2010-10-31 2011 Q3', '2011-01-30 2011 FY', '2011-05-01 2012 Q1']);
  // No company of the sample names two periods alike.
  const twice = await db.all(`SELECT cik, fiscal_year, fiscal_period FROM fund_periods GROUP BY ALL HAVING count(*) > 1`);
  assert.equal(twice, []);
});

const calendars = suite('fiscal labels of crafted calendars (the filing\'s dei fy/fp where it disagrees)');

/** A filing of a crafted company: its form, dei fy/fp, revenue period and filing date. */
type Filing = [form: string, fy: number, fp: string, start: string, end: string, filed: string];
function companyFacts(cik: number, filings: Filing[]): string {
  const usd = filings.map(([form, fy, fp, start, end, filed], i) => ({
    start, end, val: 1000 + i, accn: `${String(cik).padStart(10, '0')}-${filed.slice(2, 4)}-${String(i + 1).padStart(6, '0')}`, fy, fp, form, filed,
  }));
  return JSON.stringify({ cik, entityName: `Crafted ${cik}`, facts: { 'us-gaap': { Revenues: { label: 'Revenues', description: 'd', units: { USD: usd } } } } });
}

calendars('named as most 10-Ks of each run of year ends name theirs; placed by distance from the year end they belong to', async () => {
  const mirror = tempDir();
  const dir = path.join(mirror, 'data.sec.gov/api/xbrl/companyfacts');
  mkdirSync(dir, { recursive: true });
  const companies: Record<number, Filing[]> = {
    // Years ending in late January or early February, named by the year before (offset -1);
    // one 10-Q tagged as another year's Q3; one quarter after the last 10-K.
    9101: [
      ['10-K', 2021, 'FY', '2021-01-31', '2022-01-29', '2022-03-10'],
      ['10-Q', 2022, 'Q1', '2022-01-30', '2022-04-30', '2022-05-25'],
      ['10-Q', 2023, 'Q3', '2022-05-01', '2022-07-30', '2022-08-24'],
      ['10-K', 2022, 'FY', '2022-01-30', '2023-01-28', '2023-03-08'],
      ['10-Q', 2023, 'Q3', '2023-07-30', '2023-10-28', '2023-11-22'],
      ['10-K', 2023, 'FY', '2023-01-29', '2024-02-03', '2024-03-13'],
      ['10-Q', 2024, 'Q1', '2024-02-04', '2024-05-04', '2024-05-29'],
    ],
    // 52/53-week years ending near December 31, one of them on January 2: named by the year they mostly cover.
    9102: [
      ['10-K', 2019, 'FY', '2018-12-30', '2019-12-28', '2020-02-20'],
      ['10-K', 2020, 'FY', '2019-12-29', '2021-01-02', '2021-02-25'],
      ['10-Q', 2021, 'Q1', '2021-01-03', '2021-04-03', '2021-05-05'],
      ['10-K', 2021, 'FY', '2021-01-03', '2022-01-01', '2022-02-24'],
    ],
    // Two annual reports missing between 2019 and 2022; the 10-Q between them tagged as the year before.
    9103: [
      ['10-K', 2019, 'FY', '2019-01-01', '2019-12-31', '2020-02-27'],
      ['10-Q', 2020, 'Q2', '2021-04-01', '2021-06-30', '2021-08-05'],
      ['10-K', 2022, 'FY', '2022-01-01', '2022-12-31', '2023-02-23'],
    ],
    // No annual report at all: the filed labels stand.
    9104: [['10-Q', 2024, 'Q2', '2024-04-01', '2024-06-30', '2024-08-01']],
    // A change of fiscal year end, September to December (a review's case): the quarters of 2020
    // are placed from the year they belong to, not from the nearer end of the old calendar.
    9105: [
      ['10-K', 2019, 'FY', '2018-10-01', '2019-09-30', '2019-11-20'],
      ['10-Q', 2020, 'Q1', '2020-01-01', '2020-03-31', '2020-05-10'],
      ['10-Q', 2020, 'Q2', '2020-04-01', '2020-06-30', '2020-08-10'],
      ['10-Q', 2020, 'Q3', '2020-07-01', '2020-09-30', '2020-11-10'],
      ['10-K', 2020, 'FY', '2020-01-01', '2020-12-31', '2021-02-25'],
    ],
    // January years named by the year before, then calendar years named by themselves: each run of
    // year ends keeps its own naming (one offset for the company named two years 2020).
    9106: [
      ['10-K', 2017, 'FY', '2017-01-29', '2018-02-03', '2018-03-20'],
      ['10-K', 2018, 'FY', '2018-02-04', '2019-02-02', '2019-03-20'],
      ['10-K', 2019, 'FY', '2019-02-03', '2020-02-01', '2020-03-20'],
      ['10-K', 2020, 'FY', '2020-01-01', '2020-12-31', '2021-02-25'],
      ['10-K', 2021, 'FY', '2021-01-01', '2021-12-31', '2022-02-25'],
      ['10-K', 2022, 'FY', '2022-01-01', '2022-12-31', '2023-02-25'],
      ['10-K', 2023, 'FY', '2023-01-01', '2023-12-31', '2024-02-25'],
    ],
  };
  for (const [cik, filings] of Object.entries(companies)) writeFileSync(path.join(dir, `CIK${cik.padStart(10, '0')}.json`), companyFacts(Number(cik), filings));
  const dataDir = tempDir();
  const result = await runPipelines({ dataDir, source: mirrorSource(mirror), jobs: ['fundamentals'], threads: 1, publish: false });
  assert.ok(result.runs.every((r) => r.status === 'success'), JSON.stringify(result.runs));
  const rows = await queryBuild<{ cik: number; y: number; p: string; e: string }>(
    dataDir,
    `SELECT cik::INTEGER AS cik, fiscal_year AS y, fiscal_period AS p, strftime(period_end, '%Y-%m-%d') AS e FROM fund_periods WHERE fiscal_period <> 'Q4' ORDER BY cik, period_end`,
  );
  const of = (cik: number): string[] => rows.filter((r) => r.cik === cik).map((r) => `${r.e} ${r.y} ${r.p}`);
  assert.equal(of(9101), ['2022-01-29 2021 FY', '2022-04-30 2022 Q1', '2022-07-30 2022 Q2', '2023-01-28 2022 FY', '2023-10-28 2023 Q3', '2024-02-03 2023 FY', '2024-05-04 2024 Q1']);
  assert.equal(of(9102), ['2019-12-28 2019 FY', '2021-01-02 2020 FY', '2021-04-03 2021 Q1', '2022-01-01 2021 FY']);
  assert.equal(of(9103), ['2019-12-31 2019 FY', '2021-06-30 2021 Q2', '2022-12-31 2022 FY']);
  assert.equal(of(9104), ['2024-06-30 2024 Q2']);
  assert.equal(of(9105), ['2019-09-30 2019 FY', '2020-03-31 2020 Q1', '2020-06-30 2020 Q2', '2020-09-30 2020 Q3', '2020-12-31 2020 FY']);
  assert.equal(of(9106), ['2018-02-03 2017 FY', '2019-02-02 2018 FY', '2020-02-01 2019 FY', '2020-12-31 2020 FY', '2021-12-31 2021 FY', '2022-12-31 2022 FY', '2023-12-31 2023 FY']);
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
calendars.run();
