/**
 * MCP over the session cookie (issue 13.6) and malformed JSON-RPC params (issue 13.12).
 * - A state-changing tool (its capability's `changesState`, schema/access.ts) called with a session
 *   cookie needs `X-CSRF-Token`, as the REST account routes do; read tools and API keys need none.
 * - A malformed `tools/call` (name not a string, arguments not an object) is JSON-RPC -32602 with
 *   one short sentence naming the parameter, not -32603 with the raw schema issues.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { CAPABILITIES } from '../../../schema/access.ts';
import { TOOL_CATALOG } from '../../../schema/mcp/index.ts';
import { json, sampleApp, type TestApp } from '../../helpers.ts';
import { signedIn, type Client } from '../identity/client.ts';
import { keyAccount } from '../rest/user-state-accounts.ts';

let t: TestApp;
let session: Client;
const ACCEPT = { accept: 'application/json, text/event-stream' };
const call = (name: string, args: Record<string, unknown> = {}, id = 1) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });
const result = (res: { body: string }) => {
  const out = json<any>(res).result;
  return { isError: out.isError === true, body: JSON.parse(out.content[0].text) };
};

const csrf = suite('mcp: state-changing tools over a session cookie need the CSRF token');
csrf.before(async () => {
  t = await sampleApp({ jobs: ['companies', 'prices'] });
  session = await signedIn(t.app, t.config.dataDir, 'mcp-session@example.com');
  await session.csrf();
});
csrf.after(() => t.close());

csrf('without X-CSRF-Token every state-changing tool is refused with 403 and changes nothing', async () => {
  const changing = TOOL_CATALOG.filter((x) => CAPABILITIES[x.capability].changesState);
  assert.ok(changing.length >= 6, changing.map((x) => x.name).join());
  for (const tool of changing) {
    const res = await session.call('POST', '/api/mcp', { body: call(tool.name, { name: 'Forged', ticker: 'AAPL', shares: 1, costBasis: 1, side: 'buy', quantity: 1, id: 'x', answers: [0] }), headers: ACCEPT, csrf: false });
    assert.is(res.statusCode, 200);
    const r = result(res);
    assert.ok(r.isError, tool.name);
    assert.is(r.body.status, 403, `${tool.name}: ${JSON.stringify(r.body)}`);
    assert.match(r.body.error, 'X-CSRF-Token');
  }
  const list = result(await session.call('POST', '/api/mcp', { body: call('list_watchlists'), headers: ACCEPT, csrf: false }));
  assert.not.ok(list.isError, JSON.stringify(list.body));
  assert.equal(list.body.items, [], 'the forged create_watchlist wrote nothing');
});

csrf('with the token the same tool runs; a forged token is refused; read tools need none', async () => {
  const ok = result(await session.call('POST', '/api/mcp', { body: call('create_watchlist', { name: 'Mine' }), headers: ACCEPT }));
  assert.not.ok(ok.isError, JSON.stringify(ok.body));
  assert.is(ok.body.name, 'Mine');
  const forged = result(await session.call('POST', '/api/mcp', { body: call('create_watchlist', { name: 'Forged' }), headers: ACCEPT, csrf: 'v1.forged.token' }));
  assert.is(forged.body.status, 403);
  const read = result(await session.call('POST', '/api/mcp', { body: call('get_paper_account'), headers: ACCEPT, csrf: false }));
  assert.not.ok(read.isError, JSON.stringify(read.body));
});

csrf('an API key needs no CSRF token', async () => {
  const k = await keyAccount(t.app, t.services.store, 'mcp-key@example.com');
  const res = await t.app.inject({ method: 'POST', url: '/api/mcp', headers: { 'x-api-key': k.key, 'user-agent': 'almanac-tests/1.0', 'content-type': 'application/json', ...ACCEPT }, payload: call('create_watchlist', { name: 'Keyed' }) });
  const r = result(res);
  assert.not.ok(r.isError, JSON.stringify(r.body));
});

csrf.run();

// ---

const params = suite('mcp: malformed params are -32602 naming the parameter');
params.before(async () => {
  t = await sampleApp({ jobs: ['companies'] });
});
params.after(() => t.close());

const post = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/mcp', headers: { 'user-agent': 'almanac-tests/1.0', 'content-type': 'application/json', ...ACCEPT }, payload: payload as object });

params('tools/call with a bad name or arguments', async () => {
  const cases: [unknown, string][] = [
    [{ name: 5 }, "tools/call: invalid parameter 'name': expected string, received number"],
    [{}, "tools/call: missing required parameter 'name'"],
    [{ name: 'search_tickers', arguments: 'q=apple' }, "tools/call: invalid parameter 'arguments': expected an object, received string"],
    [{ name: 'search_tickers', arguments: ['apple'] }, "tools/call: invalid parameter 'arguments': expected an object, received array"],
  ];
  for (const [p, message] of cases) {
    const out = json<any>(await post({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: p }));
    assert.equal(out.error, { code: -32602, message }, JSON.stringify(p));
    assert.is(out.id, 7);
  }
  // Tool arguments that fail the tool's own schema stay a tool error the model can correct.
  const bad = json<any>(await post(call('search_tickers', { q: 5 })));
  assert.ok(bad.result.isError);
  assert.match(JSON.parse(bad.result.content[0].text).error, "'q'");
});

params('other methods: malformed params are -32602 too', async () => {
  const out = json<any>(await post({ jsonrpc: '2.0', id: 8, method: 'tools/list', params: { cursor: 5 } }));
  assert.is(out.error.code, -32602, JSON.stringify(out));
  assert.match(out.error.message, "'cursor'");
  assert.ok(out.error.message.length < 120);
  // A well-formed cursor that tools/list never issued (it answers in one page) is refused too; it was ignored.
  const bogus = json<any>(await post({ jsonrpc: '2.0', id: 9, method: 'tools/list', params: { cursor: 'abc' } }));
  assert.is(bogus.error?.code, -32602, JSON.stringify(bogus).slice(0, 200));
  assert.match(bogus.error.message, "'cursor'");
  const whole = json<any>(await post({ jsonrpc: '2.0', id: 10, method: 'tools/list', params: {} }));
  assert.is(whole.result.tools.length, 62);
});

params.run();
