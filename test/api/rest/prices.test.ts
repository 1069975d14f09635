/**
 * `/api/price-history` and `/api/corporate-actions` over the sample warehouse: exact bars, the
 * week and month aggregation checked against the daily bars, dividends and splits from the price
 * files, both prefixes, OpenAPI conformance, 400s and 404s, and the same answer through MCP
 * (`get_price_history`) and GraphQL (`Company.prices`, `Company.corporateActions`).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { assertInjected } from '../../openapi-conformance.ts';
import { json, sampleApp, type TestApp } from '../../helpers.ts';
import { samplePrices } from '../../sample-files.ts';

/** A ticker's bars in [start, end] as the price file has them (the service's shape, flag aside). */
const fileBars = (ticker: string, start: string, end: string) =>
  samplePrices(ticker)
    .filter((b) => b.date >= start && b.date <= end)
    .map(({ split, ...b }) => ({ ...b, splitRatio: split || 1 }));

let t: TestApp;
const UA = 'almanac-tests/1.0 (prices)';
const get = async (url: string) => {
  const res = await t.app.inject({ url, headers: { 'user-agent': UA } });
  assertInjected('GET', url, res);
  return res;
};

interface Bar { date: string; open: number | null; high: number | null; low: number | null; close: number; adjClose: number | null; volume: number | null; dividend: number; splitRatio: number; synthetic: boolean }

/** The aggregation rule, written independently of the SQL: bars of one period into one. */
function aggregate(days: Bar[], periodOf: (date: string) => string): Bar[] {
  const groups = new Map<string, Bar[]>();
  for (const d of days) groups.set(periodOf(d.date), [...(groups.get(periodOf(d.date)) ?? []), d]);
  return [...groups.values()].map((g) => ({
    date: g[0]!.date,
    open: g[0]!.open,
    high: Math.max(...g.map((d) => d.high!)),
    low: Math.min(...g.map((d) => d.low!)),
    close: g.at(-1)!.close,
    adjClose: g.at(-1)!.adjClose,
    volume: g.reduce((s, d) => s + d.volume!, 0),
    dividend: Math.round(g.reduce((s, d) => s + d.dividend, 0) * 1e8) / 1e8,
    splitRatio: Math.round(g.reduce((s, d) => s * d.splitRatio, 1) * 1e8) / 1e8,
    synthetic: g.some((d) => d.synthetic),
  }));
}

