import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, sampleApp, type TestApp } from '../../helpers.ts';

let t: TestApp;
let base: string;

async function connect(headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'almanac-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), {
    requestInit: { headers: { 'User-Agent': 'almanac-mcp-test/1.0 (tests)', ...headers } },
  });
  await client.connect(transport);
  return client;
}

function body(result: unknown): any {
  const content = (result as { content: { type: string; text: string }[] }).content;
  return JSON.parse(content[0]!.text);
}

const transport = suite('mcp transport');
transport.before(async () => {
  t = await sampleApp({ jobs: ['companies', 'prices', 'technicals', 'macro'] });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
transport.after(() => t.close());

transport('a real SDK client lists tools and calls one', async () => {
  const client = await connect();
  const { tools } = await client.listTools();
  assert.ok(tools.length > 10);
  const names = tools.map((x) => x.name);
  assert.is(new Set(names).size, names.length);
  const res = await client.callTool({ name: 'search_tickers', arguments: { q: 'apple' } });
  assert.not.ok(res.isError);
  // With the ledger's last fetch of the company list and its day (every data tool says how fresh it is).
  const { fetchedAt, ...rest } = body(res) as { fetchedAt: string };
  assert.equal(rest, { dataThrough: fetchedAt.slice(0, 10), items: [{ ticker: 'AAPL', name: 'Apple Inc.', exchange: 'Nasdaq', cik: 320193 }], nextCursor: null, total: 1 });
  assert.match(fetchedAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
  await client.close();
});

transport('invalid arguments are an isError result naming the parameter', async () => {
  const client = await connect();
  const res = await client.callTool({ name: 'get_quote', arguments: { ticker: 'A A' } });
  assert.ok(res.isError);
  assert.match(body(res).error, "'ticker'");
  const unknown = await client.callTool({ name: 'no_such_tool', arguments: {} }).then(() => null, (e: { code?: number }) => e);
  assert.is(unknown?.code, -32602);
  await client.close();
});

transport('pages continue with nextCursor and a cursor is bound to its arguments', async () => {
  const client = await connect();
  const first = body(await client.callTool({ name: 'search_tickers', arguments: { q: 'a', limit: 2 } }));
  assert.is(first.items.length, 2);
  assert.ok(first.total > 2);
  const second = body(await client.callTool({ name: 'search_tickers', arguments: { q: 'a', limit: 2, cursor: first.nextCursor } }));
  assert.is.not(second.items[0].ticker, first.items[0].ticker);
  const wrong = await client.callTool({ name: 'search_tickers', arguments: { q: 'b', limit: 2, cursor: first.nextCursor } });
  assert.ok(wrong.isError);
  assert.match(body(wrong).error, "invalid 'cursor'");
  await client.close();
});

transport('GET on the endpoint is 405; tools.json and /mcp list the same tools', async () => {
  const get = await t.app.inject({ url: '/api/mcp', headers: { 'user-agent': 'x-test/1.0' } });
  assert.is(get.statusCode, 405);
  // The method is refused before the body is read: a PUT with a form body is 405, not 415.
  for (const url of ['/api/mcp', '/api/v1/mcp']) {
    const put = await t.app.inject({ method: 'PUT', url, payload: 'x', headers: { 'user-agent': 'x-test/1.0', 'content-type': 'application/x-www-form-urlencoded' } });
    assert.is(put.statusCode, 405, put.body);
    assert.is(put.headers.allow, 'POST, OPTIONS');
    assert.match(json(put).error, 'stateless');
  }
  const doc = json(await t.app.inject({ url: '/api/mcp/tools.json', headers: { 'user-agent': 'x-test/1.0' } }));
  const client = await connect();
  const { tools } = await client.listTools();
  assert.equal(doc.tools.map((x: { name: string }) => x.name), tools.map((x) => x.name));
  const page = await t.app.inject('/mcp');
  assert.is(page.statusCode, 200);
  assert.match(page.headers['content-type'] as string, 'text/html');
  for (const x of tools) assert.ok(page.body.includes(`id="${x.name}"`), x.name);
  await client.close();
});

transport('JSON that is not a JSON-RPC message is -32600 Invalid Request (not -32700 Parse error), an empty batch too', async () => {
  const post = (payload: string, accept = 'application/json, text/event-stream') =>
    t.app.inject({ method: 'POST', url: '/api/mcp', payload, headers: { 'user-agent': 'almanac-mcp-test/1.0', 'content-type': 'application/json', accept } });
  for (const body of [
    '{"jsonrpc":"2.0","id":true,"method":"ping"}',
    '{"jsonrpc":"2.0","id":null,"method":"ping"}',
    '{"jsonrpc":"2.0","id":1.5,"method":"ping"}',
    '{"jsonrpc":"1.0","id":1,"method":"ping"}',
    '{"jsonrpc":"2.0","id":1,"method":"ping","extra":1}',
    '{"jsonrpc":"2.0","id":1}',
    '5',
    'null',
    '[]',
    // Two requests with one id: the SDK kept one answer of the two, though both ran.
    '[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":1,"method":"ping"}]',
  ]) {
    const res = await post(body);
    assert.is(res.statusCode, 400, body);
    const answer = JSON.parse(res.body);
    assert.equal([answer.jsonrpc, answer.error.code, answer.id], ['2.0', -32600, null], body);
    assert.match(answer.error.message, /^Invalid Request: /, body);
    assert.is(res.headers['x-content-type-options'], 'nosniff', body);
  }
  assert.match(JSON.parse((await post('[{"jsonrpc":"2.0","id":7,"method":"ping"},{"jsonrpc":"2.0","id":7,"method":"ping"}]')).body).error.message, 'the id 7 is given to more than one request');
  // A batch is answered member by member, always as an array (JSON-RPC 2.0 section 6): a member
  // that is no message gets its own -32600 (with its id when it has a usable one) beside the
  // others' answers; a batch of one is [ ... ].
  const mixed = await post('[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":{},"method":"ping"},{"foo":1,"id":"b"}]');
  assert.is(mixed.statusCode, 200);
  assert.equal(JSON.parse(mixed.body).map((m: any) => [m.id, m.result ?? m.error.code]), [[1, {}], [null, -32600], ['b', -32600]]);
  assert.match(JSON.parse(mixed.body)[1].error.message, 'message 2 of the batch');
  const one = await post('[{"jsonrpc":"2.0","id":1,"method":"ping"}]');
  assert.equal([one.statusCode, JSON.parse(one.body)], [200, [{ result: {}, jsonrpc: '2.0', id: 1 }]]);
  const none = await post('[{"foo":1},{"bar":2}]');
  assert.equal([none.statusCode, JSON.parse(none.body).map((m: any) => m.error.code)], [400, [-32600, -32600]]);
  // An id shared with a member that is no message is as ambiguous (two answers with id 1).
  const shared = await post('[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":1,"method":"ping","extra":true}]');
  assert.equal([shared.statusCode, JSON.parse(shared.body).error.code], [400, -32600]);
  // More members than the SDK takes, refused before any is read (a half-million cost seconds).
  const huge = await post(JSON.stringify(Array.from({ length: 5000 }, () => 0)));
  assert.equal([huge.statusCode, JSON.parse(huge.body).error.message], [400, 'Invalid Request: a batch of 5000 messages; at most 100']);
  const noticed = await post('[{"jsonrpc":"2.0","method":"notifications/initialized"},{"foo":1}]');
  assert.equal([noticed.statusCode, JSON.parse(noticed.body).map((m: any) => m.error.code)], [200, [-32600]]);
  // A body refused before the handler (not JSON, empty, too large, another type or charset) is a
  // JSON-RPC error too, with REST's status: -32700 for a 400, -32600 otherwise (it was REST's { error }).
  const raw = (payload: string, type = 'application/json') =>
    t.app.inject({ method: 'POST', url: '/api/mcp', payload, headers: { 'user-agent': 'almanac-mcp-test/1.0', 'content-type': type, accept: 'application/json, text/event-stream' } });
  for (const [res, status, code] of [
    [await raw('{"jsonrpc":"2.0","id":1,"method":"tools/list"'), 400, -32700],
    [await raw(''), 400, -32700],
    [await raw('{"__proto__":{}}'), 400, -32700],
    [await raw('x'.repeat(1_100_000)), 413, -32600],
    [await raw('{}', 'text/plain'), 415, -32600],
    [await raw('{}', 'application/json; charset=utf-16'), 415, -32600],
  ] as const) {
    const answer = JSON.parse(res.body);
    assert.equal([res.statusCode, answer.jsonrpc, answer.error.code, answer.id], [status, '2.0', code, null], res.body);
    assert.ok(res.headers['x-request-id'], 'the pipeline\'s headers too');
  }
  // Valid messages are answered as before; the SDK's own header refusals keep their statuses.
  assert.is((await post('{"jsonrpc":"2.0","id":1,"method":"ping"}')).statusCode, 200);
  assert.is((await post('{"jsonrpc":"2.0","method":"notifications/initialized"}')).statusCode, 202);
  assert.is((await post('{"jsonrpc":"2.0","id":true,"method":"ping"}', 'application/json')).statusCode, 406);
});

transport.run();

// ---

const priced = suite('mcp metering header');
priced.before(async () => {
  t = await sampleApp({ jobs: ['companies'] });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
priced.after(() => t.close());

priced('a tools/call response carries X-SVC-Per-Call-Cost (spec 2.7)', async () => {
  const res = await fetch(`${base}/api/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'user-agent': 'almanac-mcp-test/1.0' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_tickers', arguments: { q: 'apple' } } }),
  });
  assert.is(res.status, 200);
  assert.is(res.headers.get('x-svc-per-call-cost'), '0');
  const out = (await res.json()) as { result: { content: { text: string }[] } };
  assert.is(JSON.parse(out.result.content[0]!.text).items[0].ticker, 'AAPL');
});

priced.run();
