import { suite } from 'uvu';
import { samplePrices } from '../../sample-files.ts';
import * as assert from 'uvu/assert';
import { ANSWERS } from '../../../api/graphql/response-cache.ts';
import { setAccountPlan } from '../../../api/store/accounts.ts';
import { listPortfolios, listPositions } from '../../../api/store/portfolios.ts';
import { awayFromWindowEdge, json, sampleApp, type TestApp } from '../../helpers.ts';
import { signedIn } from '../identity/client.ts';
import { keyAccount } from '../rest/user-state-accounts.ts';

let t: TestApp;
const UA = { 'user-agent': 'almanac-graphql-test/1.0' };

async function gql(query: string, headers: Record<string, string> = {}): Promise<{ status: number; body: any; headers: Record<string, unknown> }> {
  const res = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query }, headers: { ...UA, ...headers } });
  return { status: res.statusCode, body: json(res), headers: res.headers as Record<string, unknown> };
}

async function rest(url: string, headers: Record<string, string> = {}): Promise<any> {
  const res = await t.app.inject({ url, headers: { ...UA, ...headers } });
  assert.is(res.statusCode, 200, `${url}: ${res.body}`);
  return json(res);
}

const SAMPLE = ['AAPL', 'NVDA', 'MSFT', 'GOOGL', 'AMZN', 'TSLA', 'JPM', 'XOM', 'ORCL', 'JNJ', 'KO', 'A', 'IT', 'ARCC', 'MAIN', 'GOOG'];

const graph = suite('graphql');
graph.before(async () => {
  t = await sampleApp({});
});
graph.after(() => t.close());

graph('snapshots of more than 10 companies are a bulk read, as their fundamentals are', async () => {
  const query = (tickers: string[]) => `{ companies(tickers: ${JSON.stringify(tickers)}) { ticker snapshot } }`;
  const anonymous = await gql(query(SAMPLE.slice(0, 11)));
  assert.equal(anonymous.body.errors?.map((e: any) => [e.extensions.code, e.extensions.requiredTier]), [['TIER_REQUIRED', 'Investor']]);
  const ten = await gql(query(SAMPLE.slice(0, 10)));
  assert.not.ok(ten.body.errors, JSON.stringify(ten.body.errors));
  assert.is(ten.body.data.companies.length, 10);
  const investor = await keyAccount(t.app, t.services.store, 'snapshot-bulk@example.com', 'investor');
  const all = await gql(query(SAMPLE), { 'x-api-key': investor.key });
  assert.not.ok(all.body.errors, JSON.stringify(all.body.errors));
});

graph('no N+1: fundamentals, filings and facts of 16 companies take as many warehouse queries as of 2', async () => {
  const query = (tickers: string[]) =>
    `{ companies(tickers: ${JSON.stringify(tickers)}) { ticker fundamentals(asOf: "2025-01-15") { revenue netMargin } filings(first: 3) { edges { node { form facts(first: 2) { edges { node { concept value } } } } } } } }`;
  // More than 10 companies' fundamentals is a bulk read: Investor, as /api/data/bulk (schema/access.ts BULK_READ).
  const investor = await keyAccount(t.app, t.services.store, 'n-plus-one@example.com', 'investor');
  const count = async (tickers: string[]) => {
    const before = t.services.warehouse.queryCount;
    const res = await gql(query(tickers), { 'x-api-key': investor.key });
    assert.not.ok(res.body.errors, JSON.stringify(res.body.errors));
    return { queries: t.services.warehouse.queryCount - before, data: res.body.data };
  };
  const two = await count(['AAPL', 'NVDA']);
  const all = await count(SAMPLE);
  assert.is(all.data.companies.length, 16);
  // Known on 2025-01-15: NVIDIA's 10-Q of 2024-11-20 (quarter 2024-07-29..2024-10-27), `Revenues` in its companyfacts.
  assert.is(all.data.companies.find((c: any) => c.ticker === 'NVDA').fundamentals.revenue, 35082000000);
  // filings, facts: one batched query each; companies and fundamentals too when not served from
  // the in-memory serving layer (warehouse/serving.ts).
  const expected = t.services.warehouse.serving() ? 2 : 4;
  assert.is(two.queries, expected);
  assert.is(all.queries, expected);
});

