import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { llmsText, robotsText } from '../../../api/web/machine.ts';
import { escapeHtml, html, raw } from '../../../api/web/html.ts';
import { markdown } from '../../../api/web/api-docs.ts';
import { RESOURCES } from '../../../api/rest/index.ts';
import { json, sampleApp, type TestApp } from '../../helpers.ts';

// ---
const text = suite('llms.txt and robots.txt');

text('llms.txt states the X-API-Key rule, the Bearer rule, limits, the educational-use rule and the links', () => {
  const s = llmsText(RESOURCES, 'https://almanac.example/');
  assert.ok(s.startsWith('# Almanac\n\n> Financial data and financial education'));
  assert.match(s, '- Send the key in the header `X-API-Key: <API_KEY>` on every API call. It is the only header that carries a key');
  assert.match(s, 'A key sent as a Bearer token is treated as anonymous.');
  assert.match(s, 'Data is educational and is not investment advice.');
  assert.match(s, '- Standard key: 60 per minute');
  assert.match(s, '- Trial key: 100 calls per day (14 days, one per account lifetime)');
  assert.match(s, 'Learner 100, Researcher 500, Investor 2,000, Power User 5,000.');
  assert.match(s, 'Developer $99/month, 100,000 calls included, extra calls $0.002 each when turned on (default cap $50, maximum $396: 4 times the price)');
  assert.match(s, '- [OpenAPI description](https://almanac.example/openapi.yaml)');
  assert.match(s, '- [MCP tools](https://almanac.example/api/mcp/tools.json)');
  assert.match(s, '- [API documentation](https://almanac.example/api-docs)');
  assert.match(s, 'Do not probe /.well-known/oauth-* documents');
  assert.match(s, '- GET /api/ticker-search: Search tickers by symbol or company name\n');
  assert.match(s, '- DELETE /api/keys/:id: Revoke a key (signed-in session)\n');
});

text('robots.txt allows public pages and disallows /api/', () => {
  assert.is(
    robotsText('https://almanac.example'),
    'User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /account\nDisallow: /verify-email\nDisallow: /graphql\nAllow: /graphql/schema.graphql\nAllow: /api/mcp/tools.json\nAllow: /api/v1/mcp/tools.json\n\nSitemap: https://almanac.example/sitemap.xml\n',
  );
});

