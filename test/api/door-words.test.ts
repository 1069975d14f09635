/**
 * The REST handlers' refusals at the doors that run them without HTTP (api/door-words.ts): an MCP
 * account tool or a GraphQL mutation is refused in its own words (its argument names, its tools or
 * queries), never REST's body fields and paths; REST itself keeps its words.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { argumentName, inDoorWords } from '../../api/door-words.ts';
import { json, sampleApp, type TestApp } from '../helpers.ts';
import { mcpCall } from '../doors.ts';
import { keyAccount } from './rest/user-state-accounts.ts';

const words = suite('door words: REST refusals reworded');

words('fields become the door’s arguments, lists included; REST calls become the door’s tool or query', () => {
  assert.is(argumentName('cost_basis'), 'costBasis');
  assert.is(argumentName('params.min_pe'), 'params.min_pe');
  assert.is(inDoorWords("invalid body field 'cost_basis': must be positive", 'mcp'), "invalid parameter 'costBasis': must be positive");
  assert.is(inDoorWords("invalid body field 'cost_basis': must be positive", 'graphql'), "invalid argument 'costBasis': must be positive");
  assert.is(inDoorWords("missing required parameter 'portfolio_id'", 'graphql'), "missing required argument 'portfolioId'");
  assert.is(inDoorWords('unknown body field(s): cost_basis, opened_on', 'mcp'), 'unknown parameter(s): costBasis, openedOn');
  assert.is(inDoorWords("invalid body field 'params.min_pe': expected a number", 'graphql'), "invalid argument 'params.min_pe': expected a number");
  assert.is(inDoorWords("unknown ticker 'ZZ': look it up with GET /api/ticker-search?q=", 'mcp'), "unknown ticker 'ZZ': look it up with the search_tickers tool");
  assert.is(inDoorWords("unknown ticker 'ZZ': look it up with GET /api/ticker-search?q=", 'graphql'), "unknown ticker 'ZZ': look it up with the searchCompanies query");
  assert.is(inDoorWords("no lesson 'x': the curriculum lists them (GET /api/learn/tracks)", 'mcp'), "no lesson 'x': the curriculum lists them (the list_learn_tracks tool)");
  // A REST call no other door has is kept, and said to be REST's.
  assert.match(inDoorWords('cancel one with DELETE /api/paper/orders/{id} first', 'mcp'), 'DELETE /api/paper/orders/{id} (REST, with the same API key: no tool cancels an order) first');
  // Text that names no field is left as it is.
  assert.is(inDoorWords('short selling is not allowed: 0 unreserved shares of AAPL are held', 'graphql'), 'short selling is not allowed: 0 unreserved shares of AAPL are held');
  // What the caller wrote, quoted back, is given back as written (a review found it reworded).
  // (`known`: the fields of the route that refused, here POST /api/watchlists and a lesson's path.)
  for (const quoted of ["a watchlist named 'Tech parameter: big_caps' already exists", "a watchlist named 'my parameter 'max_pe' list' already exists", "no lesson 'parameter 'cost_basis''"]) {
    assert.is(inDoorWords(quoted, 'mcp', new Set(['name', 'tickers', 'id'])), quoted);
  }
  // The route's own fields quoted later in a refusal are the door's names; a door's own name wins over camelCase.
  assert.is(inDoorWords("invalid parameter 'ticker': give 'ticker', 'owner_cik' or 'owner'", 'graphql', new Set(['ticker', 'owner_cik', 'owner'])), "invalid argument 'ticker': give 'ticker', 'ownerCik' or 'owner'");
  assert.is(inDoorWords("invalid parameter 'portfolio_id': must be a portfolio id", 'graphql', new Set(['portfolio_id']), { portfolio_id: 'id' }), "invalid argument 'id': must be a portfolio id");
});

words.run();

const doors = suite('door words: the account doors refuse in their own words');
let t: TestApp;
let key: Record<string, string>;
const UA = { 'user-agent': 'almanac-door-words-test/1.0' };
const TOMORROW = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);

doors.before(async () => {
  t = await sampleApp({});
  key = { ...UA, 'x-api-key': (await keyAccount(t.app, t.services.store, 'words@example.com', 'power_user')).key };
});
doors.after(() => t.close());

/** REST's words, which no refusal at another door may hold. */
function assertNoRestWords(message: string, at: string): void {
  assert.not.match(message, /body field|GET \/api\/|POST \/api\//, `${at}: ${message}`);
  assert.not.match(message, /'(cost_basis|portfolio_id|opened_on)'/, `${at}: ${message}`);
}

doors('MCP account and LEARN tools', async () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['add_portfolio_position', { ticker: 'ZZZZ', shares: 1, costBasis: 1 }, "unknown ticker 'ZZZZ': look it up with the search_tickers tool"],
    ['add_portfolio_position', { ticker: 'AAPL', shares: 1, costBasis: 1, date: TOMORROW }, `invalid parameter 'date': ${TOMORROW} is after today`],
    ['place_paper_order', { ticker: 'ZZZZ', side: 'buy', quantity: 1 }, "unknown ticker 'ZZZZ' (no prices): look it up with the search_tickers tool"],
    ['place_paper_order', { ticker: 'AAPL', side: 'buy', type: 'limit', quantity: 1 }, "parameter 'limitPrice' is required for a limit order"],
    ['create_watchlist', { name: 'x', tickers: ['ZZZZZ'] }, "unknown ticker 'ZZZZZ': look it up with the search_tickers tool"],
    ['get_lesson', { id: 'nope' }, "no lesson 'nope': the curriculum lists them (the list_learn_tracks tool)"],
  ];
  for (const [tool, args, expected] of cases) {
    const { isError, body } = await mcpCall(t.app, tool, args, key);
    assert.ok(isError, tool);
    assert.ok(String(body.error).startsWith(expected), `${tool}: ${body.error}`);
    assertNoRestWords(body.error, tool);
  }
});