graph('depth, alias and cost limits refuse an abusive query before it runs', async () => {
  const before = t.services.warehouse.queryCount;
  const deep = await gql('{ company(ticker: "AAPL") { peers { edges { node { peers { edges { node { peers { edges { node { peers { edges { node { ticker } } } } } } } } } } } } } }');
  assert.equal(deep.body.errors.map((e: any) => e.extensions.code), ['QUERY_TOO_DEEP', 'QUERY_TOO_COSTLY']);
  assert.not.ok(deep.body.data);
  const aliases = Array.from({ length: 21 }, (_, i) => `a${i}: company(ticker: "AAPL") { ticker }`).join(' ');
  const many = await gql(`{ ${aliases} }`);
  assert.equal(many.body.errors.map((e: any) => e.extensions.code), ['TOO_MANY_ALIASES']);
  assert.match(many.body.errors[0].message, '21 aliases exceed the limit of 20');
  const costly = await gql('{ searchCompanies(q: "a", first: 100) { edges { node { filings(first: 100) { edges { node { facts(first: 100) { edges { node { value } } } } } } } } } }');
  assert.equal(costly.body.errors[0].extensions.code, 'QUERY_TOO_COSTLY');
  assert.ok(costly.body.errors[0].extensions.cost > 1_000_000);
  assert.is(t.services.warehouse.queryCount, before, 'nothing executed');
});

graph('results equal REST for the same question', async () => {
  const g = await gql(
    '{ company(ticker: "AAPL") { statement(asOf: "2025-01-15") { fiscalYear fiscalPeriod periodEnd filingDate accession form restated items { revenue netIncome totalAssets epsDiluted sharesOutstanding } metrics { grossMargin operatingMargin netMargin roa roe currentRatio } } } yieldCurve(date: "2025-07-11") { date points { tenor months value } provenance { source document url accession synthetic } dataThrough fetchedAt } }',
  );
  const pit = await rest('/api/fundamentals-pit?ticker=AAPL&date=2025-01-15');
  const st = g.body.data.company.statement;
  const { fundamentals, metrics, sources: _sources, ...head } = pit.statement;
  assert.equal({ fiscalYear: st.fiscalYear, fiscalPeriod: st.fiscalPeriod, periodEnd: st.periodEnd, filingDate: st.filingDate, accession: st.accession, form: st.form, restated: st.restated }, head);
  for (const [k, v] of Object.entries(st.items)) assert.is(v, fundamentals[k], k);
  assert.equal(st.metrics, metrics);
  assert.equal(g.body.data.yieldCurve, await rest('/api/macro/yield-curve?date=2025-07-11'));
  const snap = await gql('{ company(ticker: "KO") { snapshot } }');
  const data = await rest('/api/data?ticker=KO&nocache=1');
  const { fetchedAt: _a, ...fromGraph } = snap.body.data.company.snapshot;
  const { fetchedAt: _b, ...fromRest } = data;
  assert.equal(fromGraph, fromRest);
});

graph('the tier rule of a field: 402 fields in the error, the rest of the query answers', async () => {
  const res = await gql('{ company(ticker: "AAPL") { ticker intrinsicValue(asOf: "2025-01-15") { dcf } } }');
  assert.is(res.body.data.company.ticker, 'AAPL');
  assert.is(res.body.data.company.intrinsicValue, null);
  const e = res.body.errors[0];
  assert.equal([e.extensions.code, e.extensions.status, e.extensions.requiredTier, e.extensions.currentTier], ['TIER_REQUIRED', 402, 'Researcher', 'Learner']);
  assert.is(e.extensions.upgrade_url, `${t.config.publicUrl}/account?upgrade=researcher#plans`);
  const researcher = await keyAccount(t.app, t.services.store, 'researcher@example.com', 'researcher');
  const ok = await gql('{ company(ticker: "AAPL") { intrinsicValue(asOf: "2025-01-15") { fiscalYear price } } }', { 'x-api-key': researcher.key });
  // The price is the last generated close on or before 2025-01-15: the last of the AAPL file.
  assert.equal(ok.body.data.company.intrinsicValue, { fiscalYear: 2024, price: samplePrices('AAPL').at(-1)!.close });
});

graph('LEARN lessons equal GET /api/learn/lessons/:id', async () => {
  const list = await gql('{ lessons(first: 1) { edges { node { id title minutes quiz { question choices } next } } } }');
  const node = list.body.data.lessons.edges[0].node;
  const fromRest = await rest(`/api/learn/lessons/${node.id}`);
  assert.equal(node, { id: fromRest.id, title: fromRest.title, minutes: fromRest.minutes, quiz: fromRest.quiz, next: fromRest.next });
  assert.equal((await gql('{ lesson(id: "no-such-lesson") { id } }')).body, { data: { lesson: null } });
});

