import net from 'node:net';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { gzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, sampleApp, type TestApp } from '../helpers.ts';
import { signedIn, TEST_UA } from './identity/client.ts';

let t: TestApp;
const server = suite('server');
server.before(async () => {
  t = await sampleApp({ jobs: ['companies'] });
});
server.after(() => t.close());

server('unknown paths are JSON 404s', async () => {
  for (const url of ['/api/nope', '/api/v1/nope', '/nothing/here']) {
    const res = await t.app.inject(url);
    assert.is(res.statusCode, 404);
    assert.match(res.headers['content-type'] as string, 'application/json');
    assert.match(json(res).error, 'not found');
  }
});

server('a served path asked with another method is a 405 naming the methods it is served with; OPTIONS answers them', async () => {
  const UA = { 'user-agent': 'almanac-tests/1.0 (server)' };
  const cases: [string, string, number, string][] = [
    ['PUT', '/api/health', 405, 'GET, HEAD, OPTIONS'],
    ['DELETE', '/api/v1/health', 405, 'GET, HEAD, OPTIONS'],
    ['PATCH', '/api/ticker-search?q=app', 405, 'GET, HEAD, OPTIONS'],
    ['OPTIONS', '/api/data?ticker=AAPL', 204, 'GET, HEAD, OPTIONS'],
    ['POST', '/api/watchlists/5b0c7a1e-0000-4000-8000-000000000000', 405, 'GET, HEAD, PATCH, DELETE, OPTIONS'],
    ['PUT', '/api/mcp', 405, 'POST, OPTIONS'],
    ['OPTIONS', '/api/mcp', 204, 'POST, OPTIONS'],
    // A method no route takes, on the MCP endpoint: the same Allow as its own refusals (it named
    // the methods routed there only to be refused).
    ['PROPFIND', '/api/mcp', 405, 'POST, OPTIONS'],
    ['PROPFIND', '/api/v1/mcp', 405, 'POST, OPTIONS'],
    ['PROPFIND', '/api/mcp/', 405, 'POST, OPTIONS'],
    ['OPTIONS', '/graphql', 204, 'GET, HEAD, POST, OPTIONS'],
  ];
  for (const [method, url, status, allow] of cases) {
    const res = await t.app.inject({ method: method as 'GET', url, headers: UA });
    assert.is(res.statusCode, status, `${method} ${url}`);
    assert.is(res.headers.allow, allow, `${method} ${url}`);
    // (The MCP endpoint says why itself: it is stateless, POST only.)
    if (status === 405 && !/\/mcp\/?$/.test(url)) assert.match(json(res).error, `${method} is not served on ${url.split('?')[0]}`);
    if (method === 'PROPFIND') assert.match(json(res).error, `PROPFIND is not served on ${url}`);
  }
  const missing = await t.app.inject({ method: 'PUT', url: '/api/nope', headers: UA });
  assert.is(missing.statusCode, 404);
  assert.is(missing.headers.allow, undefined);
});

server("a tier 402 says how the caller is served: a signed-in account's tier, or Learner for a caller without an account", async () => {
  const anonymous = await t.app.inject({ url: '/api/data/bulk?tickers=AAPL', headers: { 'user-agent': TEST_UA } });
  assert.is(anonymous.statusCode, 402);
  assert.match(json(anonymous).error, 'needs the Investor tier or above; without an account or key you are served at Learner');
  const client = await signedIn(t.app, t.config.dataDir, 'tier-wording@example.com');
  const member = await client.call('GET', '/api/data/bulk?tickers=AAPL');
  assert.is(member.statusCode, 402);
  assert.match(member.json().error, 'needs the Investor tier or above; your account is on Learner');
});

server('every response carries a request id; a sane incoming one is kept', async () => {
  const a = await t.app.inject('/api/health');
  assert.match(a.headers['x-request-id'] as string, /^[0-9a-f-]{36}$/);
  const b = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-12345678' } });
  assert.is(b.headers['x-request-id'], 'trace-12345678');
  const c = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id with spaces' } });
  assert.is.not(c.headers['x-request-id'], 'bad id with spaces');
});

