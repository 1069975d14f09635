/**
 * One access rule per capability (issue 13.3): every capability of schema/access.ts walked through
 * every door it has — REST route, MCP tool, GraphQL field — as an anonymous caller and as a key of
 * each tier. Every door must give the outcome the rule predicts (allowed, 401, 403 CSRF, or the
 * tier 402 with the same `requiredTier`, `currentTier` and `upgrade_url`), so the doors agree.
 *
 * Coverage is checked first: a REST route, MCP tool or GraphQL field without a capability (or a
 * door without a sample call here) fails, so a new door cannot arrive without its rule. So do
 * argument names that differ between doors: a REST route must take its capability's `params`, an
 * MCP tool or GraphQL field their camelCase (or some of them), and any other name must be listed
 * in schema/door-arguments.ts (paging, a door's own argument with its reason, a deprecated alias).
 */
import { getNamedType, isObjectType, parse, TypeInfo, visit, visitWithTypeInfo } from 'graphql';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FIELD_CAPABILITIES, fieldsNeedingRule } from '../../api/graphql/access.ts';
import { inputSchema } from '../../api/mcp/listing.ts';
import { schema } from '../../api/graphql/schema/index.ts';
import { upgradeUrl } from '../../api/limits/tier.ts';
import { RESOURCES } from '../../api/rest/index.ts';
import { webRoutes } from '../../api/web/index.ts';
import { BULK_READ, CAPABILITIES, type AccessRule, type CapabilityId } from '../../schema/access.ts';
import { aliasesOf, camelName, DEPRECATED_ARGUMENTS, DOOR_ONLY_ARGUMENTS, PAGING_ARGUMENTS } from '../../schema/door-arguments.ts';
import { TOOL_CATALOG, type ToolName } from '../../schema/mcp/index.ts';
import { TIER_LABELS, TIERS, tierAtLeast, type TierId } from '../../schema/tiers.ts';
import { sampleApp, type TestApp } from '../helpers.ts';

// Rate limits are switched off below (the rule is under test, not the limits), so metered responses
// carry no X-SVC-Per-Call-Cost: the OpenAPI response check is not this suite's subject.
process.env.CONFORMANCE = '0';
import { keyAccount } from './rest/user-state-accounts.ts';
import { BDC, MANAGER, MCP_CALLS as MCP } from '../tool-calls.ts';


