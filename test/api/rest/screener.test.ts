import type { FastifyInstance } from 'fastify';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { TierId } from '../../../schema/tiers.ts';
import { warehouseWith } from '../../fixtures/market/fixture-job.ts';
import { json, sampleApp, type TestApp } from '../../helpers.ts';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { SAMPLE_DIR } from '../../../schema/config.ts';
import { dividendsTtm, r4, samplePrices } from '../../sample-files.ts';

let t: TestApp;

/** Test-only hook: `X-Test-Tier` sets the caller's tier after identification. */
async function tierHeader(app: FastifyInstance): Promise<void> {
  app.addHook('preHandler', async (req) => {
    const tier = req.headers['x-test-tier'];
    if (typeof tier === 'string') req.caller = { ...req.caller, tier: tier as TierId };
  });
}

const get = (url: string, tier?: TierId) => t.app.inject({ url, headers: { 'user-agent': 'almanac-tests/1.0 (screener)', ...(tier ? { 'x-test-tier': tier } : {}) } });

/** Sample prices plus hand-written statements: AAPL (EPS 6.08), MSFT (EPS 11.80), XOM (EPS 8.89), TSLA (EPS -0.5). */
async function warehouse(): Promise<string> {
  return warehouseWith(['companies', 'prices', 'technicals'], async (db) => {
  const rows: [number, string, number, number, number][] = [
    [320193, '0000320193-24-000123', 6.08, 15115823000, 391035000000],
    [789019, '0000950170-24-087843', 11.8, 7434880776, 245122000000],
    [34088, '0000034088-24-000018', 8.89, 4395000000, 344582000000],
    [1318605, '0001628280-24-002390', -0.5, 3185000000, 96773000000],
  ];
  for (const [cik, acc, eps, shares, revenue] of rows) {
    await db.run(`INSERT INTO fund_periods VALUES ($1, 2024, 'FY', DATE '2024-06-30', DATE '2024-08-01', $2, '10-K')`, [cik, acc]);
    await db.run(
      `INSERT INTO fund_statements (cik, fiscal_year, fiscal_period, period_end, known_from, accession, form, revenue, eps_diluted, shares_outstanding, sources)
       VALUES ($1, 2024, 'FY', DATE '2024-06-30', DATE '2024-08-01', $2, '10-K', $3, $4, $5, '{}')`,
      [cik, acc, revenue, eps, shares],
    );
  }
  await db.run(
    `INSERT INTO company_profiles (cik, name, sector, industry, tickers, exchanges, former_names, filings_count, pages_missing)
     VALUES (320193, 'Apple Inc.', 'Technology', 'Computer Hardware', '["AAPL"]', '["Nasdaq"]', '[]', 0, 0)`,
  );
  });
}

// The statements above (cik, EPS, shares) and the last close of each generated price file.
const STATEMENTS = [
  { ticker: 'AAPL', eps: 6.08, shares: 15115823000 },
  { ticker: 'MSFT', eps: 11.8, shares: 7434880776 },
  { ticker: 'XOM', eps: 8.89, shares: 4395000000 },
  { ticker: 'TSLA', eps: -0.5, shares: 3185000000 },
].map((s) => {
  const last = samplePrices(s.ticker).at(-1)!;
  return { ...s, close: last.close, date: last.date, marketCap: Math.round(last.close * s.shares), pe: s.eps > 0 ? r4(last.close / s.eps) : null };
});
const PRICED = readdirSync(path.join(SAMPLE_DIR, 'vendor/prices')).map((f) => f.replace(/\.csv$/, ''));
const lastClose = (ticker: string) => samplePrices(ticker).at(-1)!.close;

const screener = suite('/api/screener');
screener.before(async () => {
  t = await sampleApp({ build: false, config: { dataDir: await warehouse() }, server: { plugins: [tierHeader] } });
});
screener.after(() => t.close());

screener('Researcher: full result, sorted by market cap (nulls last); values from the statements and the price files', async () => {
  const res = await get('/api/screener?mktcap_min=1', 'researcher');
  assert.is(res.statusCode, 200);
  const body = json(res);
  assert.equal([body.total, body.locked, body.sort, body.limit], [4, false, 'marketCap:desc', 50]);
  assert.not.ok('locked_total' in body);
  const byCap = [...STATEMENTS].sort((a, b) => b.marketCap - a.marketCap);
  assert.equal(body.results.map((r: { ticker: string }) => r.ticker), byCap.map((s) => s.ticker));
  const aapl = body.results.find((r: { ticker: string }) => r.ticker === 'AAPL');
  const a = STATEMENTS[0]!;
  const bars = samplePrices('AAPL');
  assert.equal([aapl.marketCap, aapl.pe, aapl.dividendYield, aapl.price, aapl.priceDate], [a.marketCap, a.pe, r4((dividendsTtm(bars, a.date) / a.close) * 100), a.close, a.date]);
  const tsla = body.results.find((r: { ticker: string }) => r.ticker === 'TSLA');
  assert.is(tsla.pe, null, 'negative EPS: no P/E');
});

