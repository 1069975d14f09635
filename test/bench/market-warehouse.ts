/**
 * A warehouse scaled to `n` companies for the market benchmarks: the sample's companies, prices,
 * technicals and targets, replicated under new tickers (`AAPL-X0001`) and CIKs, each company with
 * one synthetic point-in-time FY statement and a sector. Built with INSERT ... SELECT in a last
 * job after the sample's jobs (recomputing technicals for millions of rows is not measured here).
 *
 * Identifiers are unique across copies (issue 15: a generator reusing accession numbers made one
 * GraphQL request 3.4-4.4 s instead of 60 ms): each company's statement has its own accession
 * number, in the EDGAR form (`<10-digit filer CIK>-YY-<6-digit sequence>`, the company as its
 * own filer), and the build fails if any accession number or CIK copy repeats.
 */
import type { Db } from '../../warehouse/db.ts';
import { warehouseWith } from '../fixtures/market/fixture-job.ts';

/** Copy i of a company has CIK `cik + i * CIK_STRIDE` (EDGAR CIKs are 10 digits: up to 3,000+ copies). */
const CIK_STRIDE = 2_000_000;
const SECTORS = ['Technology', 'Financials', 'Energy', 'Health Care', 'Consumer', 'Industrials'];

export async function scaledMarketWarehouse(n = 5000): Promise<{ dataDir: string; tickers: string[] }> {
  let tickers: string[] = [];
  const dataDir = await warehouseWith(['companies', 'prices', 'technicals'], async (db) => {
    tickers = await replicate(db, n);
  });
  return { dataDir, tickers };
}

async function replicate(db: Db, n: number): Promise<string[]> {
  const base = await db.all<{ ticker: string }>('SELECT ticker FROM companies ORDER BY rank');
  const copies = Math.ceil(n / base.length) - 1;
  const maxCik = (await db.all<{ m: number }>('SELECT max(cik)::DOUBLE AS m FROM companies'))[0]!.m;
  // CIK offsets must not let one copy's CIK land on another copy's (or a sample) CIK.
  if (maxCik >= CIK_STRIDE) throw new Error(`a sample CIK (${maxCik}) is not below the copy stride ${CIK_STRIDE}`);
  await db.run(`CREATE TEMP TABLE rep AS SELECT range AS i FROM range(1, ${copies + 1})`);
  const t = (col: string): string => `${col} || '-X' || lpad(rep.i::VARCHAR, 4, '0')`;
  await db.run(`INSERT INTO companies SELECT cik + rep.i * ${CIK_STRIDE}, ${t('ticker')}, name || ' ' || rep.i, exchange, rank + rep.i * 100 FROM companies, rep`);
  await db.run(`INSERT INTO prices SELECT ${t('ticker')}, date, open, high, low, close * (1 + rep.i % 7 / 10), adj_close, volume, dividend, split_ratio, source, synthetic FROM prices, rep`);
  await db.run(`INSERT INTO technicals SELECT ${t('ticker')}, technicals.* EXCLUDE (ticker) FROM technicals, rep`);
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
