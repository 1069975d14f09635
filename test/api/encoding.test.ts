/** Pre-compressed cached answers (api/encoding.ts): negotiation and bytes equal to the JSON. */
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { keptWith, negotiatedCount, preferredEncoding, sendCachedBody, varyingOn } from '../../api/encoding.ts';
import { emptyServing } from '../helpers.ts';

const test = suite('encoding');

test('Accept-Encoding negotiation: br over gzip, q=0 refuses, unknown ignored', () => {
  assert.is(preferredEncoding(undefined), null);
  assert.is(preferredEncoding('gzip, deflate, br'), 'br');
  assert.is(preferredEncoding('gzip;q=0.5, br;q=0'), 'gzip');
  assert.is(preferredEncoding('BR'), 'br');
  assert.is(preferredEncoding('identity, zstd'), null);
  assert.is(preferredEncoding('gzip;q=0'), null);
  assert.is(preferredEncoding('x-gzip'), 'gzip');
});

test('Accept-Encoding negotiation: the weights decide, as @fastify/compress decides for the answers it compresses', () => {
  assert.is(preferredEncoding('br;q=0.1, gzip;q=1.0'), 'gzip');
  assert.is(preferredEncoding('br;q=0.8, gzip'), 'gzip');
  assert.is(preferredEncoding('gzip;q=0.5, br;q=0.5'), 'br');
  assert.is(preferredEncoding('gzip;Q=0.9, BR;q=0.3'), 'gzip');
  assert.is(preferredEncoding('*;q=0.5, br;q=0'), 'gzip');
  assert.is(preferredEncoding('*;q=0'), null);
  assert.is(preferredEncoding('gzip;q=0.000, br;q=0.00'), null);
  assert.is(preferredEncoding(' , ;q=1, gzip ; q=0.2 '), 'gzip');
  // Decided once per header value, remembered for at most 256 short values: a client sending a
  // new value each time (or long ones) holds no more than that.
  for (let i = 0; i < 1000; i++) {
    assert.is(preferredEncoding(`gzip;q=0.${(i % 9) + 1}, br;q=0.05, x-${i}`), 'gzip');
    assert.ok(negotiatedCount() <= 256);
  }
  assert.is(preferredEncoding(`br, ${'x-long;q=0.1, '.repeat(200)}`), 'br');
  assert.is(preferredEncoding(`gzip;q=0.2, br;q=0.1, ${'x-long;q=0.1, '.repeat(200)}`), 'gzip');
  const before = negotiatedCount();
  preferredEncoding(`deflate, ${'x-long;q=0.1, '.repeat(200)}`);
  assert.is(negotiatedCount(), before, 'a long value is not kept');
  assert.is(preferredEncoding('br;q=0.1, gzip;q=1.0'), 'gzip');
});

test('a kept answer and one the plugin compresses pick the same coding for the same Accept-Encoding', async () => {
  const json = JSON.stringify({ rows: Array.from({ length: 300 }, (_, i) => ({ ticker: `T${i}`, value: i })) });
  const app = Fastify();
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip', 'deflate'] });
  app.get('/kept', (req, reply) => sendCachedBody(Buffer.from(json), req, reply));
  app.get('/plugin', (_req, reply) => reply.type('application/json').send(json));
  for (const header of ['*', 'x-gzip', 'gzip, deflate, br', 'br;q=0.1, gzip', 'gzip;q=0.5, br;q=0.5', '*;q=0.5, br;q=0', 'br;q=0, gzip;q=0', 'identity', 'zstd, gzip;q=0.1', 'GZIP', 'deflate', 'gzip;q=0, deflate', 'gzip;q=0.5, deflate']) {
    const kept = await app.inject({ url: '/kept', headers: { 'accept-encoding': header } });
    const plugin = await app.inject({ url: '/plugin', headers: { 'accept-encoding': header } });
    assert.is(kept.headers['content-encoding'], plugin.headers['content-encoding'], header);
    // One Vary field, once: the plugin leaves an answer that is already encoded alone.
    if (kept.headers['content-encoding']) assert.is(kept.headers.vary, 'Accept-Encoding', header);
  }
  await app.close();
});
test('a cached answer is compressed once per encoding and decodes to the JSON', async () => {
  const json = JSON.stringify({ rows: Array.from({ length: 500 }, (_, i) => ({ ticker: `T${i}`, value: i })) });
  // The bytes a snapshot's body cache keeps: the same Buffer on every request.
  const kept = Buffer.from(json);
  const app = Fastify();
  app.get('/x', (req, reply) => sendCachedBody(kept, req, reply));
  const plain = await app.inject({ url: '/x' });
  assert.is(plain.body, json);
  assert.is(plain.headers['content-encoding'], undefined);
  assert.match(String(plain.headers['content-type']), /^application\/json/);
  assert.is(plain.headers.vary, 'Accept-Encoding');
  const br = await app.inject({ url: '/x', headers: { 'accept-encoding': 'gzip, br' } });
  assert.is(br.headers['content-encoding'], 'br');
  assert.is(brotliDecompressSync(br.rawPayload).toString(), json);
  const gz = await app.inject({ url: '/x', headers: { 'accept-encoding': 'gzip' } });
  assert.is(gz.headers['content-encoding'], 'gzip');
  assert.is(gunzipSync(gz.rawPayload).toString(), json);
  let built = 0;
  const cached = await keptWith(kept)('br', async () => (built++, Buffer.from('')));
  assert.is(built, 0, 'the br bytes were kept');
  assert.equal(cached, br.rawPayload);
});

