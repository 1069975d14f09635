/**
 * GraphQL abuse suite (issue 13.2): every abusive document is refused (or answered) within a
 * wall-clock budget per request, before anything executes, with a precise `extensions.code`.
 */
import { getIntrospectionQuery } from 'graphql';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { executedOperation, inspectQuery } from '../../../api/graphql/limits.ts';
import { schema } from '../../../api/graphql/schema/index.ts';
import { GRAPHQL_LIMITS } from '../../../schema/graphql.ts';
import { json, sampleApp, type TestApp } from '../../helpers.ts';

let t: TestApp;
const UA = { 'user-agent': 'almanac-graphql-abuse-test/1.0' };
/** Per request, on a busy 2-core machine: refused or answered within this. */
const BUDGET_MS = 1_000;

const rep = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i)).join(' ');

async function post(payload: unknown, variables?: unknown): Promise<{ status: number; body: any; ms: number }> {
  const start = performance.now();
  const res = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    payload: typeof payload === 'string' ? { query: payload, variables } : (payload as object),
    headers: UA,
  });
  const ms = performance.now() - start;
  return { status: res.statusCode, body: json(res), ms };
}

/** Posts `query`, checks the budget and that nothing ran, and returns the error codes. */
async function refused(query: string, variables?: unknown): Promise<string[]> {
  const before = t.services.warehouse.queryCount;
  const res = await post(query, variables);
  assert.ok(res.ms < BUDGET_MS, `took ${res.ms.toFixed(0)} ms: ${query.slice(0, 80)}`);
  assert.ok(Array.isArray(res.body.errors), JSON.stringify(res.body).slice(0, 300));
  assert.not.ok(res.body.data, 'no data');
  assert.is(t.services.warehouse.queryCount, before, 'nothing executed');
  return res.body.errors.map((e: any) => e.extensions?.code);
}

const chain = (n: number, leaf: string) => `{ ...F0 } ${rep(n, (i) => `fragment F${i} on Query { ...F${i + 1} ...F${i + 1} }`)} fragment F${n} on Query { ${leaf} }`;

const abuse = suite('graphql abuse');
abuse.before(async () => {
  t = await sampleApp({ jobs: ['companies'] });
  // GraphQL (yoga and the schema) loads on the first request: the budget is for refusing a
  // document, not for that load (the first case took 1,048 ms once in CI on a slow machine).
  assert.is((await post('{ __typename }')).status, 200);
});
abuse.after(() => t.close());

abuse('a doubling fragment chain (1 KB, 2^25 expansions) is measured once per fragment and refused', async () => {
  const q = chain(25, 'company(ticker: "AAPL") { ticker }');
  assert.ok(q.length < 1200);
  const codes = await refused(q);
  assert.ok(codes.includes('QUERY_TOO_COSTLY'), codes.join());
  assert.ok(codes.includes('QUERY_TOO_LARGE'), codes.join()); // 2^25 field selections
  // The cost is the expanded one (2^25 company fields), not 1.
  const i = inspectQuery(schema, q, {});
  const costly = i.errors.find((e) => e.extensions.code === 'QUERY_TOO_COSTLY')!;
  assert.is(costly.extensions.cost, 2 ** 25);
  // A chain of leaves costs nothing but still expands to 2^25 selections.
  assert.equal(await refused(chain(25, '__typename')), ['QUERY_TOO_LARGE']);
  // Longer chains hit the fragment cap before any walk.
  assert.equal(await refused(chain(GRAPHQL_LIMITS.maxFragments, '__typename')), ['TOO_MANY_FRAGMENTS']);
});

abuse('fragment cycles are refused without looping', async () => {
  assert.equal(await refused('{ ...A } fragment A on Query { ...B } fragment B on Query { company(ticker: "AAPL") { ticker } ...A }'), ['FRAGMENT_CYCLE']);
  assert.equal(await refused('{ company(ticker: "AAPL") { ...S } } fragment S on Company { peers { edges { node { ...S } } } }'), ['FRAGMENT_CYCLE']);
});

abuse('1000 aliases, 1000 repeated fields and deep nesting are refused', async () => {
  assert.equal(await refused(`{ ${rep(1000, (i) => `a${i}: __typename`)} }`), ['TOO_MANY_ALIASES']);
  assert.equal(await refused(`{ company(ticker: "AAPL") { ${rep(900, () => 'ticker')} } }`), ['QUERY_TOO_COMPLEX']);
  assert.equal(await refused(`{ ${rep(400, () => 'company(ticker: "AAPL") { ticker }')} }`), ['QUERY_TOO_COMPLEX']);
  const deep = `{ company(ticker: "AAPL") { ${'peers { edges { node { '.repeat(300)}ticker${' } } }'.repeat(300)} } }`;
  assert.equal(await refused(deep), ['QUERY_TOO_DEEP', 'QUERY_TOO_COSTLY']);
  // Nesting past the token cap is refused by the parser's cap.
  assert.equal(await refused(`{ ${'company(ticker: "A") { peers { edges { node { '.repeat(700)} ticker ${'} } } } '.repeat(700)} }`), ['QUERY_TOO_LARGE']);
});

