/**
 * A warehouse scaled to `n` companies for the market benchmarks: the sample's companies, prices,
 * technicals and targets, replicated under new tickers (`AAPL-X0001`) and CIKs, each company with
 * one synthetic point-in-time FY statement and a sector. Built with INSERT ... SELECT in a last
 * job after the sample's jobs (recomputing technicals for millions of rows is not measured here).
 *
 * Identifiers are unique across copies (issue 15: a generator reusing accession numbers made one
 * GraphQL request 3.4-4.4 s instead of 60 ms): each company's statement has its own accession
 * number, in the EDGAR form (`<10-digit filer CIK>-YY-<6-digit sequence>`, the company as its
 * own filer), and the build fails if any accession number repeats.
 *
 * Builds are cached machine-wide like the sample's (test/helpers.ts `buildSample`): keyed by `n`,
 * the pipeline/warehouse code and this generator's source, a later call copies the finished
 * snapshot into a fresh data folder (the 50,000-company build takes minutes; a copy, seconds).
 * BENCH_WAREHOUSE_CACHE=0 always builds.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Db } from '../../warehouse/db.ts';
import { currentVersion, pointTo, snapshotFile, snapshotsDir } from '../../warehouse/snapshots.ts';
import { warehouseWith } from '../fixtures/market/fixture-job.ts';
import { cachedOnce } from '../file-lock.ts';
import { buildFingerprint, tempDir } from '../helpers.ts';

/**
 * Copies' CIKs: above every real CIK (EDGAR's are below 2,100,000 today), inside the warehouse's
 * 32-bit CIK column: up to 2,047,483 copies of up to 1,000 sample companies.
 */
const CIK_BASE = 100_000_000;
const CIK_STRIDE = 1_000;
const SECTORS = ['Technology', 'Financials', 'Energy', 'Health Care', 'Consumer', 'Industrials'];

const JOBS = ['companies', 'prices', 'technicals'];

export async function scaledMarketWarehouse(n = 5000): Promise<{ dataDir: string; tickers: string[] }> {
  const generator = [import.meta.filename, path.resolve(import.meta.dirname, '../fixtures/market/fixture-job.ts')].map((f) => readFileSync(f, 'utf8')).join('');
  const cached = path.join(tmpdir(), 'almanac-bench-warehouse', `${n}-${buildFingerprint(JOBS, generator)}`);
  const useCache = process.env.BENCH_WAREHOUSE_CACHE !== '0';
  if (!useCache) return generate(n);
  const fromCache = async (): Promise<{ dataDir: string; tickers: string[] } | undefined> => {
    if (!existsSync(path.join(cached, 'meta.json'))) return undefined;
    const { version, tickers } = JSON.parse(readFileSync(path.join(cached, 'meta.json'), 'utf8')) as { version: string; tickers: string[] };
    const dataDir = tempDir();
    mkdirSync(snapshotsDir(dataDir), { recursive: true });
    copyFileSync(path.join(cached, 'snapshot.duckdb'), snapshotFile(dataDir, version));
    await pointTo(dataDir, version);
    return { dataDir, tickers };
  };
  // One process generates while the others that missed wait for its cache (test/file-lock.ts).
  return cachedOnce(cached, fromCache, async () => {
    const { dataDir, tickers } = await generate(n);
    const version = await currentVersion(dataDir);
    const write = (staging: string): void => {
      copyFileSync(snapshotFile(dataDir, version!), path.join(staging, 'snapshot.duckdb'));
      writeFileSync(path.join(staging, 'meta.json'), JSON.stringify({ version, tickers }));
    };
    return { value: { dataDir, tickers }, write: version ? write : undefined };
  });
}

async function generate(n: number): Promise<{ dataDir: string; tickers: string[] }> {
  let tickers: string[] = [];
  const dataDir = await warehouseWith(JOBS, async (db) => {
    tickers = await replicate(db, n);
  });
  return { dataDir, tickers };
}

