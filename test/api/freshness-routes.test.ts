/**
 * Every warehouse answer says how fresh it is (README, "Provenance, freshness and synthetic data"):
 * the route table is walked, every metered REST route must be listed by a dataset of the catalog
 * (schema/datasets.ts, whose jobs date it) or be named below with the reason it serves no warehouse
 * data, and every listed route is documented with and answers with `dataThrough` and `fetchedAt`
 * (in the body, or the X-Data-Through / X-Fetched-At headers of a bare list). A reviewer found
 * corporate actions, contract totals, the ETF list, 13F filer analytics, the fundamentals universe
 * and a dozen more answering without them. The routes that gained them are checked value by value
 * against the warehouse and the run ledger, and through GraphQL and MCP.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { RESOURCES } from '../../api/rest/index.ts';
import type { AnyRoute } from '../../api/route.ts';
import { datingTool, routeJobs } from '../../api/freshness.ts';
import { FRESHNESS_HEADERS } from '../../schema/provenance.ts';
import { graphqlData, ledgerFetchedAt, mcpTool } from '../doors.ts';
import { json, sampleApp, type TestApp } from '../helpers.ts';
import { hasField, successSchema } from '../schema/route-paths.ts';
import { BDC, MANAGER } from '../tool-calls.ts';
import { keyAccount, type KeyCaller } from './rest/user-state-accounts.ts';

/** Metered routes that serve no warehouse data, and why. */
const NO_WAREHOUSE_DATA: Record<string, string> = {
  'POST /paper/reset': 'answers the account after the reset: the starting cash, nothing valued at a price',
};

const methods = (r: AnyRoute): string[] => (Array.isArray(r.method) ? r.method : [r.method]).map(String);
const ROUTES = RESOURCES.flatMap((res) => res.routes).filter((r) => !r.root && !r.hidden);
const routeKeys = (r: AnyRoute) => methods(r).map((m) => `${m} ${r.path}`);
const CATALOG_ROUTES = ROUTES.filter((r) => r.metered && routeJobs(r.path));

/** Routes whose answers date themselves by their own jobs, not all of their catalog datasets' (a subset, or more). */
const OWN_JOBS: Record<string, string> = {
  '/etf-data': 'dated by its N-PORT filing (job nport), as its provenance is',
};

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

let t: TestApp;
let user: KeyCaller;
/** A second key for the value checks: one key's minute allows 60 calls, and the walk makes 50. */
let other: KeyCaller;
const UA = { 'user-agent': 'almanac-tests/1.0 (freshness-routes)' };
const ledger = (path: string) => ledgerFetchedAt(t.services.warehouse, ...routeJobs(path)!);

/** The state some calls need (a saved screen, a watchlist, a paper order), made by earlier calls. */
const made: { screen?: string; watchlist?: string; order?: string; openOrder?: string } = {};