/** One call per REST route (by `METHOD path`); ids that do not exist answer 404, which is past the access rule. */
const REST: Record<string, { method: string; url: string; body?: unknown }> = {
  'GET /health': { method: 'GET', url: '/api/health' },
  'GET /auth/challenge': { method: 'GET', url: '/api/auth/challenge' },
  'GET /auth/csrf': { method: 'GET', url: '/api/auth/csrf' },
  'POST /auth/register': { method: 'POST', url: '/api/auth/register', body: {} },
  'GET /auth/verify-email': { method: 'GET', url: '/api/auth/verify-email?token=nope' },
  'POST /auth/resend-verification': { method: 'POST', url: '/api/auth/resend-verification', body: {} },
  'POST /auth/login': { method: 'POST', url: '/api/auth/login', body: {} },
  'POST /auth/logout': { method: 'POST', url: '/api/auth/logout', body: {} },
  'GET /auth/me': { method: 'GET', url: '/api/auth/me' },
  'POST /keys': { method: 'POST', url: '/api/keys', body: { name: 'x' } },
  'POST /keys/trial': { method: 'POST', url: '/api/keys/trial', body: {} },
  'GET /keys/list': { method: 'GET', url: '/api/keys/list' },
  'DELETE /keys/:id': { method: 'DELETE', url: '/api/keys/nope' },
  'GET /billing/agent-plan': { method: 'GET', url: '/api/billing/agent-plan' },
  'GET /billing/agent-usage': { method: 'GET', url: '/api/billing/agent-usage' },
  'POST /billing/agent-plan/overage': { method: 'POST', url: '/api/billing/agent-plan/overage', body: {} },
  'GET /billing/agent-usage/daily': { method: 'GET', url: '/api/billing/agent-usage/daily' },
  'GET /billing/subscription': { method: 'GET', url: '/api/billing/subscription' },
  'POST /billing/plan-change': { method: 'POST', url: '/api/billing/plan-change', body: { offer: 'investor' } },
  'POST /billing/stripe/webhook': { method: 'POST', url: '/api/billing/stripe/webhook', body: {} },
  'GET /ticker-search': { method: 'GET', url: '/api/ticker-search?q=apple' },
  'GET /random-ticker': { method: 'GET', url: '/api/random-ticker' },
  'GET /fundamentals-pit': { method: 'GET', url: '/api/fundamentals-pit?ticker=AAPL' },
  'GET /fundamentals-history': { method: 'GET', url: '/api/fundamentals-history?ticker=AAPL&start=2024-01-01&end=2024-12-31' },
  'GET /fundamentals-pit/universe': { method: 'GET', url: '/api/fundamentals-pit/universe?date=2025-01-15' },
  'GET /fundamentals-pit/stats': { method: 'GET', url: '/api/fundamentals-pit/stats' },
  'GET /coverage': { method: 'GET', url: '/api/coverage' },
  'GET /data/bulk': { method: 'GET', url: '/api/data/bulk?tickers=AAPL' },
  'GET,POST,PUT,PATCH,DELETE /data/bulk-history': { method: 'GET', url: '/api/data/bulk-history' },
  'GET /data': { method: 'GET', url: '/api/data?ticker=AAPL' },
  'GET /screener': { method: 'GET', url: '/api/screener?limit=3' },
  'GET /news/search': { method: 'GET', url: '/api/news/search?q=tesla&days=3650' },
  'GET /news/ticker': { method: 'GET', url: '/api/news/ticker?ticker=TSLA' },
  'GET /news/stats': { method: 'GET', url: '/api/news/stats' },
  'GET /macro/series': { method: 'GET', url: '/api/macro/series?id=UNRATE' },
  'GET /macro/series-list': { method: 'GET', url: '/api/macro/series-list' },
  'GET /macro/yield-curve': { method: 'GET', url: '/api/macro/yield-curve' },
  'GET /insiders': { method: 'GET', url: '/api/insiders?ticker=TSLA' },
  'GET /insiders/recent-buys': { method: 'GET', url: '/api/insiders/recent-buys?days=3650' },
  'GET /fund-holdings': { method: 'GET', url: `/api/fund-holdings?cik=${MANAGER}` },
  'GET /institutions/:cik': { method: 'GET', url: `/api/institutions/${MANAGER}` },
  'GET /institutional-holders': { method: 'GET', url: '/api/institutional-holders?ticker=XOM' },
  'GET /etf-data': { method: 'GET', url: '/api/etf-data?symbol=SYN000037818' },
  'GET /etf-compare': { method: 'GET', url: '/api/etf-compare?symbols=SYN000037820,SYN000037818' },
  'GET /etf-list': { method: 'GET', url: '/api/etf-list' },
  'GET /fund-holders': { method: 'GET', url: '/api/fund-holders?id=AAPL' },
  'GET /bond-search': { method: 'GET', url: '/api/bond-search?q=apple' },
  'GET /credit/bdc': { method: 'GET', url: '/api/credit/bdc' },
  'GET /credit/borrowers': { method: 'GET', url: '/api/credit/borrowers?q=generated' },
  'GET /credit/bdc/:cik/holdings': { method: 'GET', url: `/api/credit/bdc/${BDC}/holdings` },
  'GET /credit/bdc/:cik/quality': { method: 'GET', url: `/api/credit/bdc/${BDC}/quality` },
  'GET /price-history': { method: 'GET', url: '/api/price-history?ticker=AAPL&start=2024-12-30&end=2024-12-31' },
  'GET /corporate-actions': { method: 'GET', url: '/api/corporate-actions?ticker=AAPL' },
  'GET /banks': { method: 'GET', url: '/api/banks?ticker=JPM' },
  'GET /federal-contracts': { method: 'GET', url: '/api/federal-contracts?ticker=MSFT' },
  'GET /federal-contracts/totals': { method: 'GET', url: '/api/federal-contracts/totals?ticker=MSFT' },
  'GET /portfolio-positions': { method: 'GET', url: '/api/portfolio-positions' },
  'POST /portfolio-positions': { method: 'POST', url: '/api/portfolio-positions', body: { ticker: 'AAPL', shares: 1, cost_basis: 100 } },
  'DELETE /portfolio-positions': { method: 'DELETE', url: '/api/portfolio-positions', body: { ticker: 'AAPL' } },
  'GET /portfolio-history': { method: 'GET', url: '/api/portfolio-history?days=5' },
  'GET /portfolio/benchmark': { method: 'GET', url: '/api/portfolio/benchmark?period=1M' },
  'GET /watchlists': { method: 'GET', url: '/api/watchlists' },
  'POST /watchlists': { method: 'POST', url: '/api/watchlists', body: { name: 'Access' } },
  'GET /watchlists/:id': { method: 'GET', url: '/api/watchlists/nope' },
  'PATCH /watchlists/:id': { method: 'PATCH', url: '/api/watchlists/nope', body: { name: 'x' } },
  'DELETE /watchlists/:id': { method: 'DELETE', url: '/api/watchlists/nope' },
  'POST /watchlists/:id/tickers': { method: 'POST', url: '/api/watchlists/nope/tickers', body: { ticker: 'AAPL' } },
  'DELETE /watchlists/:id/tickers/:ticker': { method: 'DELETE', url: '/api/watchlists/nope/tickers/AAPL' },
  'GET /screens': { method: 'GET', url: '/api/screens' },
  'POST /screens': { method: 'POST', url: '/api/screens', body: { name: 'Access', params: {} } },
  'GET /screens/:id': { method: 'GET', url: '/api/screens/nope' },
  'PATCH /screens/:id': { method: 'PATCH', url: '/api/screens/nope', body: { name: 'x' } },
  'DELETE /screens/:id': { method: 'DELETE', url: '/api/screens/nope' },
  'GET /screens/:id/run': { method: 'GET', url: '/api/screens/nope/run' },
  'GET /paper/account': { method: 'GET', url: '/api/paper/account' },
  'POST /paper/orders': { method: 'POST', url: '/api/paper/orders', body: { ticker: 'KO', side: 'buy', quantity: 1 } },
  'GET /paper/orders': { method: 'GET', url: '/api/paper/orders' },
  'GET /paper/orders/:id': { method: 'GET', url: '/api/paper/orders/nope' },
  'DELETE /paper/orders/:id': { method: 'DELETE', url: '/api/paper/orders/nope' },
  'POST /paper/reset': { method: 'POST', url: '/api/paper/reset', body: {} },
  'GET /learn/tracks': { method: 'GET', url: '/api/learn/tracks' },
  'GET /learn/lessons/:id': { method: 'GET', url: '/api/learn/lessons/nope' },
  'POST /learn/lessons/:id/quiz': { method: 'POST', url: '/api/learn/lessons/nope/quiz', body: { answers: [0] } },
  'GET /learn/progress': { method: 'GET', url: '/api/learn/progress' },
  'GET /glossary': { method: 'GET', url: '/api/glossary?q=ebitda' },
  'GET /glossary/:slug': { method: 'GET', url: '/api/glossary/ebitda' },
  'GET /mcp/tools.json': { method: 'GET', url: '/api/mcp/tools.json' },
};