graph('bad arguments are typed errors; unexpected errors are masked', async () => {
  const res = await gql('{ company(ticker: "AAPL") { fundamentals(asOf: "2025-13-01") { revenue } } }');
  // The rule and the words of REST and MCP (schema/common.ts IsoDate), for every date argument.
  assert.equal([res.body.errors[0].extensions.code, res.body.errors[0].message], ['BAD_REQUEST', "invalid argument 'asOf': must be a real calendar date YYYY-MM-DD"]);
  for (const [asOf, words] of [['2025-02-30', 'must be a real calendar date YYYY-MM-DD'], ['0999-01-01', 'must be a date YYYY-MM-DD from the year 1000 on'], ['99999-01-01', 'must be a date YYYY-MM-DD']]) {
    const bad = await gql(`{ company(ticker: "AAPL") { fundamentals(asOf: "${asOf}") { revenue } } }`);
    assert.equal([bad.body.errors[0].extensions.code, bad.body.errors[0].message], ['BAD_REQUEST', `invalid argument 'asOf': ${words}`], asOf);
    const viaRest = await t.app.inject({ url: `/api/fundamentals-pit?ticker=AAPL&date=${asOf}`, headers: UA });
    assert.equal([viaRest.statusCode, json(viaRest).error], [400, `invalid parameter 'date': ${words}`], asOf);
  }
  const unknown = await gql('{ company(ticker: "NOPE") { ticker } }');
  assert.equal(unknown.body, { data: { company: null } });
});

graph('me: each account sees and changes only its own state', async () => {
  const a = await keyAccount(t.app, t.services.store, 'owner-a@example.com');
  const b = await keyAccount(t.app, t.services.store, 'owner-b@example.com');
  const added = await gql('mutation { addPosition(ticker: "AAPL", shares: 10, costBasis: 150) { ticker shares marketValue company { name } } }', { 'x-api-key': a.key });
  assert.equal(added.body.data.addPosition, { ticker: 'AAPL', shares: 10, marketValue: Math.round(10 * samplePrices('AAPL').at(-1)!.close * 100) / 100, company: { name: 'Apple Inc.' } });
  const wl = await gql('mutation { createWatchlist(name: "Mine", tickers: ["KO"]) { id name tickers } }', { 'x-api-key': a.key });
  const id = wl.body.data.createWatchlist.id;
  const mineA = await gql('{ me { portfolios { edges { node { id positions { edges { node { ticker } } } } } } watchlists { edges { node { id tickers } } } } }', { 'x-api-key': a.key });
  assert.not.ok(mineA.body.errors, JSON.stringify(mineA.body.errors));
  assert.equal(mineA.body.data.me.portfolios.edges, [{ node: { id: 'default', positions: { edges: [{ node: { ticker: 'AAPL' } }] } } }]);
  assert.equal(mineA.body.data.me.watchlists.edges, [{ node: { id, tickers: ['KO'] } }]);
  const mineB = await gql('{ me { portfolios { edges { node { id } } } portfolio { positions { edges { node { ticker } } } } watchlists { edges { node { id } } } } }', { 'x-api-key': b.key });
  assert.equal(mineB.body.data.me, { portfolios: { edges: [] }, portfolio: { positions: { edges: [] } }, watchlists: { edges: [] } });
  const steal = await gql(`mutation { addWatchlistTicker(id: "${id}", ticker: "NVDA") { tickers } }`, { 'x-api-key': b.key });
  assert.is(steal.body.errors[0].extensions.code, 'NOT_FOUND');
  const again = await gql(`{ me { watchlists { edges { node { tickers } } } } }`, { 'x-api-key': a.key });
  assert.equal(again.body.data.me.watchlists.edges, [{ node: { tickers: ['KO'] } }]);
  const anon = await gql('{ me { accountId } }');
  assert.equal([anon.body.data, anon.body.errors[0].extensions.code], [{ me: null }, 'UNAUTHENTICATED']);
});

