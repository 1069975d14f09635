import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fixtureApp } from '../../fixtures/fundamentals/build.ts';
import { json, type TestApp } from '../../helpers.ts';

let t: TestApp;
const pit = async (ticker: string, date: string): Promise<any> => {
  const res = await t.app.inject(`/api/fundamentals-pit?ticker=${ticker}&date=${date}`);
  assert.is(res.statusCode, 200, res.body);
  return json(res);
};

// ---
const restatement = suite('fundamentals-pit: a 10-K/A that restates revenue');
restatement.before(async () => {
  t = await fixtureApp();
});

restatement('before the 10-K there is nothing (404), on its filing date the original', async () => {
  const res = await t.app.inject('/api/fundamentals-pit?ticker=AMND&date=2023-02-28');
  assert.is(res.statusCode, 404);
  assert.match(json(res).error, 'as known on 2023-02-28');
  const body = await pit('AMND', '2023-03-01');
  assert.is(body.statement.fiscalPeriod, 'FY');
  assert.is(body.statement.fundamentals.revenue, 1_000_000_000);
  assert.is(body.statement.restated, false);
  assert.equal(body.statement.sources.revenue, { accession: '0009000001-23-000010', form: '10-K', filed: '2023-03-01', concept: 'us-gaap:Revenues', derived: false });
});

restatement('the day before the amendment: original; from its filing date: restated', async () => {
  const before = await pit('AMND', '2023-04-19');
  assert.is(before.statement.fundamentals.revenue, 1_000_000_000);
  assert.is(before.statement.metrics.netMargin, 0.1);
  const after = await pit('AMND', '2023-04-20');
  assert.is(after.statement.fundamentals.revenue, 950_000_000);
  assert.is(after.statement.restated, true);
  assert.is(after.statement.form, '10-K/A');
  assert.is(after.statement.filingDate, '2023-04-20');
  assert.is(after.statement.sources.revenue.accession, '0009000001-23-000031');
  // unchanged values keep the filing they first came from
  assert.is(after.statement.sources.netIncome.accession, '0009000001-23-000010');
  assert.is(after.statement.metrics.netMargin, 100_000_000 / 950_000_000);
});

restatement('the next 10-Q becomes the latest period', async () => {
  const body = await pit('AMND', '2023-05-10');
  assert.is(body.statement.fiscalPeriod, 'Q1');
  assert.is(body.statement.fiscalYear, 2023);
  assert.is(body.statement.fundamentals.revenue, 260_000_000);
  assert.is(body.statement.fundamentals.sharesOutstanding, 50_500_000);
  assert.is(body.statement.metrics.roe, null, 'no equity reported for Q1: null, never zero');
});

restatement('history: one entry per filing event, the amendment as its own entry', async () => {
  const res = await t.app.inject('/api/fundamentals-history?ticker=AMND&start=2023-01-01&end=2023-12-31');
  assert.is(res.statusCode, 200);
  const body = json(res);
  assert.equal(
    body.entries.map((e: any) => [e.filingDate, e.form, e.statements.map((s: any) => `${s.fiscalPeriod}${s.fiscalYear}:${s.fundamentals.revenue}:${s.restated}`)]),
    [
      ['2023-03-01', '10-K', ['FY2022:1000000000:false', 'Q42022:null:false']],
      ['2023-04-20', '10-K/A', ['FY2022:950000000:true']],
      ['2023-05-10', '10-Q', ['Q12023:260000000:false']],
    ],
  );
  const narrow = json(await t.app.inject('/api/fundamentals-history?ticker=AMND&start=2023-04-01&end=2023-04-30'));
  assert.equal(narrow.entries.map((e: any) => e.accession), ['0009000001-23-000031']);
});

