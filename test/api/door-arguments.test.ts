/**
 * One capability, one rule for its arguments at every door (found by an attacker pass): GraphQL
 * took any number as an intrinsic-value assumption where MCP refused it, answered a malformed
 * ticker with a silent null and a one-character borrower search with an empty list where REST and
 * MCP said 400; MCP refused what REST takes (one to ten funds to compare, a 36,500-day news
 * window, a CIK with spaces around it, a bond search shorter than two characters: an empty list by
 * spec 4.4), and answered a ticker without prices with an empty, billed list where REST said 404.
 */
import type { GraphQLObjectType } from 'graphql';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { schema } from '../../api/graphql/schema/index.ts';
import { parseInput } from '../../api/route.ts';
import { ALIASES_KEPT_UNTIL, DEPRECATED_ARGUMENTS, deprecationNote } from '../../schema/door-arguments.ts';
import { TOOLS } from '../../schema/mcp/index.ts';
import { mcpCall, mcpTool } from '../doors.ts';
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

test('GraphQL refuses a CIK and a 13F quarter that REST refuses, naming the argument', async () => {
  for (const cik of [-5, 0]) {
    for (const field of ['manager', 'bdc']) {
      const g = await gqlError(`{ ${field}(cik: ${cik}) { cik } }`);
      assert.equal(g.code, 'BAD_REQUEST', `${field}(cik: ${cik})`);
      assert.match(g.message, "'cik'");
    }
    assert.is((await t.app.inject({ url: `/api/institutions/${cik}`, headers: { ...UA, 'x-api-key': key } })).statusCode, 400);
  }
  for (const q of ['2024-06-15', '2025-02-30', 'x']) {
    const g = await gqlError(`{ company(ticker: "AAPL") { institutionalHolders(quarter: "${q}") { period } } }`);
    assert.equal(g.code, 'BAD_REQUEST', q);
    assert.match(g.message, "'quarter'");
    assert.is((await t.app.inject({ url: `/api/institutional-holders?ticker=AAPL&quarter=${q}`, headers: UA })).statusCode, 400, q);
    assert.is(accepts('get_13f_holdings', { cik: 1067983, quarter: q }), false, q);
  }
});

test("GraphQL checks every argument by its capability's MCP tool's rule (api/graphql/access.ts): a 400, never a silent null or empty list", async () => {
  const long = 'A'.repeat(300);
  // A key of its own: the suite's key has calls of other tests to make within its minute's limit.
  const own = (await keyAccount(t.app, t.services.store, 'door-arguments-graphql@example.com', 'researcher')).key;
  const refused = async (query: string): Promise<{ code: string; message: string }> => {
    const body = json<any>(await t.app.inject({ method: 'POST', url: '/graphql', payload: { query }, headers: { ...UA, 'x-api-key': own } }));
    assert.ok(body.errors, JSON.stringify(body).slice(0, 300));
    return { code: body.errors[0].extensions.code, message: body.errors[0].message };
  };
  for (const [query, arg, tool, args] of [
    [`{ fund(symbol: "${'A'.repeat(200)}") { symbol } }`, 'symbol', 'get_etf_data', { symbol: 'A'.repeat(200) }],
    ['{ fund(symbol: "\u202e") { symbol } }', 'symbol', 'get_etf_data', { symbol: '\u202e' }],
    ['{ macroSeries(id: "bad id!") { id } }', 'id', 'get_macro_series', { id: 'bad id!' }],
    ['{ searchCompanies(q: "") { edges { node { ticker } } } }', 'q', 'search_tickers', { q: '' }],
    [`{ searchCompanies(q: "${long}") { edges { node { ticker } } } }`, 'q', 'search_tickers', { q: long }],
    [`{ glossary(q: "${long}") { edges { node { slug } } } }`, 'q', 'search_glossary', { q: long }],
    [`{ glossary(topic: "${long}") { edges { node { slug } } } }`, 'topic', 'search_glossary', { topic: long }],
    ['{ security(id: "") { cusip } }', 'id', 'lookup_security', { id: '' }],
    [`{ security(id: "${long}") { cusip } }`, 'id', 'lookup_security', { id: long }],
    ['{ lesson(id: "") { id } }', 'id', 'get_lesson', { id: '' }],
  ] as const) {
    const g = await refused(query);
    assert.equal(g.code, 'BAD_REQUEST', query.slice(0, 80));
    assert.match(g.message, `'${arg}'`, query.slice(0, 80));
    assert.is(accepts(tool as keyof typeof TOOLS, args), false, `${tool} refuses it too`);
  }
  // REST says the same of the macro series id (MCP's rule is REST's).
  assert.is((await t.app.inject({ url: '/api/macro/series?id=bad%20id!', headers: { ...UA, 'x-api-key': own } })).statusCode, 400);
  // Well-formed values still answer (an unknown fund is a null).
  const ok = json<any>(await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ fund(symbol: "ZZZZ") { symbol } searchCompanies(q: "apple") { edges { node { ticker } } } }' }, headers: { ...UA, 'x-api-key': own } }));
  assert.not.ok(ok.errors, JSON.stringify(ok.errors));
  assert.is(ok.data.fund, null);
  assert.ok(ok.data.searchCompanies.edges.length > 0);
});

