import type { FastifyInstance } from 'fastify';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { TierId } from '../../../schema/tiers.ts';
import { warehouseWith } from '../../fixtures/market/fixture-job.ts';
import { json, sampleApp, type TestApp } from '../../helpers.ts';

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

const screener = suite('/api/screener');
screener.before(async () => {
  t = await sampleApp({ build: false, config: { dataDir: await warehouse() }, server: { plugins: [tierHeader] } });
});
screener.after(() => t.close());

screener('Researcher: full result, sorted by market cap (nulls last); values by hand', async () => {
  const res = await get('/api/screener?mktcap_min=1', 'researcher');
  assert.is(res.statusCode, 200);
  const body = json(res);
  assert.equal([body.total, body.locked, body.sort, body.limit], [4, false, 'marketCap:desc', 50]);
  assert.not.ok('locked_total' in body);
  assert.equal(body.results.map((r: { ticker: string }) => r.ticker), ['AAPL', 'MSFT', 'TSLA', 'XOM']);
  const aapl = body.results[0];
  // 250.42 x 15,115,823,000; 250.42 / 6.08
  assert.equal([aapl.marketCap, aapl.pe, aapl.dividendYield, aapl.price, aapl.priceDate], [3785304395660, 41.1875, 0.3953, 250.42, '2024-12-31']);
  const tsla = body.results[2];
  assert.is(tsla.pe, null, 'negative EPS: no P/E');
});

screener('pe_max excludes rows without a positive P/E; div_yield_min is in percent', async () => {
  let body = json(await get('/api/screener?pe_max=20', 'investor'));
  // XOM: 107.57 / 8.89 = 12.1001; MSFT: 421.50 / 11.80 = 35.72 (excluded)
  assert.equal(body.results.map((r: { ticker: string; pe: number }) => [r.ticker, r.pe]), [['XOM', 12.1001]]);
  body = json(await get('/api/screener?div_yield_min=3&sort=dividendYield', 'investor'));
  assert.ok(body.results.length > 0);
  for (const r of body.results) assert.ok(r.dividendYield >= 3, `${r.ticker} ${r.dividendYield}`);
  const ys = body.results.map((r: { dividendYield: number }) => r.dividendYield);
  assert.equal(ys, [...ys].sort((a: number, b: number) => b - a));
  assert.ok(body.results.some((r: { ticker: string }) => r.ticker === 'ARCC'), 'ARCC pays 1.92 a year on ~21.89: 8.8%');
});

screener('sort fields and directions; limit capped at 500', async () => {
  let body = json(await get('/api/screener?sort=ticker&limit=3', 'researcher'));
  assert.equal(body.results.map((r: { ticker: string }) => r.ticker), ['A', 'AAPL', 'AMZN']);
  body = json(await get('/api/screener?sort=-price&limit=2', 'researcher'));
  assert.equal([body.sort, body.results.map((r: { ticker: string }) => r.ticker)], ['price:desc', ['SPY', 'IT']]);
  body = json(await get('/api/screener?sort=price:asc&limit=1', 'researcher'));
  assert.equal(body.results.map((r: { ticker: string }) => r.ticker), ['ARCC']);
  body = json(await get('/api/screener?limit=100000', 'researcher'));
  assert.equal([body.limit, body.total, body.results.length], [500, 17, 17]);
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
