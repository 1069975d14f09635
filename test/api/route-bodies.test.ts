/**
 * Bodies the route layer refuses before a handler runs (api/route.ts): a body sent to a route that
 * takes none (it was never read, so the action was carried out and answered 2xx), and a JSON `null`
 * where a route takes a body (it was read as `{}`). Found by probing from outside.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { sampleApp, type TestApp } from '../helpers.ts';
import { signedIn, type Client } from './identity/client.ts';

let t: TestApp;
let alice: Client;
const JSON_TYPE = { 'content-type': 'application/json' };

const test = suite('route bodies');
test.before(async () => {
  t = await sampleApp({ jobs: ['companies'] });
  alice = await signedIn(t.app, t.config.dataDir, 'bodies@example.com', '203.0.113.81');
});
test.after(() => t.close());

const listed = async (): Promise<string[]> => (await alice.call('GET', '/api/watchlists')).json().map((w: { name: string }) => w.name);

test('a route that takes no body refuses one that says something, and does nothing; none, or {}, is no body', async () => {
  for (const name of ['keep', 'gone-empty', 'gone-none']) assert.is((await alice.call('POST', '/api/watchlists', { body: { name, tickers: ['AAPL'] } })).statusCode, 201, name);
  const ids = Object.fromEntries((await alice.call('GET', '/api/watchlists')).json().map((w: { id: string; name: string }) => [w.name, w.id]));
  for (const body of ['{"extra":1}', '[]', '123', '"x"', 'null', `${'['.repeat(100)}${']'.repeat(100)}`]) {
    const res = await alice.call('DELETE', `/api/watchlists/${ids.keep}`, { body, headers: JSON_TYPE });
    assert.is(res.statusCode, 400, `${body}: ${res.body}`);
    assert.match(res.json().error, 'takes no request body', body);
  }
  assert.ok((await listed()).includes('keep'), 'a refused DELETE deleted nothing');
  assert.ok([200, 204].includes((await alice.call('DELETE', `/api/watchlists/${ids['gone-empty']}`, { body: '{}', headers: JSON_TYPE })).statusCode));
  assert.ok([200, 204].includes((await alice.call('DELETE', `/api/watchlists/${ids['gone-none']}`)).statusCode));
  assert.equal((await listed()).sort(), ['keep']);
  const reset = await alice.call('POST', '/api/paper/reset', { body: '{"zzz":1}', headers: JSON_TYPE });
  assert.is(reset.statusCode, 400, reset.body);
});

test('a JSON null where a route takes a body is a 400, not an empty change', async () => {
  const id = (await alice.call('GET', '/api/watchlists')).json()[0].id as string;
  const res = await alice.call('PATCH', `/api/watchlists/${id}`, { body: 'null', headers: JSON_TYPE });
  assert.is(res.statusCode, 400, res.body);
  assert.match(res.json().error, 'null');
  const created = await alice.call('POST', '/api/watchlists', { body: 'null', headers: JSON_TYPE });
  assert.is(created.statusCode, 400, created.body);
});

test.run();