test("the tools' rules take every value REST or EDGAR does: a 14-character form type, a watchlist of 200 tickers", async () => {
  assert.ok(accepts('get_sec_filings', { ticker: 'AAPL', form: 'SCHEDULE 13G/A' }));
  const symbols = (n: number) => Array.from({ length: n }, (_, i) => `T${i}`);
  assert.ok(accepts('create_watchlist', { name: 'x', tickers: symbols(200) }));
  assert.not.ok(accepts('create_watchlist', { name: 'x', tickers: symbols(201) }));
  // GraphQL takes its arguments by those rules: the form type lists Tesla's SCHEDULE 13G/A filing.
  const body = json<any>(
    await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ company(ticker: "TSLA") { filings(form: "SCHEDULE 13G/A", first: 5) { edges { node { accession } } } } }' }, headers: UA }),
  );
  assert.not.ok(body.errors, JSON.stringify(body.errors));
  assert.ok(body.data.company.filings.edges.length > 0);
});

test('MCP takes what REST takes', () => {
  assert.ok(accepts('compare_etfs', { symbols: ['SPY'] }));
  assert.ok(accepts('compare_etfs', { symbols: Array.from({ length: 10 }, (_, i) => `F${i}`) }));
  assert.not.ok(accepts('compare_etfs', { symbols: Array.from({ length: 11 }, (_, i) => `F${i}`) }));
  assert.ok(accepts('search_news', { days: 36500 }));
  // A CIK is its digits alone at both doors (REST's cik took surrounding spaces until an outside pass).
  assert.ok(accepts('get_13f_holdings', { cik: '1067983' }));
  assert.not.ok(accepts('get_13f_holdings', { cik: ' 1067983' }));
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

test('MCP: each deprecated argument name answers as the declared one (schema/door-arguments.ts)', async () => {
  const keyed = { ...UA, 'x-api-key': key };
  const same = async (tool: string, declared: Record<string, unknown>, alias: Record<string, unknown>): Promise<any> => {
    const answer = await mcpTool(t.app, tool, declared, keyed);
    assert.equal(await mcpTool(t.app, tool, alias, keyed), answer, tool);
    return answer;
  };
  const sales = await same('get_insider_trades', { ticker: 'TSLA', code: ['S'] }, { ticker: 'TSLA', codes: ['S'] });
  assert.ok(sales.items.length > 0 && sales.items.every((r: any) => r.code === 'S'), JSON.stringify(sales.items[0]));
  const buys = await same('alm_recent_insider_buys', { days: 3650, minValue: 100_000 }, { days: 3650, minValueUsd: 100_000 });
  assert.ok(buys.items.length > 0 && buys.items.every((r: any) => r.valueUsd >= 100_000), JSON.stringify(buys.items));
  assert.is((await same('get_glossary_term', { slug: 'EBITDA' }, { term: 'EBITDA' })).slug, 'ebitda');
  // A position written under the old names is read under either.
  await mcpTool(t.app, 'add_portfolio_position', { ticker: 'AAPL', shares: 2, cost_basis: 100, portfolio_id: 'aliases' }, keyed);
  const held = await same('list_portfolio_positions', { portfolioId: 'aliases' }, { portfolio_id: 'aliases' });
  assert.equal(held.items.map((p: any) => [p.ticker, p.shares, p.cost_basis, p.portfolio_id]), [['AAPL', 2, 100, 'aliases']]);
  assert.is((await same('get_portfolio_history', { days: 5, portfolioId: 'aliases' }, { days: 5, portfolio_id: 'aliases' })).portfolio_id, 'aliases');
  assert.is((await same('get_portfolio_benchmark', { period: '1M', portfolioId: 'aliases' }, { period: '1M', portfolio_id: 'aliases' })).portfolio_id, 'aliases');
  assert.is((await mcpTool(t.app, 'remove_portfolio_position', { ticker: 'AAPL', portfolio_id: 'aliases' }, keyed)).removed.ticker, 'AAPL');
  assert.equal((await mcpTool(t.app, 'list_portfolio_positions', { portfolioId: 'aliases' }, keyed)).items, []);
});

test('MCP: both names with different values is a 400 naming both; with the same value, one argument', async () => {
  const keyed = { ...UA, 'x-api-key': key };
  const both = await mcpCall(t.app, 'get_insider_trades', { ticker: 'TSLA', code: ['S'], codes: ['P'] }, keyed);
  assert.ok(both.isError, both.raw.slice(0, 300));
  assert.equal(both.body, { error: "invalid parameter 'codes': it is the deprecated name of 'code', and the two were given different values; give 'code' alone", status: 400 });
  const term = await mcpCall(t.app, 'get_glossary_term', { slug: 'ebitda', term: 'EBIT' }, keyed);
  assert.equal([term.body.status, term.body.error], [400, "invalid parameter 'term': it is the deprecated name of 'slug', and the two were given different values; give 'slug' alone"]);
  assert.is((await mcpTool(t.app, 'alm_recent_insider_buys', { days: 3650, minValue: 5, minValueUsd: 5 }, keyed)).items.length > 0, true);
  // A null for the declared name is refused as it is alone, the alias given or not (an outside pass).
  for (const [tool, args, name] of [['get_glossary_term', { slug: null, term: 'ask' }, 'slug'], ['alm_recent_insider_buys', { days: 3650, minValue: null, minValueUsd: 1 }, 'minValue']] as const) {
    const res = await mcpCall(t.app, tool, args, keyed);
    assert.ok(res.isError, `${tool}: ${res.raw.slice(0, 200)}`);
    assert.match(res.body.error, `'${name}'`, tool);
  }
  // An alias is judged by its declared name's rule, and a refusal names what was sent.
  const big = await mcpCall(t.app, 'alm_recent_insider_buys', { minValueUsd: 1e19 }, keyed);
  assert.equal([big.body.status, big.body.error], [400, "invalid parameter 'minValueUsd': must be a number from 0 to 1000000000000000"]);
  assert.is((await t.app.inject({ url: '/api/insiders/recent-buys?min_value=1e19', headers: UA })).statusCode, 400);
});

test('MCP: tools.json and tools/list say which names are deprecated and until when they are kept', async () => {
  const json_ = json<any>(await t.app.inject({ url: '/api/mcp/tools.json', headers: UA }));
  const listed = json<any>(
    await t.app.inject({ method: 'POST', url: '/api/mcp', payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' }, headers: { ...UA, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } }),
  ).result.tools;
  for (const [tool, aliases] of Object.entries(DEPRECATED_ARGUMENTS.mcp)) {
    for (const alias of aliases) {
      const full = json_.tools.find((x: any) => x.name === tool).inputSchema.properties[alias.name];
      assert.equal([full.deprecated, full.description], [true, deprecationNote(alias)], `${tool}.${alias.name}`);
      assert.match(full.description, ALIASES_KEPT_UNTIL);
      const lean = listed.find((x: any) => x.name === tool).inputSchema.properties[alias.name];
      assert.equal(lean, { description: `Deprecated: use '${alias.for}'`, deprecated: true }, `${tool}.${alias.name}`);
    }
  }
});

/** POST /graphql with the researcher key; the body. */
const gql = async (query: string): Promise<any> => json<any>(await t.app.inject({ method: 'POST', url: '/graphql', payload: { query }, headers: { ...UA, 'x-api-key': key } }));

test('GraphQL: each deprecated argument name answers as the declared one, and is @deprecated in the SDL', async () => {
  const same = async (declared: string, alias: string): Promise<any> => {
    const answer = await gql(declared);
    assert.not.ok(answer.errors, JSON.stringify(answer.errors));
    assert.equal(await gql(alias), answer, alias);
    return answer.data;
  };
  const trades = (sel: string) => `{ insiderTrades(ticker: "TSLA", ${sel}, first: 5) { edges { node { accession code } } } }`;
  const sales = await same(trades('code: ["S"]'), trades('codes: ["S"]'));
  assert.ok(sales.insiderTrades.edges.length > 0 && sales.insiderTrades.edges.every((e: any) => e.node.code === 'S'));
  const company = (sel: string) => `{ company(ticker: "TSLA") { insiderTrades(${sel}, first: 5) { edges { node { accession code } } } } }`;
  assert.ok((await same(company('code: ["S"]'), company('codes: ["S"]'))).company.insiderTrades.edges.length > 0);
  assert.is((await same('{ glossaryTerm(slug: "EBITDA") { slug } }', '{ glossaryTerm(key: "EBITDA") { slug } }')).glossaryTerm.slug, 'ebitda');
  const lesson = (json<any>(await t.app.inject({ url: '/api/learn/tracks', headers: UA })).tracks[0].modules[0].lessons[0] as { id: string }).id;
  const questions = json<any>(await t.app.inject({ url: `/api/learn/lessons/${lesson}`, headers: UA })).quiz.length as number;
  const answers = JSON.stringify(Array.from({ length: questions }, () => 0));
  const quiz = async (arg: string) => (await gql(`mutation { submitLessonQuiz(${arg}: "${lesson}", answers: ${answers}) }`)).data.submitLessonQuiz;
  const [byId, byLessonId] = [await quiz('id'), await quiz('lessonId')];
  assert.equal([byLessonId.lessonId, byLessonId.score, byLessonId.questions], [byId.lessonId, byId.score, byId.questions]);
  assert.is(byId.lessonId, lesson);
  for (const [at, aliases] of Object.entries(DEPRECATED_ARGUMENTS.graphql)) {
    const [typeName, fieldName] = at.split('.') as [string, string];
    const field = (schema.getType(typeName) as GraphQLObjectType).getFields()[fieldName]!;
    for (const alias of aliases) {
      assert.is(field.args.find((a) => a.name === alias.name)?.deprecationReason, deprecationNote(alias), `${at}(${alias.name})`);
      assert.ok(field.args.some((a) => a.name === alias.for && !a.deprecationReason), `${at}(${alias.for})`);
    }
  }
});

test('GraphQL: both names with different values is a BAD_REQUEST naming both; a missing one names the declared name', async () => {
  const both = await gqlError('{ insiderTrades(ticker: "TSLA", code: ["S"], codes: ["P"]) { edges { node { code } } } }');
  assert.equal(both, { code: 'BAD_REQUEST', message: "invalid argument 'codes': it is the deprecated name of 'code', and the two were given different values; give 'code' alone" });
  assert.is((await gqlError('{ glossaryTerm(slug: "ebitda", key: "ebit") { slug } }')).message, "invalid argument 'key': it is the deprecated name of 'slug', and the two were given different values; give 'slug' alone");
  assert.not.ok((await gql('{ glossaryTerm(slug: "ebitda", key: "ebitda") { slug } }')).errors);
  assert.equal(await gqlError('{ glossaryTerm { slug } }'), { code: 'BAD_REQUEST', message: "missing required argument 'slug'" });
  assert.equal((await gqlError('mutation { submitLessonQuiz(answers: [0]) }')).code, 'BAD_REQUEST');
  const letters = Array.from({ length: 27 }, (_, i) => String.fromCharCode(65 + (i % 26)));
  assert.equal((await gqlError(`{ company(ticker: "TSLA") { insiderTrades(code: ${JSON.stringify(letters)}) { edges { node { code } } } } }`)).code, 'BAD_REQUEST');
  assert.equal((await gqlError('{ company(ticker: "TSLA") { insiderTrades(code: ["PS"]) { edges { node { code } } } } }')).code, 'BAD_REQUEST');
});

test('MCP holdings tools take REST\'s max_holdings as maxHoldings, 1 to 500: the N largest, paged by limit', async () => {
  const manager = json<any>(await t.app.inject({ url: '/api/fund-holdings?cik=1039565&max_holdings=3', headers: UA }));
  const m = await mcpTool(t.app, 'get_13f_holdings', { cik: 1039565, maxHoldings: 3, limit: 2 }, UA);
  assert.equal([m.total, m.items.map((h: any) => h.cusip)], [3, manager.holdings.slice(0, 2).map((h: any) => h.cusip)]);
  const rest = await mcpTool(t.app, 'get_13f_holdings', { cik: 1039565, maxHoldings: 3, limit: 2, cursor: m.nextCursor }, UA);
  assert.equal([rest.items.map((h: any) => h.cusip), rest.nextCursor], [manager.holdings.slice(2).map((h: any) => h.cusip), null]);
  assert.ok((await mcpTool(t.app, 'get_13f_holdings', { cik: 1039565 }, UA)).total > 3, 'without maxHoldings: every holding, paged');
  const fund = json<any>(await t.app.inject({ url: '/api/etf-data?symbol=SYN000037818&max_holdings=3', headers: UA }));
  const f = await mcpTool(t.app, 'get_etf_data', { symbol: 'SYN000037818', maxHoldings: 3 }, UA);
  assert.equal([f.total, f.items.map((h: any) => h.cusip)], [3, fund.holdings.map((h: any) => h.cusip)]);
  for (const n of [0, 501, 2.5]) {
    for (const [tool, args] of [['get_13f_holdings', { cik: 1039565 }], ['get_etf_data', { symbol: 'SYN000037818' }]] as const) {
      const out = await mcpCall(t.app, tool, { ...args, maxHoldings: n }, UA);
      assert.equal([out.body.status, out.body.error], [400, "invalid parameter 'maxHoldings': must be an integer from 1 to 500"], `${tool} ${n}`);
    }
    assert.is((await t.app.inject({ url: `/api/fund-holdings?cik=1039565&max_holdings=${n}`, headers: UA })).statusCode, 400);
    assert.is((await t.app.inject({ url: `/api/etf-data?symbol=SYN000037818&max_holdings=${n}`, headers: UA })).statusCode, 400);
  }
});

test('the point in time of bulk fundamentals and 13F filer analytics: REST takes as_of, as MCP took asOf', async () => {
  const investor = { ...UA, 'x-api-key': (await keyAccount(t.app, t.services.store, 'door-arguments-investor@example.com', 'investor')).key };
  const bulk = json<any>(await t.app.inject({ url: '/api/data/bulk?tickers=AAPL,NVDA&as_of=2021-01-15', headers: investor }));
  const tool = await mcpTool(t.app, 'get_bulk_fundamentals', { tickers: ['AAPL', 'NVDA'], asOf: '2021-01-15' }, investor);
  const rows = (list: any[]) => list.map((r) => [r.ticker, r.fiscalYear, r.filingDate, r.accession]);
  assert.equal([bulk.asOf, rows(bulk.rows)], [tool.asOf, rows(tool.items)]);
  assert.equal(rows(bulk.rows).map((r) => r.slice(0, 3)), [['AAPL', 2020, '2020-10-30'], ['NVDA', 2021, '2020-11-18']]);
  assert.is((await t.app.inject({ url: '/api/data/bulk?tickers=AAPL&as_of=2021-02-30', headers: investor })).statusCode, 400);
  // Kahn Brothers' one 13F quarter was filed on 2022-05-02.
  const analytics = async (asOf: string) => [
    (await t.app.inject({ url: `/api/institutions/1039565?as_of=${asOf}`, headers: { ...UA, 'x-api-key': key } })).statusCode,
    (await mcpCall(t.app, 'alm_13f_filer_analytics', { cik: 1039565, asOf }, { ...UA, 'x-api-key': key })).body.status ?? 200,
  ];
  assert.equal(await analytics('2022-05-01'), [404, 404]);
  assert.equal(await analytics('2022-05-02'), [200, 200]);
});

test('SEC filings as known on a date: MCP get_sec_filings takes asOf, as GraphQL Company.filings does', async () => {
  const asOf = '2021-01-15';
  const g = await gql(`{ company(ticker: "AAPL") { filings(asOf: "${asOf}", first: 5) { edges { node { accession filed } } } } }`);
  const fromGraph = g.data.company.filings.edges.map((e: any) => [e.node.accession, e.node.filed]);
  const m = await mcpTool(t.app, 'get_sec_filings', { ticker: 'AAPL', asOf, limit: 5 }, UA);
  assert.equal(m.items.map((r: any) => [r.accession, r.filed]), fromGraph);
  assert.ok(fromGraph.length === 5 && fromGraph.every(([, filed]: [string, string]) => filed <= asOf), JSON.stringify(fromGraph));
  assert.ok((await mcpTool(t.app, 'get_sec_filings', { ticker: 'AAPL', limit: 1 }, UA)).items[0].filed > asOf);
});

test('insider transaction codes: at most 26 at every door', async () => {
  const letters = Array.from({ length: 27 }, (_, i) => String.fromCharCode(65 + (i % 26)));
  assert.is((await t.app.inject({ url: `/api/insiders?ticker=TSLA&code=${letters.join(',')}`, headers: UA })).statusCode, 400);
  assert.is((await t.app.inject({ url: `/api/insiders?ticker=TSLA&code=${letters.slice(0, 26).join(',')}`, headers: UA })).statusCode, 200);
  assert.not.ok(accepts('get_insider_trades', { ticker: 'TSLA', code: letters }));
  assert.ok(accepts('get_insider_trades', { ticker: 'TSLA', code: letters.slice(0, 26) }));
});

test('a lone surrogate in a read argument is refused at every door (JSON and GraphQL escapes can carry one)', async () => {
  const why = /must not contain U\+DC00 \(a lone surrogate/;
  const mcp = await t.app.inject({
    method: 'POST',
    url: '/api/mcp',
    headers: { ...UA, accept: 'application/json, text/event-stream', 'content-type': 'application/json' },
    payload: '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"search_glossary","arguments":{"q":"a\\udc00"}}}',
  });
  const result = json<any>(mcp).result;
  assert.ok(result.isError, mcp.body.slice(0, 300));
  assert.match(result.content[0].text, why);
  const gql = json<any>(
    await t.app.inject({ method: 'POST', url: '/graphql', headers: { ...UA, 'content-type': 'application/json' }, payload: '{"query":"query($q:String!){ searchCompanies(q:$q){ edges{node{ticker}} } }","variables":{"q":"a\\udc00"}}' }),
  );
  assert.is(gql.errors?.[0]?.extensions?.code, 'BAD_REQUEST', JSON.stringify(gql).slice(0, 300));
  assert.match(gql.errors[0].message, why);
  // A surrogate pair (an emoji) is text and passes.
  const pair = await t.app.inject({ method: 'POST', url: '/graphql', headers: { ...UA, 'content-type': 'application/json' }, payload: '{"query":"query($q:String!){ searchCompanies(q:$q){ edges{node{ticker}} } }","variables":{"q":"a\\ud83d\\ude00"}}' });
  assert.not.ok(json<any>(pair).errors, pair.body.slice(0, 300));
  // REST: percent-encoding can only carry UTF-8, so the query string cannot hold one at all.
  assert.is((await t.app.inject({ url: '/api/glossary?q=a%ED%B0%80', headers: UA })).statusCode, 400);
});

test('the User-Agent rule is the same on REST, MCP and GraphQL: a bare default agent without a key is a 400; with a key it passes', async () => {
  const bare = { 'user-agent': 'curl/8.5.0' };
  const doors = [
    () => t.app.inject({ url: '/api/ticker-search?q=apple', headers: bare }),
    () => t.app.inject({ method: 'POST', url: '/api/mcp', headers: { ...bare, accept: 'application/json, text/event-stream', 'content-type': 'application/json' }, payload: { jsonrpc: '2.0', id: 1, method: 'tools/list' } }),
    () => t.app.inject({ method: 'POST', url: '/graphql', headers: { ...bare, 'content-type': 'application/json' }, payload: { query: '{ __typename }' } }),
    () => t.app.inject({ url: '/graphql?query=%7B__typename%7D', headers: { 'user-agent': 'python-requests/2.32.3' } }),
  ];
  for (const door of doors) {
    const res = await door();
    assert.is(res.statusCode, 400, res.body.slice(0, 200));
    assert.match(json<any>(res).error, /descriptive User-Agent/);
  }
  const keyed = await t.app.inject({ method: 'POST', url: '/graphql', headers: { ...bare, 'x-api-key': key, 'content-type': 'application/json' }, payload: { query: '{ __typename }' } });
  assert.is(keyed.statusCode, 200, keyed.body.slice(0, 200));
});

test.run();
