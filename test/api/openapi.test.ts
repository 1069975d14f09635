import SwaggerParser from '@apidevtools/swagger-parser';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parse } from 'yaml';
import { z } from 'zod';
import { buildOpenApi, isMetered, listOperations, openApiPath, type Json } from '../../api/openapi/generate.ts';
import { RESOURCES } from '../../api/rest/index.ts';
import { resource, type AnyRoute } from '../../api/route.ts';
import { ErrorBody } from '../../schema/common.ts';
import { json, sampleApp, type TestApp } from '../helpers.ts';
import { assertConforms, assertInjected, matchPath } from '../openapi-conformance.ts';
import { keyAccount } from './rest/user-state-accounts.ts';

const BASE = 'http://localhost:8080';
const doc = buildOpenApi(RESOURCES, { publicUrl: BASE });

// ---
const generated = suite('openapi: generated from RESOURCES');

generated('validates with @apidevtools/swagger-parser with zero errors, every $ref resolving', async () => {
  const api = await SwaggerParser.validate(structuredClone(doc) as never);
  assert.is((api as { openapi: string }).openapi, '3.1.0');
  await SwaggerParser.dereference(structuredClone(doc) as never);
});

generated('covers every route and method of every resource', () => {
  let count = 0;
  for (const res of RESOURCES) {
    for (const def of res.routes) {
      if (def.hidden) continue;
      for (const m of Array.isArray(def.method) ? def.method : [def.method]) {
        const op = doc.paths[openApiPath(def.path)]?.[m.toLowerCase()] as Json | undefined;
        assert.ok(op, `missing ${m} ${def.path}`);
        assert.is(op!.summary, def.summary);
        for (const status of Object.keys(def.responses)) assert.ok((op!.responses as Json)[status], `${m} ${def.path} lacks ${status}`);
        count++;
      }
    }
  }
  assert.is(count, listOperations(RESOURCES).length);
  assert.ok(count >= 10, `only ${count} operations`);
});

generated('operation ids are unique and every path parameter is declared', () => {
  const ids = new Set<string>();
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (method === 'servers') continue;
      assert.not.ok(ids.has(op.operationId as string), `duplicate ${op.operationId}`);
      ids.add(op.operationId as string);
      const declared = ((op.parameters ?? []) as Json[]).filter((p) => p.in === 'path').map((p) => p.name);
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      assert.equal(declared.sort(), inPath.sort(), `${method} ${path}`);
    }
  }
});

generated('the /api/v1 alias, the X-API-Key scheme and the session cookie', () => {
  assert.equal(doc.servers.map((s) => s.url), [`${BASE}/api`, `${BASE}/api/v1`]);
  assert.equal(doc.components.securitySchemes, {
    apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Your API key (`alm_live_...` or `alm_trial_...`). The only header that carries a key.' },
    session: { type: 'apiKey', in: 'cookie', name: 'alm_session', description: 'HttpOnly session cookie set by POST /api/auth/login (browser sessions, account management).' },
  });
  const tickerSearch = doc.paths['/ticker-search']!.get!;
  assert.equal(tickerSearch.security, [{}, { apiKey: [] }, { session: [] }]);
  assert.equal(doc.paths['/keys/{id}']!.delete!.security, [{ session: [] }]);
});

generated('required says what the server requires: /data needs ticker; the overage consent takes no body', () => {
  const data = doc.paths['/data']!.get!.parameters as { name: string; required: boolean }[];
  assert.is(data.find((p) => p.name === 'ticker')!.required, true);
  assert.is((doc.paths['/billing/agent-plan/overage']!.post!.requestBody as { required: boolean }).required, false);
  assert.is((doc.paths['/auth/login']!.post!.requestBody as { required: boolean }).required, true);
});

