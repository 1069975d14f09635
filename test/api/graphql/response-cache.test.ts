/**
 * GraphQL answers kept per snapshot (api/graphql/response-cache.ts, issue 15): a kept answer is
 * the same bytes as the fresh one, is admitted and billed like it, is kept apart per tier and
 * sign-in, is never kept for per-account or clock-dependent reads, and a new snapshot answers
 * from the new data.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { parse } from 'graphql';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ANSWERS, cacheableDocument } from '../../../api/graphql/response-cache.ts';
import { schema } from '../../../api/graphql/schema/index.ts';
import { setAccountPlan } from '../../../api/store/accounts.ts';
import { warehouseWith } from '../../fixtures/market/fixture-job.ts';
import { json, sampleApp, type TestApp } from '../../helpers.ts';
import { keyAccount } from '../rest/user-state-accounts.ts';

let t: TestApp;
const UA = { 'user-agent': 'almanac-graphql-test/1.0 (response-cache)' };

async function gql(query: string, headers: Record<string, string> = {}, variables?: unknown) {
  return t.app.inject({ method: 'POST', url: '/graphql', payload: { query, ...(variables !== undefined ? { variables } : {}) }, headers: { ...UA, ...headers } });
}

const FILINGS = 'query F($t: String!) { company(ticker: $t) { ticker name filings(first: 2) { edges { node { form filed } } } } }';
const SIXTEEN = ['AAPL', 'NVDA', 'MSFT', 'GOOGL', 'AMZN', 'TSLA', 'JPM', 'XOM', 'ORCL', 'JNJ', 'KO', 'A', 'IT', 'ARCC', 'MAIN', 'GOOG'];
const BULK = `{ companies(tickers: ${JSON.stringify(SIXTEEN)}) { ticker fundamentals(asOf: "2025-01-15") { revenue } } }`;

const cache = suite('graphql response cache');
cache.before(async () => {
  t = await sampleApp({});
});
cache.after(() => t.close());

cache('which documents are kept: public warehouse reads only', () => {
  const kept = (q: string) => cacheableDocument(schema, parse(q));
  assert.ok(kept(FILINGS));
  assert.ok(kept(BULK));
  assert.ok(kept('{ searchCompanies(query: "apple") { edges { node { ticker } } } }'));
  assert.ok(kept('query { ...Q } fragment Q on Query { company(ticker: "AAPL") { ticker } }'));
  assert.not.ok(kept('{ me { accountId } }'), 'per account');
  assert.not.ok(kept('{ company(ticker: "AAPL") { ticker } me { accountId } }'), 'per account beside a public read');
  assert.not.ok(kept('query { ...M } fragment M on Query { me { accountId } }'), 'per account through a fragment');
  assert.not.ok(kept('{ coverage { datasets { id } } }'), 'freshness against the clock');
  assert.not.ok(kept('mutation { createWatchlist(name: "x") { id } }'), 'a mutation');
});

cache('a variable JSON cannot hold (1e309 is Infinity) never takes the kept answer of the same query with it null', async () => {
  const Q = 'query Q($t: String!, $n: Int) { company(ticker: $t) { name filings(first: $n) { edges { cursor } } } }';
  const kept = await gql(Q, {}, { t: 'AAPL', n: null });
  assert.is(kept.statusCode, 200, kept.body);
  assert.ok(JSON.parse(kept.body).data.company.name, kept.body);
  for (let i = 0; i < 2; i++) {
    const res = await t.app.inject({ method: 'POST', url: '/graphql', payload: `{"query":${JSON.stringify(Q)},"variables":{"t":"AAPL","n":1e309}}`, headers: { ...UA, 'content-type': 'application/json' } });
    const body = JSON.parse(res.body);
    assert.is(body.data, undefined, res.body);
    assert.is(body.errors[0].extensions.code, 'BAD_REQUEST', res.body);
    assert.match(body.errors[0].message, 'Int cannot represent', res.body);
  }
});

cache('a kept answer is compressed once per encoding asked: the same bytes each time, decoding to the plain answer', async () => {
  const WIDE = `{ companies(tickers: ${JSON.stringify(SIXTEEN.slice(0, 10))}) { ticker name exchange fundamentals(asOf: "2025-01-15") { revenue netIncome netMargin grossMargin operatingMargin } } }`;
  const plain = await gql(WIDE);
  assert.is(plain.statusCode, 200, plain.body);
  assert.ok(plain.rawPayload.length >= 1024, `${plain.rawPayload.length} bytes: large enough to compress`);
  for (const [asked, enc, decode] of [['gzip, deflate', 'gzip', gunzipSync], ['br', 'br', brotliDecompressSync]] as const) {
    const [a, b] = [await gql(WIDE, { 'accept-encoding': asked }), await gql(WIDE, { 'accept-encoding': asked })];
    for (const res of [a, b]) {
      assert.is(res.statusCode, 200);
      assert.is(res.headers['content-encoding'], enc);
      assert.is(res.headers.vary, 'Origin, Accept-Encoding', 'CORS varies /graphql by Origin; compression adds Accept-Encoding');
      assert.is(res.headers['content-type'], plain.headers['content-type']);
      assert.is(decode(res.rawPayload).toString(), plain.body);
    }
    const kept = [...ANSWERS.values()].find((k) => k.body.toString() === plain.body);
    const made = await kept?.encoded?.[enc];
    assert.ok(made?.equals(a.rawPayload), `the ${enc} bytes sent are the ones kept with the answer`);
  }
});

cache('a repeated query: the same bytes without warehouse work, billed as one call each', async () => {
  const planned = await keyAccount(t.app, t.services.store, 'gql-cache-planned@example.com', 'power_user');
  await setAccountPlan(t.services.store, planned.accountId, 'developer');
  const key = { 'x-api-key': planned.key };
  const usage0 = json(await t.app.inject({ url: '/api/billing/agent-usage', headers: { ...UA, ...key } }));
  const before = t.services.warehouse.queryCount;
  const first = await gql(FILINGS, key, { t: 'AAPL' });
  const afterFirst = t.services.warehouse.queryCount;
  const second = await gql(FILINGS, key, { t: 'AAPL' });
  assert.is(first.statusCode, 200, first.body);
  assert.ok(afterFirst > before, 'the first answer read the warehouse');
  assert.is(t.services.warehouse.queryCount, afterFirst, 'the second was the kept answer');
  assert.is(second.body, first.body);
  assert.is(second.headers['content-type'], first.headers['content-type']);
  assert.is(second.headers['x-svc-per-call-cost'], first.headers['x-svc-per-call-cost']);
  assert.ok(first.headers['x-svc-per-call-cost'] !== undefined);
  assert.ok(json(first).data.company.filings.edges.length > 0);
  const usage = json(await t.app.inject({ url: '/api/billing/agent-usage', headers: { ...UA, ...key } }));
  assert.is(usage.calls, usage0.calls + 2, 'both calls counted');
  assert.is(usage.plan_calls, usage0.plan_calls + 2);
  // Other variables are another answer.
  const other = await gql(FILINGS, key, { t: 'NVDA' });
  assert.is(json(other).data.company.ticker, 'NVDA');
});

cache('kept apart per tier: a bulk read refused below Investor stays refused after an Investor asked', async () => {
  const investor = await keyAccount(t.app, t.services.store, 'gql-cache-investor@example.com', 'investor');
  const learner = await keyAccount(t.app, t.services.store, 'gql-cache-learner@example.com');
  const ok = json(await gql(BULK, { 'x-api-key': investor.key }));
  assert.not.ok(ok.errors, JSON.stringify(ok.errors));
  assert.is(ok.data.companies.length, 16);
  assert.is(json(await gql(BULK, { 'x-api-key': investor.key })).data.companies.length, 16);
  for (const headers of [{ 'x-api-key': learner.key }, {}] as Record<string, string>[]) {
    const refused = json(await gql(BULK, headers));
    assert.equal(refused.errors?.map((e: { extensions: { code: string } }) => e.extensions.code), ['TIER_REQUIRED']);
  }
});

cache('per-account reads are never kept: each account gets its own', async () => {
  const a = await keyAccount(t.app, t.services.store, 'gql-cache-a@example.com');
  const b = await keyAccount(t.app, t.services.store, 'gql-cache-b@example.com');
  const size = ANSWERS.size;
  const me = (k: string) => gql('{ me { accountId } }', { 'x-api-key': k }).then((r) => json(r).data.me.accountId);
  assert.equal([await me(a.key), await me(b.key), await me(a.key)], [a.accountId, b.accountId, a.accountId]);
  assert.is(ANSWERS.size, size);
});

cache('a new snapshot answers from the new data', async () => {
  const q = '{ company(ticker: "AAPL") { name } }';
  const before = json(await gql(q)).data.company.name;
  assert.is(json(await gql(q)).data.company.name, before);
  await warehouseWith([], async (db) => {
    await db.run(`UPDATE companies SET name = name || ' (renamed)' WHERE ticker = 'AAPL'`);
  }, t.config.dataDir);
  await t.services.warehouse.refresh();
  assert.is(json(await gql(q)).data.company.name, `${before} (renamed)`);
});

cache.run();
