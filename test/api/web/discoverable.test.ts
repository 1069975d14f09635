/**
 * GraphQL and MCP are discoverable (issue 17): the SDL at a stable URL (also in production, where
 * introspection is off), GraphiQL from installed assets with no CDN, llms.txt with the GraphQL
 * endpoint, the MCP client configuration and the rule on credentials, /api-docs and the home page
 * linking GraphQL, the new REST routes listed in llms.txt, /datasets and on the home page, and
 * the favicon served, linked and cached.
 */
import { buildSchema, parse, validate } from 'graphql';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { GRAPHIQL_ASSETS, GRAPHIQL_ASSET_PREFIX } from '../../../api/graphql/graphiql.ts';
import { SDL_FILE } from '../../../api/graphql/sdl.ts';
import { llmsText, mcpHttpConfig } from '../../../api/web/machine.ts';
import { RESOURCES } from '../../../api/rest/index.ts';
import { GRAPHQL_EXAMPLE, GRAPHQL_PATHS } from '../../../schema/graphql.ts';
import { TOOL_CATALOG } from '../../../schema/mcp/index.ts';
import { json, sampleApp, type TestApp } from '../../helpers.ts';

const UA = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) almanac-tests' };
const NEW_ROUTES = ['/price-history', '/corporate-actions', '/banks', '/federal-contracts', '/federal-contracts/totals'];

// ---
const text = suite('llms.txt: GraphQL, MCP configuration, credentials, the new routes');

text('says where answers come from and how fresh they are, naming arguments and fields the doors really have', () => {
  const s = llmsText(RESOURCES, 'https://almanac.example/');
  assert.match(s, '## Provenance and freshness');
  assert.match(s, '`fetchedAt` (when Almanac last fetched their source successfully, UTC; never the request time)');
  assert.match(s, 'MCP `get_fundamentals` and `get_fundamentals_history` with `withSources: true`');
  for (const name of ['get_fundamentals', 'get_fundamentals_history']) {
    const tool = TOOL_CATALOG.find((t) => t.name === name)!;
    assert.ok('withSources' in (tool.input as unknown as { shape: object }).shape, name);
  }
  assert.match(readFileSync(SDL_FILE, 'utf8'), /type Statement \{[^}]*\n  sources: \[ValueSource!\]/);
});

text('names the GraphQL endpoint and SDL, gives a Streamable HTTP MCP configuration, and forbids invented credentials', () => {
  const s = llmsText(RESOURCES, 'https://almanac.example/');
  assert.match(s, '- Endpoint: POST https://almanac.example/graphql with JSON');
  assert.match(s, '- Schema (SDL): https://almanac.example/graphql/schema.graphql (stable; introspection is off in production).');
  assert.match(s, '- [GraphQL schema](https://almanac.example/graphql/schema.graphql)');
  assert.match(s, '## MCP\n\nStreamable HTTP (stateless JSON-RPC over POST) at https://almanac.example/api/mcp');
  const config = JSON.parse(mcpHttpConfig('https://almanac.example/'));
  assert.equal(config, { mcpServers: { almanac: { type: 'http', url: 'https://almanac.example/api/mcp', headers: { 'X-API-Key': '<API_KEY>' } } } });
  assert.match(s, `\`\`\`json\n${mcpHttpConfig('https://almanac.example')}\n\`\`\``);
  assert.match(s, '## Credentials: never invent them');
  assert.match(s, 'Never make up an API key, an email address or a password');
  const anonymous = TOOL_CATALOG.filter((t) => t.anonymous && t.tier === 'learner').length;
  assert.is(anonymous, 45); // spec 4.6
  assert.match(s, `send no \`X-API-Key\` header at all (not a placeholder, not a guessed value) and use the anonymous surface: every public REST route, GraphQL without a key, and the ${anonymous} MCP tools that answer without a key`);
  assert.match(s, 'delete the `headers` entry to use the anonymous tools; never put an invented value there.');
  for (const route of NEW_ROUTES) assert.match(s, `- GET /api${route}: `, route);
  for (const id of ['banks', 'contracts']) assert.match(s, `(https://almanac.example/datasets#${id})`, id);
});

text('the GraphQL example of the docs is a valid query of the schema', () => {
  const sdl = buildSchema(readFileSync(SDL_FILE, 'utf8'));
  assert.equal(validate(sdl, parse(GRAPHQL_EXAMPLE)).map((e) => e.message), []);
});

text.run();

// ---
const served = suite('served: SDL, GraphiQL without a CDN, docs, home, favicon');
let dev: TestApp;
let prod: TestApp;
served.before(async () => {
  dev = await sampleApp({ jobs: ['companies'] });
  prod = await sampleApp({ jobs: ['companies'], config: { env: 'production', secret: 'p'.repeat(40) } });
});
served.after(async () => {
  await dev.close();
  await prod.close();
});

served('the SDL is served at a stable URL, in production too, equal to the checked-in file; ETag revalidates', async () => {
  const file = readFileSync(SDL_FILE, 'utf8');
  for (const t of [dev, prod]) {
    const res = await t.app.inject({ url: GRAPHQL_PATHS.sdl, headers: UA });
    assert.is(res.statusCode, 200, t.config.env);
    assert.is(res.headers['content-type'], 'text/plain; charset=utf-8');
    assert.is(res.body, file);
    assert.match(res.body, 'corporateActions(end: String, start: String): CorporateActions');
    const again = await t.app.inject({ url: GRAPHQL_PATHS.sdl, headers: { ...UA, 'if-none-match': String(res.headers.etag) } });
    assert.is(again.statusCode, 304);
  }
  // Production: no introspection, so the SDL URL is how a client learns the schema.
  const intro = json(await prod.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ __schema { queryType { name } } }' }, headers: UA }));
  assert.is(intro.errors[0].extensions.code, 'GRAPHQL_VALIDATION_FAILED');
});