const company = (sel: string) => `{ company(ticker: "AAPL") { ticker ${sel} } }`;
const me = (sel: string) => `{ me { accountId ${sel} } }`;
const edges = (field: string, node: string) => `${field} { edges { node { ${node} } } }`;

/** One query per GraphQL field that has a capability (api/graphql/access.ts). */
const GRAPHQL: Record<string, string> = {
  'Query.bdc': `{ bdc(cik: ${BDC}) { cik } }`,
  'Query.bdcs': `{ ${edges('bdcs(first: 1)', 'cik')} }`,
  'Query.borrowers': `{ ${edges('borrowers(q: "generated borrower", first: 1)', 'bdcCik')} }`,
  'Query.companies': '{ companies(tickers: ["AAPL", "NVDA"]) { ticker } }',
  'Query.coverage': '{ coverage }',
  'Query.company': company(''),
  'Query.etfs': `{ ${edges('etfs(first: 1)', 'symbol')} }`,
  'Query.fund': '{ fund(symbol: "SPY") { symbol } }',
  'Query.insiderTrades': `{ ${edges('insiderTrades(ticker: "TSLA", first: 1)', 'code')} }`,
  'Query.institutionalHolders': '{ institutionalHolders(ticker: "XOM") { period } }',
  'Query.glossary': `{ ${edges('glossary(q: "ebitda", first: 1)', 'slug')} }`,
  'Query.glossaryTerm': '{ glossaryTerm(slug: "ebitda") { slug } }',
  'Query.lesson': '{ lesson(id: "nope") { id } }',
  'Query.lessons': `{ ${edges('lessons(first: 1)', 'id')} }`,
  'Query.macroSeries': '{ macroSeries(id: "UNRATE") { id } }',
  'Query.macroSeriesList': `{ ${edges('macroSeriesList(first: 1)', 'id')} }`,
  'Query.manager': `{ manager(cik: ${MANAGER}) { cik } }`,
  'Query.me': me(''),
  'Query.searchCompanies': `{ ${edges('searchCompanies(q: "apple", first: 1)', 'ticker')} }`,
  'Query.security': '{ security(id: "037833100") { cusip } }',
  'Query.yieldCurve': '{ yieldCurve { date } }',
  'Mutation.addPosition': 'mutation { addPosition(ticker: "AAPL", shares: 1, costBasis: 100) { ticker } }',
  'Mutation.addWatchlistTicker': 'mutation { addWatchlistTicker(id: "nope", ticker: "AAPL") { id } }',
  'Mutation.createWatchlist': 'mutation { createWatchlist(name: "Access GQL") { id } }',
  'Mutation.placePaperOrder': 'mutation { placePaperOrder(ticker: "KO", side: "buy", quantity: 1) }',
  'Mutation.removePosition': 'mutation { removePosition(ticker: "AAPL") { ticker } }',
  'Mutation.saveScreen': 'mutation { saveScreen(name: "Access GQL", params: {}) { id } }',
  'Mutation.submitLessonQuiz': 'mutation { submitLessonQuiz(id: "nope", answers: [0]) }',
  'Bdc.creditQuality': `{ bdc(cik: ${BDC}) { ${edges('creditQuality(first: 1)', 'period')} } }`,
  'Bdc.investments': `{ bdc(cik: ${BDC}) { ${edges('investments(first: 1)', 'cost')} } }`,
  'Company.corporateActions': company('corporateActions { splits { date } }'),
  'Company.filings': company(edges('filings(first: 1)', 'accession')),
  'Company.fundHolders': company(edges('fundHolders(first: 1)', 'fundName')),
  'Company.fundamentals': company('fundamentals { fiscalYear }'),
  'Company.fundamentalsHistory': company(edges('fundamentalsHistory(start: "2024-01-01", end: "2024-12-31", first: 1)', 'filingDate')),
  'Company.insiderTrades': company(edges('insiderTrades(first: 1)', 'code')),
  'Company.institutionalHolders': company('institutionalHolders { period }'),
  'Company.intrinsicValue': company('intrinsicValue(asOf: "2025-01-15") { price }'),
  'Company.news': company(edges('news(first: 1)', 'id')),
  'Company.peers': company(edges('peers(first: 1)', 'ticker')),
  'Company.prices': company(edges('prices(first: 1)', 'date')),
  'Company.profile': company('profile { name }'),
  'Company.quote': company('quote { date }'),
  'Company.snapshot': company('snapshot'),
  'Company.statement': company('statement { fiscalYear }'),
  'Company.technicals': company('technicals { asOf }'),
  'EtfSummary.fund': `{ ${edges('etfs(first: 1)', 'fund { symbol }')} }`,
  'Filing.company': company(edges('filings(first: 1)', 'company { ticker }')),
  'Filing.facts': company(edges('filings(first: 1, form: "10-K")', edges('facts(first: 1)', 'concept'))),
  'FundPosition.security': '{ fund(symbol: "SYN000037818") { holdings(first: 1) { edges { node { security { cusip } } } } } }',
  'Holding.security': `{ manager(cik: ${MANAGER}) { holdings { holdings(first: 1) { edges { node { security { cusip } } } } } } }`,
  'MacroSeries.observations': `{ macroSeries(id: "UNRATE") { ${edges('observations(first: 1)', 'date')} } }`,
  'Manager.holdings': `{ manager(cik: ${MANAGER}) { holdings { period } } }`,
  'Me.learnProgress': me('learnProgress'),
  'Me.paperAccount': me('paperAccount'),
  'Me.portfolios': me(edges('portfolios(first: 1)', 'id')),
  'Me.savedScreens': me(edges('savedScreens(first: 1)', 'id')),
  'Me.watchlists': me(edges('watchlists(first: 1)', 'id')),
  'Portfolio.benchmark': me('portfolio { benchmark(period: "1M") }'),
  'Portfolio.history': me('portfolio { history(days: 5) }'),
  'Portfolio.positions': me(`portfolio { ${edges('positions(first: 1)', 'ticker')} }`),
  'Position.company': me(`portfolio { ${edges('positions(first: 1)', 'company { ticker }')} }`),
  'Security.company': '{ security(id: "30231G102") { company { ticker } } }',
  'Watchlist.companies': me(edges('watchlists(first: 1)', 'companies { ticker }')),
};