abuse('list arguments are priced per item, literal or variable', async () => {
  const tickers = (n: number) => Array.from({ length: n }, (_, i) => `T${i}`);
  const q = (list: string) => `{ companies(tickers: ${list}) { peers(first: 100) { edges { node { ticker } } } } }`;
  // 100 companies x (1 + peers 1 + 100 x 2) = 20,200 > 20,000; 10 companies = 2,020.
  assert.equal(await refused(q(JSON.stringify(tickers(100)))), ['QUERY_TOO_COSTLY']);
  const vq = 'query($t: [String!]!) { companies(tickers: $t) { peers(first: 100) { edges { node { ticker } } } } }';
  assert.equal(await refused(vq, { t: tickers(100) }), ['QUERY_TOO_COSTLY']);
  assert.is(inspectQuery(schema, vq, { t: tickers(10) }).cost, 2_020);
  assert.is(inspectQuery(schema, q(JSON.stringify(tickers(10))), {}).cost, 2_020);
  // Each company is priced, even with only leaves selected.
  assert.is(inspectQuery(schema, `{ companies(tickers: ${JSON.stringify(tickers(100))}) { ticker } }`, {}).cost, 100);
  // A snapshot is a whole /api/data answer, not a free leaf (GRAPHQL_LIMITS.leafCosts): 100 x (1 + 5).
  assert.is(inspectQuery(schema, `{ companies(tickers: ${JSON.stringify(tickers(100))}) { ticker snapshot } }`, {}).cost, 600);
  // Page sizes from variables count at their value; a page variable without a value at the maximum page.
  assert.is(inspectQuery(schema, 'query($n: Int) { searchCompanies(q: "a", first: $n) { edges { node { ticker } } } }', { n: 5 }).cost, 1 + 5 * 2);
  assert.is(inspectQuery(schema, 'query($n: Int) { searchCompanies(q: "a", first: $n) { edges { node { ticker } } } }', {}).cost, 1 + 100 * 2);
  assert.is(inspectQuery(schema, 'query($n: Int = 3) { searchCompanies(q: "a", first: $n) { edges { node { ticker } } } }', {}).cost, 1 + 3 * 2);
});

abuse('a watchlist\'s companies are priced at the watchlist cap, not the default list length', async () => {
  // A watchlist holds up to WATCHLIST_LIMITS.tickers (200) companies; priced as the default 10, 50
  // watchlists x 200 companies' filings were admitted at a twentieth of their cost (outside pass).
  const q = (page: number) => `{ me { watchlists(first: ${page}) { edges { node { companies { filings(first: 100) { edges { node { form } } } } } } } } }`;
  // me 1 + watchlists 1 + page x (edges 1 + node 1 + 200 x (1 + filings 1 + 100 x 2)): one watchlist's is 40,404.
  const costOf = (query: string) => inspectQuery(schema, query, {}).errors.find((e) => e.extensions.code === 'QUERY_TOO_COSTLY')?.extensions.cost;
  assert.is(costOf(q(1)), 2 + 1 * (2 + 200 * (2 + 100 * 2)));
  assert.equal(await refused(q(1)), ['QUERY_TOO_COSTLY']);
  assert.equal(await refused(q(50)), ['QUERY_TOO_COSTLY']);
  // Leaves only: one watchlist's 200 companies, admitted.
  assert.is(inspectQuery(schema, '{ me { watchlists(first: 1) { edges { node { companies { ticker } } } } } }', {}).cost, 2 + 1 * (2 + 200 * 1));
});

abuse('a refused document is 400 to a graphql-response+json client, 200 with the error to an application/json one (GraphQL over HTTP)', async () => {
  const query = `{ __typename } # ${'x'.repeat(GRAPHQL_LIMITS.maxQueryLength)}`;
  const codes = (body: any): string[] => body.errors.map((e: any) => e.extensions?.code);
  for (const [accept, status] of [['application/graphql-response+json', 400], ['application/json', 200], ['*/*', 200], [undefined, 200]] as const) {
    const res = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query }, headers: { ...UA, ...(accept ? { accept } : {}) } });
    assert.is(res.statusCode, status, `Accept: ${accept}`);
    assert.equal(codes(json(res)), ['QUERY_TOO_LARGE'], `Accept: ${accept}`);
  }
});

abuse('a variable that fails its type is a request error: 400 to a graphql-response+json client, 200 to an application/json one', async () => {
  const query = 'query($t: String!) { company(ticker: $t) { name } }';
  for (const variables of [{ t: 5 }, { t: ['AAPL'] }]) {
    for (const [accept, status] of [['application/graphql-response+json', 400], ['application/json', 200]] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers: { ...UA, accept } });
      assert.is(res.statusCode, status, `${JSON.stringify(variables)}, Accept: ${accept}`);
      const body = json(res);
      assert.is('data' in body, false);
      assert.is(body.errors[0].extensions.code, 'BAD_REQUEST');
    }
  }
  // An answer with data and a failing field stays 200 to both (a partial answer, not a request error).
  const partial = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ a: company(ticker: "AAPL") { name } b: company(ticker: "ZZZZNOPE") { name } }' }, headers: { ...UA, accept: 'application/graphql-response+json' } });
  assert.is(partial.statusCode, 200, partial.body);
});