server('health reports the snapshot version and store reachability', async () => {
  const res = await t.app.inject('/api/health');
  assert.is(res.statusCode, 200);
  const body = json(res);
  assert.is(body.status, 'ok');
  assert.is(body.snapshot, t.services.warehouse.version);
  assert.equal(body.stores.warehouse, 'ok');
  assert.is((await t.app.inject('/api/v1/health')).statusCode, 200);
});

const STACK_FRAME = /\n\s*at |\bat \S+ \(|\S+\.[cm]?[jt]s:\d+:\d+/;

server('malformed JSON bodies are 400 with an error field, never a stack trace', async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/nope', headers: { 'content-type': 'application/json' }, payload: '{bad' });
  assert.ok(res.statusCode === 404 || res.statusCode === 400);
  assert.type(json(res).error, 'string');
  // No stack frame ("    at f (file.js:1:2)"); a parser's "at position 1" is not one.
  assert.not.match(res.body, STACK_FRAME);
});

server('a JSON body refused says why: its syntax error, an empty body, or a __proto__ / constructor.prototype key (well-formed JSON, refused against prototype poisoning)', async () => {
  const post = async (url: string, payload: string, type = 'application/json'): Promise<{ status: number; error: string }> => {
    const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': type, 'user-agent': TEST_UA, accept: 'application/json, text/event-stream' }, payload });
    // MCP says it as a JSON-RPC error (test/api/mcp/server.test.ts): the same words after its prefix.
    const error = json(res).error;
    return { status: res.statusCode, error: typeof error === 'string' ? error : String(error.message).replace(/^Parse error: /, '') };
  };
  for (const url of ['/graphql', '/api/mcp', '/api/v1/mcp']) {
    assert.equal(await post(url, '{"query":'), { status: 400, error: 'the request body is not valid JSON: Unexpected end of JSON input' }, url);
    // A syntax error whose quoted text happens to name the refusal is still a syntax error.
    assert.match((await post(url, 'xObject contains forbidden prototype property')).error, /^the request body is not valid JSON: Unexpected token/, url);
    assert.equal(await post(url, ''), { status: 400, error: 'the request body is empty but Content-Type says JSON' }, url);
    for (const body of ['{"query":"{ __typename }","__proto__":{"x":1}}', '{"a":[{"constructor":{"prototype":{"x":1}}}]}', '{"a":{"\\u005f_proto__":{}}}']) {
      const res = await post(url, body, 'application/json; charset=utf-8');
      assert.is(res.status, 400, body);
      assert.match(res.error, /refused: an object key named __proto__/, body);
    }
  }
  // Prototypes untouched; a key merely containing the words is fine.
  assert.is(({} as Record<string, unknown>).x, undefined);
  const ok = await t.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', 'user-agent': TEST_UA }, payload: '{"query":"{ __typename }","extensions":{"my__proto__x":1,"constructor":{"name":"c"}}}' });
  assert.is(ok.statusCode, 200, ok.body);
});

server('a JSON body whose bytes are not UTF-8 is refused on every door, not stored with replacement characters', async () => {
  // An outside pass saved a watchlist named "bad\uFFFD\uFFFDutf8" from the bytes bad\xff\xfeutf8.
  const client = await signedIn(t.app, t.config.dataDir, 'utf8-body@example.com');
  const bad = [Buffer.from([0x62, 0x61, 0x64, 0xff, 0xfe]), Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x62]), Buffer.from([0xc0, 0xaf])];
  const message = 'the request body is not valid UTF-8: JSON is sent as UTF-8 (RFC 8259 8.1)';
  for (const bytes of bad) {
    const name = Buffer.concat([Buffer.from('{"name":"'), bytes, Buffer.from('"}')]);
    const rest = await client.call('POST', '/api/watchlists', { body: name, headers: { 'content-type': 'application/json' } });
    assert.equal([rest.statusCode, rest.json().error], [400, message], bytes.toString('hex'));
    for (const url of ['/graphql', '/api/mcp']) {
      const payload = Buffer.concat([Buffer.from('{"query":"{ company(ticker: \\"'), bytes, Buffer.from('\\") { name } }"}')]);
      const res = await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'user-agent': TEST_UA, accept: 'application/json, text/event-stream' }, payload });
      assert.is(res.statusCode, 400, `${url} ${bytes.toString('hex')}`);
      const error = json(res).error;
      assert.is(typeof error === 'string' ? error : String(error.message).replace(/^Parse error: /, ''), message, url);
    }
  }
  assert.equal((await client.call('GET', '/api/watchlists')).json(), []);
  // Text in UTF-8, beyond ASCII, is taken as it was.
  const good = await client.call('POST', '/api/watchlists', { body: { name: 'Épargne 📈' } });
  assert.is(good.statusCode, 201, good.body);
  assert.is(good.json().name, 'Épargne 📈');
});

