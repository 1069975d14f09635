/**
 * Issue 13.8: security headers on every response (every page of the sitemap, assets, API successes
 * and refusals, 404s, GraphQL, the router's own errors), pages without inline script, and HSTS in
 * production only.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { RESOURCES } from '../../api/rest/index.ts';
import { sampleApp, type TestApp } from '../helpers.ts';
import { keyAccount } from './rest/user-state-accounts.ts';

const UA = 'almanac-tests/1.0 (headers)';
let dev: TestApp;
let prod: TestApp;
const test = suite('security headers');
test.before(async () => {
  dev = await sampleApp({ jobs: ['companies'] });
  prod = await sampleApp({ jobs: ['companies'], config: { env: 'production', publicUrl: 'https://almanac.example' } });
});
test.after(async () => {
  await dev.close();
  await prod.close();
});

/**
 * A page's headers, or (`answer`: a response under /api/) an answer's: a policy that loads and runs
 * nothing, and none of the headers that only govern documents.
 */
function assertHeaders(res: { statusCode: number; headers: Record<string, unknown> }, what: string, production: boolean, answer = false): void {
  const csp = String(res.headers['content-security-policy'] ?? '');
  if (answer) {
    assert.match(csp, /^default-src 'none';frame-ancestors 'none'(;upgrade-insecure-requests)?$/, `${what}: an answer's CSP`);
    assert.is(res.headers['cross-origin-resource-policy'], 'same-origin', `${what}: CORP`);
    for (const h of ['cross-origin-opener-policy', 'origin-agent-cluster', 'x-dns-prefetch-control', 'x-download-options', 'x-permitted-cross-domain-policies', 'x-xss-protection']) {
      assert.is(res.headers[h], undefined, `${what}: no ${h} on an answer`);
    }
  } else {
    assert.match(csp, /default-src 'self'/, `${what}: CSP`);
    assert.match(csp, /script-src 'self'(;|$)/, `${what}: script-src without inline`);
  }
  assert.not.match(csp, /unsafe-inline|unsafe-eval/, `${what}: no unsafe-*`);
  assert.match(csp, /frame-ancestors 'none'/, `${what}: frame-ancestors`);
  assert.is(res.headers['x-frame-options'], 'DENY', `${what}: X-Frame-Options`);
  assert.is(res.headers['x-content-type-options'], 'nosniff', `${what}: nosniff`);
  assert.is(res.headers['referrer-policy'], 'no-referrer', `${what}: Referrer-Policy`);
  if (production) assert.match(String(res.headers['strict-transport-security']), /^max-age=31536000; includeSubDomains/, `${what}: HSTS`);
  else assert.is(res.headers['strict-transport-security'], undefined, `${what}: no HSTS outside production`);
}

const get = (t: TestApp, url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { 'user-agent': UA, ...headers } });

test('every page of the sitemap: the headers, and no inline script or event-handler attribute', async () => {
  const sitemap = await get(dev, '/sitemap.xml');
  const pages = [...sitemap.body.matchAll(/<loc>[^<]*?(\/[^<]*)<\/loc>/g)].map((m) => new URL(m[1]!, 'http://x').pathname);
  assert.ok(pages.length >= 8, pages.join(' '));
  for (const page of [...pages, '/mcp', '/account', '/logout', '/verify-email?token=x', '/robots.txt', '/assets/site.css', '/assets/account.js', '/nope']) {
    const res = await get(dev, page);
    assertHeaders(res, page, false);
    if (!/html/.test(String(res.headers['content-type']))) continue;
    const inline = [...res.body.matchAll(/<script\b([^>]*)>/gi)].map((m) => m[1]!).filter((attrs) => !/\bsrc=/.test(attrs) && !/type="application\/ld\+json"/.test(attrs));
    assert.equal(inline, [], `${page}: inline script`);
    assert.not.match(res.body, /\son[a-z]+\s*=/i, `${page}: event-handler attribute`);
    // Inline styles are refused by style-src 'self' too: stylesheets are files under /assets.
    assert.not.match(res.body, /<style\b|\sstyle\s*=/i, `${page}: inline style`);
    assert.not.match(res.body, /javascript:/i, `${page}: javascript: URL`);
  }
});