type Outcome = string; // 'allowed' | 'auth' | 'csrf' | 'tier:<Label>'
interface Seen {
  door: string;
  outcome: Outcome;
  payload?: Record<string, unknown>;
}

interface Who {
  name: string;
  tier: TierId;
  key: string | null;
}

/** What the rule predicts for a caller (anonymous callers send no CSRF token; keys need none). */
function expected(rule: AccessRule, who: Who): Outcome {
  if (rule.auth === 'account' && !who.key) return 'auth';
  if (rule.auth === 'session') return 'auth'; // no key or anonymous caller is a session
  if (rule.csrf && !who.key) return 'csrf';
  if (!tierAtLeast(who.tier, rule.tier)) return `tier:${TIER_LABELS[rule.tier]}`;
  return 'allowed';
}

function classify(status: number, body: Record<string, unknown>): Omit<Seen, 'door'> {
  if (status === 401) return { outcome: 'auth' };
  if (status === 403) return { outcome: 'csrf' };
  if (status === 402 && body.requiredTier) return { outcome: `tier:${body.requiredTier}`, payload: { requiredTier: body.requiredTier, currentTier: body.currentTier, upgrade_url: body.upgrade_url } };
  return { outcome: 'allowed' };
}

const routeKey = (method: string | string[], path: string) => `${Array.isArray(method) ? method.join(',') : method} ${path}`;
const apiRoutes = RESOURCES.flatMap((r) => r.routes).filter((d) => !d.root);

let t: TestApp;
const callers: Who[] = [];
const UA = 'almanac-tests/1.0 (access)';

const coverage = suite('access: every door has a rule and a sample');

coverage('every REST route, MCP tool and GraphQL field names a capability, and every capability has a door', () => {
  for (const d of apiRoutes) assert.ok(CAPABILITIES[d.capability], `${routeKey(d.method, d.path)} has no capability`);
  for (const tool of TOOL_CATALOG) assert.ok(CAPABILITIES[tool.capability], `${tool.name} has no capability`);
  assert.equal(fieldsNeedingRule(schema).filter((k) => !(k in FIELD_CAPABILITIES)), [], 'GraphQL fields without a rule');
  const served = new Set<string>([
    ...RESOURCES.flatMap((r) => r.routes).map((d) => d.capability),
    ...webRoutes().map((d) => d.capability),
    ...TOOL_CATALOG.map((x) => x.capability),
    ...Object.values(FIELD_CAPABILITIES),
  ]);
  assert.equal(Object.keys(CAPABILITIES).filter((c) => !served.has(c)), [], 'capabilities no door serves');
});

