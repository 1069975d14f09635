/**
 * One capability, one rule for its arguments at every door (found by an attacker pass): GraphQL
 * took any number as an intrinsic-value assumption where MCP refused it, answered a malformed
 * ticker with a silent null and a one-character borrower search with an empty list where REST and
 * MCP said 400; MCP refused what REST takes (one to ten funds to compare, a 36,500-day news
 * window, a CIK with spaces around it, a bond search shorter than two characters: an empty list by
 * spec 4.4), and answered a ticker without prices with an empty, billed list where REST said 404.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseInput } from '../../api/route.ts';
import { TOOLS } from '../../schema/mcp/index.ts';
import { mcpCall } from '../doors.ts';
import { json, sampleApp, type TestApp } from '../helpers.ts';
import { keyAccount } from './rest/user-state-accounts.ts';

let t: TestApp;
let key: string;
const UA = { 'user-agent': 'almanac-tests/1.0 (door-arguments)' };
const test = suite('door arguments');

test.before(async () => {
  t = await sampleApp();
  key = (await keyAccount(t.app, t.services.store, 'door-arguments@example.com', 'researcher')).key;
});
test.after(async () => {
  await t.close();
});

async function gqlError(query: string): Promise<{ code: string; message: string }> {
  const body = json<any>(await t.app.inject({ method: 'POST', url: '/graphql', payload: { query }, headers: { ...UA, 'x-api-key': key } }));
  assert.ok(body.errors, JSON.stringify(body).slice(0, 300));
  return { code: body.errors[0].extensions.code, message: body.errors[0].message };
}

const accepts = (tool: keyof typeof TOOLS, args: Record<string, unknown>): boolean => {
  try {
    parseInput(TOOLS[tool].input, args, 'parameter');
    return true;
  } catch {
    return false;
  }
};

test('GraphQL intrinsicValue takes the assumptions by the MCP tool\'s bounds', async () => {
  const g = await gqlError('{ company(ticker: "AAPL") { intrinsicValue(discountRate: -1) { asOf } } }');
  assert.equal(g.code, 'BAD_REQUEST');
  assert.match(g.message, "'discountRate'");
  assert.is(accepts('alm_intrinsic_value', { ticker: 'AAPL', discountRate: -1 }), false);
  const ok = json<any>(await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ company(ticker: "AAPL") { intrinsicValue(discountRate: 0.1) { asOf } } }' }, headers: { ...UA, 'x-api-key': key } }));
  assert.not.ok(ok.errors, JSON.stringify(ok.errors));
});

test('GraphQL refuses a malformed ticker and a one-character borrower search, as REST and MCP do', async () => {
  assert.equal((await gqlError('{ company(ticker: "$NVDA") { ticker } }')).code, 'BAD_REQUEST');
  assert.equal((await gqlError('{ companies(tickers: ["AAPL", "$NVDA"]) { ticker } }')).code, 'BAD_REQUEST');
  assert.equal((await t.app.inject({ url: '/api/fundamentals-pit?ticker=%24NVDA', headers: UA })).statusCode, 400);
  const b = await gqlError('{ borrowers(q: "a") { edges { node { borrower { name } } } } }');
  assert.equal(b.code, 'BAD_REQUEST');
  assert.equal((await t.app.inject({ url: '/api/credit/borrowers?q=a', headers: UA })).statusCode, 400);
  // A well-formed unknown ticker stays a null.
  const unknown = json<any>(await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ company(ticker: "ZZZZ") { ticker } }' }, headers: UA }));
  assert.equal(unknown.data, { company: null });
});

test('MCP takes what REST takes', () => {
  assert.ok(accepts('compare_etfs', { symbols: ['SPY'] }));
  assert.ok(accepts('compare_etfs', { symbols: Array.from({ length: 10 }, (_, i) => `F${i}`) }));
  assert.not.ok(accepts('compare_etfs', { symbols: Array.from({ length: 11 }, (_, i) => `F${i}`) }));
  assert.ok(accepts('search_news', { days: 36500 }));
  assert.ok(accepts('get_13f_holdings', { cik: ' 1067983' }));
  assert.ok(accepts('search_bonds', { q: 'a' }));
});

test('MCP search_bonds answers a one-character q with an empty list, as REST does', async () => {
  const bonds = await mcpCall(t.app, 'search_bonds', { q: 'a' }, UA);
  assert.not.ok(bonds.isError, bonds.raw.slice(0, 300));
  assert.equal(bonds.body.items, []);
  assert.equal(json(await t.app.inject({ url: '/api/bond-search?q=a', headers: UA })), []);
});

test('MCP price and technicals history of a ticker without prices is a 404, as REST says', async () => {
  for (const name of ['get_price_history', 'get_technicals_history']) {
    const out = await mcpCall(t.app, name, { ticker: 'ZZZZ' }, UA);
    assert.ok(out.isError, `${name}: ${out.raw.slice(0, 200)}`);
    assert.is(out.body.status, 404);
  }
  assert.is((await t.app.inject({ url: '/api/price-history?ticker=ZZZZ', headers: UA })).statusCode, 404);
});

test.run();