server('an empty body under a JSON Content-Type is no body on a REST route: an optional body answers, a required one names its first missing field', async () => {
  const client = await signedIn(t.app, t.config.dataDir, 'empty-body@example.com');
  const empty = { headers: { 'content-type': 'application/json' }, body: '' };
  // POST /api/keys: its body (name, expiresInDays) is optional.
  const created = await client.call('POST', '/api/keys', empty);
  assert.is(created.statusCode, 201, created.body);
  assert.match(created.json().key, /^alm_live_/);
  // POST /api/billing/plan-change needs `offer`.
  const change = await client.call('POST', '/api/billing/plan-change', empty);
  assert.is(change.statusCode, 400);
  assert.match(change.json().error, /^invalid body field 'offer': must be one of learner, /);
  // As with no Content-Type at all.
  const bare = await client.call('POST', '/api/billing/plan-change');
  assert.equal(bare.json().error, change.json().error);
});

server('request bodies sent compressed (Content-Encoding) are decompressed on routes that take a body; GET-only routes carry no decompression hook', async () => {
  const body = gzipSync(JSON.stringify({ query: '{ __typename }' }));
  const res = await t.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', 'user-agent': TEST_UA }, payload: body });
  assert.is(res.statusCode, 200, res.body);
  assert.equal(json(res).data, { __typename: 'Query' });
  // Coding names are case-insensitive (RFC 9110 8.4.1): `GZIP` was a 415.
  for (const coding of ['GZIP', 'Gzip']) {
    const upper = await t.app.inject({ method: 'POST', url: '/graphql', headers: { 'content-type': 'application/json', 'content-encoding': coding, 'user-agent': TEST_UA }, payload: body });
    assert.is(upper.statusCode, 200, `${coding}: ${upper.body}`);
  }
  // A GET is answered as usual, with or without the header.
  const get = await t.app.inject({ url: '/api/health', headers: { 'content-encoding': 'gzip', 'user-agent': TEST_UA } });
  assert.is(get.statusCode, 200);
  // The hooks of a route as Fastify lists them (its lines up to the next route).
  const routes = t.app.printRoutes({ includeHooks: true, commonPrefix: false });
  const hooksOf = (route: string): string => {
    const at = routes.indexOf(`── ${route}\n`);
    assert.ok(at >= 0, `${route} is listed`);
    const end = routes.indexOf('──', at + 3 + route.length);
    return routes.slice(at, end < 0 ? undefined : end);
  };
  // (`/api` answers itself, so the tree lists `/health` under it.)
  assert.not.match(hooksOf('/health (GET)'), 'preParsing');
  assert.match(hooksOf('graphql (GET, HEAD, POST, OPTIONS)'), 'preParsing');
});

/** One raw HTTP exchange over a socket (for what `inject` cannot send). */
async function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as net.AddressInfo).port;
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (c) => (text += c));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head, ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(head!.split(' ')[1]), headers: head!, body: rest.join('\r\n\r\n') });
    });
  });
}