/** Monday of the ISO week of `date`. */
function isoWeek(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

const history = suite('/api/price-history');
history.before(async () => {
  t = await sampleApp();
});

history('daily bars in [start, end], oldest first, with the exact values of the price file', async () => {
  const res = await get('/api/price-history?ticker=aapl&start=2024-12-27&end=2024-12-31');
  assert.is(res.statusCode, 200);
  const body = json(res);
  assert.equal([body.ticker, body.interval, body.start, body.end], ['AAPL', 'day', '2024-12-27', '2024-12-31']);
  const [row] = await t.services.warehouse.all<{ synthetic: boolean; source: string }>(`SELECT synthetic, source FROM prices WHERE ticker = 'AAPL' AND date = DATE '2024-12-27'`);
  assert.equal(body.bars, fileBars('AAPL', '2024-12-27', '2024-12-31').map((b) => ({ ...b, synthetic: row!.synthetic })));
  assert.equal(body.bars.map((b: Bar) => b.date), ['2024-12-27', '2024-12-30', '2024-12-31']);
  // Provenance (issue 16): the price file, generated or not; the newest bar; the prices job's last successful run in the ledger.
  const [ledger] = await t.services.warehouse.all<{ at: string }>(`SELECT strftime(max(finished_at), '%Y-%m-%dT%H:%M:%S') AS at FROM pipeline_runs WHERE job = 'prices' AND status IN ('success', 'partial')`);
  assert.equal([body.provenance, body.dataThrough, body.fetchedAt], [
    { source: 'vendor file', document: row!.source, url: null, accession: null, synthetic: body.bars.some((b: Bar) => b.synthetic) },
    '2024-12-31',
    ledger!.at,
  ]);
  // /api/v1 is the same route.
  assert.equal(json(await get('/api/v1/price-history?ticker=AAPL&start=2024-12-27&end=2024-12-31')), body);
});

history('week and month bars are the daily bars aggregated (a split week, a dividend month)', async () => {
  const days = json(await get('/api/price-history?ticker=NVDA&start=2024-06-01&end=2024-06-30')).bars as Bar[];
  const weeks = json(await get('/api/price-history?ticker=NVDA&start=2024-06-01&end=2024-06-30&interval=week'));
  assert.is(weeks.interval, 'week');
  assert.equal(weeks.bars, aggregate(days, isoWeek));
  assert.equal(days.map(({ synthetic: _s, ...b }) => b), fileBars('NVDA', '2024-06-01', '2024-06-30'));
  assert.equal(weeks.bars.map((b: Bar) => [b.date, b.splitRatio]), [['2024-06-03', 1], ['2024-06-10', 10], ['2024-06-17', 1], ['2024-06-24', 1]], 'the split week');
  const q1 = json(await get('/api/price-history?ticker=AAPL&start=2024-01-01&end=2024-03-31')).bars as Bar[];
  const months = json(await get('/api/price-history?ticker=AAPL&start=2024-01-01&end=2024-03-31&interval=month')).bars;
  assert.equal(months, aggregate(q1, (d) => d.slice(0, 7)));
  assert.equal(q1.map(({ synthetic: _s, ...b }) => b), fileBars('AAPL', '2024-01-01', '2024-03-31'));
  assert.ok(months.some((b: Bar) => b.dividend > 0), 'a dividend month');
});

history('a range with no bars is an empty list; an unknown ticker is 404', async () => {
  assert.equal(json(await get('/api/price-history?ticker=AAPL&start=2030-01-01')).bars, []);
  const missing = await get('/api/price-history?ticker=ZZZZ');
  assert.is(missing.statusCode, 404);
  assert.match(json(missing).error, 'no prices for ZZZZ');
});

history('bad parameters are 400 with a JSON error naming them', async () => {
  const cases: [string, string][] = [
    ['/api/price-history', "missing required parameter 'ticker'"],
    ['/api/price-history?ticker=AAPL&interval=hour', "invalid parameter 'interval'"],
    ['/api/price-history?ticker=AAPL&start=2024-02-30', "invalid parameter 'start'"],
    ['/api/price-history?ticker=AAPL&start=2024-02-01&end=2024-01-01', "parameter 'start' is after 'end'"],
    ['/api/price-history?ticker=AA%20PL', "invalid parameter 'ticker'"],
    ['/api/price-history?ticker=AAPL&asOf=2024-01-01', "unknown parameter: 'asOf'"],
    ['/api/corporate-actions', "missing required parameter 'ticker'"],
    ['/api/corporate-actions?ticker=AAPL&end=2024-13-01', "invalid parameter 'end'"],
    ['/api/corporate-actions?ticker=AAPL&start=2024-02-01&end=2024-01-01', "parameter 'start' is after 'end'"],
  ];
  for (const [url, message] of cases) {
    const res = await get(url);
    assert.is(res.statusCode, 400, url);
    assert.match(json(res).error, message, url);
  }
});

history.run();

// ---

const actions = suite('/api/corporate-actions');

actions('dividends by ex-date and splits by effective date, from the price files', async () => {
  const nvda = json(await get('/api/corporate-actions?ticker=NVDA&start=2024-01-01'));
  const actionsOf = (ticker: string, start = '0000-00-00', end = '9999-12-31') => {
    const bars = samplePrices(ticker).filter((b) => b.date >= start && b.date <= end);
    return {
      dividends: bars.filter((b) => b.dividend > 0).map((b) => ({ date: b.date, amount: b.dividend })),
      splits: bars.filter((b) => b.split > 0 && b.split !== 1).map((b) => ({ date: b.date, ratio: b.split })),
    };
  };
  // Freshness (test/api/freshness-routes.test.ts): through the last bar of the range.
  const { provenance, dataThrough, fetchedAt, ...actions } = nvda;
  assert.equal(actions, { ticker: 'NVDA', start: '2024-01-01', end: null, ...actionsOf('NVDA', '2024-01-01') });
  assert.equal([provenance.document, dataThrough, typeof fetchedAt], ['vendor/prices/NVDA.csv', samplePrices('NVDA').at(-1)!.date, 'string']);
  assert.equal(nvda.splits, [{ date: '2024-06-10', ratio: 10 }], "NVIDIA's 10-for-1 split");
  const aapl = json(await get('/api/v1/corporate-actions?ticker=AAPL&start=2024-01-01&end=2024-12-31'));
  assert.equal([aapl.dividends, aapl.splits], [actionsOf('AAPL', '2024-01-01', '2024-12-31').dividends, []]);
  assert.ok(aapl.dividends.length > 0);
  const all = json(await get('/api/corporate-actions?ticker=TSLA'));
  assert.equal(all.splits, actionsOf('TSLA').splits);
  assert.equal(all.splits.map((s: { ratio: number }) => s.ratio), [3]);
  assert.is((await get('/api/corporate-actions?ticker=ZZZZ')).statusCode, 404);
  // A range holding no day of the file: none, still from the ticker's price file (it said "unknown").
  const none = json(await get('/api/corporate-actions?ticker=NVDA&start=9999-12-31'));
  assert.equal([none.dividends, none.splits, none.dataThrough], [[], [], null]);
  // (Not synthetic: no generated day is served.)
  assert.equal(none.provenance, { ...provenance, synthetic: false });
});

actions('MCP get_price_history and GraphQL Company.prices / corporateActions serve the same data', async () => {
  const rest = json(await get('/api/price-history?ticker=NVDA&start=2024-06-01&end=2024-06-30&interval=week')).bars;
  const mcp = await t.app.inject({
    method: 'POST',
    url: '/api/mcp',
    headers: { 'user-agent': UA, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_price_history', arguments: { ticker: 'NVDA', start: '2024-06-01', end: '2024-06-30', interval: 'week' } } },
  });
  assert.equal(JSON.parse(json(mcp).result.content[0].text).items, rest);
  const query = `{ company(ticker: "NVDA") {
    prices(start: "2024-06-01", end: "2024-06-30", interval: week) { edges { node { date open high low close adjClose volume dividend splitRatio synthetic } } }
    corporateActions(start: "2024-01-01") { dividends { date amount } splits { date ratio } } } }`;
  const gql = json(await t.app.inject({ method: 'POST', url: '/graphql', headers: { 'user-agent': UA, 'content-type': 'application/json' }, payload: { query } }));
  assert.is(gql.errors, undefined, JSON.stringify(gql.errors));
  assert.equal(gql.data.company.prices.edges.map((e: { node: Bar }) => e.node), rest);
  const restActions = json(await get('/api/corporate-actions?ticker=NVDA&start=2024-01-01'));
  assert.equal(gql.data.company.corporateActions, { dividends: restActions.dividends, splits: restActions.splits });
  // The same refusal of a reversed range on the other doors.
  const bad = json(await t.app.inject({ method: 'POST', url: '/graphql', headers: { 'user-agent': UA, 'content-type': 'application/json' }, payload: { query: '{ company(ticker: "NVDA") { corporateActions(start: "2024-02-01", end: "2024-01-01") { splits { date } } } }' } }));
  assert.equal([bad.errors[0].extensions.code, bad.errors[0].message], ['BAD_REQUEST', "argument 'start' is after 'end'"]);
});

actions.after(() => t.close());
actions.run();
