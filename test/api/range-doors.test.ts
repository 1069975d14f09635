/**
 * A date range whose first day is after its last is a 400 naming the first day on every door
 * (README, "Parameters"): a reversed range was an empty answer on MCP and GraphQL (fundamentals
 * history, macro series) and on every door for insider trades, where REST refused it for the
 * first two, so an agent that swapped the dates concluded the data did not exist.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { mcpCall } from '../doors.ts';
import { json, sampleApp, type TestApp } from '../helpers.ts';

let t: TestApp;
const UA = { 'user-agent': 'almanac-tests/1.0 (range-doors)' };
const test = suite('reversed date ranges');

test.before(async () => {
  t = await sampleApp();
});
test.after(async () => {
  await t.close();
});

async function rest(url: string): Promise<{ status: number; error: string }> {
  const res = await t.app.inject({ url, headers: UA });
  return { status: res.statusCode, error: json<{ error: string }>(res).error };
}

async function mcp(name: string, args: Record<string, unknown>): Promise<{ status: number; error: string }> {
  const { isError, body, raw } = await mcpCall(t.app, name, args, UA);
  assert.ok(isError, `${name}: ${raw.slice(0, 300)}`);
  return body;
}

async function gqlError(query: string): Promise<{ code: string; message: string }> {
  const body = json<any>(await t.app.inject({ method: 'POST', url: '/graphql', payload: { query }, headers: UA }));
  assert.ok(body.errors, JSON.stringify(body));
  return { code: body.errors[0].extensions.code, message: body.errors[0].message };
}

test('fundamentals history: REST, MCP and GraphQL', async () => {
  assert.equal((await rest('/api/fundamentals-history?ticker=AAPL&start=2024-01-01&end=2023-01-01')).status, 400);
  const m = await mcp('get_fundamentals_history', { ticker: 'AAPL', start: '2024-01-01', end: '2023-01-01' });
  assert.equal([m.status, m.error], [400, "invalid parameter 'start': is after 'end'"]);
  const g = await gqlError('{ company(ticker: "AAPL") { fundamentalsHistory(start: "2024-01-01", end: "2023-01-01") { edges { node { filingDate } } } } }');
  assert.equal(g, { code: 'BAD_REQUEST', message: "argument 'start' is after 'end'" });
});

test('fundamentals history without a range: every filing to today, the same on REST, MCP and GraphQL (they required both dates)', async () => {
  const restEntries = json<{ entries: { accession: string }[] }>(await t.app.inject({ url: '/api/fundamentals-history?ticker=AAPL', headers: UA })).entries.map((e) => e.accession);
  assert.ok(restEntries.length > 1);
  const { isError, body, raw } = await mcpCall(t.app, 'get_fundamentals_history', { ticker: 'AAPL', limit: 100 }, UA);
  assert.not.ok(isError, raw);
  // A page (cut at MCP's answer size): the same filings from the first.
  const page = body.items.map((e: { accession: string }) => e.accession);
  assert.ok(page.length >= 5, raw.slice(0, 200));
  assert.equal(page, restEntries.slice(0, page.length));
  const g = json<any>(await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ company(ticker: "AAPL") { fundamentalsHistory(first: 100) { edges { node { accession } } } } }' }, headers: UA }));
  assert.not.ok(g.errors, JSON.stringify(g.errors));
  assert.equal(g.data.company.fundamentalsHistory.edges.map((e: { node: { accession: string } }) => e.node.accession), restEntries);
  // A start after today with no end: a 400 on every door (MCP and GraphQL answered an empty list).
  assert.is((await rest('/api/fundamentals-history?ticker=AAPL&start=2099-01-01')).status, 400);
  assert.match((await mcp('get_fundamentals_history', { ticker: 'AAPL', start: '2099-01-01' })).error, "invalid parameter 'start': is after 'end'");
  assert.match((await gqlError('{ company(ticker: "AAPL") { fundamentalsHistory(start: "2099-01-01") { edges { node { filingDate } } } } }')).message, "argument 'start' is after 'end'");
});

test('fundamentals history: an end before the earliest date served, with no start, names the end on every door (it blamed a start never sent)', async () => {
  const r = await rest('/api/fundamentals-history?ticker=AAPL&end=1800-01-01');
  assert.equal([r.status, r.error], [400, "parameter 'end' (1800-01-01) is before 1900-01-01, the earliest date served"]);
  const m = await mcp('get_fundamentals_history', { ticker: 'AAPL', end: '1800-01-01' });
  assert.is(m.status, 400);
  assert.match(m.error, "invalid parameter 'end': is before 1900-01-01");
  const g = await gqlError('{ company(ticker: "AAPL") { fundamentalsHistory(end: "1800-01-01") { edges { node { filingDate } } } } }');
  assert.equal(g, { code: 'BAD_REQUEST', message: "argument 'end' is before 1900-01-01, the earliest date served" });
  // Both given: the start is named, as before.
  assert.match((await rest('/api/fundamentals-history?ticker=AAPL&start=1850-01-01&end=1800-01-01')).error, "parameter 'start' (1850-01-01) is after 'end'");
});

test('macro series: REST, MCP and GraphQL', async () => {
  assert.equal((await rest('/api/macro/series?id=DGS10&start=2024-02-01&end=2024-01-01')).status, 400);
  const m = await mcp('get_macro_series', { id: 'DGS10', start: '2024-02-01', end: '2024-01-01' });
  assert.equal([m.status, m.error], [400, "invalid parameter 'start': is after 'end'"]);
  const g = await gqlError('{ macroSeries(id: "DGS10") { observations(start: "2024-02-01", end: "2024-01-01") { edges { node { date } } } } }');
  assert.equal(g, { code: 'BAD_REQUEST', message: "argument 'start' is after 'end'" });
});

test('insider trades: REST, MCP and GraphQL', async () => {
  assert.equal(await rest('/api/insiders?ticker=TSLA&from=2024-02-01&to=2024-01-01'), { status: 400, error: "invalid parameter 'from': is after 'to'" });
  const m = await mcp('get_insider_trades', { ticker: 'TSLA', from: '2024-02-01', to: '2024-01-01' });
  assert.equal([m.status, m.error], [400, "invalid parameter 'from': is after 'to'"]);
  const g = await gqlError('{ insiderTrades(ticker: "TSLA", from: "2024-02-01", to: "2024-01-01") { edges { node { accession } } } }');
  assert.equal(g, { code: 'BAD_REQUEST', message: "invalid argument 'from': is after 'to'" });
  // The same range in order is answered.
  assert.is((await t.app.inject({ url: '/api/insiders?ticker=TSLA&from=2020-01-01&to=2024-01-01', headers: UA })).statusCode, 200);
});

test('MCP price and technicals history refuse a reversed range by the same rule', async () => {
  for (const name of ['get_price_history', 'get_technicals_history']) {
    const m = await mcp(name, { ticker: 'AAPL', start: '2024-12-31', end: '2024-01-01' });
    assert.equal([m.status, m.error], [400, "invalid parameter 'start': is after 'end'"], name);
  }
});

test.run();
