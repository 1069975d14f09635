/**
 * `/api/portfolio-positions`, `/api/portfolio-history`, `/api/portfolio/benchmark`: add/merge/remove
 * rules, validation, ownership, and history and benchmark values checked by hand on a two-position
 * fixture (sample closes, pipelines/sample/vendor/prices).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { sampleApp, type TestApp } from '../../helpers.ts';
import { conformancePlugin, violations } from '../../openapi-conformance.ts';
import { anonymous, keyAccount, type KeyCaller } from './user-state-accounts.ts';
import { samplePrices } from '../../sample-files.ts';
import { mcpCall } from '../../doors.ts';

const r2 = (n: number): number => Math.round(n * 100) / 100;
const r6 = (n: number): number => Math.round(n * 1e6) / 1e6;

let t: TestApp;
let alice: KeyCaller;
let bob: KeyCaller;

const positions = suite('/api/portfolio-positions');
positions.before(async () => {
  t = await sampleApp({ jobs: ['companies', 'prices'], server: { plugins: [conformancePlugin()] } });
  alice = await keyAccount(t.app, t.services.store, 'alice-portfolio@example.com');
  bob = await keyAccount(t.app, t.services.store, 'bob-portfolio@example.com');
});
positions.after(() => t.close());

positions('anonymous callers get 401 on every portfolio route', async () => {
  for (const [m, u] of [
    ['GET', '/api/portfolio-positions'],
    ['POST', '/api/portfolio-positions'],
    ['DELETE', '/api/portfolio-positions'],
    ['GET', '/api/portfolio-history'],
    ['GET', '/api/portfolio/benchmark'],
  ] as const) {
    const res = await anonymous(t.app, m, u, m === 'GET' ? undefined : { ticker: 'AAPL', shares: 1, cost_basis: 1 });
    assert.is(res.statusCode, 401, `${m} ${u}`);
  }
});

positions('POST adds at the latest close date; a second POST merges at the weighted average cost', async () => {
  const last = samplePrices('AAPL').at(-1)!;
  let res = await alice.call('POST', '/api/portfolio-positions', { ticker: 'aapl', shares: 10, cost_basis: 150 });
  assert.is(res.statusCode, 201);
  assert.equal(res.json(), {
    ticker: 'AAPL',
    shares: 10,
    cost_basis: 150,
    portfolio_id: 'default',
    opened_on: last.date,
    price: last.close,
    price_date: last.date,
    market_value: r2(10 * last.close),
    unrealized_pnl: r2(10 * last.close - 1500),
    // The sample's price files are generated (pipelines/sample/SYNTHETIC lists vendor/prices/).
    synthetic: true,
    dataThrough: last.date,
    fetchedAt: res.json().fetchedAt,
  });
  assert.match(res.json().fetchedAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  res = await alice.call('POST', '/api/portfolio-positions', { ticker: 'AAPL', shares: 5, cost_basis: 180 });
  assert.is(res.statusCode, 201);
  // (10 x 150 + 5 x 180) / 15 = 160
  assert.equal([res.json().shares, res.json().cost_basis, res.json().unrealized_pnl], [15, 160, r2(15 * last.close - 15 * 160)]);
  const list = (await alice.call('GET', '/api/portfolio-positions')).json();
  assert.equal(list.map((p: { ticker: string; shares: number }) => [p.ticker, p.shares]), [['AAPL', 15]]);
});

positions('several named portfolios per account; portfolio_id in the query or the body', async () => {
  assert.is((await alice.call('POST', '/api/portfolio-positions?portfolio_id=retirement', { ticker: 'KO', shares: 20, cost_basis: 60 })).statusCode, 201);
  assert.is((await alice.call('POST', '/api/portfolio-positions', { ticker: 'JNJ', shares: 3, cost_basis: 150, portfolio_id: 'retirement' })).statusCode, 201);
  const ret = (await alice.call('GET', '/api/portfolio-positions?portfolio_id=retirement')).json();
  assert.equal(ret.map((p: { ticker: string }) => p.ticker), ['JNJ', 'KO']);
  const def = (await alice.call('GET', '/api/portfolio-positions')).json();
  assert.equal(def.map((p: { ticker: string }) => p.ticker), ['AAPL']);
});

positions('unknown ticker, negative or non-numeric shares or cost -> 400 naming the field', async () => {
  const cases: [unknown, string][] = [
    [{ ticker: 'ZZZZZ', shares: 1, cost_basis: 1 }, 'ZZZZZ'],
    [{ ticker: 'AAPL', shares: -1, cost_basis: 1 }, 'shares'],
    [{ ticker: 'AAPL', shares: 0, cost_basis: 1 }, 'shares'],
    [{ ticker: 'AAPL', shares: 'ten', cost_basis: 1 }, 'shares'],
    [{ ticker: 'AAPL', shares: 1, cost_basis: -5 }, 'cost_basis'],
    [{ ticker: 'AAPL', shares: 1, cost_basis: '12' }, 'cost_basis'],
    [{ ticker: 'AAPL', shares: 1 }, 'cost_basis'],
    [{ shares: 1, cost_basis: 1 }, 'ticker'],
    [{ ticker: 'AAPL', shares: 1, cost_basis: 1, date: '2024-02-30' }, 'date'],
  ];
  for (const [body, field] of cases) {
    const res = await alice.call('POST', '/api/portfolio-positions', body);
    assert.is(res.statusCode, 400, JSON.stringify(body));
    assert.match(res.json().error, field, JSON.stringify(body));
  }
  assert.is((await alice.call('GET', '/api/portfolio-history?days=0')).statusCode, 400);
  assert.is((await alice.call('GET', '/api/portfolio/benchmark?period=2W')).statusCode, 400);
});

positions('cost_basis: at most 4 decimal places (as it is kept) at every door, never stored rounded to another value', async () => {
  const gil = await keyAccount(t.app, t.services.store, 'gil-portfolio@example.com');
  const headers = { 'x-api-key': gil.key, 'user-agent': 'almanac-tests/1.0 (user-state)' };
  for (const cost_basis of [0.00004999, 1e-9, 1e-300, 1.23456789]) {
    const res = await gil.call('POST', '/api/portfolio-positions', { ticker: 'KO', shares: 1, cost_basis });
    assert.is(res.statusCode, 400, `${cost_basis}: ${res.body}`);
    assert.match(res.json().error, "invalid body field 'cost_basis': may have at most 4 decimal places");
  }
  const mcp = await mcpCall(t.app, 'add_portfolio_position', { ticker: 'KO', shares: 1, costBasis: 0.00004999 }, headers);
  assert.ok(mcp.isError, mcp.raw);
  assert.match(mcp.raw, /costBasis.*may have at most 4 decimal places/);
  const gql = await t.app.inject({ method: 'POST', url: '/graphql', headers, payload: { query: 'mutation { addPosition(ticker: "KO", shares: 1, costBasis: 1e-9) { ticker } }' } });
  assert.match(gql.body, /costBasis.*may have at most 4 decimal places/);
  assert.equal((await gil.call('GET', '/api/portfolio-positions')).json(), [], 'nothing was added');
  const ok = await gil.call('POST', '/api/portfolio-positions', { ticker: 'KO', shares: 1, cost_basis: 1.2345 });
  assert.equal([ok.statusCode, ok.json().cost_basis], [201, 1.2345]);
});

positions('shares: at most 8 decimal places at every door (REST, GraphQL, MCP), as paper trading', async () => {
  const fay = await keyAccount(t.app, t.services.store, 'fay-portfolio@example.com');
  const headers = { 'x-api-key': fay.key, 'user-agent': 'almanac-tests/1.0 (user-state)' };
  for (const shares of [1e-12, 1e-300, 0.123456789]) {
    const res = await fay.call('POST', '/api/portfolio-positions', { ticker: 'KO', shares, cost_basis: 50 });
    assert.is(res.statusCode, 400, `${shares}: ${res.body}`);
    assert.match(res.json().error, "invalid body field 'shares': may have at most 8 decimal places");
  }
  const gql = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers,
    payload: { query: 'mutation { addPosition(ticker: "KO", shares: 1e-12, costBasis: 50) { ticker shares } }' },
  });
  const errors = JSON.parse(gql.body).errors as { message: string }[];
  assert.ok(errors?.some((e) => /shares.*may have at most 8 decimal places/.test(e.message)), gql.body);
  const mcp = await mcpCall(t.app, 'add_portfolio_position', { ticker: 'KO', shares: 1e-12, costBasis: 50 }, headers);
  assert.ok(mcp.isError, mcp.raw);
  assert.match(mcp.raw, /shares.*may have at most 8 decimal places/);
  assert.equal((await fay.call('GET', '/api/portfolio-positions')).json(), [], 'nothing was added');
  // Eight places are fine, and history values them as held (not rounded to 0).
  const ok = await fay.call('POST', '/api/portfolio-positions', { ticker: 'KO', shares: 0.00000001, cost_basis: 50 });
  assert.equal([ok.statusCode, ok.json().shares], [201, 0.00000001]);
  assert.is((await fay.call('GET', '/api/portfolio-history?days=5')).json().series.at(-1).positions, 1);
});

positions('a merge past the most shares of a position is refused and leaves the position as it was', async () => {
  const gus = await keyAccount(t.app, t.services.store, 'gus-portfolio@example.com');
  const add = () => gus.call('POST', '/api/portfolio-positions', { ticker: 'KO', shares: 1e12, cost_basis: 50 });
  assert.is((await add()).statusCode, 201);
  const merged = await add();
  assert.is(merged.statusCode, 400, merged.body);
  assert.match(merged.json().error, 'the position in KO would hold 2000000000000 shares: a position holds at most 1000000000000');
  const held = (await gus.call('GET', '/api/portfolio-positions')).json();
  assert.equal(held.map((p: { ticker: string; shares: number; cost_basis: number }) => [p.ticker, p.shares, p.cost_basis]), [['KO', 1e12, 50]]);
  // The refused merge recorded no trade: history holds what the position holds.
  const h = (await gus.call('GET', '/api/portfolio-history?days=5')).json();
  assert.is(h.series.at(-1).cost, 50 * 1e12);
});

positions('DELETE removes; a ticker not held is 404', async () => {
  assert.is((await alice.call('POST', '/api/portfolio-positions?portfolio_id=scratch', { ticker: 'XOM', shares: 2, cost_basis: 100 })).statusCode, 201);
  const res = await alice.call('DELETE', '/api/portfolio-positions?portfolio_id=scratch', { ticker: 'XOM' });
  assert.is(res.statusCode, 200);
  assert.equal([res.json().removed.ticker, res.json().removed.shares], ['XOM', 2]);
  assert.equal((await alice.call('GET', '/api/portfolio-positions?portfolio_id=scratch')).json(), []);
  assert.is((await alice.call('DELETE', '/api/portfolio-positions?portfolio_id=scratch', { ticker: 'XOM' })).statusCode, 404);
});

positions('ownership: another account sees none of it and cannot delete it (404)', async () => {
  assert.equal((await bob.call('GET', '/api/portfolio-positions')).json(), []);
  assert.equal((await bob.call('GET', '/api/portfolio-positions?portfolio_id=retirement')).json(), []);
  assert.is((await bob.call('DELETE', '/api/portfolio-positions', { ticker: 'AAPL' })).statusCode, 404);
  assert.is((await bob.call('DELETE', '/api/portfolio-positions?portfolio_id=retirement', { ticker: 'KO' })).statusCode, 404);
  assert.equal((await bob.call('GET', '/api/portfolio-history')).json().series, []);
  assert.is((await bob.call('GET', '/api/portfolio/benchmark?period=1M')).json().portfolio.return, null);
  // Alice's positions are untouched.
  assert.equal((await alice.call('GET', '/api/portfolio-positions')).json().map((p: { ticker: string }) => p.ticker), ['AAPL']);
});

// The two-position fixture below (10 AAPL from the close of 2024-12-23, 5 MSFT from 2024-12-27),
// valued with the closes of the sample's generated price files.
const close = (ticker: string, date: string): number => samplePrices(ticker).find((b) => b.date === date)!.close;
const DAYS = samplePrices('AAPL').map((b) => b.date).filter((d) => d >= '2024-12-23' && d <= '2024-12-31');
const valueOn = (d: string): number => 10 * close('AAPL', d) + (d >= '2024-12-27' ? 5 * close('MSFT', d) : 0);

positions('history: positions as they stood each day (two-position fixture, from the price files)', async () => {
  const carol = await keyAccount(t.app, t.services.store, 'carol-portfolio@example.com');
  await carol.call('POST', '/api/portfolio-positions', { ticker: 'AAPL', shares: 10, cost_basis: 240, date: '2024-12-23' });
  await carol.call('POST', '/api/portfolio-positions', { ticker: 'MSFT', shares: 5, cost_basis: 430, date: '2024-12-27' });
  let h = (await carol.call('GET', '/api/portfolio-history?days=9')).json();
  assert.equal([h.start, h.end, h.days], ['2024-12-23', '2024-12-31', 9]);
  assert.ok(typeof h.disclaimer === 'string' && h.disclaimer.includes('not investment advice'));
  assert.equal(DAYS, ['2024-12-23', '2024-12-24', '2024-12-26', '2024-12-27', '2024-12-30', '2024-12-31']);
  assert.equal(
    h.series.map((p: { date: string; value: number; cost: number; positions: number }) => [p.date, p.value, p.cost, p.positions]),
    DAYS.map((d) => (d < '2024-12-27' ? [d, r2(valueOn(d)), 2400, 1] : [d, r2(valueOn(d)), 4550, 2])),
  );
  // Removing AAPL effective 2024-12-31 keeps it in the value up to 12-30.
  assert.is((await carol.call('DELETE', '/api/portfolio-positions', { ticker: 'AAPL', date: '2024-12-31' })).statusCode, 200);
  h = (await carol.call('GET', '/api/portfolio-history?days=2')).json();
  assert.equal(h.series.map((p: { date: string; value: number; positions: number }) => [p.date, p.value, p.positions]), [
    ['2024-12-30', r2(valueOn('2024-12-30')), 2],
    ['2024-12-31', r2(5 * close('MSFT', '2024-12-31')), 1],
  ]);
});

positions('benchmark 1M: time-weighted portfolio return against SPY, both series (from the price files)', async () => {
  const dave = await keyAccount(t.app, t.services.store, 'dave-portfolio@example.com');
  await dave.call('POST', '/api/portfolio-positions', { ticker: 'AAPL', shares: 10, cost_basis: 240, date: '2024-12-23' });
  await dave.call('POST', '/api/portfolio-positions', { ticker: 'MSFT', shares: 5, cost_basis: 430, date: '2024-12-27' });
  const res = await dave.call('GET', '/api/portfolio/benchmark?period=1M');
  assert.is(res.statusCode, 200);
  const b = res.json();
  // 1M before 2024-12-31 is 2024-11-30 (a Saturday): the base is the close of Friday 2024-11-29.
  assert.equal([b.period, b.start, b.end, b.benchmark.ticker], ['1M', '2024-11-29', '2024-12-31', 'SPY']);
  const spy = r6(close('SPY', '2024-12-31') / close('SPY', '2024-11-29') - 1);
  assert.is(b.benchmark.return, spy);
  assert.equal(b.benchmark.series[0], { date: '2024-11-29', return: 0 });
  assert.equal(b.benchmark.series.at(-1), { date: '2024-12-31', return: spy });
  // Nothing held before the close of 12-23. Then AAPL alone from 12-23 to 12-27 (MSFT added at that
  // close, so it only counts from 12-30); then both from the 12-27 value to the 12-31 value.
  const a23 = close('AAPL', '2024-12-23');
  const portfolio = r6((close('AAPL', '2024-12-27') / a23) * (valueOn('2024-12-31') / valueOn('2024-12-27')) - 1);
  assert.is(b.portfolio.return, portfolio);
  const byDate = Object.fromEntries(b.portfolio.series.map((p: { date: string; return: number; value: number }) => [p.date, [p.return, p.value]]));
  assert.equal(byDate['2024-12-20'], [0, 0]);
  assert.equal(byDate['2024-12-23'], [0, r2(valueOn('2024-12-23'))]);
  assert.equal(byDate['2024-12-24'], [r6(close('AAPL', '2024-12-24') / a23 - 1), r2(valueOn('2024-12-24'))]);
  assert.equal(byDate['2024-12-27'], [r6(close('AAPL', '2024-12-27') / a23 - 1), r2(valueOn('2024-12-27'))]);
  assert.is(b.excessReturn, r6(portfolio - spy));
  assert.is(b.portfolio.series.length, b.benchmark.series.length);
});

positions('benchmark periods: YTD starts at the last close of the previous year', async () => {
  const b = (await alice.call('GET', '/api/portfolio/benchmark?period=YTD')).json();
  assert.equal([b.start, b.end], ['2023-12-29', '2024-12-31']);
  const y3 = (await alice.call('GET', '/api/portfolio/benchmark?period=3Y')).json();
  assert.is(y3.start, (await alice.call('GET', '/api/portfolio/benchmark?period=5Y')).json().start, 'the sample starts in 2022: both clamp to its first close');
});

positions('every response conforms to the OpenAPI description', () => {
  assert.equal(violations, []);
});

positions('trade dates cannot rewrite the past or come from the future: history and positions stay one story', async () => {
  const erin = await keyAccount(t.app, t.services.store, 'erin-portfolio@example.com');
  const post = (body: object) => erin.call('POST', '/api/portfolio-positions', body);
  const del = (body: object) => erin.call('DELETE', '/api/portfolio-positions', body);
  assert.is((await post({ ticker: 'AAPL', shares: 2, cost_basis: 240, date: '2024-12-20' })).statusCode, 201);
  // A removal before the purchase: refused, the position still there.
  const early = await del({ ticker: 'AAPL', date: '2024-12-10' });
  assert.is(early.statusCode, 400, early.body);
  assert.match(early.json().error, 'its latest trade is dated 2024-12-20');
  assert.equal((await erin.call('GET', '/api/portfolio-positions')).json().map((p: { ticker: string }) => p.ticker), ['AAPL']);
  // A trade dated after today, at either end.
  const future = await post({ ticker: 'MSFT', shares: 1, cost_basis: 430, date: '2999-12-31' });
  assert.is(future.statusCode, 400);
  assert.match(future.json().error, "invalid body field 'date': 2999-12-31 is after today");
  assert.is((await del({ ticker: 'AAPL', date: '2999-12-31' })).statusCode, 400);
  // Closed on 12-27, AAPL cannot be bought again on an earlier day; on or after it, it can.
  assert.is((await del({ ticker: 'AAPL', date: '2024-12-27' })).statusCode, 200);
  const back = await post({ ticker: 'AAPL', shares: 1, cost_basis: 250, date: '2024-12-23' });
  assert.is(back.statusCode, 400);
  assert.match(back.json().error, 'closed its position on 2024-12-27');
  assert.is((await post({ ticker: 'AAPL', shares: 1, cost_basis: 250, date: '2024-12-30' })).statusCode, 201);
  // The history's last day holds what the positions hold.
  const h = (await erin.call('GET', '/api/portfolio-history?days=9')).json();
  const now = (await erin.call('GET', '/api/portfolio-positions')).json();
  assert.equal([h.series.at(-1).positions, now.length, now[0].shares], [1, 1, 1]);
  // A trade without a date (the ticker's latest close) after one dated today, later than that close,
  // takes effect on the later day: never refused for a date the caller did not give.
  const today = new Date().toISOString().slice(0, 10);
  assert.is((await post({ ticker: 'MSFT', shares: 1, cost_basis: 430, date: today })).statusCode, 201);
  const undatedRemoval = await del({ ticker: 'MSFT' });
  assert.is(undatedRemoval.statusCode, 200, undatedRemoval.body);
  const undatedAddition = await post({ ticker: 'MSFT', shares: 2, cost_basis: 431 });
  assert.is(undatedAddition.statusCode, 201, undatedAddition.body);
  assert.is(undatedAddition.json().opened_on, today);
});

positions.run();
