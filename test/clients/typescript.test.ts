/**
 * clients/typescript against a real server (the sample warehouse on a free port): the key and a
 * descriptive User-Agent on every call, 402 typed and never retried, 429 retried after
 * Retry-After within bounds, pagination, bulk as JSON, CSV, Arrow and Parquet.
 */
import { tableFromIPC } from 'apache-arrow';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Almanac, AuthenticationError, BadRequestError, RateLimitError, TierRequiredError, userAgent } from '../../clients/typescript/src/index.ts';
import { startClientServer, type ClientServer } from './server.ts';

let s: ClientServer;
const APP = 'almanac-client-tests/1.0 (tests@example.com)';

const test = suite('typescript client');
test.before(async () => {
  s = await startClientServer();
});
test.after(() => s.close());

const client = (apiKey?: string, extra: Partial<ConstructorParameters<typeof Almanac>[0]> = {}) => new Almanac({ baseUrl: s.url, apiKey, appInfo: APP, ...extra });

test('refuses to start without a service URL, and with an empty key; a URL with /api is the service root', () => {
  const saved = process.env.ALMANAC_URL;
  delete process.env.ALMANAC_URL;
  try {
    assert.throws(() => new Almanac({ apiKey: 'alm_live_x' }), /ALMANAC_URL/);
    assert.throws(() => new Almanac({ baseUrl: s.url, apiKey: ' ' }), /apiKey is empty/);
    assert.is(new Almanac({ baseUrl: `${s.url}/api/v1/` }).baseUrl, s.url, 'a URL given with the API prefix means the service');
  } finally {
    if (saved !== undefined) process.env.ALMANAC_URL = saved;
  }
});

test('the key proves itself: an Investor key gets bulk rows, an anonymous call a typed 402 that is not retried', async () => {
  // AAPL and NVDA: the sample companies with real companyfacts (MSFT is listed but has none).
  const rows = await client(s.keys.investor).bulk(['AAPL', 'NVDA', 'ZZZZ']);
  assert.equal(rows.rows.map((r) => r.ticker), ['AAPL', 'NVDA']);
  assert.is(rows.rows[0]!.source, 'sec');
  assert.equal(rows.withheld.map((w) => w.ticker), ['ZZZZ']);

  const before = s.seen.length;
  try {
    await client().bulk(['AAPL']);
    assert.unreachable('anonymous bulk must be refused');
  } catch (e) {
    assert.instance(e, TierRequiredError);
    const err = e as TierRequiredError;
    assert.is(err.status, 402);
    assert.is(err.requiredTier, 'Investor');
    assert.is(err.currentTier, 'Learner');
    assert.match(err.upgradeUrl ?? '', 'upgrade=investor');
  }
  assert.is(s.seen.length - before, 1, 'a 402 is a fact about the account: one request, no retry');

  // A Learner key is authenticated but still below the tier: the error names the current tier.
  const learner = await client(s.keys.learner).bulk(['AAPL']).catch((e: unknown) => e);
  assert.instance(learner, TierRequiredError);
});

test('the key unlocks the full screener; anonymous sees the locked top three', async () => {
  const anon = await client().get('/screener', { params: { query: { limit: 10 } } });
  assert.is(anon.locked, true);
  assert.ok(anon.results.length <= 3);
  const researcher = await client(s.keys.researcher).get('/screener', { params: { query: { limit: 10 } } });
  assert.is(researcher.locked, false);
  assert.ok(researcher.results.length > 3, `${researcher.results.length} results`);
});

