import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openBuild, runPipelines } from '../../../pipelines/runner.ts';
import { mirrorSource } from '../../../pipelines/sources/mirror.ts';
import { SAMPLE_DIR } from '../../../schema/config.ts';
import type { Db } from '../../../warehouse/db.ts';
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
  assert.equal(result.runs.map((r) => [r.job, r.status, r.docsQuarantined]), [['companies', 'success', 0], ['filings', 'success', 0], ['fundamentals', 'success', 0]]);
  const build = await openBuild(dataDir);
  db = build.db;
  close = () => {
    build.conn.closeSync();
    build.instance.closeSync();
  };
});
job.after(() => close());

job('loads every document: older-filings pages are merged into their company', async () => {
  const c = await counts();
  assert.is(c.company_profiles, 10);
  assert.is(c.fact_entities, 10);
  const apple = await db.all<{ n: number; oldest: string }>(`SELECT count(*)::INTEGER AS n, strftime(min(filing_date), '%Y-%m-%d') AS oldest FROM filings WHERE cik = 320193`);
  assert.equal(apple, [{ n: 11, oldest: '1994-01-26' }]);
});

job('Q4 is derived as FY minus nine months and marked derived', async () => {
  const rows = await db.all(
    `SELECT item, strftime(period_start, '%Y-%m-%d') AS s, value, derived, accession, strftime(known_from, '%Y-%m-%d') AS known
     FROM fund_values WHERE cik = 320193 AND period_end = DATE '2024-09-28' AND basis = 'quarter' AND item IN ('revenue', 'netIncome', 'epsDiluted') ORDER BY item`,
  );
  assert.equal(rows, [
    { item: 'epsDiluted', s: '2024-06-30', value: 0.97, derived: true, accession: '0000320193-24-000123', known: '2024-11-01' },
    { item: 'netIncome', s: '2024-06-30', value: 14_736_000_000, derived: true, accession: '0000320193-24-000123', known: '2024-11-01' },
    { item: 'revenue', s: '2024-06-30', value: 94_930_000_000, derived: true, accession: '0000320193-24-000123', known: '2024-11-01' },
  ]);
  // cash flow is year-to-date only in 10-Qs: every quarter after the first is derived
  const cf = await db.all(`SELECT strftime(period_end, '%Y-%m-%d') AS e, value, derived FROM fund_values WHERE cik = 320193 AND item = 'operatingCashFlow' AND basis = 'quarter' ORDER BY period_end`);
  assert.equal(cf, [
    { e: '2023-12-30', value: 39_895_000_000, derived: false },
    { e: '2024-03-30', value: 22_690_000_000, derived: true },
    { e: '2024-06-29', value: 28_858_000_000, derived: true },
    { e: '2024-09-28', value: 26_811_000_000, derived: true },
  ]);
});

job('cover-page share classes add up (Alphabet A + B + C)', async () => {
  const rows = await db.all(`SELECT value, known_from::VARCHAR AS k FROM fund_values WHERE cik = 1652044 AND item = 'sharesOutstanding' AND period_end = DATE '2024-12-31'`);
  assert.equal(rows, [{ value: 5_833_000_000 + 860_000_000 + 5_479_000_000, k: '2025-02-05' }]);
});

job('a restated comparative starts a new version on the restating filing date (J&J after Kenvue)', async () => {
  const rows = await db.all(
    `SELECT strftime(known_from, '%Y-%m-%d') AS f, strftime(known_to, '%Y-%m-%d') AS t, revenue, form FROM fund_statements
     WHERE cik = 200406 AND fiscal_period = 'FY' AND fiscal_year = 2022 ORDER BY known_from`,
  );
  assert.equal(rows, [
    { f: '2023-02-16', t: '2024-02-16', revenue: 94_943_000_000, form: '10-K' },
    { f: '2024-02-16', t: null, revenue: 79_990_000_000, form: '10-K' },
  ]);
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