test('API answers, refusals, 404s, GraphQL and the router\'s own errors carry them too (answers under /api/ their own set)', async () => {
  for (const t of [dev, prod]) {
    const production = t === prod;
    for (const [url, headers] of [
      ['/api/ticker-search?q=apple', {}],
      ['/api/ticker-search', {}],
      ['/api/ticker-search?q=apple', { 'user-agent': 'curl/8.5.0' }],
      ['/api/auth/me', {}],
      ['/api/nope', {}],
      ['/api/nope%ZZ', {}],
      ['/api/keys', { 'x-api-key': 'alm_live_invalid' }],
      ['/graphql?query=%7B__typename%7D', {}],
      ['/openapi.yaml', {}],
    ] as const) {
      const res = await get(t, url, headers);
      // Answers under /api/ (the router's own refusal of a malformed path included: it carries a page's set).
      const answer = url.startsWith('/api/') && !url.includes('%ZZ');
      assertHeaders(res, `${t.config.env} ${url} (${res.statusCode})`, production, answer);
    }
    // MCP writes its answers itself (a hijacked reply): a tool call on its fast path, and
    // `initialize` and a batch through the SDK.
    const call = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'search_tickers', arguments: { query: 'apple' } } };
    const init = { jsonrpc: '2.0', id: 2, method: 'initialize', params: { protocolVersion: '2025-03-26', capabilities: {}, clientInfo: { name: 't', version: '1' } } };
    for (const body of [call, init, [call, { ...call, id: 3 }]]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/mcp', payload: body, headers: { 'user-agent': UA, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } });
      assert.is(res.statusCode, 200, res.body);
      assertHeaders(res, `${t.config.env} MCP ${JSON.stringify(body).slice(0, 60)}`, production, true);
    }
  }
});

test('a caller\'s own data is Cache-Control: private, no-store on every route that needs an account; public data is not marked', async () => {
  const { key } = await keyAccount(dev.app, dev.services.store, 'cache-headers@example.com');
  const personal = RESOURCES.flatMap((r) => r.routes).filter((d) => d.method === 'GET' && d.access.auth === 'account' && !d.path.includes(':'));
  assert.ok(personal.length >= 8, personal.map((d) => d.path).join(' '));
  for (const def of personal) {
    const res = await get(dev, `/api${def.path}`, { 'x-api-key': key });
    assert.ok(res.statusCode < 500, `${def.path}: ${res.statusCode}`);
    assert.is(res.headers['cache-control'], 'private, no-store', `${def.path} (${res.statusCode})`);
  }
  assert.is((await get(dev, '/api/ticker-search?q=app', { 'x-api-key': key })).headers['cache-control'], undefined);
  // GraphQL with a key (its `me` is the caller's own), over GET too; anonymous answers unmarked.
  const me = encodeURIComponent('{ me { tier } }');
  assert.is((await get(dev, `/graphql?query=${me}`, { 'x-api-key': key, accept: 'application/json' })).headers['cache-control'], 'private, no-store');
  assert.is((await get(dev, `/graphql?query=${encodeURIComponent('{ __typename }')}`, { accept: 'application/json' })).headers['cache-control'], undefined);
});

test('GraphiQL (development only) is the one page whose policy admits inline styles', async () => {
  const res = await get(dev, '/graphql', { accept: 'text/html' });
  if (!/graphiql/i.test(res.body)) return; // GraphiQL switched off: nothing to widen
  // Installed assets (issue 17): scripts from this origin only, as on every page; no CDN host.
  assert.match(String(res.headers['content-security-policy']), /script-src 'self';/);
  assert.match(String(res.headers['content-security-policy']), /style-src 'self' 'unsafe-inline'/);
  assert.not.match(String(res.headers['content-security-policy']), /https:/);
  assert.match(String(res.headers['content-security-policy']), /frame-ancestors 'none'/);
  assert.is(res.headers['x-frame-options'], 'DENY');
});

test.run();