// ---
const switched = suite('fundamentals-pit: a company that switched revenue concepts');
switched('each period uses the concept its filing used; the newest never falls back to the old tag', async () => {
  const fy17 = await pit('AAPL', '2017-11-03');
  assert.is(fy17.statement.fiscalYear, 2017);
  assert.is(fy17.statement.fundamentals.revenue, 229_234_000_000);
  assert.is(fy17.statement.sources.revenue.concept, 'us-gaap:Revenues');
  const fy18 = await pit('AAPL', '2018-11-05');
  assert.is(fy18.statement.fiscalYear, 2018);
  assert.is(fy18.statement.fundamentals.revenue, 265_595_000_000);
  assert.is(fy18.statement.sources.revenue.concept, 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax');
  assert.is(fy18.statement.fundamentals.netIncome, 59_531_000_000);
});

switched('between the two 10-Ks the latest period is the Q1 10-Q', async () => {
  const q1 = await pit('AAPL', '2018-11-04');
  assert.is(q1.statement.fiscalPeriod, 'Q1');
  assert.is(q1.statement.periodEnd, '2017-12-30');
  assert.is(q1.statement.fundamentals.revenue, 88_293_000_000);
});

// ---
const split = suite('fundamentals-pit: share counts restated after a stock split');
split('before the split-restating filing the as-filed count and EPS are served', async () => {
  const body = await pit('NVDA', '2025-02-25');
  assert.is(body.statement.fiscalYear, 2024);
  assert.is(body.statement.fundamentals.sharesOutstanding, 2_464_000_000);
  assert.is(body.statement.fundamentals.epsDiluted, 11.93);
});

split('the restated FY2024 values appear only from the later 10-K’s filing date', async () => {
  const body = json(await t.app.inject('/api/fundamentals-history?ticker=NVDA&start=2024-01-01&end=2025-12-31'));
  const last = body.entries.at(-1);
  assert.is(last.filingDate, '2025-02-26');
  const fy24 = last.statements.find((s: any) => s.fiscalPeriod === 'FY' && s.fiscalYear === 2024);
  assert.is(fy24.restated, true);
  assert.is(fy24.fundamentals.sharesOutstanding, 24_640_000_000);
  assert.is(fy24.fundamentals.epsDiluted, 1.19);
  const latest = await pit('NVDA', '2025-02-26');
  assert.is(latest.statement.fiscalYear, 2025);
  assert.is(latest.statement.fundamentals.epsDiluted, 2.94);
});

// ---
const errors = suite('fundamentals: parameters and errors');
errors('bad date, unknown ticker, start after end, missing ticker', async () => {
  let res = await t.app.inject('/api/fundamentals-pit?ticker=AAPL&date=2023-02-30');
  assert.is(res.statusCode, 400);
  assert.match(json(res).error, "'date'");
  res = await t.app.inject('/api/fundamentals-pit?ticker=NOPE');
  assert.is(res.statusCode, 404);
  assert.match(json(res).error, "unknown ticker 'NOPE'");
  res = await t.app.inject('/api/fundamentals-pit');
  assert.is(res.statusCode, 400);
  assert.match(json(res).error, "'ticker'");
  res = await t.app.inject('/api/fundamentals-history?ticker=AAPL&start=2024-01-02&end=2024-01-01');
  assert.is(res.statusCode, 400);
  assert.match(json(res).error, "'start'");
  res = await t.app.inject('/api/fundamentals-history?ticker=AAPL&start=20240101');
  assert.is(res.statusCode, 400);
  res = await t.app.inject('/api/fundamentals-pit/universe?date=yesterday');
  assert.is(res.statusCode, 400);
});

errors('a company in the list with no filings: 404 naming the date', async () => {
  const res = await t.app.inject('/api/fundamentals-pit?ticker=KO&date=2024-01-01');
  assert.is(res.statusCode, 404);
  assert.match(json(res).error, "'KO' as known on 2024-01-01");
});

errors('the /api/v1 alias answers the same', async () => {
  const a = await t.app.inject('/api/fundamentals-pit?ticker=AAPL&date=2019-01-01');
  const b = await t.app.inject('/api/v1/fundamentals-pit?ticker=aapl&date=2019-01-01');
  assert.is(a.body, b.body);
});

// ---
const universe = suite('fundamentals-pit/universe and stats');
universe('tickers with data on the date', async () => {
  const body = json(await t.app.inject('/api/fundamentals-pit/universe?date=2023-04-20'));
  const { dataThrough, fetchedAt, ...universe } = body;
  assert.equal([dataThrough, typeof fetchedAt], ['2022-12-31', 'string'], 'the newest period end listed; the ledger');
  assert.equal(universe, {
    asOf: '2023-04-20',
    count: 2,
    tickers: [
      { ticker: 'AAPL', cik: 320193, fiscalYear: 2018, fiscalPeriod: 'FY', periodEnd: '2018-09-29', filingDate: '2018-11-05' },
      { ticker: 'AMND', cik: 9000001, fiscalYear: 2022, fiscalPeriod: 'FY', periodEnd: '2022-12-31', filingDate: '2023-04-20' },
    ],
  });
  assert.is(json(await t.app.inject('/api/fundamentals-pit/universe?date=2010-01-01')).count, 0);
  // Served again from the per-snapshot body cache: the same bytes, a JSON content type; another date is another answer.
  const again = await t.app.inject('/api/fundamentals-pit/universe?date=2023-04-20');
  assert.equal(json(again), body);
  assert.match(String(again.headers['content-type']), /^application\/json/);
  assert.is(json(await t.app.inject('/api/fundamentals-pit/universe?date=2023-04-19')).asOf, '2023-04-19');
});

universe('pages: limit and offset in ticker order, the total beside them, bad values refused', async () => {
  const page = async (q: string): Promise<Record<string, unknown>> => {
    const { dataThrough: _d, fetchedAt: _f, ...rest } = json(await t.app.inject(`/api/fundamentals-pit/universe?date=2023-04-20&${q}`));
    return rest;
  };
  const aapl = { ticker: 'AAPL', cik: 320193, fiscalYear: 2018, fiscalPeriod: 'FY', periodEnd: '2018-09-29', filingDate: '2018-11-05' };
  const amnd = { ticker: 'AMND', cik: 9000001, fiscalYear: 2022, fiscalPeriod: 'FY', periodEnd: '2022-12-31', filingDate: '2023-04-20' };
  assert.equal(await page('limit=1'), { asOf: '2023-04-20', count: 1, total: 2, offset: 0, limit: 1, tickers: [aapl] });
  assert.equal(await page('limit=1&offset=1'), { asOf: '2023-04-20', count: 1, total: 2, offset: 1, limit: 1, tickers: [amnd] });
  assert.equal(await page('offset=1'), { asOf: '2023-04-20', count: 1, total: 2, offset: 1, tickers: [amnd] });
  assert.equal(await page('limit=5&offset=2'), { asOf: '2023-04-20', count: 0, total: 2, offset: 2, limit: 5, tickers: [] });
  // Every page, an empty one too, says how fresh the universe is, as the whole answer does.
  const whole = json(await t.app.inject('/api/fundamentals-pit/universe?date=2023-04-20')).dataThrough;
  for (const q of ['limit=1', 'limit=1&offset=1', 'offset=2']) {
    assert.is(json(await t.app.inject(`/api/fundamentals-pit/universe?date=2023-04-20&${q}`)).dataThrough, whole, q);
  }
  // Each page is its own kept answer: asked again, the same.
  assert.equal(await page('limit=1&offset=1'), { asOf: '2023-04-20', count: 1, total: 2, offset: 1, limit: 1, tickers: [amnd] });
  // A whole number is read from its digits, not a double: 1.00000000000000001 is not 1 (an outside pass).
  for (const bad of ['limit=1.00000000000000001', 'limit=0.99999999999999999', 'offset=999999.99999999999', 'limit=15e-1']) {
    const res = await t.app.inject(`/api/fundamentals-pit/universe?date=2023-04-20&${bad}`);
    assert.equal([res.statusCode, json(res).error], [400, `invalid parameter '${bad.split('=')[0]}': must be a whole number`], bad);
  }
  assert.equal((await page('limit=1.0&offset=.1e1')).tickers, [amnd]);
  for (const bad of ['limit=0', 'limit=-1', 'limit=1.5', 'offset=-1', 'offset=x', 'limit=10001', 'offset=1000001']) {
    const res = await t.app.inject(`/api/fundamentals-pit/universe?date=2023-04-20&${bad}`);
    assert.is(res.statusCode, 400, bad);
    assert.match(json(res).error, new RegExp(`'${bad.split('=')[0]}'`), bad);
  }
});

universe('stats count the warehouse', async () => {
  const res = await t.app.inject('/api/fundamentals-pit/stats');
  assert.is(res.statusCode, 200);
  const body = json(res);
  assert.is(body.companies, 4);
  assert.is(body.companiesWithFundamentals, 3);
  assert.is(body.facts, 43);
  assert.is(body.factsFiledFrom, '2016-10-26');
  assert.is(body.factsFiledTo, '2025-02-26');
  assert.is(body.snapshot, t.services.warehouse.version);
  assert.equal(body.lastRuns.map((r: any) => [r.job, r.status]), [['companies', 'success'], ['filings', 'success'], ['fundamentals', 'success'], ['security-master', 'success']]);
});
universe.after(() => t.close());

restatement.run();
switched.run();
split.run();
errors.run();
universe.run();
