import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { warehouseWith } from '../../fixtures/market/fixture-job.ts';
import { dataCacheEntry } from '../../../api/rest/data.ts';
import { tickerSnapshot } from '../../../warehouse/queries/snapshot.ts';
import { json, sampleApp, type TestApp } from '../../helpers.ts';
import { dividendsTtm, r4, sampleCsv, samplePrices } from '../../sample-files.ts';

// Apple's generated closes (vendor/prices/AAPL.csv): the last two give the change, the last the valuation.
const AAPL = samplePrices('AAPL');
const [PREV, LAST] = [AAPL.at(-2)!, AAPL.at(-1)!];

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

data('field names exactly as spec 2.3, change and changePercent from the last two closes of the price file', async () => {
  const res = await get('/api/data?ticker=AAPL');
  assert.is(res.statusCode, 200);
  const body = json(res);
  assert.equal(Object.keys(body).sort(), ['dataThrough', 'fetchedAt', 'filings', 'fundamentals', 'price', 'priceTarget', 'profile', 'synthetic', 'technicals', 'ticker']);
  assert.is(body.ticker, 'AAPL');
  assert.equal(
    { current: body.price.current, change: body.price.change, changePercent: body.price.changePercent, previousClose: body.price.previousClose, date: body.price.date },
    { current: LAST.close, change: r4(LAST.close - PREV.close), changePercent: r4(((LAST.close - PREV.close) / PREV.close) * 100), previousClose: PREV.close, date: LAST.date },
  );
  assert.match(body.fetchedAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  assert.is(body.profile.name, 'Apple Inc.');
  assert.is(body.profile.cik, 320193);
  assert.ok(Array.isArray(body.filings));
});

data('fundamentals: marketCap = close x shares, pe = close / diluted EPS, dividend yield from the price file', async () => {
  const f = json(await get('/api/data?ticker=AAPL')).fundamentals;
  // The statement above: 15,115,823,000 shares, diluted EPS 6.08; the close and dividends from the file.
  assert.is(f.marketCap, Math.round(LAST.close * 15115823000));
  assert.is(f.pe, r4(LAST.close / 6.08));
  assert.is(f.eps, 6.08);
  const ttm = dividendsTtm(AAPL, LAST.date);
  assert.ok(ttm > 0, 'the generated AAPL file pays dividends');
  assert.is(f.dividendsTtm, r4(ttm));
  assert.is(f.dividendYield, r4((ttm / LAST.close) * 100));
  assert.is(f.revenue, 391035000000);
  assert.is(f.fiscalYear, 2024);
  assert.is(f.filingDate, '2024-11-01');
  assert.is(f.source, 'sec');
  // ROE = 93,736 / 56,950 = 1.6459
  assert.is(f.roe, 1.6459);
});

data('technicals and the price target with its source and fetch date (no ratings)', async () => {
  const body = json(await get('/api/data?ticker=AAPL'));
  assert.equal(Object.keys(body.technicals), ['asOf', 'sma20', 'sma50', 'sma200', 'ema12', 'ema26', 'rsi14', 'macd', 'macdSignal', 'macdHistogram', 'high52Week', 'low52Week', 'volatility30d', 'avgVolume30d', 'synthetic']);
  assert.is(body.technicals.asOf, '2024-12-31');
  const [target] = await t.services.warehouse.all<{ synthetic: boolean }>(`SELECT synthetic FROM price_targets WHERE ticker = 'AAPL'`);
  // The sample's generated targets file (generate-price-targets.ts), read here.
  const file = sampleCsv('vendor/price-targets/sample-targets.csv');
  const row = Object.fromEntries(file.header.map((h, i) => [h, file.rows.find((r) => r[0] === 'AAPL')![i]!]));
  assert.equal(body.priceTarget, { mean: Number(row.mean_target), source: row.source, fetchedAt: row.fetched_on, synthetic: target!.synthetic, analystCount: Number(row.analyst_count) });
  assert.is(target!.synthetic, true, 'listed in SYNTHETIC');
  const nvda = json(await get('/api/data?ticker=NVDA'));
  assert.equal(Object.keys(nvda.priceTarget).sort(), ['fetchedAt', 'mean', 'source', 'synthetic'], 'no analystCount when the source does not give it');
  assert.not.ok('rating' in nvda || 'recommendation' in nvda);
  const ko = json(await get('/api/data?ticker=KO'));
  assert.not.ok('priceTarget' in ko, 'no target object without a source');
  assert.is(ko.fundamentals, null, 'no filing-derived row: null, never zeros');
});

data('fields= returns the named fields, dotted names inside objects, always with their provenance', async () => {
  const whole = json(await get('/api/data?ticker=AAPL'));
  const provenance = { ticker: 'AAPL', synthetic: whole.synthetic, dataThrough: whole.dataThrough, fetchedAt: whole.fetchedAt };
  const priceFrom = { date: whole.price.date, provenance: whole.price.provenance };
  const res = await get('/api/data?ticker=AAPL&fields=price.current,profile.name');
  assert.is(res.statusCode, 200);
  assert.equal(json(res), { ...provenance, price: { current: LAST.close, ...priceFrom }, profile: { name: 'Apple Inc.' } });
  assert.equal(json(await get('/api/data?ticker=AAPL&fields=ticker,price.change,price.changePercent')), {
    ...provenance,
    price: { change: r4(LAST.close - PREV.close), changePercent: r4(((LAST.close - PREV.close) / PREV.close) * 100), ...priceFrom },
  });
  // A price target never without its source and fetch date (spec 1), a figure never without its filing.
  assert.ok(whole.priceTarget, 'the sample has a target for AAPL');
  assert.equal(json(await get('/api/data?ticker=AAPL&fields=priceTarget.mean')), {
    ...provenance,
    priceTarget: { mean: whole.priceTarget.mean, source: whole.priceTarget.source, fetchedAt: whole.priceTarget.fetchedAt, synthetic: whole.priceTarget.synthetic },
  });
  const { fundamentals: f } = json(await get('/api/data?ticker=AAPL&fields=fundamentals.revenue'));
  assert.equal(f, { revenue: whole.fundamentals.revenue, source: 'sec', filingDate: whole.fundamentals.filingDate, accession: whole.fundamentals.accession, form: whole.fundamentals.form, provenance: whole.fundamentals.provenance });
  const bad = await get('/api/data?ticker=AAPL&fields=price.nope,volume');
  assert.is(bad.statusCode, 400);
  assert.match(json(bad).error, 'price.nope, volume');
  // Names an object inherits are not fields either.
  for (const f of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    const res = await get(`/api/data?ticker=AAPL&fields=${f}`);
    assert.is(res.statusCode, 400, `${f}: ${res.body}`);
    assert.match(json(res).error, `unknown field(s) ${f}`);
  }
  // An empty list says what to give, not a cut-off sentence.
  for (const f of ['', ',', ' , ']) {
    const res = await get(`/api/data?ticker=AAPL&fields=${encodeURIComponent(f)}`);
    assert.is(res.statusCode, 400);
    assert.match(json(res).error, "invalid parameter 'fields': it names no field (give one or more of ticker, price,");
  }
});

data('no ticker -> 400 "no ticker provided"; unknown ticker -> 404', async () => {
  let res = await get('/api/data');
  assert.is(res.statusCode, 400);
  assert.equal(json(res), { error: "no ticker provided: missing required parameter 'ticker'" });
  res = await get('/api/data?ticker=');
  assert.equal([res.statusCode, json(res).error], [400, "no ticker provided: missing required parameter 'ticker'"]);
  res = await get('/api/data?ticker=ZZZZZ');
  assert.equal([res.statusCode, json(res).error], [404, 'unknown ticker: ZZZZZ']);
  res = await get('/api/data?ticker=%20%20ko%20');
  assert.equal([res.statusCode, json(res).ticker], [200, 'KO'], 'padding trimmed');
  for (const bad of ['ABCDEFGHIJKLM', 'MS%2FFT', 'M%20SFT']) {
    res = await get(`/api/data?ticker=${bad}`);
    assert.equal([res.statusCode, json(res).error.startsWith("invalid parameter 'ticker'")], [400, true], bad);
  }
  // The description says what is taken: a symbol of at most 12 characters, as on every other door.
  const param = json((await get('/openapi.json')) as { body: string }).paths['/data'].get.parameters.find((p: { name: string }) => p.name === 'ticker');
  assert.equal([param.schema.maxLength, new RegExp(param.schema.pattern).test('BRK.B'), new RegExp(param.schema.pattern).test('BR K')], [12, true, false]);
});

data('the response cache: a second call is a hit; nocache=1 bypasses it; fetchedAt is the ledger time either way', async () => {
  const a = await get('/api/data?ticker=MSFT');
  const b = await get('/api/data?ticker=msft');
  assert.is(a.headers['x-cache'], 'MISS');
  assert.is(b.headers['x-cache'], 'HIT');
  assert.is(json(a).fetchedAt, json(b).fetchedAt);
  await new Promise((r) => setTimeout(r, 1100));
  const c = await get('/api/data?ticker=MSFT&nocache=1');
  assert.is(c.headers['x-cache'], 'BYPASS');
  assert.is(json(c).fetchedAt, json(a).fetchedAt, 'a fresh snapshot of the same warehouse: the same fetch time, not the request time');
  const d = await get('/api/data?ticker=MSFT');
  assert.equal(d.headers['x-cache'], 'HIT', 'nocache refreshed the cache entry');
  // The flag's other spellings, as every 0/1 flag of the API takes them; anything else is refused,
  // never read as "from the cache" (an agent asking nocache=yes wants a fresh answer).
  assert.is((await get('/api/data?ticker=MSFT&nocache=true')).headers['x-cache'], 'BYPASS');
  assert.is((await get('/api/data?ticker=MSFT&nocache=false')).headers['x-cache'], 'HIT');
  assert.is((await get('/api/data?ticker=MSFT&nocache=0')).headers['x-cache'], 'HIT');
  for (const v of ['yes', '2', '', 'TRUE']) {
    const res = await get(`/api/data?ticker=MSFT&nocache=${v}`);
    assert.is(res.statusCode, 400, v);
    assert.match(json(res).error, /^invalid parameter 'nocache'/, v);
  }
});

data('nocache=1 that assembles the same answer keeps the cache entry (only its age reset): no new long-lived object per forced answer', async () => {
  await get('/api/data?ticker=NVDA');
  const version = t.services.warehouse.version;
  const first = dataCacheEntry('NVDA', version)!;
  assert.ok(first, 'cached');
  const firstAt = first.at;
  await new Promise((r) => setTimeout(r, 5));
  const fresh = await get('/api/data?ticker=NVDA&nocache=1');
  assert.is(fresh.headers['x-cache'], 'BYPASS');
  assert.is(fresh.body, first.body.toString(), 'the forced answer is the cached one, byte for byte');
  assert.is(dataCacheEntry('NVDA', version), first, 'the same entry object');
  assert.ok(first.at > firstAt, 'its age reset');
});

data('nocache=1 reads the snapshot the serving layer keeps, and sends its kept bytes without serialising them again', async () => {
  await get('/api/data?ticker=NVDA');
  const entry = dataCacheEntry('NVDA', t.services.warehouse.version)!;
  assert.is(await tickerSnapshot(t.services.warehouse, 'NVDA'), entry.value, 'the serving layer keeps the assembled snapshot');
  const stringify = JSON.stringify;
  let serialised = 0;
  JSON.stringify = ((value: unknown, ...rest: never[]) => {
    if (value === entry.value) serialised += 1;
    return stringify(value, ...rest);
  }) as typeof JSON.stringify;
  let fresh;
  try {
    fresh = await get('/api/data?ticker=NVDA&nocache=1');
  } finally {
    JSON.stringify = stringify;
  }
  assert.is(fresh.headers['x-cache'], 'BYPASS');
  assert.is(serialised, 0);
  assert.is(fresh.body, stringify(entry.value));
});

data('nocache=1 after the serving layer assembled the snapshot again (a new day, an eviction): serialised once, then its kept bytes again', async () => {
  await get('/api/data?ticker=NVDA&nocache=1');
  const entry = dataCacheEntry('NVDA', t.services.warehouse.version)!;
  // The serving layer's snapshot of NVDA made again: an equal object, not the one the entry holds.
  const serving = t.services.warehouse.serving()!;
  const memo = serving.memo.bind(serving);
  let again: unknown = null;
  serving.memo = (<T,>(key: string, load: () => Promise<T>): Promise<T> =>
    key.startsWith('ticker-snapshot:NVDA:') ? memo(key, load).then((v) => (again ??= structuredClone(v)) as T) : memo(key, load)) as typeof serving.memo;
  const stringify = JSON.stringify;
  let serialised = 0;
  JSON.stringify = ((value: unknown, ...rest: never[]) => {
    if (value !== null && value === again) serialised += 1;
    return stringify(value, ...rest);
  }) as typeof JSON.stringify;
  const bodies: string[] = [];
  try {
    for (let i = 0; i < 3; i++) bodies.push((await get('/api/data?ticker=NVDA&nocache=1')).body);
  } finally {
    JSON.stringify = stringify;
    serving.memo = memo;
  }
  assert.is(serialised, 1, 'the new object is serialised once, not on every forced answer');
  assert.is(dataCacheEntry('NVDA', t.services.warehouse.version), entry, 'the same entry object');
  assert.is(entry.value, again, 'the entry holds the object the serving layer keeps now');
  for (const b of bodies) assert.is(b, entry.body.toString());
});

data('provenance: the price file and its synthetic flag, the filing of the fundamentals; dataThrough; fetchedAt from the run ledger', async () => {
  const started = new Date();
  const body = json(await get('/api/data?ticker=AAPL&nocache=1'));
  const [price] = await t.services.warehouse.all<{ source: string; synthetic: boolean }>(`SELECT source, synthetic FROM prices WHERE ticker = 'AAPL' AND date = DATE '2024-12-31'`);
  assert.equal(body.price.provenance, { source: 'vendor file', document: price!.source, url: null, accession: null, synthetic: price!.synthetic });
  assert.is(price!.source, 'vendor/prices/AAPL.csv');
  assert.equal(body.fundamentals.provenance, {
    source: 'SEC EDGAR',
    document: 'www.sec.gov/Archives/edgar/data/320193/000032019324000123/0000320193-24-000123-index.htm',
    url: 'https://www.sec.gov/Archives/edgar/data/320193/000032019324000123/0000320193-24-000123-index.htm',
    accession: '0000320193-24-000123',
    synthetic: false,
  });
  // Generated closes anywhere in the technicals' year make them synthetic; any synthetic part flags the answer.
  const [win] = await t.services.warehouse.all<{ any: boolean }>(
    `SELECT coalesce(bool_or(synthetic), false) AS any FROM prices WHERE ticker = 'AAPL' AND date > DATE '2024-12-31' - INTERVAL 365 DAY AND date <= DATE '2024-12-31'`,
  );
  assert.is(body.technicals.synthetic, win!.any);
  assert.is(body.synthetic, price!.synthetic || win!.any || body.priceTarget.synthetic);
  assert.is(body.dataThrough, '2024-12-31');
  // This warehouse ran the prices and technicals jobs (the statement was inserted by hand, without a run).
  const [ledger] = await t.services.warehouse.all<{ at: string }>(
    `SELECT strftime(min(f), '%Y-%m-%dT%H:%M:%S') AS at FROM (
       SELECT max(finished_at) AS f FROM pipeline_runs WHERE status IN ('success', 'partial') AND job IN ('prices', 'technicals') GROUP BY job)`,
  );
  assert.is(body.fetchedAt, ledger!.at);
  assert.ok(new Date(`${body.fetchedAt}Z`) < started, 'the ledger time, not the request time');
});

data('the /api/v1 alias answers the same', async () => {
  assert.equal(json(await get('/api/v1/data?ticker=AAPL&fields=price.current')), json(await get('/api/data?ticker=AAPL&fields=price.current')));
  assert.is(json(await get('/api/v1/data?ticker=AAPL&fields=price.current')).price.current, LAST.close);
});

data.run();