abuse('huge documents and many operations are refused before parsing finishes', async () => {
  assert.equal(await refused(`{ __typename } # ${'x'.repeat(GRAPHQL_LIMITS.maxQueryLength)}`), ['QUERY_TOO_LARGE']);
  assert.equal(await refused(`{ ${rep(3000, () => '__typename')} }`), ['QUERY_TOO_LARGE']); // tokens
  const many = await post({ query: rep(500, (i) => `query Q${i} { __typename }`), operationName: 'Q1' });
  assert.ok(many.ms < BUDGET_MS, `${many.ms} ms`);
  assert.equal(many.body.errors.map((e: any) => e.extensions.code), ['TOO_MANY_OPERATIONS']);
  const ops = rep(GRAPHQL_LIMITS.maxOperations, (i) => `query Q${i} { company(ticker: "AAPL") { ticker } }`);
  await post('{ company(ticker: "KO") { ticker } }'); // warm the warehouse connection
  const res = await post({ query: ops, operationName: 'Q3' });
  assert.ok(res.ms < BUDGET_MS, `${res.ms} ms`);
  assert.equal(res.body, { data: { company: { ticker: 'AAPL' } } });
});

abuse('the operation that runs is the one named, else the only one: a mutation among queries is found as graphql-js finds it', () => {
  const doc = inspectQuery(schema, 'query Q { __typename } mutation M { createWatchlist(name: "x") { id } }', {}).document!;
  assert.is(executedOperation(doc, 'M'), 'mutation');
  assert.is(executedOperation(doc, 'Q'), 'query');
  // No name, or a name that is not there: graphql-js runs nothing (and says why).
  for (const name of [undefined, null, '', 'Nope', 5]) assert.is(executedOperation(doc, name), null, String(name));
  const one = inspectQuery(schema, 'mutation { createWatchlist(name: "x") { id } }', {}).document!;
  assert.is(executedOperation(one, undefined), 'mutation');
  assert.is(executedOperation(one, 'Other'), null);
});

abuse('batched requests are refused (one request is one operation)', async () => {
  const batch = Array.from({ length: 500 }, () => ({ query: '{ company(ticker: "AAPL") { ticker } }' }));
  const before = t.services.warehouse.queryCount;
  const res = await post(batch);
  assert.ok(res.ms < BUDGET_MS, `${res.ms} ms`);
  assert.ok(res.status >= 400 && res.status < 500, String(res.status));
  assert.is(t.services.warehouse.queryCount, before);
});

abuse('within the limits: the standard introspection query and many fragments answer in time', async () => {
  const intro = await post(getIntrospectionQuery());
  assert.ok(intro.ms < BUDGET_MS, `${intro.ms}`);
  assert.not.ok(intro.body.errors, JSON.stringify(intro.body.errors));
  assert.ok(intro.body.data.__schema.types.length > 50);
  const frags = `{ company(ticker: "AAPL") { ${rep(30, (i) => `...G${i}`)} } } ${rep(30, (i) => `fragment G${i} on Company { ticker name cik exchange profile { name sector } }`)}`;
  const res = await post(frags);
  assert.ok(res.ms < BUDGET_MS, `${res.ms}`);
  assert.not.ok(res.body.errors, JSON.stringify(res.body.errors));
  assert.is(res.body.data.company.ticker, 'AAPL');
});

abuse('inspections kept per query text are kept per variables too: a cheap run does not admit a costly one', async () => {
  const tickers = (n: number) => Array.from({ length: n }, (_, i) => `T${i}`);
  const vq = 'query($t: [String!]!) { companies(tickers: $t) { peers(first: 100) { edges { node { ticker } } } } }';
  for (let i = 0; i < 3; i++) {
    const ok = await post(vq, { t: tickers(10) });
    assert.is(ok.status, 200);
    assert.not.ok(ok.body.errors, JSON.stringify(ok.body.errors));
    assert.equal(await refused(vq, { t: tickers(100) }), ['QUERY_TOO_COSTLY']);
  }
  // A refused text stays refused when asked again, and an accepted one keeps answering the same.
  const q = `{ companies(tickers: ${JSON.stringify(tickers(100))}) { peers(first: 100) { edges { node { ticker } } } } }`;
  assert.equal(await refused(q), ['QUERY_TOO_COSTLY']);
  assert.equal(await refused(q), ['QUERY_TOO_COSTLY']);
  const a = await post('{ companies(tickers: ["AAPL", "NVDA"]) { ticker name } }');
  const b = await post('{ companies(tickers: ["AAPL", "NVDA"]) { ticker name } }');
  assert.equal(b.body, a.body);
  assert.is(a.body.data.companies.length, 2);
});

abuse.run();