server("Fastify's and Node's own errors are 4xx { error } with the security headers (issue 13.12)", async () => {
  const UA = 'almanac-tests/1.0 (server)';
  const cases: [string, Awaited<ReturnType<typeof t.app.inject>>, number][] = [
    ['bad percent-encoding', await t.app.inject({ url: '/api/nope%ZZ', headers: { 'user-agent': UA } }), 400],
    ['bad percent-encoding in a page path', await t.app.inject({ url: '/%E0%A4%A', headers: { 'user-agent': UA } }), 400],
    ['percent-encoding of bytes that are not UTF-8 (an overlong "."): named as such', await t.app.inject({ url: '/api/%C0%AE', headers: { 'user-agent': UA } }), 400],
    ['bad percent-encoding in a query string', await t.app.inject({ url: '/api/ticker-search?q=%ZZ', headers: { 'user-agent': UA } }), 400],
    ['a truncated escape in a query string', await t.app.inject({ url: '/api/ticker-search?limit=5&q=%E0%A4%A', headers: { 'user-agent': UA } }), 400],
    ['an overlong "." in a query string', await t.app.inject({ url: '/api/v1/ticker-search?q=%C0%AE', headers: { 'user-agent': UA } }), 400],
    ['bad percent-encoding in a page\'s query string', await t.app.inject({ url: '/?x=%', headers: { 'user-agent': UA } }), 400],
    ['bad percent-encoding in a GraphQL GET', await t.app.inject({ url: '/graphql?query=%7Bx%ZZ%7D', headers: { 'user-agent': UA } }), 400],
    ['unknown method the parser accepts, on a served path', await t.app.inject({ method: 'PROPFIND' as 'GET', url: '/api/health', headers: { 'user-agent': UA } }), 405],
    ['unknown method the parser accepts, on a path not served', await t.app.inject({ method: 'PROPFIND' as 'GET', url: '/api/nope', headers: { 'user-agent': UA } }), 404],
    ['bad JSON', await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'user-agent': UA, 'content-type': 'application/json' }, payload: '{bad' }), 400],
    // (On a REST route an empty JSON body is no body: the route's own checks answer.)
    ['empty JSON', await t.app.inject({ method: 'POST', url: '/graphql', headers: { 'user-agent': UA, 'content-type': 'application/json' }, payload: '' }), 400],
    ['too large', await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'user-agent': UA, 'content-type': 'application/json' }, payload: `{"x":"${'a'.repeat(1_100_000)}"}` }), 413],
    ['bad content type', await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'user-agent': UA, 'content-type': 'text/x-nonsense' }, payload: 'x' }), 415],
    ['JSON in another charset', await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'user-agent': UA, 'content-type': 'application/json; charset=utf-16' }, payload: '{"email":"a@example.com"}' }), 415],
    ['text/plain body', await t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'user-agent': UA, 'content-type': 'text/plain' }, payload: '{"email":"a@example.com"}' }), 415],
    // (MCP answers its refused bodies as JSON-RPC errors: test/api/mcp/server.test.ts.)
  ];
  for (const [what, res, status] of cases) {
    assert.is(res.statusCode, status, what);
    assert.match(String(res.headers['content-type']), 'application/json', what);
    assert.equal(Object.keys(json(res)), ['error'], what);
    assert.not.match(json(res).error, /FST_/, what);
    assert.not.match(json(res).error, STACK_FRAME, what);
    assert.is(res.headers['x-content-type-options'], 'nosniff', what);
  }
  assert.match(json(cases[0]![1]).error, 'percent-encoded UTF-8');
  for (const [what, res] of cases.filter(([what]) => what.includes('query string') || what.includes('GraphQL GET'))) assert.match(json(res).error, 'the query string is not valid percent-encoded UTF-8', what);
  // Valid escapes in a query string are decoded as before: an escaped letter, an escaped % and a
  // multi-byte character.
  for (const url of ['/api/ticker-search?q=%41pple', '/api/ticker-search?q=50%25', '/api/ticker-search?q=%E2%82%AC']) {
    const res = await t.app.inject({ url, headers: { 'user-agent': UA } });
    assert.is(res.statusCode, 200, url);
  }
  const escaped = json(await t.app.inject({ url: '/api/ticker-search?q=%41pple', headers: { 'user-agent': UA } }));
  assert.ok(Array.isArray(escaped) && escaped.length > 0, 'the escaped search finds something');
  assert.equal(escaped, json(await t.app.inject({ url: '/api/ticker-search?q=Apple', headers: { 'user-agent': UA } })));
  // Over a socket: what Node's parser refuses before Fastify sees it.
  for (const [what, request, status, message] of [
    ['non-HTTP method', 'BREW /api/health HTTP/1.1\r\nHost: x\r\n\r\n', 400, 'unknown HTTP method'],
    ['bad percent-encoding', `GET /api/nope%ZZ HTTP/1.1\r\nHost: x\r\nUser-Agent: ${UA}\r\nConnection: close\r\n\r\n`, 400, 'percent-encoded UTF-8'],
    ['garbage', 'HELLO\r\n\r\n', 400, /unknown HTTP method|malformed/],
    ['relative request target', 'GET api/health HTTP/1.1\r\nHost: x\r\n\r\n', 400, ''],
    ['CONNECT (not a proxy)', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', 405, 'CONNECT is not supported'],
    ['HTTP/1.1 without Host', `GET /api/health HTTP/1.1\r\nUser-Agent: ${UA}\r\nConnection: close\r\n\r\n`, 400, 'must carry a Host header'],
    // RFC 9112 3.2: a 400. Node kept the first Host (and the first Content-Type) and dropped the others.
    ['two Host field lines', `GET /api/health HTTP/1.1\r\nHost: x\r\nhost: y\r\nUser-Agent: ${UA}\r\nConnection: close\r\n\r\n`, 400, 'more than one Host header field'],
    ['two Content-Type field lines', `POST /api/paper/reset HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-type: text/plain\r\nContent-Length: 2\r\nUser-Agent: ${UA}\r\nConnection: close\r\n\r\n{}`, 400, 'more than one Content-Type header field'],
    ['the asterisk target with GET', `GET * HTTP/1.1\r\nHost: x\r\nUser-Agent: ${UA}\r\nConnection: close\r\n\r\n`, 400, 'for OPTIONS only'],
    // A fragment is never sent: the router read # as the query's start (an outside pass).
    ['a # in the target', `GET /api/health#frag HTTP/1.1\r\nHost: x\r\nUser-Agent: ${UA}\r\nConnection: close\r\n\r\n`, 400, 'invalid request target: it holds a #'],
    ['a # before a query', `GET /api/fundamentals-pit/universe#limit=1 HTTP/1.1\r\nHost: x\r\nUser-Agent: ${UA}\r\nConnection: close\r\n\r\n`, 400, 'invalid request target: it holds a #'],
    // A path parameter past the router's 1,000 characters: a 400, the path not echoed (it was a 414 with all of it).
    ['a 5,000-character slug', `GET /api/glossary/${'a'.repeat(5_000)} HTTP/1.1\r\nHost: x\r\nUser-Agent: ${UA}\r\nConnection: close\r\n\r\n`, 400, /^invalid path parameter: longer than 1000 characters/],
    // Node kept the first 2,000 header fields and dropped the rest: the key was never seen and the
    // call ran anonymously (200), where an unknown key is a 401.
    // Past the 16 KB header limit: by the request line (a long URL) a 414, by the fields a 431.
    ['a 17,000-character query string', `GET /api/health?q=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\nUser-Agent: ${UA}\r\nConnection: close\r\n\r\n`, 414, 'request target too long'],
    ['17,000 bytes of header fields', `GET /api/health HTTP/1.1\r\nHost: x\r\nUser-Agent: ${UA}\r\nX-Big: ${'a'.repeat(17_000)}\r\nConnection: close\r\n\r\n`, 431, 'request headers too large'],
    ['an API key after 1,100 other header fields', `GET /api/health HTTP/1.1\r\nHost: x\r\nUser-Agent: ${UA}\r\n${Array.from({ length: 1_100 }, (_, i) => `X-J${i}: 1\r\n`).join('')}X-API-Key: alm_live_notakey\r\nConnection: close\r\n\r\n`, 401, /key/i],
  ] as const) {
    const res = await raw(request);
    assert.is(res.status, status, what);
    assert.ok(res.body.length < 400, `${what}: an answer of ${res.body.length} bytes`);
    assert.match(res.headers, /content-type: application\/json/i, what);
    assert.match(String(JSON.parse(res.body).error), message, what);
    assert.match(res.headers, /x-frame-options: DENY/i, what);
    if (status === 405) assert.match(res.headers, /\r\nAllow: GET, HEAD, POST/, what);
  }
  // The page of that slug answers a browser with its HTML error page, not JSON.
  const page = await raw(`GET /glossary/${'a'.repeat(5_000)} HTTP/1.1\r\nHost: x\r\nUser-Agent: ${UA}\r\nConnection: close\r\n\r\n`);
  assert.is(page.status, 400);
  assert.match(page.headers, /content-type: text\/html/i);
  assert.match(page.body, 'longer than 1000 characters');
  assert.ok(!page.body.includes('a'.repeat(1_001)), 'the path is not echoed');
});