generated('metered routes: X-SVC-Per-Call-Cost on success, 429 with Retry-After and RateLimit headers, overage 402', () => {
  const op = doc.paths['/ticker-search']!.get!;
  assert.ok(isMetered(RESOURCES.flatMap((r) => r.routes).find((r) => r.path === '/ticker-search')!));
  const ok = op.responses as Record<string, Json>;
  assert.equal((ok['200']!.headers as Json)['X-SVC-Per-Call-Cost'], { $ref: '#/components/headers/PerCallCost' });
  // An admitted answer says what is left of its limits, as a refusal does (README "Limits").
  assert.equal([(ok['200']!.headers as Json)['RateLimit-Policy'], (ok['200']!.headers as Json).RateLimit], [{ $ref: '#/components/headers/RateLimitPolicy' }, { $ref: '#/components/headers/RateLimit' }]);
  assert.equal(((doc.paths['/data']!.get!.responses as Record<string, Json>)['200']!.headers as Json)['X-Cache'], { $ref: '#/components/headers/Cache' });
  assert.match(String((doc.components.headers.RateLimitPolicy as Json).example), /^"key-standard-minute";q=60;w=60/);
  assert.equal(ok['429'], { $ref: '#/components/responses/TooManyRequests' });
  const tooMany = doc.components.responses.TooManyRequests as Json;
  assert.equal(Object.keys(tooMany.headers as Json), ['Retry-After', 'RateLimit-Policy', 'RateLimit']);
  assert.equal(((tooMany.content as Json)['application/json'] as Json).schema, { anyOf: [{ $ref: '#/components/schemas/RateLimited' }, { $ref: '#/components/schemas/Error' }] });
  const payment = (ok['402']!.content as Json)['application/json'] as Json;
  assert.equal(payment.schema, { anyOf: [{ $ref: '#/components/schemas/AllowanceExhausted' }, { $ref: '#/components/schemas/OverageCap' }] });
  assert.equal(Object.keys(payment.examples as Json), ['allowance', 'overage']);
  assert.equal(((payment.examples as Json).overage as Json).value, {
    error: 'the extra-call cap for this month is reached ($50 of $50); raise the cap or wait for the month to reset',
    reason: 'overage_cap',
    overage_accrued_usd: 50,
    limit_usd: 50,
    resets_at: '2026-12-01T00:00:00.000Z',
    upgrade_url: `${BASE}/account#billing`,
  });
  assert.equal(doc.components.schemas.OverageCap!.required, ['error', 'reason', 'overage_accrued_usd', 'limit_usd', 'resets_at', 'upgrade_url']);
  // Account management is not metered: no cost header, no overage 402.
  const login = doc.paths['/auth/login']!.post!.responses as Record<string, Json>;
  assert.not.ok((login['200']!.headers as Json)['X-SVC-Per-Call-Cost']);
  assert.not.ok(login['402']);
});

generated('the 410 of the retired bulk-history endpoint is documented', () => {
  const op = doc.paths['/data/bulk-history'];
  if (!op) return; // not mounted in this build
  const any = Object.values(op)[0] as Json;
  assert.ok((any.responses as Json)['410']);
});

// ---
const metadata = suite('openapi: generic parts come from route metadata');

const Thing = z.object({ id: z.string(), size: z.number().int().nullable() });
const custom = [
  resource('Things', [
    // A raw definition: the generator reads access, weight and metering, whatever capability filled them.
    {
      method: 'POST',
      path: '/things/:id',
      capability: 'bulk_fundamentals',
      summary: 'Change a thing',
      params: z.object({ id: z.string().min(3) }),
      query: z.object({ dry: z.coerce.number().int().min(0).max(1).default(0).describe('1 = do not save').meta({ examples: [1] }) }),
      body: z.object({ size: z.number().int().min(1) }),
      responses: { 200: { description: 'the thing', schema: Thing }, 404: { description: 'no such thing', schema: ErrorBody } },
      access: { auth: 'account', tier: 'investor', csrf: true },
      weight: 4,
      metered: true,
      handler: () => ({ id: 'abc', size: 1 }),
    } as AnyRoute,
  ]),
];
const customDoc = buildOpenApi(custom, { publicUrl: 'https://almanac.example/' });