coverage('every door has a sample call in this suite', () => {
  assert.equal(apiRoutes.map((d) => routeKey(d.method, d.path)).filter((k) => !REST[k]), [], 'REST routes without a sample');
  assert.equal(Object.entries(FIELD_CAPABILITIES).filter(([k, c]) => c !== 'parent' && !GRAPHQL[k]).map(([k]) => k), [], 'GraphQL fields without a sample');
  assert.equal(Object.keys(GRAPHQL).filter((k) => !FIELD_CAPABILITIES[k] || FIELD_CAPABILITIES[k] === 'parent'), [], 'stale GraphQL samples');
});

coverage('the MCP catalog and the REST routes take tier, auth, heavy, weight and metering from the rule', () => {
  for (const tool of TOOL_CATALOG) {
    const rule = CAPABILITIES[tool.capability];
    assert.equal([tool.tier, tool.anonymous, tool.heavy], [rule.tier, rule.auth === 'public', rule.heavy], tool.name);
  }
  for (const d of apiRoutes) {
    const rule = CAPABILITIES[d.capability];
    assert.equal([d.access.auth, d.access.tier ?? 'learner', d.weight, d.metered], [rule.auth, rule.tier, rule.weight, rule.metered], d.path);
    const methods = Array.isArray(d.method) ? d.method : [d.method];
    if (methods.length === 1) assert.is(rule.changesState, methods[0] !== 'GET', `${d.path}: changesState`);
  }
});

coverage('the glossary and LEARN capabilities are free on every door (README, "Metering")', () => {
  const teaching = (Object.keys(CAPABILITIES) as CapabilityId[]).filter((id) => /^(glossary|learn|lesson)_?/.test(id));
  assert.ok(teaching.length >= 6, teaching.join(' '));
  for (const id of teaching) assert.is(CAPABILITIES[id].metered, false, id);
});

coverage('a rule lists the parameter names of its REST route', () => {
  const keys = (z: unknown): string[] => Object.keys((z as { shape?: Record<string, unknown> } | undefined)?.shape ?? {});
  const byCap = new Map<string, Set<string>>();
  for (const d of apiRoutes) {
    const set = byCap.get(d.capability) ?? new Set<string>();
    for (const k of [...keys(d.params), ...keys(d.query), ...keys(d.body)]) set.add(k);
    byCap.set(d.capability, set);
  }
  for (const [cap, names] of byCap) assert.equal([...names].sort(), [...CAPABILITIES[cap as CapabilityId].params].sort(), `${cap}: its REST route's parameters differ from params in schema/access.ts`);
});

/** One argument of a door: its name, and whether the door marks it deprecated where agents read it. */
interface DoorArgument {
  name: string;
  deprecated: boolean;
}

/**
 * What is wrong with the argument names of one MCP tool or GraphQL field serving `cap`: each name
 * must be the camelCase of one of the capability's params, a paging argument of the door, a
 * door-only argument or a deprecated alias listed in schema/door-arguments.ts (an alias marked
 * deprecated, standing for a declared name the door also takes). Stale entries are wrong too.
 */
function argumentFaults(door: 'mcp' | 'graphql', at: string, cap: CapabilityId, args: DoorArgument[], paged: boolean): string[] {
  const label = `${door === 'mcp' ? 'MCP tool' : 'GraphQL field'} ${at} (${cap})`;
  const declared = CAPABILITIES[cap].params.map(camelName);
  const own = DOOR_ONLY_ARGUMENTS[door][at] ?? {};
  const aliases = aliasesOf(door, at);
  const takes = new Set(args.map((a) => a.name));
  const out: string[] = [];
  for (const a of args) {
    const alias = aliases.find((x) => x.name === a.name);
    if (alias) {
      if (!declared.includes(alias.for) || !takes.has(alias.for)) out.push(`${label}: deprecated '${a.name}' stands for '${alias.for}', which it does not take as a declared parameter`);
      if (!a.deprecated) out.push(`${label}: '${a.name}' is not marked deprecated`);
    } else if (a.deprecated) out.push(`${label}: '${a.name}' is marked deprecated but is no alias in schema/door-arguments.ts`);
    if (alias || declared.includes(a.name) || Object.hasOwn(own, a.name) || (paged && Object.hasOwn(PAGING_ARGUMENTS[door], a.name))) continue;
    out.push(`${label}: '${a.name}' is not a parameter of ${cap} (declared: ${declared.join(', ') || 'none'})`);
  }
  for (const name of [...Object.keys(own), ...aliases.map((x) => x.name)]) if (!takes.has(name)) out.push(`${label}: schema/door-arguments.ts lists '${name}', which it does not take`);
  // A list tool's `limit` is a page size: the capability's cap on the rows (`max_holdings`) keeps its own name.
  if (door === 'mcp' && paged) for (const cap of declared.filter((k) => /^max[A-Z]/.test(k) && !takes.has(k))) out.push(`${label}: takes only the page size 'limit', not the capability's cap '${cap}'`);
  return out;
}