doors('GraphQL mutations and lesson', async () => {
  const cases: [string, string][] = [
    ['mutation { addPosition(ticker: "ZZZZ", shares: 1, costBasis: 1) { ticker } }', "unknown ticker 'ZZZZ': look it up with the searchCompanies query"],
    [`mutation { addPosition(ticker: "AAPL", shares: 1, costBasis: 1, date: "${TOMORROW}") { ticker } }`, `invalid argument 'date': ${TOMORROW} is after today`],
    ['mutation { addPosition(ticker: "AAPL", shares: -1, costBasis: 1) { ticker } }', "invalid argument 'shares'"],
    ['mutation { addPosition(ticker: "AAPL", shares: 1, costBasis: -1) { ticker } }', "invalid argument 'costBasis'"],
    ['mutation { placePaperOrder(ticker: "AAPL", side: "hold", quantity: 1) }', "invalid argument 'side'"],
    ['mutation { placePaperOrder(ticker: "AAPL", side: "buy", type: "limit", quantity: 1) }', "argument 'limitPrice' is required for a limit order"],
    ['mutation { createWatchlist(name: "x", tickers: ["ZZZZZ"]) { id } }', "unknown ticker 'ZZZZZ': look it up with the searchCompanies query"],
    ['mutation { saveScreen(name: "s", params: { nope: 1 }) { id } }', 'unknown argument(s): params.nope'],
  ];
  for (const [query, expected] of cases) {
    const body = json<any>(await t.app.inject({ method: 'POST', url: '/graphql', payload: { query }, headers: key }));
    const message = String(body.errors?.[0]?.message);
    assert.ok(message.startsWith(expected) || message.includes(expected), `${query}: ${message}`);
    assertNoRestWords(message, query);
  }
});

doors("what the caller wrote is quoted back as written; GraphQL's REST-schema arguments are named as GraphQL names them", async () => {
  const name = "Tech parameter: big_caps";
  for (let i = 0; i < 2; i++) await mcpCall(t.app, 'create_watchlist', { name }, key);
  assert.match(String((await mcpCall(t.app, 'create_watchlist', { name }, key)).body.error), `a watchlist named '${name}' already exists`);
  const gql = async (query: string): Promise<string> => String(json<any>(await t.app.inject({ method: 'POST', url: '/graphql', payload: { query }, headers: key })).errors?.[0]?.message);
  const trades = await gql('{ insiderTrades(first: 1) { edges { cursor } } }');
  assert.match(trades, "'ownerCik'");
  assertNoRestWords(trades, 'insiderTrades');
  assert.match(await gql('{ insiderTrades(ticker: "TSLA", from: "2025-02-01", to: "2025-01-01") { edges { cursor } } }'), "invalid argument 'from': is after 'to'");
  const portfolio = await gql('{ me { portfolio(id: "bad/id") { positions { edges { cursor } } } } }');
  assert.not.match(portfolio, 'portfolioId', portfolio);
  assert.match(portfolio, "argument 'id'");
});

doors("GraphQL saveScreen takes the screener's arguments camelCase, as MCP's run_screener does, or REST's names", async () => {
  const save = async (params: string): Promise<any> => json<any>(await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: `mutation { saveScreen(name: "s${Math.random()}", params: ${params}) { params } }` }, headers: key }));
  assert.equal((await save('{ mktcapMin: 1000, peMax: 30 }')).data.saveScreen.params, { mktcap_min: 1000, pe_max: 30 });
  assert.equal((await save('{ mktcap_min: 1000 }')).data.saveScreen.params, { mktcap_min: 1000 });
  assert.match(String((await save('{ mktcapMin: 1, mktcap_min: 2 }')).errors?.[0]?.message), "invalid argument 'params.mktcap_min': 'mktcap_min' given twice");
  assert.match(String((await save('{ peMax: "x" }')).errors?.[0]?.message), "'params.pe_max'");
  // A key named like an Object.prototype member is an unknown argument like any other, not "given
  // twice" (outside pass); `__proto__` stays refused and never becomes the object's prototype.
  for (const name of ['toString', 'constructor', 'hasOwnProperty', '__proto__']) {
    const res = await save(`{ ${name}: { sector: "Energy" } }`);
    assert.is(res.data.saveScreen, null, name);
    assert.is(res.errors?.[0]?.message, `unknown argument(s): params.${name}`, name);
  }
});

doors('REST keeps its own words', async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/portfolio-positions', payload: { ticker: 'ZZZZ', shares: 1, cost_basis: 1 }, headers: key });
  assert.equal(json(res), { error: "unknown ticker 'ZZZZ': look it up with GET /api/ticker-search?q=" });
  const dated = await t.app.inject({ method: 'POST', url: '/api/portfolio-positions', payload: { ticker: 'AAPL', shares: 1, cost_basis: -1 }, headers: key });
  assert.match(json<any>(dated).error, /^invalid body field 'cost_basis'/);
});

doors.run();