metadata('tier -> 402 tier payload; csrf -> header and 403; account -> 401; input -> 400; weight and access extensions', () => {
  const op = customDoc.paths['/things/{id}']!.post!;
  const responses = op.responses as Record<string, Json>;
  assert.equal(Object.keys(responses).sort(), ['200', '400', '401', '402', '403', '404', '413', '414', '415', '429', '500', '503']);
  const tier = (responses['402']!.content as Json)['application/json'] as Json;
  assert.equal(tier.schema, {
    anyOf: [{ $ref: '#/components/schemas/TierRequired' }, { $ref: '#/components/schemas/AllowanceExhausted' }, { $ref: '#/components/schemas/OverageCap' }],
  });
  assert.equal((tier.examples as Json).tier, {
    summary: 'the account is below the required tier (not transient: do not retry)',
    value: { error: 'this endpoint needs the Investor tier or above', requiredTier: 'Investor', currentTier: 'Learner', upgrade_url: 'https://almanac.example/account?upgrade=investor#plans' },
  });
  assert.equal(customDoc.components.schemas.TierRequired!.required, ['error', 'requiredTier', 'currentTier', 'upgrade_url']);
  assert.equal(op.parameters, [
    { name: 'id', in: 'path', required: true, schema: { type: 'string', minLength: 3 } },
    { name: 'dry', in: 'query', required: false, description: '1 = do not save', schema: { default: 0, type: 'integer', minimum: 0, maximum: 1 }, example: 1 },
    { $ref: '#/components/parameters/CsrfToken' },
  ]);
  assert.equal(op.requestBody, {
    required: true,
    content: { 'application/json': { schema: { type: 'object', properties: { size: { type: 'integer', minimum: 1 } }, required: ['size'] } } },
  });
  assert.equal(op.security, [{ apiKey: [] }, { session: [] }]);
  assert.equal(op['x-access'], { auth: 'account', tier: 'investor', tierLabel: 'Investor', csrf: true });
  assert.is(op['x-weight'], 4);
  assert.is(op['x-metered'], true);
  assert.match(op.description as string, 'Requires the Investor tier or above (402 otherwise).');
  assert.match(op.description as string, 'Counts 4 units of the cost-weighted request budget');
  assert.equal(customDoc.servers.map((s) => s.url), ['https://almanac.example/api', 'https://almanac.example/api/v1']);
});

metadata('the custom document validates too', async () => {
  await SwaggerParser.validate(structuredClone(customDoc) as never);
});

// ---
const conform = suite('openapi: the conformance helper');

conform('matches paths under /api and /api/v1, literal segments first', () => {
  assert.is(matchPath('/api/keys/list'), '/keys/list');
  assert.is(matchPath('/api/v1/keys/abc-123'), '/keys/{id}');
  assert.is(matchPath('/api/ticker-search?q=a'), '/ticker-search');
  assert.is(matchPath('/nope'), null);
});

conform('passes a documented body, rejects a wrong shape and an undocumented status', () => {
  assertConforms('GET', '/api/ticker-search?q=apple', 200, [{ ticker: 'AAPL', name: 'Apple Inc.', exchange: 'Nasdaq', cik: 320193 }]);
  assert.throws(() => assertConforms('GET', '/api/ticker-search?q=apple', 200, [{ ticker: 'AAPL', name: 'Apple Inc.', exchange: 'Nasdaq', cik: '320193' }]), /cik/);
  assert.throws(() => assertConforms('GET', '/api/ticker-search?q=apple', 200, [{ ticker: 'AAPL', name: 'Apple Inc.', exchange: 'Nasdaq', cik: 1, extra: true }]), /additional/);
  assert.throws(() => assertConforms('GET', '/api/ticker-search', 418, { error: 'teapot' }), /does not document status 418/);
  assert.throws(() => assertConforms('PATCH', '/api/ticker-search', 200, []), /PATCH is not documented/);
  assert.throws(() => assertConforms('GET', '/api/ticker-search', 429, { error: 'slow down' }, {}), /Retry-After/);
  assertConforms('GET', '/api/ticker-search', 429, { error: 'slow down' }, { 'retry-after': '3' });
});