coverage('every MCP tool and GraphQL field takes its capability\'s parameter names in camelCase (other names: schema/door-arguments.ts)', () => {
  const wrong: string[] = [];
  for (const tool of TOOL_CATALOG) {
    const props = inputSchema(tool, true).properties as Record<string, { deprecated?: boolean; description?: string }>;
    const args = Object.entries(props).map(([name, p]) => ({ name, deprecated: p.deprecated === true && /^Deprecated/.test(p.description ?? '') }));
    wrong.push(...argumentFaults('mcp', tool.name, tool.capability, args, tool.list));
  }
  for (const [key, cap] of Object.entries(FIELD_CAPABILITIES)) {
    if (cap === 'parent') continue;
    const [typeName, fieldName] = key.split('.') as [string, string];
    const type = schema.getType(typeName);
    const field = isObjectType(type) ? type.getFields()[fieldName] : undefined;
    if (!field) continue; // the coverage test above names it
    const args = field.args.map((a) => ({ name: a.name, deprecated: Boolean(a.deprecationReason) }));
    wrong.push(...argumentFaults('graphql', key, cap, args, /Connection$/.test(getNamedType(field.type).name)));
  }
  const tools = new Set(TOOL_CATALOG.map((x) => x.name));
  for (const at of [...Object.keys(DEPRECATED_ARGUMENTS.mcp), ...Object.keys(DOOR_ONLY_ARGUMENTS.mcp)]) if (!tools.has(at)) wrong.push(`schema/door-arguments.ts: no MCP tool ${at}`);
  for (const at of [...Object.keys(DEPRECATED_ARGUMENTS.graphql), ...Object.keys(DOOR_ONLY_ARGUMENTS.graphql)]) if (!FIELD_CAPABILITIES[at] || FIELD_CAPABILITIES[at] === 'parent') wrong.push(`schema/door-arguments.ts: no GraphQL field ${at} serving a capability`);
  assert.ok(wrong.length === 0, `argument names that differ from their capability's:\n  ${wrong.join('\n  ')}\n`);
});

coverage.run();

// ---

const doors = suite('access: the same outcome through every door, for every caller');
doors.before(async () => {
  t = await sampleApp();
  (t.services as { limits?: unknown }).limits = undefined; // the rule, not the rate limits, is under test
  callers.push({ name: 'anonymous', tier: 'learner', key: null });
  for (const tier of TIERS) callers.push({ name: tier, tier, key: (await keyAccount(t.app, t.services.store, `access-${tier}@example.com`, tier)).key });
});
doors.after(() => t.close());

async function rest(who: Who, key: string): Promise<Omit<Seen, 'door'>> {
  const s = REST[key]!;
  const res = await t.app.inject({
    method: s.method as 'GET',
    url: s.url,
    headers: { 'user-agent': UA, ...(who.key ? { 'x-api-key': who.key } : {}) },
    ...(s.body !== undefined ? { payload: s.body as object } : {}),
  });
  assert.ok(res.statusCode < 500, `REST ${key} as ${who.name}: ${res.statusCode} ${res.body}`);
  return classify(res.statusCode, res.headers['content-type']?.toString().includes('json') ? JSON.parse(res.body || '{}') : {});
}

async function mcp(who: Who, tool: string): Promise<Omit<Seen, 'door'>> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/mcp',
    headers: { 'user-agent': UA, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(who.key ? { 'x-api-key': who.key } : {}) },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: MCP[tool as ToolName] } },
  });
  const out = JSON.parse(res.body) as { result?: { isError?: boolean; content: { text: string }[] }; error?: unknown };
  assert.ok(out.result, `MCP ${tool} as ${who.name}: ${res.body}`);
  if (!out.result.isError) return { outcome: 'allowed' };
  const body = JSON.parse(out.result.content[0]!.text) as Record<string, unknown>;
  assert.ok(Number(body.status) < 500, `MCP ${tool} as ${who.name}: ${res.body}`);
  return classify(Number(body.status), body);
}

/**
 * The capabilities a GraphQL sample passes through, outermost first (`Position.company` is reached
 * through `Query.me`): the first one that refuses the caller decides the outcome.
 */
function graphqlPath(query: string): CapabilityId[] {
  const info = new TypeInfo(schema);
  const out: CapabilityId[] = [];
  visit(
    parse(query),
    visitWithTypeInfo(info, {
      Field(node) {
        const cap = FIELD_CAPABILITIES[`${info.getParentType()?.name}.${node.name.value}`];
        if (cap && cap !== 'parent') out.push(cap);
      },
    }),
  );
  return out;
}

async function graphql(who: Who, field: string): Promise<Omit<Seen, 'door'>> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'user-agent': UA, 'content-type': 'application/json', ...(who.key ? { 'x-api-key': who.key } : {}) },
    payload: { query: GRAPHQL[field] },
  });
  const out = JSON.parse(res.body) as { errors?: { message: string; extensions?: Record<string, unknown> }[] };
  const codes = (out.errors ?? []).map((e) => e.extensions ?? {});
  for (const e of codes) assert.ok(e.code !== 'INTERNAL_SERVER_ERROR' && e.code !== 'GRAPHQL_VALIDATION_FAILED' && e.code !== 'GRAPHQL_PARSE_FAILED', `GraphQL ${field} as ${who.name}: ${res.body}`);
  const denial = codes.find((e) => e.code === 'UNAUTHENTICATED' || e.code === 'TIER_REQUIRED' || e.code === 'FORBIDDEN');
  if (!denial) return { outcome: 'allowed' };
  return classify(Number(denial.status), denial);
}