test("an answer kept in a snapshot's body cache has its compressed forms kept in that cache, under its key and encoding", async () => {
  const serving = emptyServing();
  const json = JSON.stringify({ rows: Array.from({ length: 500 }, (_, i) => ({ ticker: `T${i}`, value: i })) });
  const kept = await serving.body('answer', async () => Buffer.from(json));
  const app = Fastify();
  app.get('/x', (req, reply) => sendCachedBody(kept, req, reply));
  const gz = await app.inject({ url: '/x', headers: { 'accept-encoding': 'gzip' } });
  assert.is(gunzipSync(gz.rawPayload).toString(), json);
  let built = 0;
  const cached = await serving.body('answer#gzip', async () => (built++, Buffer.from('')));
  assert.is(built, 0, 'the gzip bytes are in the snapshot cache the answer came from');
  assert.equal(cached, gz.rawPayload);
  // Asked again, the held gzip bytes are sent at once (sendKept's synchronous branch): the same bytes.
  const again = await app.inject({ url: '/x', headers: { 'accept-encoding': 'gzip' } });
  assert.equal([again.headers['content-encoding'], again.rawPayload], ['gzip', gz.rawPayload]);
  assert.ok(Buffer.isBuffer(serving.bodyNow('answer#gzip', async () => Buffer.from(''))), 'held: answered without a promise');
  await app.close();
});

test('compressed forms are kept with the bytes they compress: other bytes (another snapshot\'s answer) get their own, concurrent asks share one', async () => {
  const answer = (price: number) => Buffer.from(JSON.stringify({ rows: Array.from({ length: 500 }, (_, i) => ({ ticker: `T${i}`, price: price + i })) }));
  const [before, after] = [answer(1), answer(1001)];
  let current = before;
  const app = Fastify();
  app.get('/x', (req, reply) => sendCachedBody(current, req, reply));
  const gz = async () => JSON.parse(gunzipSync((await app.inject({ url: '/x', headers: { 'accept-encoding': 'gzip' } })).rawPayload).toString()).rows[0].price;
  assert.is(await gz(), 1);
  current = after;
  assert.is(await gz(), 1001, 'the new bytes, compressed: not the form kept for the old ones');
  current = before;
  assert.is(await gz(), 1);
  let made = 0;
  const make = async () => (made++, gzipSync(before));
  const fresh = answer(7);
  const both = await Promise.all([keptWith(fresh)('gzip', make), keptWith(fresh)('gzip', make)]);
  assert.is(made, 1, 'one compression for two concurrent asks');
  assert.is(both[0], both[1]);
  await app.close();
});

test('Vary: Accept-Encoding is added to what a step set before (CORS on /graphql), never repeated', () => {
  assert.is(varyingOn(undefined, 'Accept-Encoding'), 'Accept-Encoding');
  assert.is(varyingOn('Origin', 'Accept-Encoding'), 'Origin, Accept-Encoding');
  assert.is(varyingOn('Origin, accept-encoding', 'Accept-Encoding'), 'Origin, accept-encoding');
  assert.is(varyingOn('*', 'Accept-Encoding'), '*');
  assert.is(varyingOn('accept-encoding', 'Accept-Encoding'), 'accept-encoding');
  assert.is(varyingOn(' Origin ', 'Accept-Encoding'), 'Origin, Accept-Encoding');
  assert.is(varyingOn('', 'Accept-Encoding'), 'Accept-Encoding');
  assert.is(varyingOn(', Origin,,', 'Accept-Encoding'), 'Origin, Accept-Encoding');
  assert.is(varyingOn('Origin, *', 'Accept-Encoding'), 'Origin, *');
});

test.run();