graph('a session cookie needs POST with X-CSRF-Token; keys need none', async () => {
  const client = await signedIn(t.app, t.config.dataDir, 'session-user@example.com');
  const query = { query: '{ me { tier } }' };
  const without = await client.call('POST', '/graphql', { body: query, headers: UA, csrf: false });
  assert.is(without.statusCode, 403);
  assert.match(without.json().error, 'X-CSRF-Token');
  const viaGet = await client.call('GET', `/graphql?query=${encodeURIComponent(query.query)}`, { headers: UA });
  assert.is(viaGet.statusCode, 403);
  const withToken = await client.call('POST', '/graphql', { body: query, headers: UA });
  assert.is(withToken.statusCode, 200);
  assert.equal(withToken.json(), { data: { me: { tier: 'learner' } } });
  // A signed-in browser opening GraphiQL (development) gets the page, which sends the token with
  // its queries (issue 17); asking for HTML never runs a query, and JSON over GET stays refused.
  const page = await client.call('GET', `/graphql?query=${encodeURIComponent(query.query)}`, { headers: { ...UA, accept: 'text/html' } });
  assert.is(page.statusCode, 200);
  assert.match(page.body, 'id="graphiql"');
  assert.not.match(page.body, '"tier"');
  assert.is((await client.call('GET', `/graphql?query=${encodeURIComponent(query.query)}`, { headers: { ...UA, accept: 'application/json' } })).statusCode, 403);
});

graph('metered: one call per request, with its price header; a refused query costs nothing', async () => {
  const planned = await keyAccount(t.app, t.services.store, 'planned@example.com', 'power_user');
  await setAccountPlan(t.services.store, planned.accountId, 'developer');
  const ok = await gql('{ company(ticker: "AAPL") { ticker } }', { 'x-api-key': planned.key });
  assert.is(ok.status, 200);
  assert.ok(ok.headers['x-svc-per-call-cost'] !== undefined);
  assert.ok(ok.headers['ratelimit'] !== undefined || ok.headers['ratelimit-policy'] !== undefined);
  const usage = await rest('/api/billing/agent-usage', { 'x-api-key': planned.key });
  const bad = await gql('{ company(ticker: "AAPL") { nope } }', { 'x-api-key': planned.key });
  assert.is(bad.headers['x-svc-per-call-cost'], '0');
  const after = await rest('/api/billing/agent-usage', { 'x-api-key': planned.key });
  assert.equal(after, usage);
  // Data delivered beside a failing field is a served call, billed (a failing field was a way to
  // read data unbilled); an answer whose every top-level field is null is not.
  const partial = await gql('{ company(ticker: "AAPL") { ticker fundamentalsHistory(start: "2024-02-30", end: "2024-03-01") { pageInfo { hasNextPage } } } }', { 'x-api-key': planned.key });
  assert.is(partial.body.data.company.ticker, 'AAPL');
  assert.is(partial.body.errors[0].extensions.code, 'BAD_REQUEST');
  const billed = await rest('/api/billing/agent-usage', { 'x-api-key': planned.key });
  assert.is(billed.calls, after.calls + 1);
  const nothing = await gql('{ company(ticker: "AAPL") { fundamentalsHistory(start: "2024-02-30", end: "2024-03-01") { pageInfo { hasNextPage } } } }', { 'x-api-key': planned.key });
  assert.equal(nothing.body.data, { company: { fundamentalsHistory: null } });
  assert.is(nothing.headers['x-svc-per-call-cost'], '0');
  assert.equal(await rest('/api/billing/agent-usage', { 'x-api-key': planned.key }), billed);
  // Billed only for what a metered door bills: the glossary, coverage and the caller's own
  // watchlists are free on REST and MCP; an unknown ticker (REST: 404) is not billed.
  for (const free of ['{ glossary(q: "ebitda") { edges { node { slug } } } }', '{ coverage }', '{ me { watchlists { edges { node { id } } } } }', '{ company(ticker: "ZZZZ") { ticker } }', '{ companies(tickers: ["ZZZZ"]) { ticker } }']) {
    const res = await gql(free, { 'x-api-key': planned.key });
    assert.not.ok(res.body.errors, `${free}: ${JSON.stringify(res.body.errors)}`);
    assert.is(res.headers['x-svc-per-call-cost'], '0', free);
  }
  assert.equal(await rest('/api/billing/agent-usage', { 'x-api-key': planned.key }), billed);
  // A metered mutation that took effect is billed even when a field read after it fails.
  const added = await gql('mutation { addPosition(ticker: "KO", shares: 1, costBasis: 50) { company { intrinsicValue(discountRate: -1) { asOf } } } }', { 'x-api-key': planned.key });
  assert.ok(added.body.errors, JSON.stringify(added.body));
  assert.is((await rest('/api/billing/agent-usage', { 'x-api-key': planned.key })).calls, billed.calls + 1);
  const afterMutation = await rest('/api/billing/agent-usage', { 'x-api-key': planned.key });
  // A kept answer is billed as it was when built: twice the same metered query, two calls, the
  // second answered from the kept answers (counted by watching the cache's reads).
  const KEPT_QUERY = '{ company(ticker: "NVDA") { ticker } }';
  const read = ANSWERS.get.bind(ANSWERS);
  let hits = 0;
  ANSWERS.get = ((key: string) => {
    const found = read(key);
    if (found && key.endsWith(`\n${KEPT_QUERY}`)) hits += 1;
    return found;
  }) as typeof ANSWERS.get;
  try {
    for (let i = 0; i < 2; i++) await gql(KEPT_QUERY, { 'x-api-key': planned.key });
  } finally {
    ANSWERS.get = read;
  }
  assert.is(hits, 1, 'the second answer was the kept one');
  assert.is((await rest('/api/billing/agent-usage', { 'x-api-key': planned.key })).calls, afterMutation.calls + 2);
});