screener('pe_max excludes rows without a positive P/E; div_yield_min is in percent', async () => {
  let body = json(await get('/api/screener?pe_max=20', 'investor'));
  const cheap = STATEMENTS.filter((s) => s.pe !== null && s.pe <= 20).sort((a, b) => b.marketCap - a.marketCap);
  assert.ok(cheap.length > 0 && cheap.length < 3, 'the threshold splits the four statements');
  assert.equal(body.results.map((r: { ticker: string; pe: number }) => [r.ticker, r.pe]), cheap.map((s) => [s.ticker, s.pe]));
  // Dividend yields from each price file: trailing dividends over the last close, in percent.
  const yields = PRICED.map((t) => {
    const bars = samplePrices(t);
    return [t, r4((dividendsTtm(bars, bars.at(-1)!.date) / bars.at(-1)!.close) * 100)] as const;
  });
  const min = 1;
  const payers = yields.filter(([, y]) => y >= min).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  assert.ok(payers.length > 0 && payers.length < PRICED.length, 'the generated files have payers and non-payers');
  body = json(await get(`/api/screener?div_yield_min=${min}&sort=dividendYield&limit=500`, 'investor'));
  assert.equal(body.results.map((r: { ticker: string; dividendYield: number }) => [r.ticker, r.dividendYield]), payers.map(([t, y]) => [t, y]));
});

screener('sort fields and directions; limit capped at 500', async () => {
  let body = json(await get('/api/screener?sort=ticker&limit=3', 'researcher'));
  assert.equal(body.results.map((r: { ticker: string }) => r.ticker), ['A', 'AAPL', 'AMZN']);
  const byPrice = [...PRICED].sort((a, b) => lastClose(b) - lastClose(a));
  body = json(await get('/api/screener?sort=-price&limit=2', 'researcher'));
  assert.equal([body.sort, body.results.map((r: { ticker: string }) => r.ticker)], ['price:desc', byPrice.slice(0, 2)]);
  body = json(await get('/api/screener?sort=price:asc&limit=1', 'researcher'));
  assert.equal(body.results.map((r: { ticker: string }) => r.ticker), byPrice.slice(-1));
  body = json(await get('/api/screener?limit=100000', 'researcher'));
  assert.equal([body.limit, body.total, body.results.length], [500, PRICED.length, PRICED.length]);
  // Past 2^53 too: an integer above 500 is capped, not refused.
  for (const huge of ['99999999999999999999999', '1e30']) {
    const res = await get(`/api/screener?limit=${huge}`, 'researcher');
    assert.is(res.statusCode, 200, res.body);
    assert.is(json(res).limit, 500);
  }
  for (const invalid of ['0', '-5', '2.5', 'abc', '1e400']) {
    const res = await get(`/api/screener?limit=${invalid}`, 'researcher');
    assert.is(res.statusCode, 400, `${invalid}: ${res.body}`);
    assert.match(json(res).error, "'limit'");
  }
  const bad = await get('/api/screener?sort=volume');
  assert.is(bad.statusCode, 400);
  assert.match(json(bad).error, 'sort');
  assert.is((await get('/api/screener?mktcap_min=lots')).statusCode, 400);
});

screener('sector filter is a case-insensitive exact match', async () => {
  const body = json(await get('/api/screener?sector=technology', 'researcher'));
  assert.equal(body.results.map((r: { ticker: string; sector: string; industry: string }) => [r.ticker, r.sector, r.industry]), [['AAPL', 'Technology', 'Computer Hardware']]);
  assert.is(json(await get('/api/screener?sector=Tech', 'researcher')).total, 0);
});

screener('below Researcher: the top three, locked: true, locked_total', async () => {
  for (const tier of [undefined, 'learner'] as const) {
    const body = json(await get('/api/screener?sort=ticker', tier));
    assert.equal([body.locked, body.locked_total, body.total, body.results.length], [true, 17, 17, 3]);
    assert.equal(body.results.map((r: { ticker: string }) => r.ticker), ['A', 'AAPL', 'AMZN']);
  }
});

screener.run();
