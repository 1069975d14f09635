import { connect } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import type { CapabilityId } from '../../schema/access.ts';
import { defineRoute, QUERY_MEMO_ENTRIES, resource } from '../../api/route.ts';
import { RESOURCES } from '../../api/rest/index.ts';
import { sampleApp } from '../helpers.ts';

/** How many times each test route's query schema read a query, by path. */
const parsed: Record<string, number> = {};
/** A route echoing its query, counting the reads of its schema. */
const echoRoute = (path: string, capability: CapabilityId = 'random_ticker') =>
  defineRoute({
    method: 'GET',
    path,
    capability,
    summary: 'echoes its query',
    query: z.object({
      n: z.coerce.number().int().min(0),
      tags: z.array(z.string()).optional(),
      word: z.string().transform((w) => {
        parsed[path] = (parsed[path] ?? 0) + 1;
        return w.toUpperCase();
      }),
    }),
    responses: { 200: { description: 'ok' } },
    handler: ({ query }) => ({ query, frozen: Object.isFrozen(query) && (query.tags === undefined || Object.isFrozen(query.tags)) }),
  });
// `random_ticker` is a public data capability (metered); `auth_verify_email` is not one.
const echo = resource('Test', [echoRoute('/test-query-memo'), echoRoute('/test-query-memo-bound'), echoRoute('/test-query-memo-account', 'auth_verify_email')]);

const memo = suite('a data route keeps the queries it validated (api/route.ts)');
const t = await sampleApp({ jobs: ['companies'], server: { resources: [...RESOURCES, echo] } });
// Limits off: the bound test asks more than an anonymous caller may.
(t.services as { limits?: unknown }).limits = undefined;
const ask = (query: string, path = '/test-query-memo') => t.app.inject({ url: `/api${path}?${query}`, headers: { 'user-agent': 'almanac-test/1.0' } });

memo('the same query is parsed once and answered the same, frozen, on /api and /api/v1', async () => {
  const path = '/test-query-memo';
  parsed[path] = 0;
  const first = await ask('n=1&word=a&tags=x&tags=y');
  const again = await ask('n=1&word=a&tags=x&tags=y');
  assert.is(first.statusCode, 200);
  assert.equal(first.json(), { query: { n: 1, word: 'A', tags: ['x', 'y'] }, frozen: true });
  assert.equal(again.json(), first.json());
  assert.is(parsed[path], 1);
  assert.is((await t.app.inject({ url: '/api/v1/test-query-memo?n=1&word=a&tags=x&tags=y', headers: { 'user-agent': 'almanac-test/1.0' } })).statusCode, 200);
  assert.is(parsed[path], 1);
  // Another query (here the same parameters in another order) is parsed.
  assert.equal((await ask('word=a&n=1')).json().query, { n: 1, word: 'A' });
  assert.is(parsed[path], 2);
});

memo('a refused query is refused every time, and a kept one does not excuse another', async () => {
  await ask('n=1&word=a');
  for (let i = 0; i < 2; i++) {
    const unknown = await ask('n=1&word=a&extra=1');
    assert.is(unknown.statusCode, 400);
    assert.match(unknown.json().error, "unknown parameter: 'extra'");
    const twice = await ask('n=1&n=1&word=a');
    assert.is(twice.statusCode, 400);
    assert.match(twice.json().error, 'given 2 times');
    const hex = await ask('n=0x10&word=a');
    assert.is(hex.statusCode, 400);
    assert.match(hex.json().error, 'decimal notation');
  }
  assert.is((await ask('n=1&word=a')).statusCode, 200);
});

memo('a target with # (which the router split off as a query) is refused, and never answers for another request', async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  /** The status and body of one raw HTTP/1.1 request (fetch and inject drop a fragment). */
  const raw = (target: string): Promise<{ status: number; body: string }> =>
    new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      socket.on('data', (d) => (text += d.toString()));
      socket.on('error', reject);
      socket.on('end', () => resolve({ status: Number(text.slice(9, 12)), body: text.slice(text.indexOf('\r\n\r\n') + 4) }));
      socket.write(`GET ${target} HTTP/1.1\r\nHost: x\r\nUser-Agent: almanac-test/1.0\r\nConnection: close\r\n\r\n`);
    });
  // A fragment is never part of a request target (RFC 9112): refused before any query is read.
  const fragment = await raw('/api/test-query-memo#n=7&word=f');
  assert.is(fragment.status, 400, fragment.body);
  assert.match(JSON.parse(fragment.body).error, 'it holds a #');
  // The plain path asks with no query: a 400 naming the missing parameter.
  const plain = await raw('/api/test-query-memo');
  assert.is(plain.status, 400, plain.body);
  assert.match(JSON.parse(plain.body).error, "'n'");
  const odd = await raw('/api/test-query-memo#x?n=1&word=a');
  assert.is(odd.status, 400, odd.body);
  assert.match(JSON.parse(odd.body).error, 'it holds a #');
});

memo('the memo is bounded: when full it starts again, and answers stay right', async () => {
  const path = '/test-query-memo-bound';
  parsed[path] = 0;
  for (let i = 0; i < QUERY_MEMO_ENTRIES; i++) assert.is((await ask(`n=${i}&word=w`, path)).json().query.n, i);
  assert.is(parsed[path], QUERY_MEMO_ENTRIES);
  // All kept: asking each again parses nothing.
  for (let i = 0; i < QUERY_MEMO_ENTRIES; i++) await ask(`n=${i}&word=w`, path);
  assert.is(parsed[path], QUERY_MEMO_ENTRIES);
  // One more empties it and is kept alone: the first is parsed again, the newest is not.
  assert.is((await ask(`n=${QUERY_MEMO_ENTRIES}&word=w`, path)).json().query.n, QUERY_MEMO_ENTRIES);
  assert.is(parsed[path], QUERY_MEMO_ENTRIES + 1);
  assert.is((await ask('n=0&word=w', path)).json().query.n, 0);
  assert.is(parsed[path], QUERY_MEMO_ENTRIES + 2);
  await ask(`n=${QUERY_MEMO_ENTRIES}&word=w`, path);
  assert.is(parsed[path], QUERY_MEMO_ENTRIES + 2);
});

memo('a long query, or any query of a route that is not a public data read, is answered but not kept', async () => {
  parsed['/test-query-memo'] = 0;
  const long = `n=1&word=${'a'.repeat(300)}`;
  assert.is((await ask(long)).statusCode, 200);
  assert.is((await ask(long)).statusCode, 200);
  assert.is(parsed['/test-query-memo'], 2);
  const path = '/test-query-memo-account';
  parsed[path] = 0;
  assert.is((await ask('n=1&word=secret', path)).statusCode, 200);
  assert.is((await ask('n=1&word=secret', path)).statusCode, 200);
  assert.is(parsed[path], 2);
});

memo.after(() => t.close());
memo.run();