graph('a mutation operation is a call per root field: counted, limited and billed as REST counts each', async () => {
  await awayFromWindowEdge();
  const planned = await keyAccount(t.app, t.services.store, 'mutation-calls@example.com', 'power_user');
  await setAccountPlan(t.services.store, planned.accountId, 'developer');
  const key = { 'x-api-key': planned.key };
  await gql('{ me { tier } }', key);
  const usage = await rest('/api/billing/agent-usage', key);
  // Three metered position adds and one unmetered watchlist: four calls, three billed.
  const four = await gql('mutation { a: addPosition(ticker: "KO", shares: 1, costBasis: 50) { ticker } b: addPosition(ticker: "KO", shares: 1, costBasis: 50) { ticker } c: addPosition(ticker: "AAPL", shares: 1, costBasis: 50) { ticker } w: createWatchlist(name: "calls") { id } }', key);
  assert.is(four.status, 200, JSON.stringify(four.body));
  assert.not.ok(four.body.errors, JSON.stringify(four.body.errors));
  // The me query, the agent-usage read and the four fields: six calls of the key's minute (300).
  assert.match(String(four.headers.ratelimit), /^"key-premium-minute";r=294;t=\d+$/);
  const after = await rest('/api/billing/agent-usage', key);
  assert.is(after.calls, usage.calls + 3);

  // An unmetered mutation whose answer reads on into metered, data-path fields is metered and
  // counted on the data paths as that read is (a review found such reads free and uncounted).
  const plain = await gql('mutation { createWatchlist(name: "plain") { id } }', key);
  assert.not.match(String(plain.headers['ratelimit-policy']), /path-data-minute/);
  assert.is(plain.headers['x-svc-per-call-cost'], '0');
  assert.is((await rest('/api/billing/agent-usage', key)).calls, after.calls);
  const readOn = await gql('mutation { createWatchlist(name: "reads", tickers: ["AAPL", "NVDA"]) { companies { fundamentals(asOf: "2025-06-01") { revenue } } } }', key);
  assert.ok(readOn.body.data.createWatchlist.companies.some((c: any) => c.fundamentals?.revenue > 0), JSON.stringify(readOn.body));
  assert.match(String(readOn.headers['ratelimit-policy']), /path-data-minute/);
  assert.is((await rest('/api/billing/agent-usage', key)).calls, after.calls + 1);

  // A Standard key (60 a minute) with two calls left: the first two fields run, the third is the
  // REST 429 as its error; the next document, with no call left, is a 429 itself.
  await awayFromWindowEdge();
  const standard = await keyAccount(t.app, t.services.store, 'mutation-limit@example.com');
  const std = { 'x-api-key': standard.key };
  for (let i = 0; i < 58; i++) await rest('/api/auth/me', std);
  const three = await gql('mutation { a: addPosition(ticker: "KO", shares: 1, costBasis: 50) { shares } b: addPosition(ticker: "KO", shares: 1, costBasis: 50) { shares } c: addPosition(ticker: "KO", shares: 1, costBasis: 50) { shares } }', std);
  assert.is(three.status, 200);
  assert.equal([three.body.data.a.shares, three.body.data.b.shares, three.body.data.c], [1, 2, null]);
  assert.equal(three.body.errors.map((e: any) => [e.path, e.extensions.status, e.extensions.policy]), [[['c'], 429, 'key-standard-minute']]);
  const refused = await gql('mutation { a: addPosition(ticker: "KO", shares: 1, costBasis: 50) { shares } }', std);
  assert.is(refused.status, 429);
  assert.ok(Number(refused.headers['retry-after']) >= 1, String(refused.headers['retry-after']));
  assert.match(String(refused.headers.ratelimit), /^"key-standard-minute";r=0;t=\d+$/);
  // Nothing ran: the position holds the two shares of the admitted fields.
  const [portfolio] = await listPortfolios(t.services.store, standard.accountId);
  assert.equal((await listPositions(t.services.store, standard.accountId, portfolio!.portfolioId)).map((p) => [p.ticker, p.shares]), [['KO', 2]]);
});

