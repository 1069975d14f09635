/**
 * Issue 13.5: `/graphql` answers cross-origin requests only for configured origins (CORS_ORIGINS,
 * default the origin of PUBLIC_URL), with credentials; a foreign origin gets no CORS header, so its
 * page can never read a response. REST and MCP send no CORS headers; the public documents are `*`
 * without credentials.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { loadConfig } from '../../schema/config.ts';
import { sampleApp, type TestApp } from '../helpers.ts';

const UA = 'almanac-tests/1.0 (cors)';
const FOREIGN = 'https://evil.example';
const QUERY = JSON.stringify({ query: '{ __typename }' });

let t: TestApp;
const test = suite('CORS');
test.before(async () => {
  t = await sampleApp({ jobs: ['companies'], config: { corsOrigins: ['https://app.almanac.test', 'http://localhost:8080'] } });
});
test.after(() => t.close());

const call = (method: 'GET' | 'POST' | 'OPTIONS', url: string, origin: string, extra: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { 'user-agent': UA, origin, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}), ...extra }, ...(method === 'POST' ? { payload: QUERY } : {}) });

test('configuration: default is the origin of PUBLIC_URL; entries must be origins', () => {
  assert.equal(loadConfig({ PUBLIC_URL: 'https://almanac.example/base/' }).corsOrigins, ['https://almanac.example']);
  assert.equal(loadConfig({ CORS_ORIGINS: 'https://a.example, http://b.example:3000/' }).corsOrigins, ['https://a.example', 'http://b.example:3000']);
  assert.throws(() => loadConfig({ CORS_ORIGINS: 'https://a.example/path' }), /CORS_ORIGINS/);
  assert.throws(() => loadConfig({ CORS_ORIGINS: '*' }), /CORS_ORIGINS/);
});

test('/graphql: a foreign origin gets no CORS headers on POST, GET or a preflight', async () => {
  for (const res of [
    await call('POST', '/graphql', FOREIGN),
    await call('GET', '/graphql?query=%7B__typename%7D', FOREIGN),
    await call('OPTIONS', '/graphql', FOREIGN, { 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' }),
    await call('POST', '/graphql', 'null'),
    await call('POST', '/%67raphql', FOREIGN),
  ]) {
    assert.is(res.headers['access-control-allow-origin'], undefined);
    assert.is(res.headers['access-control-allow-credentials'], undefined);
    assert.match(String(res.headers.vary), /Origin/);
  }
});

test('/graphql: a configured origin gets itself back with credentials, also on refusals', async () => {
  const post = await call('POST', '/graphql', 'https://app.almanac.test');
  assert.is(post.statusCode, 200);
  assert.is(post.headers['access-control-allow-origin'], 'https://app.almanac.test');
  assert.is(post.headers['access-control-allow-credentials'], 'true');
  assert.match(String(post.headers['access-control-expose-headers']), /X-SVC-Per-Call-Cost/);
  const pre = await call('OPTIONS', '/graphql', 'http://localhost:8080', { 'access-control-request-method': 'POST' });
  assert.is(pre.statusCode, 204);
  assert.is(pre.headers['access-control-allow-origin'], 'http://localhost:8080');
  assert.match(String(pre.headers['access-control-allow-headers']), /X-CSRF-Token/);
  // A refusal (bare default agent) is still readable by the configured page.
  const refused = await t.app.inject({ method: 'POST', url: '/graphql', headers: { origin: 'https://app.almanac.test', 'user-agent': 'curl/8.5.0', 'content-type': 'application/json' }, payload: QUERY });
  assert.is(refused.headers['access-control-allow-origin'], 'https://app.almanac.test');
});

test('REST and MCP send no CORS headers to any origin; public documents are * without credentials', async () => {
  for (const url of ['/api/ticker-search?q=apple', '/api/health', '/api/auth/csrf']) {
    for (const origin of [FOREIGN, 'https://app.almanac.test']) {
      const res = await call('GET', url, origin);
      assert.is(res.headers['access-control-allow-origin'], undefined, url);
      assert.is(res.headers['access-control-allow-credentials'], undefined, url);
    }
  }
  const mcp = await call('POST', '/api/mcp', FOREIGN, { accept: 'application/json, text/event-stream' });
  assert.is(mcp.headers['access-control-allow-origin'], undefined);
  for (const url of ['/openapi.yaml', '/datasets.jsonld']) {
    const res = await call('GET', url, FOREIGN);
    assert.is(res.headers['access-control-allow-origin'], '*', url);
    assert.is(res.headers['access-control-allow-credentials'], undefined, url);
  }
});

test.run();