async function replicate(db: Db, n: number): Promise<string[]> {
  const base = await db.all<{ ticker: string }>('SELECT ticker FROM companies ORDER BY rank');
  const copies = Math.ceil(n / base.length) - 1;
  const ciks = (await db.all<{ n: number }>('SELECT count(DISTINCT cik)::DOUBLE AS n FROM companies'))[0]!.n;
  if (ciks > CIK_STRIDE || CIK_BASE + (copies + 1) * CIK_STRIDE > 2 ** 31 - 1) throw new Error(`${copies} copies of ${ciks} companies do not fit 32-bit CIKs`);
  await db.run(`CREATE TEMP TABLE rep AS SELECT range AS i FROM range(1, ${copies + 1})`);
  // Copy i of the company with the k-th sample CIK has CIK CIK_BASE + i * CIK_STRIDE + k.
  const t = (col: string): string => `${col} || '-X' || lpad(rep.i::VARCHAR, 4, '0')`;
  await db.run('CREATE TEMP TABLE base_cik AS SELECT cik, (dense_rank() OVER (ORDER BY cik) - 1)::INTEGER AS k FROM (SELECT DISTINCT cik FROM companies)');
  await db.run(
    `INSERT INTO companies SELECT ${CIK_BASE} + rep.i * ${CIK_STRIDE} + b.k, ${t('ticker')}, name || ' ' || rep.i, exchange, rank + rep.i * 100
     FROM companies JOIN base_cik b USING (cik), rep`,
  );
  await db.run(`INSERT INTO prices SELECT ${t('ticker')}, date, open, high, low, close * (1 + rep.i % 7 / 10), adj_close, volume, dividend, split_ratio, source, synthetic FROM prices, rep`);
  await db.run(`INSERT INTO technicals SELECT ${t('ticker')}, technicals.* EXCLUDE (ticker) FROM technicals, rep`);
  await db.run(`INSERT INTO technicals_latest SELECT ${t('ticker')}, technicals_latest.* EXCLUDE (ticker) FROM technicals_latest, rep`);
  await db.run(`INSERT INTO price_latest SELECT ${t('ticker')}, date, close * (1 + rep.i % 7 / 10), previous_close, change, change_percent, dividend_ttm, avg_volume_30d, synthetic FROM price_latest, rep`);
  await db.run(`INSERT INTO price_targets SELECT ${t('ticker')}, price_targets.* EXCLUDE (ticker) FROM price_targets, rep`);
  // One FY statement and a profile per company (deterministic values).
  const accession = `lpad(cik::VARCHAR, 10, '0') || '-24-000001'`;
  await db.run(
    `INSERT INTO fund_periods SELECT cik, 2024, 'FY', DATE '2024-06-30', DATE '2024-08-01', ${accession}, '10-K'
     FROM (SELECT DISTINCT cik FROM companies)`,
  );
  await db.run(
    `INSERT INTO fund_statements (cik, fiscal_year, fiscal_period, period_end, known_from, accession, form, revenue, net_income, total_assets,
       stockholders_equity, eps_basic, eps_diluted, shares_outstanding, sources)
     SELECT cik, 2024, 'FY', DATE '2024-06-30', DATE '2024-08-01', ${accession}, '10-K', 1e9 + cik % 997 * 1e7, 1e8 + cik % 89 * 1e6,
       5e9, 2e9, 1 + cik % 13, 0.9 + cik % 13, 1e8 + cik % 1009 * 1e6, '{}'
     FROM (SELECT DISTINCT cik FROM companies)`,
  );
  await db.run(
    `INSERT INTO company_profiles (cik, name, sector, industry, tickers, exchanges, former_names, filings_count, pages_missing)
     SELECT cik, any_value(name), list_extract($sectors::VARCHAR[], (cik % ${SECTORS.length} + 1)::INTEGER), 'Industry', '[]', '[]', '[]', 0, 0
     FROM companies GROUP BY cik`,
    { sectors: SECTORS },
  );
  await db.run('DROP TABLE rep');
  await db.run('DROP TABLE base_cik');
  for (const table of ['fund_statements', 'fund_periods']) {
    const [c] = await db.all<{ n: number; d: number }>(`SELECT count(*)::DOUBLE AS n, count(DISTINCT accession)::DOUBLE AS d FROM ${table}`);
    if (c!.n !== c!.d) throw new Error(`${table}: ${c!.n - c!.d} repeated accession numbers`);
  }
  return (await db.all<{ ticker: string }>('SELECT ticker FROM companies ORDER BY ticker')).map((r) => r.ticker);
}

export const percentile = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