doors('every capability: REST, MCP and GraphQL agree with the rule for anonymous and each tier', async () => {
  const restByCap = new Map<string, string[]>();
  for (const d of apiRoutes) restByCap.set(d.capability, [...(restByCap.get(d.capability) ?? []), routeKey(d.method, d.path)]);
  let walked = 0;
  for (const [id, rule] of Object.entries(CAPABILITIES) as [CapabilityId, AccessRule][]) {
    const restDoors = restByCap.get(id) ?? [];
    const mcpDoors = TOOL_CATALOG.filter((x) => x.capability === id).map((x) => x.name);
    const gqlDoors = Object.entries(FIELD_CAPABILITIES).filter(([, c]) => c === id).map(([k]) => k);
    for (const who of callers) {
      const seen: Seen[] = [];
      for (const k of restDoors) seen.push({ door: `REST ${k}`, ...(await rest(who, k)) });
      for (const k of mcpDoors) seen.push({ door: `MCP ${k}`, ...(await mcp(who, k)) });
      for (const k of gqlDoors) seen.push({ door: `GraphQL ${k}`, ...(await graphql(who, k)) });
      const want = expected(rule, who);
      for (const s of seen) {
        // A GraphQL field nested under another capability's field is refused by the outer one first.
        const path = s.door.startsWith('GraphQL ') ? graphqlPath(GRAPHQL[s.door.slice(8)]!) : [id];
        const decisive = path.find((c) => expected(CAPABILITIES[c], who) !== 'allowed') ?? id;
        const wantHere = path.length > 1 ? expected(CAPABILITIES[decisive], who) : want;
        assert.is(s.outcome, wantHere, `${id} via ${s.door} as ${who.name}`);
        if (s.payload) {
          const tier = CAPABILITIES[decisive].tier;
          assert.equal(s.payload, { requiredTier: TIER_LABELS[tier], currentTier: TIER_LABELS[who.tier], upgrade_url: upgradeUrl(t.config.publicUrl, tier) }, `${id} via ${s.door} as ${who.name}: 402 payload`);
        }
      }
      // Doors reachable from the top (every REST route and MCP tool, top-level GraphQL fields): one outcome.
      const direct = seen.filter((s) => !s.door.startsWith('GraphQL ') || graphqlPath(GRAPHQL[s.door.slice(8)]!).every((c) => c === id));
      assert.equal([...new Set(direct.map((s) => s.outcome))].length <= 1, true, `${id} as ${who.name}: ${JSON.stringify(direct)}`);
      walked += seen.length;
    }
  }
  assert.ok(walked > 500, `walked ${walked} door calls`);
});

doors(`GraphQL: the fundamentals of more than ${BULK_READ.maxTickers} companies in one request need what bulk needs`, async () => {
  // Companies of the sample warehouse (the counter counts companies whose fundamentals resolve).
  const tickers = ['AAPL', 'NVDA', 'MSFT', 'GOOGL', 'AMZN', 'TSLA', 'JPM', 'XOM', 'ORCL', 'JNJ', 'KO', 'A'];
  const ask = (who: Who, query: string) =>
    t.app.inject({ method: 'POST', url: '/graphql', headers: { 'user-agent': UA, 'content-type': 'application/json', ...(who.key ? { 'x-api-key': who.key } : {}) }, payload: { query } });
  const learner = callers.find((c) => c.name === 'learner')!;
  const investor = callers.find((c) => c.name === 'investor')!;
  const list = (n: number) => JSON.stringify(tickers.slice(0, n));
  // companies(tickers:) past the threshold with a fundamentals field: refused as a whole, before any read.
  for (const sel of ['fundamentals { fiscalYear }', 'statement { fiscalYear }', '... on Company { fundamentals { fiscalYear } }', '...F']) {
    const frag = sel === '...F' ? ' fragment F on Company { statement { fiscalYear } }' : '';
    const res = JSON.parse((await ask(learner, `{ companies(tickers: ${list(BULK_READ.maxTickers + 1)}) { ticker ${sel} } }${frag}`)).body);
    assert.is(res.data.companies, null, sel);
    assert.equal([res.errors[0].extensions.code, res.errors[0].extensions.requiredTier], ['TIER_REQUIRED', TIER_LABELS[CAPABILITIES.bulk_fundamentals.tier]], sel);
    assert.is(res.errors[0].extensions.upgrade_url, upgradeUrl(t.config.publicUrl, 'investor'));
  }
  // At the threshold, or without fundamentals: open to every tier.
  const few = JSON.parse((await ask(learner, `{ companies(tickers: ${list(BULK_READ.maxTickers)}) { ticker fundamentals { fiscalYear } } }`)).body);
  assert.is(few.errors, undefined, JSON.stringify(few.errors));
  const names = JSON.parse((await ask(learner, `{ companies(tickers: ${list(12)}) { ticker name } }`)).body);
  assert.is(names.errors, undefined);
  // Aliases count too: the 11th distinct company's fundamentals is refused.
  const aliased = tickers.slice(0, BULK_READ.maxTickers + 1).map((x, i) => `c${i}: company(ticker: "${x}") { fundamentals { fiscalYear } }`).join(' ');
  const res = JSON.parse((await ask(learner, `{ ${aliased} }`)).body);
  assert.ok(res.errors?.some((e: any) => e.extensions.code === 'TIER_REQUIRED' && e.extensions.requiredTier === 'Investor'), JSON.stringify(res.errors));
  // Investor: allowed, as /api/data/bulk.
  const ok = JSON.parse((await ask(investor, `{ companies(tickers: ${list(12)}) { ticker fundamentals { fiscalYear } } }`)).body);
  assert.is(ok.errors, undefined, JSON.stringify(ok.errors));
  assert.is(ok.data.companies.length, 12);
});

