/**
 * Every URL the API emits for a person to open (issue 13.14) resolves to a 200 page whose target
 * section exists: `upgrade_url` of the tier 402s (REST, MCP, GraphQL) and of the plan 402s
 * (allowance, extra-call cap: OpenAPI examples and the limiter), the "create a key" link of the MCP
 * 401, and the pages llms.txt links to. The plans section lists every tier and developer plan with prices.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { billingUrl, keysUrl, upgradeUrl } from '../../../api/limits/tier.ts';
import { PLAN_TABLE, formatUsd } from '../../../schema/plans.ts';
import { TIER_LABELS, TIERS } from '../../../schema/tiers.ts';
import { json, sampleApp, type TestApp } from '../../helpers.ts';

let t: TestApp;
const UA = { 'user-agent': 'almanac-tests/1.0 (urls)' };
const test = suite('emitted URLs resolve to 200 pages');
test.before(async () => {
  t = await sampleApp({ jobs: ['companies'] });
});
test.after(() => t.close());

/** GETs an absolute URL of this service (query kept, fragment checked against the page's ids). */
async function resolves(url: string): Promise<void> {
  const base = t.config.publicUrl.replace(/\/$/, '');
  assert.ok(url === base || url.startsWith(`${base}/`), `${url} is not on ${base}`);
  const u = new URL(url);
  const res = await t.app.inject({ url: `${u.pathname}${u.search}`, headers: UA });
  assert.is(res.statusCode, 200, `${url}: ${res.statusCode}`);
  if (u.hash) assert.match(res.body, `id="${u.hash.slice(1)}"`, `${url}: no element ${u.hash}`);
}

test('the URLs the code builds: upgrade (every tier), billing, keys', async () => {
  for (const tier of TIERS) await resolves(upgradeUrl(t.config.publicUrl, tier));
  await resolves(upgradeUrl(t.config.publicUrl));
  await resolves(billingUrl(t.config.publicUrl));
  await resolves(keysUrl(t.config.publicUrl));
});

test('URLs in real responses: REST and GraphQL 402, MCP 401 and 402, OpenAPI examples, llms.txt', async () => {
  const found = new Set<string>();
  const urls = (text: string) => text.match(/https?:\/\/[^\s"'`)<>\\]+/g) ?? [];
  const rest = await t.app.inject({ url: '/api/data/bulk?tickers=AAPL', headers: UA });
  assert.is(rest.statusCode, 402);
  found.add(json(rest).upgrade_url);
  const gql = await t.app.inject({ method: 'POST', url: '/graphql', headers: { ...UA, 'content-type': 'application/json' }, payload: { query: '{ company(ticker: "AAPL") { intrinsicValue { price } } }' } });
  found.add(json(gql).errors[0].extensions.upgrade_url);
  for (const name of ['get_bulk_fundamentals', 'list_watchlists']) {
    const mcp = await t.app.inject({
      method: 'POST',
      url: '/api/mcp',
      headers: { ...UA, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: { tickers: ['AAPL'] } } },
    });
    for (const u of urls(JSON.parse(json(mcp).result.content[0].text).error)) found.add(u);
    const extra = JSON.parse(json(mcp).result.content[0].text).upgrade_url;
    if (extra) found.add(extra);
  }
  const openapi = (await t.app.inject({ url: '/openapi.yaml', headers: UA })).body;
  for (const line of openapi.split('\n').filter((l) => l.includes('upgrade_url:'))) for (const u of urls(line)) found.add(u);
  const llms = (await t.app.inject({ url: '/llms.txt', headers: UA })).body;
  // The pages llms.txt links to (the endpoints, under /api/ and /graphql, and path patterns are
  // not pages: a GET of /graphql without a query is a 400).
  for (const u of urls(llms)) if (u.startsWith(t.config.publicUrl) && !/\/api\/|\/graphql\b|[*{]/.test(u)) found.add(u.replace(/[.,;:]+$/, ''));
  assert.ok([...found].some((u) => u.includes('#plans')) && [...found].some((u) => u.includes('#keys')) && [...found].some((u) => u.includes('#billing')), [...found].join(' '));
  for (const u of found) await resolves(u);
});

test('the plans section lists every tier and developer plan with prices; /settings moved to /account', async () => {
  const page = (await t.app.inject({ url: '/account?upgrade=investor', headers: UA })).body;
  const section = page.slice(page.indexOf('<section id="plans"'), page.indexOf('</section>', page.indexOf('<section id="plans"')));
  for (const tier of TIERS) assert.match(section, `<tr data-tier="${tier}"><th scope="row">${TIER_LABELS[tier]}</th>`);
  for (const p of Object.values(PLAN_TABLE)) assert.match(section, `<tr data-plan="${p.id}"><th scope="row">${p.label}</th><td data-label="Price per month">$${Number(formatUsd(p.priceMicros)).toFixed(2)} per month</td>`);
  assert.match(section, 'Free');
  const old = await t.app.inject({ url: '/settings?upgrade=researcher', headers: UA });
  assert.equal([old.statusCode, old.headers.location], [301, '/account?upgrade=researcher']);
});

test.run();