text('html escapes interpolations, not trusted markup', () => {
  assert.is(escapeHtml(`<a href="x">'&'</a>`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  assert.is(html`<p>${'<script>'}${raw('<b>ok</b>')}${['<i>', html`<i>x</i>`]}${null}${false}${0}</p>`.value, '<p>&lt;script&gt;<b>ok</b>&lt;i&gt;<i>x</i>0</p>');
  assert.is(markdown('Send `X-API-Key` **always**.\n\nSee [docs](/api-docs) <b>.').value, '<p>Send <code>X-API-Key</code> <strong>always</strong>.</p><p>See <a href="/api-docs">docs</a> &lt;b&gt;.</p>');
  assert.is(markdown('[x](javascript:alert(1))').value, '<p>[x](javascript:alert(1))</p>');
});

// ---
const pages = suite('web pages');
let t: TestApp;
pages.before(async () => {
  t = await sampleApp({ jobs: ['companies'] });
});
pages.after(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) almanac-tests', ...headers } });

pages('llms.txt and robots.txt are served as text', async () => {
  const llms = await get('/llms.txt');
  assert.is(llms.statusCode, 200);
  assert.is(llms.headers['content-type'], 'text/plain; charset=utf-8');
  assert.is(llms.body, llmsText(RESOURCES, t.config.publicUrl));
  const robots = await get('/robots.txt');
  assert.is(robots.body, robotsText(t.config.publicUrl));
  const sitemap = await get('/sitemap.xml');
  assert.match(sitemap.body, `<url><loc>${t.config.publicUrl}/datasets</loc></url>`);
});

/** Minimal accessibility checks on server-rendered markup. */
function checkA11y(body: string, url: string): void {
  assert.match(body, '<html lang="en">', url);
  assert.is((body.match(/<h1[ >]/g) ?? []).length, 1, `${url}: one h1`);
  assert.match(body, '<a class="skip" href="#main">', url);
  assert.match(body, '<main id="main"', url);
  const ids = [...body.matchAll(/<(?:input|select|textarea)\b([^>]*)>/g)].map((m) => m[1]!).filter((a) => !/type="hidden"/.test(a));
  for (const attrs of ids) {
    const id = /id="([^"]+)"/.exec(attrs)?.[1];
    assert.ok(id, `${url}: a form control without id: ${attrs}`);
    assert.match(body, `for="${id}"`, `${url}: no label for #${id}`);
  }
  assert.not.match(body, /https?:\/\/(?!localhost|www\.sec\.gov|data\.sec\.gov|home\.treasury\.gov|schema\.org|www\.w3\.org|www\.sitemaps\.org)[a-z0-9.-]+\/[^"'\s]*\.(js|css)/i, `${url}: external asset`);
}

pages("the home page's curl example runs as written: no placeholder key on an anonymous route", async () => {
  const home = (await t.app.inject({ url: '/', headers: { 'user-agent': 'almanac-tests/1.0 (pages)' } })).body;
  const example = /<pre><code>curl '([^']+)' \\\s*-H 'User-Agent: ([^']+)'<\/code><\/pre>/.exec(home);
  assert.ok(example, 'a curl example with only a User-Agent header');
  const res = await t.app.inject({ url: new URL(example![1]!).pathname + new URL(example![1]!).search, headers: { 'user-agent': example![2]! } });
  assert.is(res.statusCode, 200, res.body.slice(0, 200));
});

pages('public and account pages render, accessible, with local assets only', async () => {
  for (const url of ['/', '/datasets', '/api-docs', '/signup', '/login', '/logout', '/verify-email?token=abc', '/account']) {
    const res = await get(url);
    assert.is(res.statusCode, 200, url);
    assert.is(res.headers['content-type'], 'text/html; charset=utf-8', url);
    checkA11y(res.body, url);
  }
});

pages('account pages are not cacheable nor frameable; the verify page sends no referrer', async () => {
  const res = await get('/account');
  assert.is(res.headers['cache-control'], 'no-store');
  assert.is(res.headers['x-frame-options'], 'DENY');
  assert.match(String(res.headers['content-security-policy']), "frame-ancestors 'none'");
  assert.is((await get('/verify-email?token=x')).headers['referrer-policy'], 'no-referrer');
});

pages('the settings panel has every section the issue lists', async () => {
  const body = (await get('/account')).body;
  for (const id of ['details', 'keys', 'plans', 'billing', 'learning', 'portfolios']) assert.match(body, `<section id="${id}"`);
  assert.match(body, 'this is the only time it is shown');
  assert.match(body, 'id="copy-key"');
  assert.match(body, '<dialog id="revoke-dialog"');
  assert.match(body, 'Request the trial key');
  assert.match(body, 'The cap can be at most 4 times the plan price ($396 on Developer, $1,996 on Developer Pro)');
  assert.match(body, '<div id="usage-chart" aria-live="polite">');
  assert.match(body, '<select id="usage-key">');
  // Plans: every tier and plan with its price from schema/offers.ts, a button each, and the confirmation dialog.
  for (const [id, price] of [['researcher', '$12.00 per month'], ['investor', '$29.00 per month'], ['power_user', '$59.00 per month'], ['developer', '$99.00 per month'], ['developer_pro', '$499.00 per month']]) {
    assert.match(body, new RegExp(`<tr data-(tier|plan)="${id}"><th scope="row">[^<]+</th><td data-label="Price[^"]*">[$]${price.slice(1)}</td>`), id);
    assert.match(body, `data-offer="${id}"`);
  }
  assert.match(body, '<dialog id="plan-dialog"');
  assert.match(body, '<script src="/assets/account.js" defer></script>');
});

pages('the sign-up page runs the proof of work in the browser with a progress indicator', async () => {
  const body = (await get('/signup')).body;
  assert.match(body, '<progress id="pow-progress" max="100" value="0"');
  assert.match(body, '<input id="consent" name="consent" type="checkbox" required>');
});

pages('/api-docs is rendered from the OpenAPI description: every operation, its access and responses', async () => {
  const body = (await get('/api-docs')).body;
  const doc = json(await get('/openapi.json'));
  for (const [path, item] of Object.entries<Record<string, any>>(doc.paths)) {
    for (const [method, op] of Object.entries<any>(item)) {
      assert.match(body, `<article class="operation card" id="${op.operationId}"`, `${method} ${path}`);
    }
  }
  assert.match(body, '<h3 id="deleteKeysById-h"><span class="method method-delete">DELETE</span> <code>/api/keys/{id}</code></h3>');
  assert.match(body, '<span class="badge badge-session">signed-in session</span><span class="badge badge-csrf">CSRF</span>');
  assert.match(body, `<code>${t.config.publicUrl}/api</code> and <code>${t.config.publicUrl}/api/v1</code>`);
});

pages('assets: fixed list, content types, ETag revalidation, nothing else on disk', async () => {
  const css = await get('/assets/site.css');
  assert.is(css.statusCode, 200);
  assert.is(css.headers['content-type'], 'text/css; charset=utf-8');
  const etag = String(css.headers.etag);
  assert.is((await get('/assets/site.css', { 'if-none-match': etag })).statusCode, 304);
  assert.is((await get('/assets/account.js')).headers['content-type'], 'text/javascript; charset=utf-8');
  for (const bad of ['/assets/..%2Findex.ts', '/assets/index.ts', '/assets/%2e%2e%2fhtml.ts']) assert.is((await get(bad)).statusCode, 404, bad);
});

pages('the browser SHA-256 in account.js agrees with node:crypto', async () => {
  const { createHash } = await import('node:crypto');
  const src = (await get('/assets/account.js')).body;
  const sandbox: Record<string, unknown> = { document: { querySelector: () => null }, TextEncoder };
  sandbox.window = sandbox;
  new Function('window', 'document', 'TextEncoder', src)(sandbox, sandbox.document, TextEncoder);
  const sha = sandbox.almanacSha256 as (s: string) => string;
  for (const input of ['', 'abc', 'v1.challenge.x'.repeat(9), 'é€😀', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'a'.repeat(1000)]) {
    assert.is(sha(input), createHash('sha256').update(input).digest('hex'), `length ${input.length}`);
  }
});

pages('glossary: search with topic filter and pagination, term pages with DefinedTerm JSON-LD', async () => {
  const search = await get('/glossary?q=price%20to%20earnings');
  assert.is(search.statusCode, 200);
  checkA11y(search.body, '/glossary');
  const first = /<dt><a href="\/glossary\/([^"]+)">([^<]+)<\/a>/.exec(search.body);
  assert.ok(first, 'a result');
  const term = await get(`/glossary/${first![1]}`);
  assert.is(term.statusCode, 200);
  checkA11y(term.body, `/glossary/${first![1]}`);
  const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(term.body)![1]!);
  assert.is(ld['@type'], 'DefinedTerm');
  assert.is(ld.url, `${t.config.publicUrl}/glossary/${first![1]}`);
  assert.match(term.body, 'Data is educational and is not investment advice.');
  const all = await get('/glossary');
  assert.match(all.body, /, page 1 of \d+\./);
  assert.match(all.body, '<a rel="next" href="/glossary?page=2">Next page</a>');
  assert.is((await get('/glossary/no-such-term-anywhere')).statusCode, 404);
  assert.is((await get('/glossary?page=0')).statusCode, 400);
});

pages('LEARN: the curriculum page and lesson pages with their quiz', async () => {
  const { curriculum, lessonsInOrder } = await import('../../../schema/learn.ts');
  const index = await get('/learn');
  assert.is(index.statusCode, 200);
  checkA11y(index.body, '/learn');
  for (const t of curriculum()) assert.match(index.body, `<h2 id="track-${t.id}">`);
  const [first, second] = lessonsInOrder();
  const lesson = await get(`/learn/${first!.lesson.id}`);
  assert.is(lesson.statusCode, 200);
  checkA11y(lesson.body, `/learn/${first!.lesson.id}`);
  assert.is((lesson.body.match(/<fieldset class="question">/g) ?? []).length, first!.lesson.quiz.length);
  assert.match(lesson.body, `<a rel="next" href="/learn/${second!.lesson.id}">`);
  assert.is((await get('/learn/no-such-lesson')).statusCode, 404);
});

text.run();
pages.run();
