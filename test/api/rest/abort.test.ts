/**
 * Clients that disconnect before or while an answer is sent (issue 15: Parquet bulk logged
 * ERR_HTTP_HEADERS_SENT as an unhandled error): every format of /api/data/bulk and the large JSON
 * answers are aborted at several moments; the server logs no error, raises nothing unhandled and
 * keeps serving.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Writable } from 'node:stream';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fixtureApp, tierHeader } from '../../fixtures/fundamentals/build.ts';
import type { TestApp } from '../../helpers.ts';

const test = suite('client aborts');
let t: TestApp;
let base = '';
const logged: Record<string, unknown>[] = [];
const unhandled: unknown[] = [];
const onUnhandled = (err: unknown): void => {
  unhandled.push(err);
};

test.before(async () => {
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const l of String(chunk).split('\n').filter(Boolean)) logged.push(JSON.parse(l) as Record<string, unknown>);
      done();
    },
  });
  process.on('unhandledRejection', onUnhandled);
  process.on('uncaughtException', onUnhandled);
  t = await fixtureApp({ plugins: [tierHeader], logger: { level: 'warn', stream } });
  (t.services as { limits?: unknown }).limits = undefined;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
test.after(async () => {
  process.off('unhandledRejection', onUnhandled);
  process.off('uncaughtException', onUnhandled);
  await t.close();
});

/** Sends a request and destroys the socket `afterMs` after sending (or at the first byte when -1). */
function abortAfter(url: string, afterMs: number): Promise<void> {
  return new Promise((resolve) => {
    const req = http.get(`${base}${url}`, { headers: { 'user-agent': 'almanac-tests/1.0 (abort)', 'x-test-tier': 'investor' } }, (res) => {
      res.once('data', () => req.destroy());
      res.on('error', () => undefined);
      res.on('close', () => resolve());
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    if (afterMs >= 0) setTimeout(() => req.destroy(), afterMs);
  });
}

test('aborted mid-answer in every format: no error logged, nothing unhandled, the server still answers', async () => {
  const urls = ['json', 'csv', 'arrow', 'parquet'].map((f) => `/api/data/bulk?tickers=NVDA,AAPL,AMND,KO&format=${f}`);
  urls.push('/api/fundamentals-pit/universe', '/api/fundamentals-pit?ticker=NVDA');
  for (const url of urls) {
    for (const ms of [-1, 0, 1, 3, 10, 30]) await abortAfter(url, ms);
  }
  await new Promise((r) => setTimeout(r, 300));
  const errors = logged.filter((l) => (l.level as number) >= 50);
  assert.equal(errors.map((e) => [e.msg, (e.err as { code?: string } | undefined)?.code]), [], 'no error logged');
  assert.equal(unhandled, []);
  const ok = await fetch(`${base}/api/data/bulk?tickers=NVDA&format=parquet`, { headers: { 'user-agent': 'almanac-tests/1.0 (abort)', 'x-test-tier': 'investor' } });
  assert.is(ok.status, 200);
});

test('large answers compressed as negotiated (br preferred, gzip), small ones and non-asking clients not', async () => {
  const headers = { 'user-agent': 'almanac-tests/1.0 (abort)', 'x-test-tier': 'investor' };
  const url = '/api/data/bulk?tickers=NVDA,AAPL,AMND';
  const plain = await t.app.inject({ url, headers });
  assert.is(plain.statusCode, 200);
  assert.is(plain.headers['content-encoding'], undefined);
  assert.ok(plain.body.length >= 1024, `the bulk answer is large enough to compress (${plain.body.length} bytes)`);
  const br = await t.app.inject({ url, headers: { ...headers, 'accept-encoding': 'gzip, br' } });
  assert.is(br.headers['content-encoding'], 'br');
  assert.match(String(br.headers.vary), /accept-encoding/i);
  assert.is(brotliDecompressSync(br.rawPayload).toString(), plain.body);
  assert.ok(br.rawPayload.length < plain.body.length / 2);
  const gz = await t.app.inject({ url, headers: { ...headers, 'accept-encoding': 'gzip' } });
  assert.is(gz.headers['content-encoding'], 'gzip');
  assert.is(gunzipSync(gz.rawPayload).toString(), plain.body);
  assert.ok(gz.headers['x-svc-per-call-cost'] === plain.headers['x-svc-per-call-cost'] && gz.headers['x-request-id'], 'pipeline headers kept');
  const small = await t.app.inject({ url: '/api/fundamentals-pit?ticker=NOPE', headers: { ...headers, 'accept-encoding': 'br' } });
  assert.is(small.headers['content-encoding'], undefined);
  const pq = await t.app.inject({ url: '/api/data/bulk?tickers=NVDA,AAPL&format=parquet', headers: { ...headers, 'accept-encoding': 'gzip' } });
  assert.is(pq.statusCode, 200);
});

test.run();