// ---
const served = suite('openapi: served at /openapi.yaml and /.well-known/openapi.yaml');
let t: TestApp;
served.before(async () => {
  t = await sampleApp({ jobs: ['companies'] });
});
served.after(() => t.close());

served('both paths serve the generated YAML; /openapi.json the same document', async () => {
  const a = await t.app.inject('/openapi.yaml');
  const b = await t.app.inject('/.well-known/openapi.yaml');
  assert.is(a.statusCode, 200);
  assert.is(a.headers['content-type'], 'application/yaml; charset=utf-8');
  assert.is(a.body, b.body);
  const fromYaml = parse(a.body) as Json;
  const expected = buildOpenApi(RESOURCES, { publicUrl: t.config.publicUrl });
  assert.equal(fromYaml, JSON.parse(JSON.stringify(expected)));
  const j = await t.app.inject('/openapi.json');
  assert.equal(json(j), fromYaml);
  await SwaggerParser.validate(fromYaml as never);
});

served('no OAuth metadata documents: /.well-known/oauth-* are 404', async () => {
  for (const p of ['/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource', '/.well-known/oauth-authorization-server/api', '/.well-known/openid-configuration']) {
    const res = await t.app.inject(p);
    assert.is(res.statusCode, 404, p);
    assert.equal(json(res), { error: `not found: GET ${p}` });
  }
});

served('real responses conform to the document', async () => {
  const urls: [string, string][] = [
    ['GET', '/api/ticker-search?q=apple'],
    ['GET', '/api/v1/ticker-search?q=cola'],
    ['GET', '/api/ticker-search'],
    ['GET', '/api/ticker-search?q=a&limit=1000'],
    ['GET', '/api/random-ticker'],
    ['GET', '/api/auth/challenge'],
    ['GET', '/api/auth/csrf'],
    ['GET', '/api/auth/me'],
    ['GET', '/api/keys/list'],
    ['GET', '/api/auth/verify-email?token=nope'],
    ['GET', '/api/health'],
  ];
  for (const [method, url] of urls) {
    const res = await t.app.inject({ method: method as 'GET', url, headers: { 'user-agent': 'almanac-tests/1.0 (tests@almanac.invalid)' } });
    assertInjected(method, url, res);
  }
  const posted = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.example', password: 'x' }, headers: { 'user-agent': 'almanac-tests/1.0' } });
  assertInjected('POST', '/api/auth/login', posted);
  const del = await t.app.inject({ method: 'DELETE', url: '/api/keys/123', headers: { 'user-agent': 'almanac-tests/1.0' } });
  assertInjected('DELETE', '/api/keys/123', del);
});

// ---
const samples = suite('openapi: every curl sample runs as written once its credentials are filled in');
let full: TestApp;
samples.before(async () => {
  full = await sampleApp();
});

/**
 * Samples that cannot answer 2xx here, and why: Stripe calls its webhook with a signature; the
 * retired path answers 410 by design; the sample corpus has no ETF (SPY is on the live path).
 */
const NOT_2XX: Record<string, number> = {
  'POST /billing/stripe/webhook': 404,
  'GET /data/bulk-history': 410,
  'POST /data/bulk-history': 410,
  'PUT /data/bulk-history': 410,
  'PATCH /data/bulk-history': 410,
  'DELETE /data/bulk-history': 410,
  'GET /etf-data': 404,
};
samples.after(() => full.close());

