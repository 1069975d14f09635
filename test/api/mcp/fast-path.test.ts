/**
 * The MCP fast path (issue 15): a single plain `tools/call` is answered without the SDK, and its
 * answer (status, headers, body) is the SDK's byte for byte; every other request shape is left to
 * the SDK.
 */
import { ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyRequest } from 'fastify';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { compressedForSending, SYNC_COMPRESS_MAX } from '../../../api/encoding.ts';
import { MCP_FAST_PATH, plainToolCall } from '../../../api/mcp/plugin.ts';
import { companyByTicker } from '../../../warehouse/queries/companies.ts';
import { pitStatement } from '../../../warehouse/queries/fundamentals.ts';
import { pitMeta } from '../../../warehouse/queries/freshness.ts';
import { fixtureApp } from '../../fixtures/fundamentals/build.ts';
import type { TestApp } from '../../helpers.ts';

const test = suite('mcp fast path');
let t: TestApp;
let base = '';
test.before(async () => {
  t = await fixtureApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
test.after(async () => {
  MCP_FAST_PATH.enabled = true;
  await t.close();
});

const HEADERS = { 'user-agent': 'almanac-tests/1.0 (mcp)', 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const call = (id: unknown, name: string, args?: unknown): Record<string, unknown> => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: args === undefined ? { name } : { name, arguments: args },
});

const BODIES: unknown[] = [
  call(1, 'get_fundamentals', { ticker: 'NVDA', asOf: '2024-06-01' }),
  call('x-1', 'get_fundamentals', { ticker: 'NVDA' }),
  // A kept answer (asked again: its text comes from the cache as a JSON string), ids that need escaping.
  call('x-1', 'get_fundamentals', { ticker: 'NVDA' }),
  call('quote " backslash \\ é \u2028', 'get_fundamentals', { ticker: 'nvda', asOf: '2024-06-01' }),
  call(Number.MAX_SAFE_INTEGER, 'get_fundamentals', { ticker: 'NVDA', asOf: '2024-06-01' }),
  call(2, 'get_fundamentals', { ticker: 'NOPE' }),
  call(3, 'get_fundamentals', { ticker: 'A A' }),
  call(4, 'get_fundamentals', { ticker: 'NVDA', extra: 1 }),
  call(5, 'get_fundamentals'),
  call(6, 'no_such_tool', {}),
  call(7, 'constructor', {}),
  call(8, 'search_tickers', { q: 'a', limit: 2 }),
  call(9, 'get_watchlists', {}),
  call(0, 'get_fundamentals', { ticker: 'AAPL', asOf: '1990-01-01' }),
];

async function post(body: unknown, headers: Record<string, string> = HEADERS): Promise<{ status: number; headers: Record<string, string>; body: string }> {
  const res = await fetch(`${base}/api/mcp`, { method: 'POST', headers, body: JSON.stringify(body) });
  // The counts left in the RateLimit header go down from one request to the next: compared without them.
  const h = Object.fromEntries([...res.headers].filter(([k]) => k !== 'date' && k !== 'x-request-id').map(([k, v]) => [k, k === 'ratelimit' ? v.replace(/;r=\d+;t=\d+/g, ';r=…;t=…') : v]));
  return { status: res.status, headers: h, body: await res.text() };
}

test('every plain tools/call: the same status, headers and body as the SDK gives', async () => {
  for (const body of BODIES) {
    MCP_FAST_PATH.enabled = false;
    const sdk = await post(body);
    MCP_FAST_PATH.enabled = true;
    const fast = await post(body);
    assert.equal(fast, sdk, JSON.stringify(body));
  }
  // A supported protocol version header, a charset on the Content-Type.
  for (const headers of [
    { ...HEADERS, 'mcp-protocol-version': '2025-06-18' },
    { ...HEADERS, 'content-type': 'application/json; charset=utf-8' },
  ]) {
    MCP_FAST_PATH.enabled = false;
    const sdk = await post(BODIES[0], headers);
    MCP_FAST_PATH.enabled = true;
    assert.equal(await post(BODIES[0], headers), sdk);
  }
});

test('a fast-path answer hands its headers to Node in one writeHead, none set on the response beforehand', async () => {
  // A header set on Node's response before writeHead sends every header of the answer down Node's
  // merging path (issue 15); the fast path gathers them (security, request id, RateLimit, the
  // per-call cost) and writes them once. The SDK's answers set theirs as the SDK does.
  const setHeader = ServerResponse.prototype.setHeader;
  let set = 0;
  ServerResponse.prototype.setHeader = function (this: ServerResponse, ...args: Parameters<typeof setHeader>) {
    if (this.req?.url?.startsWith('/api/mcp')) set += 1;
    return setHeader.apply(this, args);
  } as typeof setHeader;
  try {
    const res = await fetch(`${base}/api/mcp`, { method: 'POST', headers: HEADERS, body: JSON.stringify(BODIES[0]) });
    assert.is(res.status, 200);
    for (const h of ['x-request-id', 'x-content-type-options', 'content-security-policy', 'content-type', 'content-length']) assert.ok(res.headers.get(h), h);
    await res.text();
    assert.is(set, 0, 'headers set on the response before writeHead');
    MCP_FAST_PATH.enabled = false;
    await (await fetch(`${base}/api/mcp`, { method: 'POST', headers: HEADERS, body: JSON.stringify(BODIES[0]) })).text();
    assert.ok(set > 0, 'the SDK path sets them on the response');
  } finally {
    ServerResponse.prototype.setHeader = setHeader;
    MCP_FAST_PATH.enabled = true;
  }
});

test('only the plain single tools/call takes the fast path', () => {
  const req = (body: unknown, headers: Record<string, string> = HEADERS): FastifyRequest => ({ body, headers }) as unknown as FastifyRequest;
  assert.equal(plainToolCall(req(call(1, 'get_fundamentals', { ticker: 'NVDA' })), SUPPORTED_PROTOCOL_VERSIONS), { id: 1, name: 'get_fundamentals', args: { ticker: 'NVDA' } });
  assert.equal(plainToolCall(req(call('a', 'get_quote')), SUPPORTED_PROTOCOL_VERSIONS), { id: 'a', name: 'get_quote', args: {} });
  const not = [
    req([call(1, 'get_quote', {})]),
    req({ ...call(1, 'get_quote', {}), extra: true }),
    req({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'get_quote', arguments: {}, _meta: { progressToken: 1 } } }),
    req({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    req({ jsonrpc: '2.0', method: 'tools/call', params: { name: 'get_quote' } }),
    req(call(1.5, 'get_quote', {})),
    req(call(null, 'get_quote', {})),
    req(call(1, 'get_quote', [])),
    req(call(1, 'get_quote', null)),
    req({ ...call(1, 'get_quote', {}), jsonrpc: '1.0' }),
    req({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 5 } }),
    req(call(1, 'get_quote', {}), { ...HEADERS, accept: 'application/json' }),
    req(call(1, 'get_quote', {}), { ...HEADERS, 'content-type': 'text/plain' }),
    req(call(1, 'get_quote', {}), { ...HEADERS, 'mcp-protocol-version': '1999-01-01' }),
  ];
  for (const r of not) assert.is(plainToolCall(r, SUPPORTED_PROTOCOL_VERSIONS), null, JSON.stringify([r.body, r.headers]));
});

test('get_fundamentals (kept serialised per snapshot, company, date and ticker as asked): first and repeated results are the JSON of the answer built directly', async () => {
  const direct = async (ticker: string, asOf: string): Promise<string | null> => {
    const c = (await companyByTicker(t.services.warehouse, ticker))!;
    const statement = await pitStatement(t.services.warehouse, c.cik, asOf);
    if (!statement) return null;
    const { sources: _s, ...rest } = statement;
    // The tool's input schema upper-cases the ticker.
    return JSON.stringify({ ticker: ticker.toUpperCase(), cik: c.cik, asOf, statement: rest, ...(await pitMeta(t.services.warehouse, c.cik, statement, asOf)) });
  };
  let compared = 0;
  for (const ticker of ['NVDA', 'nvda', 'AAPL']) {
    for (const asOf of ['1990-01-01', '2024-06-01', '2025-01-15']) {
      const want = await direct(ticker, asOf);
      for (const fast of [true, true, false]) {
        MCP_FAST_PATH.enabled = fast;
        const res = JSON.parse((await post(call(1, 'get_fundamentals', { ticker, asOf }))).body) as { result: { content: { text: string }[]; isError?: boolean } };
        if (want === null) {
          assert.is(res.result.isError, true, `${ticker} ${asOf}`);
          continue;
        }
        assert.is(res.result.content[0]!.text, want, `${ticker} ${asOf}`);
        compared++;
      }
    }
  }
  MCP_FAST_PATH.enabled = true;
  assert.ok(compared >= 12, `compared ${compared}`);
});

test('requests the fast path leaves alone still answer as before (SDK): batch, unsupported version, wrong Accept', async () => {
  const batch = await post([call(1, 'get_fundamentals', { ticker: 'NVDA' }), call(2, 'get_fundamentals', { ticker: 'NOPE' })]);
  assert.is(batch.status, 200);
  assert.is((JSON.parse(batch.body) as unknown[]).length, 2);
  const version = await post(BODIES[0], { ...HEADERS, 'mcp-protocol-version': '1999-01-01' });
  assert.is(version.status, 400);
  const accept = await post(BODIES[0], { ...HEADERS, accept: 'application/json' });
  assert.is(accept.status, 406);
});

test('MCP answers of 1 KB or more are compressed as the client asks, on the fast path and through the SDK, as the plugin compresses REST answers', async () => {
  const ask = async (body: unknown, acceptEncoding?: string) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/mcp', payload: JSON.stringify(body), headers: { ...HEADERS, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) } });
    const enc = res.headers['content-encoding'];
    const raw = res.rawPayload;
    assert.is(Number(res.headers['content-length']), raw.length);
    const text = (enc === 'br' ? brotliDecompressSync(raw) : enc === 'gzip' ? gunzipSync(raw) : enc === 'deflate' ? inflateSync(raw) : raw).toString();
    return { status: res.statusCode, enc, vary: res.headers.vary, text, size: raw.length, security: res.headers['x-content-type-options'] };
  };
  const list = { jsonrpc: '2.0', id: 3, method: 'tools/list' };
  const big = call(4, 'get_fundamentals', { ticker: 'NVDA', asOf: '2024-06-01' });
  const small = call(5, 'get_fundamentals', { ticker: 'NOPE' });
  for (const body of [list, big, [big, small]]) {
    const plain = await ask(body);
    assert.is(plain.enc, undefined);
    assert.ok(plain.text.length >= 1024, JSON.stringify(body));
    for (const [header, want] of [['gzip, deflate', 'gzip'], ['gzip, deflate, br', 'br'], ['deflate', 'deflate'], ['*', 'gzip'], ['br;q=0.1, gzip', 'gzip'], ['identity', undefined], ['gzip;q=0', undefined]] as const) {
      const got = await ask(body, header);
      assert.is(got.enc, want, `${header}: ${JSON.stringify(body).slice(0, 40)}`);
      assert.is(got.text, plain.text, header);
      assert.is(got.status, 200);
      assert.is(got.security, 'nosniff');
      if (want) {
        assert.is(got.vary, 'Accept-Encoding');
        assert.ok(got.size < plain.text.length / 2, `${header}: ${got.size} bytes`);
      }
    }
  }
  // Over SYNC_COMPRESS_MAX (a batch of 100 tools/list, ~2.5 MB): compressed on the thread pool,
  // the same bytes once decoded.
  const batch = Array.from({ length: 100 }, (_, i) => ({ ...list, id: i + 1 }));
  const plainBatch = await ask(batch);
  assert.ok(plainBatch.text.length > SYNC_COMPRESS_MAX, String(plainBatch.text.length));
  for (const header of ['gzip', 'br', 'deflate']) {
    const got = await ask(batch, header);
    assert.is(got.enc, header);
    assert.is(got.text, plainBatch.text, header);
  }
  assert.ok(compressedForSending(Buffer.alloc(SYNC_COMPRESS_MAX + 1), 'gzip') instanceof Promise);
  assert.ok(Buffer.isBuffer(compressedForSending(Buffer.alloc(SYNC_COMPRESS_MAX), 'gzip')));
  // Under 1 KB: as it is, whatever was asked.
  const tiny = await ask(small, 'gzip, br');
  assert.is(tiny.enc, undefined);
  assert.ok(tiny.text.length < 1024);
});

test.run();
