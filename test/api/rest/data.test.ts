import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { warehouseWith } from '../../fixtures/market/fixture-job.ts';
import { json, sampleApp, type TestApp } from '../../helpers.ts';

const UA = { 'user-agent': 'almanac-tests/1.0 (data)' };
let t: TestApp;
const get = (url: string) => t.app.inject({ url, headers: UA });

/**
 * The sample warehouse (companies, prices, technicals) plus one hand-written point-in-time
 * statement for AAPL (FY2024 10-K, filed 2024-11-01), so the valuation fields can be checked by hand.
 */
async function warehouseWithAaplFundamentals(): Promise<string> {
  return warehouseWith(['companies', 'prices', 'technicals'], async (db) => {
    await db.run(`INSERT INTO fund_periods VALUES (320193, 2024, 'FY', DATE '2024-09-28', DATE '2024-11-01', '0000320193-24-000123', '10-K')`);
    await db.run(
      `INSERT INTO fund_statements (cik, fiscal_year, fiscal_period, period_end, known_from, known_to, accession, form, revenue, net_income,
         total_assets, stockholders_equity, eps_basic, eps_diluted, shares_outstanding, sources)
       VALUES (320193, 2024, 'FY', DATE '2024-09-28', DATE '2024-11-01', NULL, '0000320193-24-000123', '10-K', 391035000000, 93736000000,
         364980000000, 56950000000, 6.11, 6.08, 15115823000, '{}')`,
    );
  });
}

const data = suite('/api/data');
data.before(async () => {
  const dir = await warehouseWithAaplFundamentals();
  t = await sampleApp({ build: false, config: { dataDir: dir } });
});
data.after(() => t.close());

data('field names exactly as spec 2.3, change and changePercent from the last two closes (checked by hand)', async () => {
  const res = await get('/api/data?ticker=AAPL');
  assert.is(res.statusCode, 200);
  const body = json(res);
  assert.equal(Object.keys(body).sort(), ['fetchedAt', 'filings', 'fundamentals', 'price', 'priceTarget', 'profile', 'technicals', 'ticker']);
  assert.is(body.ticker, 'AAPL');
  // Real closes: 2024-12-30 252.20, 2024-12-31 250.42 -> change -1.78, -1.78 / 252.20 * 100 = -0.70579...%
  assert.equal(
    { current: body.price.current, change: body.price.change, changePercent: body.price.changePercent, previousClose: body.price.previousClose, date: body.price.date },
    { current: 250.42, change: -1.78, changePercent: -0.7058, previousClose: 252.2, date: '2024-12-31' },
  );
  assert.match(body.fetchedAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  assert.is(body.profile.name, 'Apple Inc.');
  assert.is(body.profile.cik, 320193);
  assert.ok(Array.isArray(body.filings));
});

data('fundamentals: marketCap = close x shares, pe = close / diluted EPS, dividend yield from the price file (by hand)', async () => {
  const f = json(await get('/api/data?ticker=AAPL')).fundamentals;
  // 250.42 x 15,115,823,000 = 3,785,304,395,660
  assert.is(f.marketCap, 3785304395660);
  // 250.42 / 6.08 = 41.1875
  assert.is(f.pe, 41.1875);
  assert.is(f.eps, 6.08);
  // ex-dividends in the 365 days to 2024-12-31: 0.24 + 0.25 + 0.25 + 0.25 = 0.99; 0.99 / 250.42 * 100 = 0.3953%
  assert.is(f.dividendsTtm, 0.99);
  assert.is(f.dividendYield, 0.3953);
  assert.is(f.revenue, 391035000000);
  assert.is(f.fiscalYear, 2024);
  assert.is(f.filingDate, '2024-11-01');
  assert.is(f.source, 'sec');
  // ROE = 93,736 / 56,950 = 1.6459
  assert.is(f.roe, 1.6459);
});

data('technicals and the price target with its source and fetch date (no ratings)', async () => {
  const body = json(await get('/api/data?ticker=AAPL'));
  assert.equal(Object.keys(body.technicals), ['asOf', 'sma20', 'sma50', 'sma200', 'ema12', 'ema26', 'rsi14', 'macd', 'macdSignal', 'macdHistogram', 'high52Week', 'low52Week', 'volatility30d', 'avgVolume30d']);
  assert.is(body.technicals.asOf, '2024-12-31');
  assert.equal(body.priceTarget, { mean: 246.5, source: 'Almanac sample vendor file (illustrative consensus; not a published figure)', fetchedAt: '2024-12-31', analystCount: 38 });
  const nvda = json(await get('/api/data?ticker=NVDA'));
  assert.equal(Object.keys(nvda.priceTarget).sort(), ['fetchedAt', 'mean', 'source'], 'no analystCount when the source does not give it');
  assert.not.ok('rating' in nvda || 'recommendation' in nvda);
  const ko = json(await get('/api/data?ticker=KO'));
  assert.not.ok('priceTarget' in ko, 'no target object without a source');
  assert.is(ko.fundamentals, null, 'no filing-derived row: null, never zeros');
});

data('fields= returns only the named fields, dotted names inside objects', async () => {
  const res = await get('/api/data?ticker=AAPL&fields=price.current,profile.name');
  assert.is(res.statusCode, 200);
  assert.equal(json(res), { price: { current: 250.42 }, profile: { name: 'Apple Inc.' } });
  assert.equal(json(await get('/api/data?ticker=AAPL&fields=ticker,price.change,price.changePercent')), { ticker: 'AAPL', price: { change: -1.78, changePercent: -0.7058 } });
  const bad = await get('/api/data?ticker=AAPL&fields=price.nope,volume');
  assert.is(bad.statusCode, 400);
  assert.match(json(bad).error, 'price.nope, volume');
  // Names an object inherits are not fields either.
  for (const f of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    const res = await get(`/api/data?ticker=AAPL&fields=${f}`);
    assert.is(res.statusCode, 400, `${f}: ${res.body}`);
    assert.match(json(res).error, `unknown field(s) ${f}`);
  }
});

data('no ticker -> 400 "no ticker provided"; unknown ticker -> 404', async () => {
  let res = await get('/api/data');
  assert.is(res.statusCode, 400);
  assert.equal(json(res), { error: 'no ticker provided' });
  res = await get('/api/data?ticker=');
  assert.equal([res.statusCode, json(res).error], [400, 'no ticker provided']);
  res = await get('/api/data?ticker=ZZZZZ');
  assert.equal([res.statusCode, json(res).error], [404, 'unknown ticker: ZZZZZ']);
});

data('the response cache: a second call is a hit with the same fetchedAt; nocache=1 bypasses it', async () => {
  const a = await get('/api/data?ticker=MSFT');
  const b = await get('/api/data?ticker=msft');
  assert.is(a.headers['x-cache'], 'MISS');
  assert.is(b.headers['x-cache'], 'HIT');
  assert.is(json(a).fetchedAt, json(b).fetchedAt);
  await new Promise((r) => setTimeout(r, 1100));
  const c = await get('/api/data?ticker=MSFT&nocache=1');
  assert.is(c.headers['x-cache'], 'BYPASS');
  assert.ok(json(c).fetchedAt > json(a).fetchedAt, 'a fresh snapshot');
  const d = await get('/api/data?ticker=MSFT');
  assert.equal([d.headers['x-cache'], json(d).fetchedAt], ['HIT', json(c).fetchedAt], 'nocache refreshed the cache entry');
});

data('the /api/v1 alias answers the same', async () => {
  const res = await get('/api/v1/data?ticker=AAPL&fields=price.current');
  assert.equal(json(res), { price: { current: 250.42 } });
});

data.run();