/** One call per method of every catalog route, in an order where each finds what it needs (a missing entry fails the walk). */
const CALLS: Record<string, () => { url: string; body?: unknown }> = {
  'GET /ticker-search': () => ({ url: '/api/ticker-search?q=apple' }),
  'GET /random-ticker': () => ({ url: '/api/random-ticker' }),
  'GET /fundamentals-pit': () => ({ url: '/api/fundamentals-pit?ticker=AAPL&date=2025-01-15' }),
  'GET /fundamentals-history': () => ({ url: '/api/fundamentals-history?ticker=AAPL' }),
  'GET /fundamentals-pit/universe': () => ({ url: '/api/fundamentals-pit/universe?date=2025-01-15' }),
  'GET /fundamentals-pit/stats': () => ({ url: '/api/fundamentals-pit/stats' }),
  'GET /data/bulk': () => ({ url: '/api/data/bulk?tickers=AAPL' }),
  'GET /data': () => ({ url: '/api/data?ticker=AAPL' }),
  'GET /price-history': () => ({ url: '/api/price-history?ticker=AAPL&start=2024-12-01' }),
  'GET /corporate-actions': () => ({ url: '/api/corporate-actions?ticker=NVDA' }),
  'GET /screener': () => ({ url: '/api/screener' }),
  'GET /news/search': () => ({ url: '/api/news/search?q=tesla&days=3650' }),
  'GET /news/ticker': () => ({ url: '/api/news/ticker?ticker=TSLA' }),
  'GET /news/stats': () => ({ url: '/api/news/stats' }),
  'GET /macro/series': () => ({ url: '/api/macro/series?id=UNRATE' }),
  'GET /macro/series-list': () => ({ url: '/api/macro/series-list' }),
  'GET /macro/yield-curve': () => ({ url: '/api/macro/yield-curve' }),
  'GET /insiders': () => ({ url: '/api/insiders?ticker=TSLA' }),
  'GET /insiders/recent-buys': () => ({ url: '/api/insiders/recent-buys?days=3650' }),
  'GET /fund-holdings': () => ({ url: `/api/fund-holdings?cik=${MANAGER}` }),
  'GET /institutions/:cik': () => ({ url: `/api/institutions/${MANAGER}` }),
  'GET /institutional-holders': () => ({ url: '/api/institutional-holders?ticker=XOM' }),
  'GET /etf-data': () => ({ url: '/api/etf-data?symbol=SYN000037818' }),
  'GET /etf-compare': () => ({ url: '/api/etf-compare?symbols=SYN000037820,SYN000037818' }),
  'GET /etf-list': () => ({ url: '/api/etf-list' }),
  'GET /fund-holders': () => ({ url: '/api/fund-holders?id=AAPL' }),
  'GET /bond-search': () => ({ url: '/api/bond-search?q=apple' }),
  'GET /credit/bdc': () => ({ url: '/api/credit/bdc' }),
  'GET /credit/borrowers': () => ({ url: '/api/credit/borrowers?q=generated borrower' }),
  'GET /credit/bdc/:cik/holdings': () => ({ url: `/api/credit/bdc/${BDC}/holdings` }),
  'GET /credit/bdc/:cik/quality': () => ({ url: `/api/credit/bdc/${BDC}/quality` }),
  'GET /banks': () => ({ url: '/api/banks?ticker=JPM' }),
  'GET /federal-contracts': () => ({ url: '/api/federal-contracts?ticker=MSFT' }),
  'GET /federal-contracts/totals': () => ({ url: '/api/federal-contracts/totals?ticker=MSFT' }),
  'POST /portfolio-positions': () => ({ url: '/api/portfolio-positions', body: { ticker: 'KO', shares: 2, cost_basis: 50 } }),
  'GET /portfolio-positions': () => ({ url: '/api/portfolio-positions' }),
  'GET /portfolio-history': () => ({ url: '/api/portfolio-history?days=10' }),
  'GET /portfolio/benchmark': () => ({ url: '/api/portfolio/benchmark?period=1M' }),
  'DELETE /portfolio-positions': () => ({ url: '/api/portfolio-positions', body: { ticker: 'KO' } }),
  'GET /watchlists/:id': () => ({ url: `/api/watchlists/${made.watchlist}` }),
  'GET /screens/:id/run': () => ({ url: `/api/screens/${made.screen}/run` }),
  'POST /paper/orders': () => ({ url: '/api/paper/orders', body: { ticker: 'KO', side: 'buy', quantity: 3 } }),
  'GET /paper/orders': () => ({ url: '/api/paper/orders' }),
  'GET /paper/orders/:id': () => ({ url: `/api/paper/orders/${made.order}` }),
  'DELETE /paper/orders/:id': () => ({ url: `/api/paper/orders/${made.openOrder}` }),
  'GET /paper/account': () => ({ url: '/api/paper/account' }),
};

const test = suite('every warehouse-backed REST route says how fresh its answer is');
test.before(async () => {
  t = await sampleApp();
  user = await keyAccount(t.app, t.services.store, 'freshness-routes@example.com', 'power_user');
  other = await keyAccount(t.app, t.services.store, 'freshness-values@example.com', 'power_user');
});
test.after(() => t.close());

test('every metered route is listed by a dataset of the catalog, or serves no warehouse data', () => {
  const unlisted = ROUTES.filter((r) => r.metered && !routeJobs(r.path))
    .flatMap(routeKeys)
    .filter((k) => !NO_WAREHOUSE_DATA[k]);
  assert.equal(unlisted, []);
  // And every exemption still names a metered route outside the catalog.
  for (const k of Object.keys(NO_WAREHOUSE_DATA)) assert.ok(ROUTES.some((r) => routeKeys(r).includes(k) && r.metered && !routeJobs(r.path)), k);
});

test('OpenAPI documents the freshness of every catalog route: in the body schema, or the headers of a bare list', () => {
  const undocumented = CATALOG_ROUTES.filter((r) => {
    const status = Object.keys(r.responses).map(Number).filter((s) => s >= 200 && s < 300).sort()[0]!;
    const schema = successSchema(r);
    return !r.responses[status]!.freshnessHeaders && !(schema && hasField(schema, 'dataThrough') && hasField(schema, 'fetchedAt'));
  });
  assert.equal(undocumented.map((r) => r.path), []);
});

