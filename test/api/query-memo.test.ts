import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { defineRoute, QUERY_MEMO_ENTRIES, resource } from '../../api/route.ts';
import { RESOURCES } from '../../api/rest/index.ts';
import { sampleApp } from '../helpers.ts';

/** How many times the test route's query schema read a query. */
let parsed = 0;
const echo = resource('Test', [
  defineRoute({
    method: 'GET',
    path: '/test-query-memo',
    capability: 'random_ticker',
    summary: 'echoes its query',
    query: z.object({
      n: z.coerce.number().int().min(0),
      tags: z.array(z.string()).optional(),
      word: z.string().transform((w) => {
        parsed++;
        return w.toUpperCase();
      }),
    }),
    responses: { 200: { description: 'ok' } },
    handler: ({ query }) => ({ query, frozen: Object.isFrozen(query) && (query.tags === undefined || Object.isFrozen(query.tags)) }),
  }),
]);

const memo = suite('a route keeps the queries it validated (api/route.ts)');
const t = await sampleApp({ jobs: ['companies'], server: { resources: [...RESOURCES, echo] } });
// Limits off: the bound test asks more than an anonymous caller may.
(t.services as { limits?: unknown }).limits = undefined;
const ask = (query: string) => t.app.inject({ url: `/api/test-query-memo?${query}`, headers: { 'user-agent': 'almanac-test/1.0' } });

memo('the same query string is parsed once and answered the same, frozen', async () => {
  parsed = 0;
  const first = await ask('n=1&word=a&tags=x&tags=y');
  const again = await ask('n=1&word=a&tags=x&tags=y');
  assert.is(first.statusCode, 200);
  assert.equal(first.json(), { query: { n: 1, word: 'A', tags: ['x', 'y'] }, frozen: true });
  assert.equal(again.json(), first.json());
  assert.is(parsed, 1);
  // Through /api/v1 the same route's memo answers too; another string is parsed.
  assert.is((await t.app.inject({ url: '/api/v1/test-query-memo?n=1&word=a&tags=x&tags=y', headers: { 'user-agent': 'almanac-test/1.0' } })).statusCode, 200);
  assert.is(parsed, 1);
  assert.equal((await ask('word=a&n=1')).json().query, { n: 1, word: 'A' });
  assert.is(parsed, 2);
});

memo('a refused query is refused every time, and a kept one does not excuse another', async () => {
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
  assert.is((await ask('n=1&word=a&tags=x&tags=y')).statusCode, 200);
});

memo('the memo is bounded: past its size it starts again, and answers stay right', async () => {
  parsed = 0;
  for (let i = 0; i <= QUERY_MEMO_ENTRIES; i++) assert.is((await ask(`n=${i}&word=w`)).json().query.n, i);
  assert.is(parsed, QUERY_MEMO_ENTRIES + 1);
  // Emptied when full: the first is parsed again, the last is still kept.
  await ask('n=0&word=w');
  assert.is(parsed, QUERY_MEMO_ENTRIES + 2);
  await ask(`n=${QUERY_MEMO_ENTRIES}&word=w`);
  assert.is(parsed, QUERY_MEMO_ENTRIES + 2);
});

memo('a long query string is answered but not kept', async () => {
  parsed = 0;
  const long = `n=1&word=${'a'.repeat(300)}`;
  assert.is((await ask(long)).statusCode, 200);
  assert.is((await ask(long)).statusCode, 200);
  assert.is(parsed, 2);
});

memo.after(() => t.close());
memo.run();