test('every call carries X-API-Key and a descriptive User-Agent; no per-call header can drop the key', async () => {
  const c = client(s.keys.learner);
  const before = s.seen.length;
  await c.get('/ticker-search', { params: { query: { q: 'apple' } } });
  await c.get('/auth/me');
  await c.api.GET('/ticker-search', { params: { query: { q: 'micro' } }, headers: { 'X-API-Key': 'alm_live_other', 'User-Agent': 'curl/8.0' } });
  const calls = s.seen.slice(before);
  assert.is(calls.length, 3);
  for (const call of calls) {
    assert.is(call.apiKey, s.keys.learner, call.url);
    assert.is(call.userAgent, userAgent(APP));
    assert.match(call.userAgent!, /^almanac-client-tests\/1\.0 \(tests@example\.com\) almanac-client-typescript\/\d+\.\d+\.\d+ \(API [^;]+; node\/\d+/);
  }
  const me = await c.get('/auth/me');
  assert.is(me.tier, 'learner');
  // Anonymous clients send no key header at all, and still a descriptive agent (accepted by the UA rule).
  const anonBefore = s.seen.length;
  assert.ok((await client().get('/ticker-search', { params: { query: { q: 'apple' } } })).length > 0);
  assert.is(s.seen[anonBefore]!.apiKey, undefined);
});

test('onResponse reports the price of each call (X-SVC-Per-Call-Cost) and its request id', async () => {
  const seen: import('../../clients/typescript/src/index.ts').ResponseInfo[] = [];
  const c = client(s.keys.learner, { onResponse: (info) => seen.push(info) });
  await c.get('/ticker-search', { params: { query: { q: 'apple' } } });
  await c.get('/auth/me');
  assert.is(seen.length, 2);
  assert.equal([seen[0]!.method, seen[0]!.status, seen[0]!.perCallCostUsd], ['GET', 200, '0'], 'metered, no plan: not billed');
  assert.ok(seen[0]!.requestId);
  assert.is(seen[1]!.perCallCostUsd, null, 'auth routes are not metered');
});

test('an invalid key is a 401 AuthenticationError (never silently anonymous); bad input a 400 naming the parameter', async () => {
  const err = await client('alm_live_0000000000000000000000000000000000000000').get('/ticker-search', { params: { query: { q: 'apple' } } }).catch((e: unknown) => e);
  assert.instance(err, AuthenticationError);
  assert.is((err as AuthenticationError).status, 401);
  const bad = await client().get('/ticker-search', { params: { query: { q: 'apple', limit: 0 } } }).catch((e: unknown) => e);
  assert.instance(bad, BadRequestError);
  assert.match((bad as Error).message, "'limit'");
});

test('JSON bodies and query parameters on POST and DELETE (and a POST retried after a 429 resends its body)', async () => {
  const c = client(s.keys.learner);
  const query = { portfolio_id: 'ts-tests' };
  const added = await c.post('/portfolio-positions', { params: { query }, body: { ticker: 'AAPL', shares: 3, cost_basis: 150.5 }, headers: { 'X-Test-Throttle': 'body:1:1' } });
  assert.equal([added.ticker, added.shares], ['AAPL', 3]);
  assert.equal((await c.get('/portfolio-positions', { params: { query } })).map((p) => p.ticker), ['AAPL']);
  await c.delete('/portfolio-positions', { params: { query }, body: { ticker: 'AAPL' } });
  assert.equal(await c.get('/portfolio-positions', { params: { query } }), []);
  assert.instance(await client().get('/portfolio-positions').catch((e: unknown) => e), AuthenticationError);
});

test('429 is retried after Retry-After, a bounded number of times', async () => {
  const waits: number[] = [];
  const c = client(undefined, { onRetry: (i) => waits.push(i.waitMs) });
  const started = Date.now();
  const before = s.seen.length;
  const hits = await c.get('/ticker-search', { params: { query: { q: 'apple' } }, headers: { 'X-Test-Throttle': 'a:2:1' } });
  assert.ok(hits.length > 0);
  assert.is(s.seen.length - before, 3, 'two 429s, then the answer');
  assert.equal(waits, [1000, 1000]);
  assert.ok(Date.now() - started >= 1900, 'waited Retry-After each time');

  // More 429s than retries: RateLimitError with the server's Retry-After, after 1 + maxRetries attempts.
  const few = client(undefined, { maxRetries: 1 });
  const b2 = s.seen.length;
  const err = await few.get('/ticker-search', { params: { query: { q: 'apple' } }, headers: { 'X-Test-Throttle': 'b:5:1' } }).catch((e: unknown) => e);
  assert.instance(err, RateLimitError);
  assert.is((err as RateLimitError).retryAfterSeconds, 1);
  assert.is(s.seen.length - b2, 2);

  // A Retry-After longer than the client may wait is surfaced at once, not slept through.
  const b3 = s.seen.length;
  const long = await client(undefined, { maxRetryWaitMs: 5_000 }).get('/ticker-search', { params: { query: { q: 'apple' } }, headers: { 'X-Test-Throttle': 'c:1:120' } }).catch((e: unknown) => e);
  assert.instance(long, RateLimitError);
  assert.is((long as RateLimitError).retryAfterSeconds, 120);
  assert.is(s.seen.length - b3, 1);
});

test('a caller\'s AbortSignal cancels the call', async () => {
  const controller = new AbortController();
  controller.abort();
  const err = await client().get('/ticker-search', { params: { query: { q: 'apple' } }, signal: controller.signal }).catch((e: unknown) => e);
  assert.is((err as Error).name, 'AbortError');
});

test('paginate iterates every page of an offset-paginated endpoint', async () => {
  const c = client();
  const all = (await c.get('/glossary', { params: { query: { limit: 200 } } })) as { total: number };
  const terms: string[] = [];
  const before = s.seen.length;
  for await (const term of c.paginate('/glossary', { query: { limit: 150 } })) terms.push(term.slug);
  assert.is(terms.length, all.total);
  assert.is(new Set(terms).size, terms.length, 'no item twice');
  assert.is(s.seen.length - before, Math.ceil(all.total / 150));
  // Stopping early fetches no further pages.
  const b2 = s.seen.length;
  let n = 0;
  for await (const _ of c.paginate('/glossary', { query: { limit: 5 } })) if (++n === 7) break;
  assert.is(s.seen.length - b2, 2);
  // Array-shaped pages (insiders) work too: TSLA has the sample's most insider rows (three real filings).
  const trades = [];
  for await (const trade of c.paginate('/insiders', { query: { ticker: 'TSLA', limit: 2 } })) trades.push(trade.accession);
  const direct = await c.get('/insiders', { params: { query: { ticker: 'TSLA', limit: 500 } } });
  assert.ok(direct.length > 4, 'several pages');
  assert.equal(trades, direct.map((t) => t.accession));
  // The fundamentals universe pages by ticker: one a page gives the whole answer.
  const whole = await c.get('/fundamentals-pit/universe', { params: { query: { date: '2023-04-20' } } });
  const paged: string[] = [];
  for await (const row of c.paginate('/fundamentals-pit/universe', { query: { date: '2023-04-20', limit: 1 } })) paged.push(row.ticker);
  assert.ok(whole.tickers.length > 1, 'several pages');
  assert.equal(paged, whole.tickers.map((t) => t.ticker));
});

test('bulk as CSV, Arrow and Parquet', async () => {
  const c = client(s.keys.investor);
  const csv = await c.bulk(['AAPL', 'MSFT'], { format: 'csv' });
  assert.match(csv.split('\n')[0]!, /^ticker,cik,fiscalYear/);
  const arrow = await c.bulk(['AAPL', 'MSFT'], { format: 'arrow', fields: ['metrics'] });
  const table = tableFromIPC(arrow);
  assert.is(table.numRows, 2);
  assert.equal(table.getChild('ticker')!.toArray(), ['AAPL', 'MSFT']);
  assert.ok(table.schema.fields.some((f) => f.name === 'netMargin'));
  assert.not.ok(table.schema.fields.some((f) => f.name === 'revenue'), 'only the metrics group');
  const parquet = await c.bulk(['AAPL'], { format: 'parquet' });
  assert.is(Buffer.from(parquet.subarray(0, 4)).toString(), 'PAR1');
  assert.is(Buffer.from(parquet.subarray(-4)).toString(), 'PAR1');
});

test.run();