/**
 * Whether a JSON answer lists nothing: an empty array, or an object whose arrays (its lists, other
 * than `missing`, which names what was not found) are all empty while it has some.
 */
function emptyAnswer(res: { headers: Record<string, unknown>; body: string }): boolean {
  if (!String(res.headers['content-type'] ?? '').includes('json')) return false;
  const body = JSON.parse(res.body) as unknown;
  if (Array.isArray(body)) return body.length === 0;
  if (!body || typeof body !== 'object') return false;
  const lists = Object.entries(body).filter(([k, v]) => Array.isArray(v) && k !== 'missing') as [string, unknown[]][];
  return lists.length > 0 && lists.every(([, v]) => v.length === 0);
}

/**
 * Samples whose answer is empty on the sample warehouse for a reason of their own: a new account's
 * per-user lists, and ETF tickers (the sample's funds are share classes with generated symbols,
 * none of them an exchange-listed company: `/etf-compare` and `/etf-data` take those symbols).
 */
const EMPTY_ON_SAMPLE: Record<string, string> = {
  '/portfolio-positions': 'a new account holds no positions',
  '/watchlists': 'a new account has no watchlists',
  '/screens': 'a new account has no saved screens',
  '/paper/account': 'a new paper account holds no positions',
  '/etf-list': 'no exchange-listed company files an N-PORT in the sample',
};

/** The parts of a generated curl sample: method, URL, headers, body. */
function readCurl(source: string): { method: string; url: string; headers: Record<string, string>; body?: string; cookies: boolean } {
  const method = /^curl -X (\w+) '([^']+)'/.exec(source)!;
  const headers = Object.fromEntries([...source.matchAll(/-H '([^:]+): ([^']*)'/g)].map((m) => [m[1]!.toLowerCase(), m[2]!]));
  const body = /-d '((?:[^']|'\\'')*)'/.exec(source)?.[1]?.replace(/'\\''/g, "'");
  return { method: method[1]!, url: method[2]!, headers, ...(body === undefined ? {} : { body }), cookies: source.includes('-b cookies.txt') };
}

samples('the sample of every route without a session or an id the service issued answers 2xx; the others say what to fill in', async () => {
  const investor = await keyAccount(full.app, full.services.store, 'curl-samples@example.com', 'investor');
  const sampleDoc = buildOpenApi(RESOURCES, { publicUrl: full.config.publicUrl });
  const failed: string[] = [];
  const empty: string[] = [];
  let ran = 0;
  for (const [path, item] of Object.entries(sampleDoc.paths)) {
    for (const [m, op] of Object.entries(item)) {
      if (m === 'servers') continue;
      const source = (op['x-codeSamples'] as { source: string }[])[0]!.source;
      const c = readCurl(source);
      const access = op['x-access'] as { auth: string; csrf: boolean };
      // An anonymous call sends no key (llms.txt); the sample of a key route, or of a route above
      // the Learner tier, sends the header.
      const keyed = access.auth === 'account' || (access.auth === 'public' && (access as { tier?: string }).tier !== undefined && (access as { tier?: string }).tier !== 'learner');
      assert.is('x-api-key' in c.headers, keyed, `${m} ${path}: X-API-Key`);
      assert.is('x-csrf-token' in c.headers, access.csrf || (access.auth === 'session' && m !== 'get'), `${m} ${path}: X-CSRF-Token`);
      assert.is(c.cookies, access.csrf || access.auth === 'session' || path === '/auth/csrf', `${m} ${path}: cookies`);
      const placeholders = [...`${c.url} ${c.body ?? ''}`.matchAll(/<([A-Z_]+)>/g)].map((x) => x[1]);
      if (c.cookies || placeholders.length) continue;
      const headers = { ...c.headers, ...(c.headers['x-api-key'] ? { 'x-api-key': investor.key } : {}) };
      // Each from its own address: a hundred anonymous calls from one would meet the per-IP limit.
      const remoteAddress = `198.51.100.${ran + 1}`;
      const res = await full.app.inject({ method: c.method as 'GET', url: c.url.slice(full.config.publicUrl.length), headers, remoteAddress, ...(c.body ? { payload: c.body } : {}) });
      ran++;
      const expected = NOT_2XX[`${c.method} ${path}`];
      if (expected !== undefined ? res.statusCode !== expected : res.statusCode >= 300) failed.push(`${res.statusCode} ${source.replace(/ \\\n\s*/g, ' ')} -> ${res.body.slice(0, 200)}`);
      else if (c.method === 'GET' && res.statusCode === 200 && !EMPTY_ON_SAMPLE[path] && emptyAnswer(res)) empty.push(`${source.replace(/ \\\n\s*/g, ' ')} -> ${res.body.slice(0, 200)}`);
    }
  }
  assert.ok(ran >= 60, `${ran} samples run`);
  assert.ok(failed.length === 0, `samples that do not work as written:\n  ${failed.join('\n  ')}`);
  // A sample that answers an empty list on the sample warehouse shows a new user nothing (a new-user
  // pass found seven): each sample asks for something the sample data holds.
  assert.ok(empty.length === 0, `samples whose answer lists nothing on the sample warehouse:\n  ${empty.join('\n  ')}`);
});