test('every catalog route answers with dataThrough and fetchedAt', async () => {
  const keys = CATALOG_ROUTES.flatMap(routeKeys).filter((k) => !k.startsWith('HEAD '));
  assert.equal(keys.filter((k) => !CALLS[k]), [], 'a call for every catalog route and method');
  made.screen = (await user.call('POST', '/api/screens', { name: 'freshness', params: {} })).json().id;
  made.watchlist = (await user.call('POST', '/api/watchlists', { name: 'freshness', tickers: ['KO', 'AAPL'] })).json().id;
  made.openOrder = (await user.call('POST', '/api/paper/orders', { ticker: 'KO', side: 'buy', quantity: 1, type: 'limit', limitPrice: 1 })).json().id;
  const missing: string[] = [];
  for (const [key, call] of Object.entries(CALLS)) {
    const [method, path] = key.split(' ') as [string, string];
    const { url, body } = call();
    const res = await user.call(method, url, body);
    assert.ok(res.statusCode < 300, `${key}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    if (key === 'POST /paper/orders') made.order = res.json().id;
    if (res.headers['content-type'] && !String(res.headers['content-type']).startsWith('application/json')) continue;
    const answer = res.json();
    const fresh = Array.isArray(answer)
      ? { dataThrough: res.headers[FRESHNESS_HEADERS.dataThrough.toLowerCase()] as string | undefined, fetchedAt: res.headers[FRESHNESS_HEADERS.fetchedAt.toLowerCase()] as string | undefined }
      : { dataThrough: answer.dataThrough, fetchedAt: answer.fetchedAt };
    if (typeof fresh.fetchedAt !== 'string' || !ISO_TIME.test(fresh.fetchedAt)) missing.push(`${key}: fetchedAt ${fresh.fetchedAt}`);
    const empty = Array.isArray(answer) && answer.length === 0;
    if (!empty && (typeof fresh.dataThrough !== 'string' || !ISO_DAY.test(fresh.dataThrough))) missing.push(`${key}: dataThrough ${fresh.dataThrough}`);
    // A list is dated by its capability's rule, declared once on its MCP list tool (defineRoute):
    // the rule applied to the rows REST listed gives the header REST sent.
    const tool = datingTool(CATALOG_ROUTES.find((r) => r.path === path)!.capability);
    if (Array.isArray(answer) && tool?.list && tool.dataThrough) {
      const byTool = tool.dataThrough(answer, fresh.fetchedAt ?? null) ?? undefined;
      if (fresh.dataThrough !== byTool) missing.push(`${key}: dataThrough ${fresh.dataThrough}, the rule of MCP ${tool.name} says ${byTool}`);
    }
    // fetchedAt is the ledger time of the route's catalog jobs, but where the route dates its answer by its own jobs.
    if (!OWN_JOBS[path] && fresh.fetchedAt !== (await ledger(path))) missing.push(`${key}: fetchedAt ${fresh.fetchedAt}, the ledger says ${await ledger(path)}`);
  }
  assert.equal(missing, []);
});

// ---

test('the routes that gained freshness: values from the warehouse and the ledger, the same through GraphQL and MCP', async () => {
  const db = t.services.warehouse;
  const headers = { ...UA, 'x-api-key': other.key };
  const get = async (url: string) => {
    const res = await t.app.inject({ url, headers });
    assert.is(res.statusCode, 200, `${url}: ${res.body}`);
    return { body: json(res), dataThrough: res.headers['x-data-through'] as string | undefined, fetchedAt: res.headers['x-fetched-at'] as string | undefined };
  };

  // Corporate actions: through the last trading day in the range; the price file; generated days flagged.
  const ca = (await get('/api/corporate-actions?ticker=NVDA&end=2024-12-15')).body;
  const [nv] = await db.all<{ last: string; synthetic: boolean }>(
    `SELECT strftime(max(date), '%Y-%m-%d') AS last, bool_or(synthetic) FILTER (WHERE dividend <> 0 OR split_ratio <> 1) AS synthetic FROM prices WHERE ticker = 'NVDA' AND date <= DATE '2024-12-15'`,
  );
  assert.equal([ca.dataThrough, ca.fetchedAt, ca.provenance.synthetic, ca.provenance.document], [nv!.last, await ledger('/corporate-actions'), nv!.synthetic, 'vendor/prices/NVDA.csv']);
  const g = await graphqlData(t.app, '{ company(ticker: "NVDA") { corporateActions(end: "2024-12-15") { dataThrough fetchedAt provenance { synthetic } splits { date } } } }', headers);
  assert.equal(g.company.corporateActions, { dataThrough: ca.dataThrough, fetchedAt: ca.fetchedAt, provenance: { synthetic: ca.provenance.synthetic }, splits: ca.splits.map((s: any) => ({ date: s.date })) });

  // Contract totals: the newest latest-action date of the awards the list route finds, and their synthetic flag.
  const awards = await get('/api/federal-contracts?ticker=MSFT&limit=500');
  const totals = (await get('/api/federal-contracts/totals?ticker=MSFT')).body;
  assert.equal([totals.dataThrough, totals.fetchedAt, totals.synthetic], [awards.dataThrough, await ledger('/federal-contracts/totals'), awards.body.some((a: any) => a.provenance.synthetic)]);
  const mt = await mcpTool(t.app, 'get_federal_contract_totals', { ticker: 'MSFT' }, headers);
  assert.equal([mt.dataThrough, mt.fetchedAt, mt.synthetic], [totals.dataThrough, totals.fetchedAt, totals.synthetic]);

  // 13F filer analytics: the newest quarter end the warehouse holds for the manager.
  const fa = (await get(`/api/institutions/${MANAGER}`)).body;
  const [q] = await db.all<{ d: string }>(`SELECT strftime(max(period), '%Y-%m-%d') AS d FROM f13_holdings WHERE cik = $1`, [MANAGER]);
  assert.equal([fa.dataThrough, fa.fetchedAt], [q!.d, await ledgerFetchedAt(db, '13f')]);
  const mf = await mcpTool(t.app, 'alm_13f_filer_analytics', { cik: MANAGER }, headers);
  assert.equal([mf.dataThrough, mf.fetchedAt], [fa.dataThrough, fa.fetchedAt]);

  // The fundamentals universe: the newest fiscal period end listed (a cached body: the same twice).
  const u = (await get('/api/fundamentals-pit/universe?date=2025-01-15')).body;
  assert.is(u.dataThrough, u.tickers.map((r: any) => r.periodEnd).sort().at(-1));
  assert.is(u.fetchedAt, await ledgerFetchedAt(db, 'fundamentals'));
  assert.equal((await get('/api/fundamentals-pit/universe?date=2025-01-15')).body, u);
  const mu = await mcpTool(t.app, 'get_fundamentals_universe', { asOf: '2025-01-15', limit: 100 }, headers);
  assert.equal([mu.dataThrough, mu.fetchedAt, mu.items], [u.dataThrough, u.fetchedAt, u.tickers]);

  // The ETF list (no exchange-listed fund in the sample): no data date, the N-PORT jobs' fetch.
  const etfs = await get('/api/etf-list');
  assert.equal([etfs.body, etfs.dataThrough, etfs.fetchedAt], [[], undefined, await ledgerFetchedAt(db, 'nport', 'security-master')]);
  const me = await mcpTool(t.app, 'list_etfs', {}, headers);
  assert.equal([me.dataThrough, me.fetchedAt], [null, etfs.fetchedAt]);
  const ge = await graphqlData(t.app, '{ etfs(first: 5) { dataThrough fetchedAt } }', headers);
  assert.equal(ge.etfs, { dataThrough: null, fetchedAt: etfs.fetchedAt });

  // Lists keep their body: the macro series list and the ticker search carry the headers.
  const series = await get('/api/macro/series-list');
  assert.equal([series.dataThrough, series.fetchedAt], [series.body.map((s: any) => s.last).sort().at(-1), await ledgerFetchedAt(db, 'macro')]);
  const gs = await graphqlData(t.app, '{ macroSeriesList(first: 1) { dataThrough fetchedAt } }', headers);
  assert.equal(gs.macroSeriesList, { dataThrough: series.dataThrough, fetchedAt: series.fetchedAt });
  const ms = await mcpTool(t.app, 'list_macro_series', {}, headers);
  assert.equal([ms.dataThrough, ms.fetchedAt], [series.dataThrough, series.fetchedAt]);
  const search = await get('/api/ticker-search?q=apple');
  const companies = await ledgerFetchedAt(db, 'companies');
  assert.equal([search.dataThrough, search.fetchedAt], [companies.slice(0, 10), companies]);
  const mst = await mcpTool(t.app, 'search_tickers', { q: 'apple' }, headers);
  assert.equal([mst.dataThrough, mst.fetchedAt, mst.items], [search.dataThrough, search.fetchedAt, search.body]);
});

test.run();