served('GraphiQL (development) loads only this origin\'s files: no CDN URL, every asset served', async () => {
  const page = await dev.app.inject({ url: '/graphql', headers: { ...UA, accept: 'text/html' } });
  assert.is(page.statusCode, 200);
  assert.match(page.body, 'id="graphiql"');
  assert.not.match(page.body, /https?:\/\//, 'an absolute URL in the GraphiQL page');
  assert.not.match(page.body, /unpkg|jsdelivr|cdnjs/);
  const refs = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
  assert.equal(refs.filter((r) => !r.startsWith('/')), []);
  assert.equal(refs.filter((r) => r.startsWith(GRAPHIQL_ASSET_PREFIX)).sort(), Object.keys(GRAPHIQL_ASSETS).map((n) => GRAPHIQL_ASSET_PREFIX + n).sort());
  for (const ref of refs) {
    const res = await dev.app.inject({ url: ref, headers: UA });
    assert.is(res.statusCode, 200, ref);
    assert.not.match(res.body.slice(0, 2000), /https:\/\/unpkg\.com/, ref);
  }
  // The page's policy: scripts from this origin only.
  const csp = String(page.headers['content-security-policy']);
  assert.match(csp, /script-src 'self'(;|$)/);
  assert.not.match(csp, /unpkg|https:/);
  // Not in production, and no asset route there.
  assert.not.match((await prod.app.inject({ url: '/graphql', headers: { ...UA, accept: 'text/html' } })).body, 'graphiql');
  assert.is((await prod.app.inject({ url: `${GRAPHIQL_ASSET_PREFIX}graphiql.js`, headers: UA })).statusCode, 404);
  assert.is((await dev.app.inject({ url: `${GRAPHIQL_ASSET_PREFIX}nope.js`, headers: UA })).statusCode, 404);
});

served('/api-docs and the home page link GraphQL and its SDL; the home page lists the new REST routes', async () => {
  const docs = (await dev.app.inject({ url: '/api-docs', headers: UA })).body;
  assert.match(docs, '<h2 id="graphql">GraphQL</h2>');
  assert.match(docs, `<a href="${GRAPHQL_PATHS.sdl}">${GRAPHQL_PATHS.sdl}</a>`);
  assert.match(docs, '<h2 id="mcp">MCP</h2>');
  for (const route of NEW_ROUTES) assert.match(docs, `/api${route}</a>`, route);
  const home = (await dev.app.inject({ url: '/', headers: UA })).body;
  assert.match(home, '<h2 id="graphql-h">GraphQL</h2>');
  assert.match(home, `<a href="${GRAPHQL_PATHS.sdl}">`);
  assert.match(home, 'Never invent credentials');
  for (const route of NEW_ROUTES) assert.match(home, `<code>/api${route}</code>`, route);
  const datasets = (await dev.app.inject({ url: '/datasets', headers: UA })).body;
  for (const route of NEW_ROUTES) assert.match(datasets, `<code>GET /api${route}</code>`, route);
});

served('the API\'s base URLs (the OpenAPI servers) answer with links that answer, not a 404', async () => {
  for (const base of ['/api', '/api/v1']) {
    const res = await dev.app.inject({ url: base, headers: UA });
    assert.is(res.statusCode, 200, base);
    const links = json<Record<string, string>>(res);
    for (const key of ['openapi', 'llms', 'docs', 'mcpTools', 'health']) {
      const url = new URL(links[key]!);
      const linked = await dev.app.inject({ url: url.pathname, headers: UA });
      assert.is(linked.statusCode, 200, `${base} ${key}: ${url.pathname}`);
    }
  }
});

served('the favicon: linked from the layout, served and cached, also at /favicon.ico; /mcp uses the layout', async () => {
  const home = (await dev.app.inject({ url: '/', headers: UA })).body;
  assert.match(home, '<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">');
  for (const url of ['/assets/favicon.svg', '/favicon.ico']) {
    const res = await dev.app.inject({ url, headers: UA });
    assert.is(res.statusCode, 200, url);
    assert.is(res.headers['content-type'], 'image/svg+xml', url);
    assert.is(res.headers['cache-control'], 'public, max-age=86400', url);
    assert.match(res.body, '<svg');
    assert.is((await dev.app.inject({ url, headers: { ...UA, 'if-none-match': String(res.headers.etag) } })).statusCode, 304, url);
  }
  const mcp = (await dev.app.inject({ url: '/mcp', headers: UA })).body;
  for (const part of ['<header class="site">', '<link rel="icon" href="/assets/favicon.svg"', '<footer class="site">', 'aria-current="page">MCP tools</a>', '<script src="/assets/site.js" defer>']) assert.match(mcp, part);
});

served.run();

// Every asset the layout names exists on disk (a missing file would 404 on every page).
const assetsOnDisk = suite('layout assets');
assetsOnDisk('site.js and site.css exist and are listed', async () => {
  const { ASSETS } = await import('../../../api/web/index.ts');
  for (const name of ['site.js', 'site.css', 'favicon.svg', 'graphiql-start.js', 'graphiql-page.css']) {
    assert.ok((ASSETS as readonly string[]).includes(name), name);
    assert.ok(readFileSync(path.resolve(import.meta.dirname, '../../../api/web/assets', name)).length > 0, name);
  }
});
assetsOnDisk.run();