doors(`GraphQL: the XBRL facts of more than ${BULK_READ.maxTickers} companies' filings in one request need what bulk needs`, async () => {
  // A filing's facts are the reported values fundamentals are made of (outside pass: 100 companies'
  // facts in one request below Investor).
  const tickers = ['AAPL', 'NVDA', 'MSFT', 'GOOGL', 'AMZN', 'TSLA', 'JPM', 'XOM', 'ORCL', 'JNJ', 'KO', 'A'];
  const ask = async (who: Who, query: string) =>
    JSON.parse((await t.app.inject({ method: 'POST', url: '/graphql', headers: { 'user-agent': UA, 'content-type': 'application/json', ...(who.key ? { 'x-api-key': who.key } : {}) }, payload: { query } })).body);
  const learner = callers.find((c) => c.name === 'learner')!;
  const investor = callers.find((c) => c.name === 'investor')!;
  const list = (n: number) => JSON.stringify(tickers.slice(0, n));
  const facts = 'filings(first: 1) { edges { node { facts(first: 1) { edges { node { concept value } } } } } }';
  // companies(tickers:) past the threshold selecting a filing's facts (directly or through fragments): refused as a whole.
  for (const sel of [facts, '... on Company { filings(first: 1) { edges { node { ...G } } } }', '...F']) {
    const frag = sel === '...F' ? ` fragment F on Company { ${facts} }` : sel.includes('...G') ? ' fragment G on Filing { facts(first: 1) { edges { node { value } } } }' : '';
    const res = await ask(learner, `{ companies(tickers: ${list(BULK_READ.maxTickers + 1)}) { ticker ${sel} } }${frag}`);
    assert.is(res.data.companies, null, sel);
    assert.equal([res.errors[0].extensions.code, res.errors[0].extensions.requiredTier], ['TIER_REQUIRED', TIER_LABELS[CAPABILITIES.bulk_fundamentals.tier]], sel);
  }
  // Filings without their facts stay open past the threshold; facts of 10 companies too.
  const filings = await ask(learner, `{ companies(tickers: ${list(12)}) { ticker filings(first: 1) { edges { node { form } } } } }`);
  assert.is(filings.errors, undefined, JSON.stringify(filings.errors));
  const few = await ask(learner, `{ companies(tickers: ${list(BULK_READ.maxTickers)}) { ticker ${facts} } }`);
  assert.is(few.errors, undefined, JSON.stringify(few.errors));
  // Aliases count too, in the same count as fundamentals: the sample's companies with filings
  // (six) read for their facts and five others for their fundamentals are 11 companies.
  const filed = ['AAPL', 'BRK-B', 'MRVL', 'NVDA', 'TSLA', 'TSM'];
  const others = ['MSFT', 'GOOGL', 'AMZN', 'JPM', 'XOM'];
  const mixed = [...filed.map((x, i) => `f${i}: company(ticker: "${x}") { ${facts} }`), ...others.map((x, i) => `o${i}: company(ticker: "${x}") { fundamentals { fiscalYear } }`)].join(' ');
  const res = await ask(learner, `{ ${mixed} }`);
  assert.ok(res.errors?.some((e: any) => e.extensions.code === 'TIER_REQUIRED' && e.extensions.requiredTier === 'Investor'), JSON.stringify(res.errors));
  // A company's fundamentals and its filings' facts are one company (counted by CIK).
  const same = [...filed, ...others.slice(0, 4)].map((x, i) => `c${i}: company(ticker: "${x}") { fundamentals { fiscalYear } ${facts} }`).join(' ');
  const one = await ask(learner, `{ ${same} }`);
  assert.is(one.errors, undefined, JSON.stringify(one.errors));
  // Investor: allowed.
  const ok = await ask(investor, `{ companies(tickers: ${list(12)}) { ticker ${facts} } }`);
  assert.is(ok.errors, undefined, JSON.stringify(ok.errors));
  assert.is(ok.data.companies.length, 12);
});

doors.run();