server('a request whose body does not arrive in time is a 408 and its connection is closed; a client that leaves mid-body is not a store outage', async () => {
  const lines: { level: number; msg: string }[] = [];
  const log = new Writable({ write: (chunk, _enc, done) => (lines.push(...String(chunk).trim().split('\n').map((l) => JSON.parse(l))), done()) });
  // A route that meets a store fault after its client has left (the request itself arrived whole).
  const storeFault = async (app: FastifyInstance): Promise<void> => {
    app.get('/test/store-fault', async () => {
      await new Promise((r) => setTimeout(r, 300));
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
  };
  const slow = await sampleApp({ jobs: ['companies'], server: { requestTimeoutMs: 400, logger: { level: 'info', stream: log }, plugins: [storeFault] } });
  try {
    await slow.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (slow.app.server.address() as net.AddressInfo).port;
    const partial = `POST /api/watchlists HTTP/1.1\r\nHost: x\r\nUser-Agent: ${TEST_UA}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name"`;
    // Sent the headers and part of the body, then nothing: answered 408 and closed, within the timeout and one check.
    const started = Date.now();
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => socket.write(partial));
      let text = '';
      socket.on('data', (c) => (text += c));
      socket.on('error', reject);
      const timer = setTimeout(() => (socket.destroy(), reject(new Error(`no answer after 5 s: ${JSON.stringify(text)}`))), 5_000);
      socket.on('close', () => (clearTimeout(timer), resolve(text)));
    });
    assert.match(answer, /^HTTP\/1\.1 408 /);
    assert.ok(Date.now() - started < 3_000, `${Date.now() - started} ms`);
    // (The 408's own closing logs a line too: the second half is judged on its lines alone.)
    await new Promise((r) => setTimeout(r, 200));
    lines.length = 0;
    // Sent part of the body, then left: logged as the client's doing, not as a store fault.
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(partial);
        setTimeout(() => socket.destroy(), 100);
      });
      socket.on('close', () => setTimeout(resolve, 200));
      socket.on('error', () => undefined);
    });
    assert.ok(lines.some((l) => l.msg.startsWith('client closed the connection')), JSON.stringify(lines.map((l) => l.msg)));
    assert.not.ok(lines.some((l) => l.level >= 50), JSON.stringify(lines.filter((l) => l.level >= 50)));
    // A whole GET whose client leaves before the answer: a store fault met meanwhile is still one.
    lines.length = 0;
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(`GET /test/store-fault HTTP/1.1\r\nHost: x\r\nUser-Agent: ${TEST_UA}\r\n\r\n`);
        setTimeout(() => socket.destroy(), 100);
      });
      socket.on('close', () => setTimeout(resolve, 500));
      socket.on('error', () => undefined);
    });
    assert.ok(lines.some((l) => l.level === 50 && l.msg === 'store unreachable'), JSON.stringify(lines.map((l) => l.msg)));
  } finally {
    await slow.close();
  }
});

server.run();
