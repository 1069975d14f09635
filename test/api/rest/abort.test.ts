/**
 * Clients that disconnect before or while an answer is sent (issue 15: Parquet bulk logged
 * ERR_HTTP_HEADERS_SENT as an unhandled error): every format of /api/data/bulk and the large JSON
 * answers are aborted at several moments; the server logs no error, raises nothing unhandled and
 * keeps serving.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Readable } from 'node:stream';
import { z } from 'zod';
import { RESOURCES } from '../../../api/rest/index.ts';
import { defineRoute, resource } from '../../../api/route.ts';
import { fixtureApp, tierHeader } from '../../fixtures/fundamentals/build.ts';
import type { TestApp } from '../../helpers.ts';

const test = suite('client aborts');

/**
 * Handlers that send the reply themselves (as the CSV, Arrow and Parquet bulk answers do) with a
 * body large enough that the socket's buffers fill: a client leaving mid-body ends the response
 * without 'finish'. The route wrapper sent such a reply a second time (204) after the abort:
 * ERR_HTTP_HEADERS_SENT logged as an unhandled error (issue 15).
 */
const big = resource('TestBig', [
  defineRoute({
    method: 'GET',
    path: '/test-big',
    capability: 'random_ticker',
    summary: 'a large answer the handler sends itself',
    query: z.object({ kind: z.enum(['buffer', 'stream', 'slow']) }),
    responses: { 200: { description: 'bytes' } },
    handler: async ({ query, reply }) => {
      if (query.kind === 'slow') {
        await new Promise((r) => setTimeout(r, 150));
        return { slow: true };
      }
      const chunk = Buffer.alloc(64 * 1024, 'x');
      if (query.kind === 'buffer') return reply.type('application/octet-stream').send(Buffer.alloc(16 * 1024 * 1024, 'x'));
      let n = 0;
      const body = new Readable({
        read() {
          setTimeout(() => this.push(++n > 256 ? null : chunk), 1);
        },
      });
      return reply.type('text/csv').send(body);
    },
  }),
]);
let t: TestApp;
let base = '';
const logged: Record<string, unknown>[] = [];
const unhandled: unknown[] = [];
/** onSend runs per request id: a reply sent twice runs it twice. */
const sends = new Map<string, number>();
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
  const countSends = async (app: FastifyInstance): Promise<void> => {
    app.addHook('onSend', async (req, _reply, payload) => {
      sends.set(req.id, (sends.get(req.id) ?? 0) + 1);
      return payload;
    });
  };
  t = await fixtureApp({ plugins: [tierHeader, countSends], resources: [...RESOURCES, big], logger: { level: 'warn', stream } });
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
function abortAfter(url: string, afterMs: number, encoding?: string): Promise<void> {
  return new Promise((resolve) => {
    const headers = { 'user-agent': 'almanac-tests/1.0 (abort)', 'x-test-tier': 'investor', ...(encoding ? { 'accept-encoding': encoding } : {}) };
    const req = http.get(`${base}${url}`, { headers }, (res) => {
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
  urls.push('/api/fundamentals-pit/universe', '/api/fundamentals-pit?ticker=NVDA', '/api/test-big?kind=buffer', '/api/test-big?kind=stream');
  for (const url of urls) {
    for (const ms of [-1, 0, 1, 3, 10, 30]) await abortAfter(url, ms);
    // Compressed (a streamed answer), and many at once at staggered moments.
    for (const encoding of ['gzip', 'br']) await Promise.all([-1, 0, 1, 2, 3, 5, 8, 13, 21, 34].map((ms) => abortAfter(url, ms, encoding)));
  }
  await new Promise((r) => setTimeout(r, 300));
  // Warnings too: Fastify's 'Reply was already sent' (a second send of one reply) is a warning.
  const errors = logged.filter((l) => (l.level as number) >= 40);
  assert.equal(errors.map((e) => [e.msg, (e.err as { code?: string } | undefined)?.code]), [], 'no error or warning logged');
  assert.equal(unhandled, []);
  const ok = await fetch(`${base}/api/data/bulk?tickers=NVDA&format=parquet`, { headers: { 'user-agent': 'almanac-tests/1.0 (abort)', 'x-test-tier': 'investor' } });
  assert.is(ok.status, 200);
});

test('a value answered after its client left still goes through the onSend steps (billing, releasing the reservation), once', async () => {
  sends.clear();
  const id = 'abort-slow-0001';
  await new Promise<void>((resolve) => {
    const req = http.get(`${base}/api/test-big?kind=slow`, { headers: { 'user-agent': 'almanac-tests/1.0 (abort)', 'x-request-id': id } });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    setTimeout(() => req.destroy(), 30);
  });
  await new Promise((r) => setTimeout(r, 400));
  assert.is(sends.get(id), 1);
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

test('every bulk format compressed end to end equals its identity body, sent once (no second send of the reply)', async () => {
  const headers = { 'user-agent': 'almanac-tests/1.0 (abort)', 'x-test-tier': 'investor' };
  const before = logged.length;
  sends.clear();
  for (const format of ['json', 'csv', 'arrow', 'parquet']) {
    const url = `${base}/api/data/bulk?tickers=NVDA,AAPL,AMND,KO,MSFT&format=${format}`;
    const plain = Buffer.from(await (await fetch(url, { headers: { ...headers, 'accept-encoding': 'identity' } })).arrayBuffer());
    for (const encoding of ['gzip', 'br']) {
      // Over a socket (not inject): the compressed answer is a stream written as it is produced.
      const body = await new Promise<{ enc: string | undefined; bytes: Buffer }>((resolve, reject) => {
        http
          .get(url, { headers: { ...headers, 'accept-encoding': encoding } }, (res) => {
            const parts: Buffer[] = [];
            res.on('data', (d: Buffer) => parts.push(d));
            res.on('end', () => resolve({ enc: res.headers['content-encoding'], bytes: Buffer.concat(parts) }));
            res.on('error', reject);
          })
          .on('error', reject);
      });
      const decoded = body.enc === 'br' ? brotliDecompressSync(body.bytes) : body.enc === 'gzip' ? gunzipSync(body.bytes) : body.bytes;
      if (format !== 'parquet') assert.equal(decoded.toString(), plain.toString(), `${format} ${encoding}`);
      else assert.is(decoded.subarray(0, 4).toString(), 'PAR1', `${format} ${encoding}`);
      // Arrow and Parquet are binary, already compact, media types @fastify/compress leaves alone.
      if (plain.length >= 1024 && (format === 'json' || format === 'csv')) assert.is(body.enc, encoding, `${format}: ${plain.length} bytes compressed`);
    }
  }
  await new Promise((r) => setTimeout(r, 100));
  const warnings = logged.slice(before).filter((l) => (l.level as number) >= 40);
  assert.equal(warnings.map((e) => e.msg), []);
  assert.is(sends.size, 12);
  assert.equal([...sends.values()].filter((n) => n !== 1), [], 'each reply sent once');
});

test.run();