graph('variables and extensions that are not a JSON object are a BAD_REQUEST naming them, on GET and POST, and never take a kept answer', async () => {
  const q = encodeURIComponent('{ __typename a1: __typename }');
  const get = async (extra: string) => {
    const res = await t.app.inject({ url: `/graphql?query=${q}${extra}`, headers: { ...UA, accept: 'application/json' } });
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };
  // The same query without variables first, so a kept answer exists for it.
  assert.equal((await get('')).body.data, { __typename: 'Query', a1: 'Query' });
  for (const [extra, name] of [['&variables=%7Bx', 'variables'], ['&extensions=%7B', 'extensions'], ['&variables=5', 'variables'], ['&variables=%5B%5D', 'variables']] as const) {
    for (let i = 0; i < 2; i++) {
      const res = await get(extra);
      assert.is(res.status, 400, extra);
      assert.is(res.body.errors[0].extensions.code, 'BAD_REQUEST', extra);
      assert.match(res.body.errors[0].message, `invalid parameter '${name}'`, extra);
      assert.is(res.body.data, undefined, extra);
    }
  }
  const post = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ __typename }', variables: '{"a":' }, headers: UA });
  assert.is(post.statusCode, 400);
  assert.match(JSON.parse(post.body).errors[0].message, "invalid parameter 'variables': not valid JSON");
  // Well-formed ones are read as before.
  assert.is((await get('&variables=%7B%7D')).status, 200);
  assert.is((await get('&variables=null')).status, 200);
});

graph('a GET parameter given twice is a BAD_REQUEST naming it (it was an internal error)', async () => {
  const q = encodeURIComponent('{ __typename }');
  for (const [url, name] of [
    [`/graphql?query=${q}&variables=%7B%7D&variables=%7B%7D`, 'variables'],
    [`/graphql?query=${q}&query=${q}`, 'query'],
    [`/graphql?query=${q}&operationName=a&operationName=b`, 'operationName'],
    [`/graphql?query=${q}&extensions=%7B%7D&extensions=%7B%7D`, 'extensions'],
  ] as const) {
    const res = await t.app.inject({ url, headers: { ...UA, accept: 'application/json' } });
    assert.is(res.statusCode, 400, url);
    const body = json(res);
    assert.is(body.errors[0].extensions.code, 'BAD_REQUEST', url);
    assert.match(body.errors[0].message, `parameter '${name}' given more than once`, url);
  }
});

graph('an answer yoga streams (multipart/mixed, an event stream) is sent whole with its Content-Length, never also as chunked, and never as Content-Encoding: none', async () => {
  const res = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ __typename }' }, headers: { ...UA, accept: 'multipart/mixed' } });
  assert.is(res.statusCode, 200, res.body);
  assert.match(String(res.headers['content-type']), 'multipart/mixed');
  assert.is(res.headers['transfer-encoding'], undefined);
  assert.is(Number(res.headers['content-length']), res.rawPayload.length);
  assert.match(res.body, '{"data":{"__typename":"Query"}}');
  // An event stream likewise, without yoga's `Content-Encoding: none` (no such coding).
  const sse = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ __typename }' }, headers: { ...UA, accept: 'text/event-stream' } });
  assert.is(sse.statusCode, 200, sse.body);
  assert.match(String(sse.headers['content-type']), 'text/event-stream');
  assert.is(sse.headers['content-encoding'], undefined);
  assert.is(sse.headers['transfer-encoding'], undefined);
  assert.match(sse.body, 'data: {"data":{"__typename":"Query"}}');
});

graph.run();
