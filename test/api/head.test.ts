/**
 * HEAD (found trying the service from outside): every GET path answers HEAD with the GET's status
 * and headers and no body, as the OpenAPI document says, and a keyed HEAD is admitted and metered
 * as its GET (it does the GET's work). Every response here is also checked against the OpenAPI
 * document by the test app (test/openapi-conformance.ts: a HEAD against its GET).
 */
import net from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { meterKeys } from '../../api/limits/limiter.ts';
import { setAccountPlan } from '../../api/store/accounts.ts';
import { billingMonth } from '../../schema/plans.ts';
import { sampleApp, type TestApp } from '../helpers.ts';
import { signedIn, TEST_UA } from './identity/client.ts';

let t: TestApp;
const test = suite('HEAD');
test.before(async () => {
  t = await sampleApp({ jobs: ['companies', 'prices'] });
});
test.after(() => t.close());

const SAME = ['content-type', 'content-length', 'vary', 'x-svc-per-call-cost', 'ratelimit-policy'];

test('HEAD answers the GET status and headers, Content-Length included, with no body', async () => {
  const urls = ['/api/health', '/api/ticker-search?q=app', '/api/data?ticker=AAPL', '/api/v1/data?ticker=AAPL', '/api/screener', '/api/data?ticker=NOPE', '/api/ticker-search', '/openapi.json', '/llms.txt'];
  for (const url of urls) {
    const get = await t.app.inject({ url, headers: { 'user-agent': TEST_UA } });
    const head = await t.app.inject({ method: 'HEAD', url, headers: { 'user-agent': TEST_UA } });
    assert.is(head.statusCode, get.statusCode, url);
    assert.is(head.body, '', url);
    assert.is(head.headers['content-length'], String(Buffer.byteLength(get.body)), url);
    for (const h of SAME) assert.is(head.headers[h], get.headers[h], `${url} ${h}`);
  }
});

test('asked for gzip or br, a HEAD gives the headers its GET gives, for answers the compress plugin encodes and for kept ones', async () => {
  // /api/coverage and /openapi.json are compressed by the plugin; /api/ticker-search is
  // a kept answer compressed once (api/encoding.ts).
  for (const url of ['/api/coverage', '/openapi.json', '/api/ticker-search?q=a']) {
    for (const enc of ['gzip', 'br', 'gzip, deflate, br', 'deflate']) {
      const headers = { 'user-agent': TEST_UA, 'accept-encoding': enc };
      const get = await t.app.inject({ url, headers });
      const head = await t.app.inject({ method: 'HEAD', url, headers });
      assert.is(head.statusCode, get.statusCode, url);
      assert.ok(get.headers['content-encoding'], `${url} ${enc}: the GET is compressed`);
      assert.is(head.body, '', url);
      for (const h of ['content-encoding', 'vary', 'content-type']) assert.is(head.headers[h], get.headers[h], `${url} ${enc} ${h}`);
      if (get.headers['content-length'] !== undefined) assert.is(head.headers['content-length'], get.headers['content-length'], `${url} ${enc} content-length`);
      else assert.is(head.headers['content-length'], undefined, `${url} ${enc}: no length when the GET has none`);
    }
  }
});

test('HEAD on /graphql answers as its GET, headers only (yoga refused it with 405)', async () => {
  for (const [url, encoding] of [['/graphql?query=%7B__typename%7D', undefined], ['/graphql', undefined], [`/graphql?query=${encodeURIComponent(`{ companies(tickers: ["AAPL","MSFT","KO"]) { ticker name exchange } }`)}`, 'gzip'],
    // Over 1 KB, so compressed: the HEAD's length and coding are the compressed GET's.
    [`/graphql?query=${encodeURIComponent('{ __schema { types { name description } } }')}`, 'gzip'], [`/graphql?query=${encodeURIComponent('{ __schema { types { name } } }')}`, 'br']] as const) {
    const headers = { 'user-agent': TEST_UA, accept: 'application/json', ...(encoding ? { 'accept-encoding': encoding } : {}) };
    const get = await t.app.inject({ url, headers });
    const head = await t.app.inject({ method: 'HEAD', url, headers });
    assert.is(head.statusCode, get.statusCode, url);
    assert.is(head.body, '', url);
    // The length of the body a GET gets; none when the GET has none (compressed as it is sent, chunked).
    if (get.headers['content-length'] !== undefined) assert.is(head.headers['content-length'], String(get.rawPayload.length), url);
    else assert.is(head.headers['content-length'], undefined, url);
    for (const h of ['content-type', 'content-encoding', 'x-svc-per-call-cost']) assert.is(head.headers[h], get.headers[h], `${url} ${h}`);
  }
});

test('over a socket no HEAD answer carries body bytes, a 404 and a cached answer included', async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  for (const path of ['/api/nope', '/api/data?ticker=AAPL', '/api/ticker-search?q=app', '/openapi.json', '/graphql?query=%7B__typename%7D']) {
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(`HEAD ${path} HTTP/1.1\r\nHost: x\r\nUser-Agent: ${TEST_UA}\r\nConnection: close\r\n\r\n`));
      let text = '';
      socket.on('data', (d) => (text += d.toString('latin1')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    const end = raw.indexOf('\r\n\r\n');
    assert.ok(end > 0, path);
    assert.match(raw, /^HTTP\/1\.1 (200|404) /, path);
    assert.is(raw.slice(end + 4), '', `${path}: nothing after the headers`);
  }
});

test('a keyed HEAD on a metered route is admitted and metered as its GET', async () => {
  for (const p of Object.values(t.services.identity.throttles)) p.limit = 1_000_000;
  const client = await signedIn(t.app, t.config.dataDir, 'head@example.com', '203.0.113.90');
  const key = (await client.call('POST', '/api/keys', { body: { name: 'head' } })).json().key;
  const id = (await client.call('GET', '/api/auth/me')).json().id;
  // A plan account: its calls count in the plan meter.
  await setAccountPlan(t.services.store, id, 'developer');
  t.services.identity.keyCache.clear();
  const { monthKey } = meterKeys(id, billingMonth(Date.now()));
  const calls = async () => (await t.services.limits.store.peekMeter(monthKey))?.calls ?? 0;
  const headers = { 'x-api-key': key, 'user-agent': TEST_UA };
  const before = await calls();
  const get = await t.app.inject({ url: '/api/data?ticker=AAPL', headers });
  assert.is(get.statusCode, 200);
  assert.is(await calls(), before + 1);
  const head = await t.app.inject({ method: 'HEAD', url: '/api/data?ticker=AAPL', headers });
  assert.is(head.statusCode, 200);
  assert.is(head.body, '');
  assert.is(head.headers['x-svc-per-call-cost'], get.headers['x-svc-per-call-cost']);
  assert.ok(head.headers.ratelimit, 'RateLimit headers on a HEAD');
  assert.is(await calls(), before + 2, 'the HEAD counted as one call');
});

test.run();