samples('the sign-in samples run in order with their cookie jar: the CSRF token, then login with it', async () => {
  const sampleDoc = buildOpenApi(RESOURCES, { publicUrl: full.config.publicUrl });
  const source = (path: string, method: string): ReturnType<typeof readCurl> => readCurl(((sampleDoc.paths[path]![method] as Json)['x-codeSamples'] as { source: string }[])[0]!.source);
  const jar = new Map<string, string>();
  const send = async (c: ReturnType<typeof readCurl>, fill: Record<string, string>) => {
    const headers = Object.fromEntries(Object.entries(c.headers).map(([k, v]) => [k, fill[v] ?? v]));
    if (c.cookies && jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const body = c.body?.replace(/<([A-Z_]+)>/g, (p) => fill[p] ?? p);
    const res = await full.app.inject({ method: c.method as 'GET', url: c.url.slice(full.config.publicUrl.length), headers, remoteAddress: '198.51.100.251', ...(body ? { payload: body } : {}) });
    // curl's -c: keep what the answer sets.
    if (c.cookies) for (const set of [res.headers['set-cookie'] ?? []].flat()) jar.set(set.split('=')[0]!, set.split('=')[1]!.split(';')[0]!);
    return res;
  };
  const csrf = await send(source('/auth/csrf', 'get'), {});
  assert.is(csrf.statusCode, 200);
  assert.ok(jar.size > 0, 'the CSRF call saves its cookie');
  const login = await send(source('/auth/login', 'post'), { '<CSRF_TOKEN>': json(csrf).csrfToken, '<PASSWORD>': 'not-the-password' });
  // Past the CSRF check: a wrong password, not a 403.
  assert.is(login.statusCode, 401, login.body);
});

samples("/api-docs' GraphQL sample runs as written, anonymous", async () => {
  const page = await full.app.inject({ url: '/api-docs', headers: { 'user-agent': 'almanac-tests/1.0' } });
  const block = /<pre><code>(curl -X POST [^<]*\/graphql[^<]*)<\/code><\/pre>/.exec(page.body)?.[1];
  assert.ok(block, 'a GraphQL curl sample on /api-docs');
  const decoded = block!.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  const c = readCurl(decoded);
  assert.not.ok('x-api-key' in c.headers);
  const res = await full.app.inject({ method: 'POST', url: c.url.slice(full.config.publicUrl.length), headers: c.headers, payload: c.body, remoteAddress: '198.51.100.250' });
  assert.is(res.statusCode, 200, res.body);
  assert.ok(json(res).data.company.name, res.body);
});

generated.run();
metadata.run();
samples.run();
conform.run();
served.run();
