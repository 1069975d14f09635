/**
 * Issue 16 across the three doors: the synthetic flag, row provenance, date fallbacks and the
 * ledger's fetch time are served the same through REST, GraphQL and MCP. The warehouse is the
 * sample with its synthetic flags set by hand (AAPL's closes except the 2024-12-31 anchor, the 2022
 * Treasury curve; nothing else), so a flag that any door dropped would show. News keeps the flags
 * the sample's SYNTHETIC manifest gives it: the vendor feeds are written for the corpus, the SEC's
 * press-release feed is a real copy.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { warehouseWith } from '../fixtures/market/fixture-job.ts';
import { json, sampleApp, type TestApp } from '../helpers.ts';
import { graphqlData, ledgerFetchedAt, mcpTool } from '../doors.ts';
import { sampleCsv, sampleRss } from '../sample-files.ts';
import { keyAccount } from './rest/user-state-accounts.ts';

let t: TestApp;
const UA = { 'user-agent': 'almanac-tests/1.0 (provenance)' };
const gql = (query: string) => graphqlData(t.app, query, UA);
const mcp = (name: string, args: Record<string, unknown>) => mcpTool(t.app, name, { ...args }, UA);
const ledger = (...jobs: string[]) => ledgerFetchedAt(t.services.warehouse, ...jobs);

async function rest(url: string): Promise<any> {
  const res = await t.app.inject({ url, headers: UA });
  assert.is(res.statusCode, 200, `${url}: ${res.body}`);
  return json(res);
}




const doors = suite('provenance through REST, GraphQL and MCP');
doors.before(async () => {
  const dataDir = await warehouseWith(['companies', 'filings', 'fundamentals', 'prices', 'technicals', 'macro', 'news'], async (db) => {
    // Flags set here whatever the sample's SYNTHETIC manifest says, so both kinds are served.
    await db.run(`UPDATE prices SET synthetic = (ticker = 'AAPL' AND date <> DATE '2024-12-31') OR (ticker = 'KO' AND date > DATE '2024-11-29')`);
    // KO's technicals lag its prices by a month (a technicals job behind the prices job), and only
    // the closes after the lag were generated: its latest technicals use real closes alone.
    await db.run(`DELETE FROM technicals WHERE ticker = 'KO' AND date > DATE '2024-11-29'`);
    // The latest rows as the technicals job keeps them in that state: KO's of 2024-11-29, from real
    // closes; AAPL's from generated ones; every other ticker's from real ones.
    await db.run(`DELETE FROM technicals_latest WHERE ticker = 'KO'`);
    await db.run(`INSERT INTO technicals_latest SELECT * FROM technicals WHERE ticker = 'KO' AND date = DATE '2024-11-29'`);
    await db.run(`UPDATE technicals_latest SET synthetic = (ticker = 'AAPL')`);
    await db.run(`UPDATE price_targets SET synthetic = false`);
    await db.run(`UPDATE yield_curve SET synthetic = source LIKE '%/2022.csv'`);
    await db.run(`UPDATE macro_observations SET synthetic = false`);
  });
  t = await sampleApp({ build: false, config: { dataDir } });
});
doors.after(() => t.close());

doors('ticker snapshot: a real close next to technicals computed from generated ones; the same flags on every door', async () => {
  const r = await rest('/api/data?ticker=AAPL');
  assert.is(r.price.date, '2024-12-31');
  assert.is(r.price.provenance.synthetic, false, 'the real anchor close');
  assert.is(r.technicals.synthetic, true, 'computed over generated closes');
  assert.is(r.synthetic, true);
  assert.is(r.fetchedAt, await ledger('prices', 'technicals', 'fundamentals', 'filings'));
  // The newest part is Apple's latest filing in its real companyfacts (a 10-Q filed 2026-01-30, the
  // largest `filed` in data.sec.gov/api/xbrl/companyfacts/CIK0000320193.json), newer than the 2024 closes.
  assert.is(r.dataThrough, '2026-01-30');
  const msft = await rest('/api/data?ticker=MSFT');
  assert.equal([msft.price.provenance.synthetic, msft.technicals.synthetic, msft.synthetic], [false, false, false]);
  const g = await gql('{ company(ticker: "AAPL") { snapshot } }');
  assert.equal(g.company.snapshot, r, 'GraphQL serves the same snapshot');
  const m = await mcp('get_ticker_snapshot', { ticker: 'AAPL' });
  assert.equal(m, r, 'MCP serves the same snapshot');
});

doors('the snapshot flags its technicals by their own row\'s closes, not the latest price\'s, when the technicals lag the prices', async () => {
  const r = await rest('/api/data?ticker=KO');
  assert.is(r.price.date, '2024-12-31');
  assert.is(r.price.provenance.synthetic, true, 'a generated latest close');
  assert.is(r.technicals.asOf, '2024-11-29');
  assert.is(r.technicals.synthetic, false, 'computed from real closes only');
  assert.is(r.synthetic, true, 'a part is generated');
  assert.is((await mcp('get_technicals', { ticker: 'KO' })).synthetic, r.technicals.synthetic, 'as the technicals tool says');
});

doors('technicals, price performance and the intrinsic value\'s price say when they rest on generated closes, on every door', async () => {
  // AAPL: generated closes before its real 2024-12-31 anchor; MSFT: none generated.
  const [aapl, msft] = [await mcp('get_technicals', { ticker: 'AAPL' }), await mcp('get_technicals', { ticker: 'MSFT' })];
  assert.equal([aapl.synthetic, msft.synthetic], [true, false]);
  const g = await gql('{ a: company(ticker: "AAPL") { technicals { synthetic } } m: company(ticker: "MSFT") { technicals { synthetic } } }');
  assert.equal([g.a.technicals.synthetic, g.m.technicals.synthetic], [true, false]);
  const history = await mcp('get_technicals_history', { ticker: 'AAPL', limit: 100 });
  assert.ok(history.items.length > 0 && history.items.every((r: { synthetic: boolean }) => r.synthetic === true));
  const [pa, pm] = [await mcp('get_price_performance', { symbol: 'AAPL' }), await mcp('get_price_performance', { symbol: 'MSFT' })];
  assert.equal([pa.synthetic, pm.synthetic], [true, false]);
  // The valuation's comparison close is AAPL's real anchor: not generated, and said so.
  const researcher = (await keyAccount(t.app, t.services.store, 'provenance-valuation@example.com', 'researcher')).key;
  const v = await mcpTool(t.app, 'alm_intrinsic_value', { ticker: 'AAPL' }, { ...UA, 'x-api-key': researcher });
  assert.equal([v.price.date, v.price.synthetic], ['2024-12-31', false]);
});

doors('yield curve on a day without data: the fallback and the synthetic flag on every door', async () => {
  const r = await rest('/api/macro/yield-curve?date=2024-06-03');
  // The sample has no curve of 2023-2024: the latest earlier one is the last day of the 2022 CSV.
  const served = sampleCsv('home.treasury.gov/daily_treasury_yield_curve/2022.csv').rows[0]![0]!;
  assert.equal(r.fallback, { requested: '2024-06-03', served, reason: 'no curve published on the requested date (weekend, holiday or not loaded): the latest earlier one' });
  assert.is(r.provenance.synthetic, true);
  assert.is(r.fetchedAt, await ledger('macro'));
  const g = await gql('{ yieldCurve(date: "2024-06-03") { date provenance { source document url accession synthetic } fallback { requested served reason } dataThrough fetchedAt } }');
  assert.equal(g.yieldCurve, { date: r.date, provenance: r.provenance, fallback: r.fallback, dataThrough: r.dataThrough, fetchedAt: r.fetchedAt });
  const m = await mcp('get_yield_curve', { date: '2024-06-03' });
  assert.equal(m, r);
  const real = await rest('/api/macro/yield-curve?date=2025-07-11');
  assert.equal([real.date, real.provenance.document, real.provenance.synthetic], ['2025-07-11', 'home.treasury.gov/daily_treasury_yield_curve/2025.csv', false]);
});

doors('quote on a day without a close: the fallback and the synthetic flag, MCP and GraphQL alike', async () => {
  const m = await mcp('get_quote', { ticker: 'AAPL', asOf: '2024-12-28' });
  assert.is(m.date, '2024-12-27', '2024-12-28 is a Saturday');
  assert.equal(m.fallback, { requested: '2024-12-28', served: '2024-12-27', reason: 'no close on the requested date (weekend, holiday or not loaded): the latest earlier one' });
  assert.equal(m.provenance, { source: 'vendor file', document: 'vendor/prices/AAPL.csv', url: null, accession: null, synthetic: true });
  assert.equal([m.dataThrough, m.fetchedAt], ['2024-12-27', await ledger('prices')]);
  const g = await gql('{ company(ticker: "AAPL") { quote(asOf: "2024-12-28") { date provenance { source document url accession synthetic } fallback { requested served reason } dataThrough fetchedAt } } }');
  assert.equal(g.company.quote, { date: m.date, provenance: m.provenance, fallback: m.fallback, dataThrough: m.dataThrough, fetchedAt: m.fetchedAt });
  const exact = await mcp('get_quote', { ticker: 'AAPL', asOf: '2024-12-31' });
  assert.equal([exact.fallback, exact.provenance.synthetic], [undefined, false], 'the real anchor, on the day asked');
  const bars = await rest('/api/price-history?ticker=AAPL&start=2024-12-27&end=2024-12-31');
  assert.equal(bars.bars.map((b: any) => [b.date, b.synthetic]), [['2024-12-27', true], ['2024-12-30', true], ['2024-12-31', false]]);
  assert.is(bars.provenance.synthetic, true);
  // MCP names the same price file, with the same bars (an outside pass found the provenance only on REST).
  const viaMcp = await mcp('get_price_history', { ticker: 'AAPL', start: '2024-12-27', end: '2024-12-31' });
  assert.equal([viaMcp.provenance, viaMcp.dataThrough, viaMcp.fetchedAt, viaMcp.items], [bars.provenance, bars.dataThrough, bars.fetchedAt, bars.bars]);
});

doors('news: each item says its feed document and whether it was written for the corpus', async () => {
  const r = await rest('/api/news/search?days=3650&limit=100');
  assert.ok(r.items.length > 10);
  for (const item of r.items) assert.is(item.provenance.synthetic, item.provenance.document.startsWith('vendor/'), item.title);
  assert.ok(r.items.some((i: any) => !i.provenance.synthetic) && r.items.some((i: any) => i.provenance.synthetic), 'both kinds in the sample');
  const sec = r.items.filter((i: any) => i.provenance.document === 'www.sec.gov/news/pressreleases.rss');
  // Every release of the real feed, each served as published data with the SEC's URL of the feed.
  assert.equal(sec.map((i: any) => i.title).sort(), sampleRss('www.sec.gov/news/pressreleases.rss').map((i) => i.title).sort());
  for (const i of sec) assert.equal(i.provenance, { source: 'SEC EDGAR', document: 'www.sec.gov/news/pressreleases.rss', url: 'https://www.sec.gov/news/pressreleases.rss', accession: null, synthetic: false });
  assert.is(r.fetchedAt, await ledger('news'));
  assert.is(r.dataThrough, r.items.map((i: any) => i.publishedAt.slice(0, 10)).sort().at(-1));
  const ticker = await rest('/api/news/ticker?ticker=MSFT');
  const g = await gql('{ company(ticker: "MSFT") { news(first: 20) { edges { node { id provenance { source document url accession synthetic } } } } } }');
  assert.equal(
    g.company.news.edges.map((e: any) => [e.node.id, e.node.provenance]),
    ticker.items.map((i: any) => [i.id, i.provenance]),
  );
  const m = await mcp('get_ticker_news', { ticker: 'MSFT' });
  assert.equal(m.items.map((i: any) => [i.id, i.provenance]), ticker.items.map((i: any) => [i.id, i.provenance]));
  assert.ok(ticker.items.some((i: any) => i.provenance.synthetic));
});

doors('point-in-time fundamentals: the filing, the date asked vs the filing date served, the ledger fetch, on every door', async () => {
  const r = await rest('/api/fundamentals-pit?ticker=AAPL&date=2025-01-15');
  const acc = r.statement.accession as string;
  assert.equal(r.provenance, {
    source: 'SEC EDGAR',
    document: `www.sec.gov/Archives/edgar/data/320193/${acc.replaceAll('-', '')}/${acc}-index.htm`,
    url: `https://www.sec.gov/Archives/edgar/data/320193/${acc.replaceAll('-', '')}/${acc}-index.htm`,
    accession: acc,
    synthetic: false,
  });
  assert.equal(r.fallback, { requested: '2025-01-15', served: r.statement.filingDate, reason: 'no filing on the requested date: the statement as filed on the latest filing date on or before it' });
  assert.is(r.dataThrough, r.statement.periodEnd);
  assert.is(r.fetchedAt, await ledger('fundamentals'));
  const exact = await rest(`/api/fundamentals-pit?ticker=AAPL&date=${r.statement.filingDate}`);
  assert.is(exact.fallback, undefined, 'asked on the filing date: nothing to fall back from');
  const g = await gql('{ company(ticker: "AAPL") { statement(asOf: "2025-01-15") { accession provenance { source document url accession synthetic } fallback { requested served reason } dataThrough fetchedAt } } }');
  assert.equal(g.company.statement, { accession: acc, provenance: r.provenance, fallback: r.fallback, dataThrough: r.dataThrough, fetchedAt: r.fetchedAt });
  const m = await mcp('get_fundamentals', { ticker: 'AAPL', asOf: '2025-01-15' });
  assert.equal([m.provenance, m.fallback, m.dataThrough, m.fetchedAt], [r.provenance, r.fallback, r.dataThrough, r.fetchedAt]);
  const h = await rest('/api/fundamentals-history?ticker=AAPL&start=2024-01-01&end=2025-01-15');
  assert.is(h.fetchedAt, r.fetchedAt);
  for (const e of h.entries) assert.is(e.url, `https://www.sec.gov/Archives/edgar/data/320193/${e.accession.replaceAll('-', '')}/${e.accession}-index.htm`);
});

doors('GraphQL Company.fundamentals, prices and technicals say where and how fresh, as their REST routes and MCP tools do', async () => {
  // An outside pass found these three GraphQL answers without provenance or freshness, where
  // /api/fundamentals-pit, /api/price-history and MCP get_technicals carry them.
  const r = await rest('/api/fundamentals-pit?ticker=AAPL&date=2025-01-15');
  const g = await gql('{ company(ticker: "AAPL") { fundamentals(asOf: "2025-01-15") { accession periodEnd provenance { source document url accession synthetic } dataThrough fetchedAt } } }');
  const f = g.company.fundamentals;
  assert.is(f.accession, r.statement.accession);
  assert.equal([f.provenance, f.dataThrough, f.fetchedAt], [r.provenance, r.dataThrough, r.fetchedAt]);
  const p = await rest('/api/price-history?ticker=AAPL&start=2024-12-02&end=2024-12-31');
  const gp = await gql('{ company(ticker: "AAPL") { prices(start: "2024-12-02", end: "2024-12-31", first: 100) { dataThrough fetchedAt edges { node { date } } } } }');
  assert.is(gp.company.prices.edges.at(-1).node.date, '2024-12-31');
  assert.equal([gp.company.prices.dataThrough, gp.company.prices.fetchedAt], [p.dataThrough, p.fetchedAt]);
  const m = await mcp('get_technicals', { ticker: 'AAPL' });
  const gt = await gql('{ company(ticker: "AAPL") { technicals { asOf dataThrough fetchedAt } } }');
  assert.equal([gt.company.technicals.dataThrough, gt.company.technicals.fetchedAt], [m.dataThrough, m.fetchedAt]);
  assert.is(gt.company.technicals.dataThrough, gt.company.technicals.asOf);
});

doors('GraphQL lists and profiles say how fresh they are as the MCP tool of their capability does (one rule, schema/mcp)', async () => {
  // An outside pass found these without dataThrough and fetchedAt; they are now dated by the MCP
  // tool of their capability (api/graphql/schema/provenance.ts, capabilityFreshness).
  const g = await gql(`{
    company(ticker: "AAPL") {
      profile { dataThrough fetchedAt }
      filings(first: 3) { dataThrough fetchedAt edges { node { filed } } }
      fundamentalsHistory(start: "2024-01-01", end: "2025-12-31") { dataThrough fetchedAt }
    }
    tsla: company(ticker: "TSLA") { news(first: 2) { dataThrough fetchedAt edges { node { publishedAt } } } }
    searchCompanies(q: "apple", first: 3) { dataThrough fetchedAt }
    macroSeries(id: "UNRATE") { last dataThrough fetchedAt observations(first: 3) { dataThrough fetchedAt edges { node { date } } } }
  }`);
  const pair = (x: { dataThrough: unknown; fetchedAt: unknown }) => [x.dataThrough, x.fetchedAt];
  const c = g.company;
  assert.equal(pair(c.profile), pair(await mcp('get_company_profile', { ticker: 'AAPL' })));
  const filings = await mcp('get_sec_filings', { ticker: 'AAPL', limit: 3 });
  assert.equal(c.filings.edges.map((e: any) => e.node.filed), filings.items.map((f: any) => f.filed));
  assert.equal(pair(c.filings), pair(filings));
  assert.equal(pair(c.fundamentalsHistory), pair(await mcp('get_fundamentals_history', { ticker: 'AAPL', start: '2024-01-01', end: '2025-12-31' })));
  const news = await mcp('get_ticker_news', { ticker: 'TSLA', limit: 2 });
  assert.ok(g.tsla.news.edges.length > 0, 'the sample has TSLA news');
  assert.equal(pair(g.tsla.news), pair(news));
  assert.equal(pair(g.searchCompanies), pair(await mcp('search_tickers', { q: 'apple', limit: 3 })));
  // A connection's dataThrough is its page's (oldest first here); MCP's is of the whole series it read.
  const series = await mcp('get_macro_series', { id: 'UNRATE', limit: 3 });
  const obs = g.macroSeries.observations;
  assert.equal(pair(obs), [obs.edges.at(-1).node.date, series.fetchedAt]);
  assert.equal([g.macroSeries.dataThrough, g.macroSeries.fetchedAt], [g.macroSeries.last, series.fetchedAt]);
  for (const x of [c.profile, c.filings, c.fundamentalsHistory, g.tsla.news, g.searchCompanies, g.macroSeries]) {
    assert.ok(x.fetchedAt && x.dataThrough, JSON.stringify(x));
  }
});

doors('each value\'s filing and XBRL concept (statement.sources): REST always, GraphQL as selected, MCP when asked', async () => {
  const r = await rest('/api/fundamentals-pit?ticker=AAPL&date=2025-01-15');
  const items = Object.keys(r.statement.sources).sort();
  assert.ok(items.includes('revenue') && items.length >= 10, items.join(','));
  const asList = (sources: Record<string, object>) => Object.entries(sources).map(([item, v]) => ({ item, ...v })).sort((a, b) => a.item.localeCompare(b.item));
  const g = await gql('{ company(ticker: "AAPL") { statement(asOf: "2025-01-15") { sources { item accession form filed concept derived } } } }');
  assert.equal([...g.company.statement.sources].sort((a: { item: string }, b: { item: string }) => a.item.localeCompare(b.item)), asList(r.statement.sources));
  // Asked for, MCP's statement is REST's; not asked, it has no sources (and the cached answer of one
  // is not the other's).
  const withSources = await mcp('get_fundamentals', { ticker: 'AAPL', asOf: '2025-01-15', withSources: true });
  assert.equal(withSources.statement, r.statement);
  const plain = await mcp('get_fundamentals', { ticker: 'AAPL', asOf: '2025-01-15' });
  const { sources: _s, ...rest_ } = r.statement;
  assert.equal(plain.statement, rest_);
  // History: every statement's sources, on every door.
  const h = await rest('/api/fundamentals-history?ticker=AAPL&start=2024-01-01&end=2025-01-15');
  const restSources = h.entries.flatMap((e: { statements: { sources: Record<string, object> }[] }) => e.statements.map((s) => asList(s.sources)));
  assert.ok(restSources.length > 0 && restSources.every((s: unknown[]) => s.length > 0));
  /** Every page of MCP's history with sources (pages of at most 16,000 bytes), each item one statement. */
  const mcpHistory = async (range: { start?: string; end?: string }) => {
    const items: { filingDate: string; accession: string; form: string; url: string; statements: { sources: Record<string, object> }[] }[] = [];
    for (let cursor: string | undefined, pages = 0; pages === 0 || cursor; pages++) {
      const page = await mcp('get_fundamentals_history', { ticker: 'AAPL', ...range, withSources: true, limit: 100, ...(cursor ? { cursor } : {}) });
      items.push(...page.items);
      cursor = page.nextCursor;
      assert.ok(pages < 500);
    }
    assert.ok(items.every((e) => e.statements.length === 1));
    return items;
  };
  const mhItems = await mcpHistory({ start: '2024-01-01', end: '2025-01-15' });
  assert.equal(mhItems.flatMap((e) => e.statements.map((s) => asList(s.sources))), restSources);
  // The whole history, whose 10-Ks restate a dozen periods each (43 KB with sources): every
  // statement reaches the agent, under its own filing, as REST answers them.
  const all = await rest('/api/fundamentals-history?ticker=AAPL');
  const restAll = all.entries.flatMap((e: { filingDate: string; accession: string; form: string; statements: object[] }) => e.statements.map((st) => ({ filingDate: e.filingDate, accession: e.accession, form: e.form, statement: st })));
  assert.ok(all.entries.some((e: { statements: object[] }) => e.statements.length >= 8), 'an event restating many periods');
  const mcpAll = (await mcpHistory({})).map((e) => ({ filingDate: e.filingDate, accession: e.accession, form: e.form, statement: e.statements[0] }));
  assert.equal(mcpAll, restAll);
  // Each event names its filing index as REST's does, and the answer how far it runs.
  const urls = (entries: { accession: string; url: string }[]) => [...new Map(entries.map((e) => [e.accession, e.url])).entries()].sort();
  assert.equal(urls(await mcpHistory({})), urls(all.entries));
  const mhPlain = await mcp('get_fundamentals_history', { ticker: 'AAPL', start: '2024-01-01', end: '2025-01-15', limit: 100 });
  const restPlain = await rest('/api/fundamentals-history?ticker=AAPL&start=2024-01-01&end=2025-01-15');
  assert.is(mhPlain.dataThrough, restPlain.dataThrough);
  assert.ok(mhPlain.items.every((e: { statements: object[] }) => e.statements.every((s) => !('sources' in s))));
  const gh = await gql('{ company(ticker: "AAPL") { fundamentalsHistory(start: "2024-01-01", end: "2025-01-15", first: 100) { edges { node { statements { sources { item accession form filed concept derived } } } } } } }');
  const ghSources = gh.company.fundamentalsHistory.edges.flatMap((e: { node: { statements: { sources: { item: string }[] }[] } }) => e.node.statements.map((s) => [...s.sources].sort((a, b) => a.item.localeCompare(b.item))));
  assert.equal(ghSources, restSources);
});

doors('coverage counts the synthetic rows the same way on every door', async () => {
  const [count] = await t.services.warehouse.all<{ n: number; s: number }>(`SELECT count(*)::INTEGER AS n, count(*) FILTER (WHERE synthetic)::INTEGER AS s FROM prices`);
  const cov = await rest('/api/coverage');
  const prices = cov.datasets.find((d: any) => d.id === 'prices');
  assert.equal([prices.rows, prices.syntheticRows], [count!.n, count!.s]);
  assert.ok(count!.s > 0);
  const strip = (ds: any[]) => ds.map((d) => ({ ...d, nextFetchAt: null, jobs: d.jobs.map((j: any) => ({ ...j, nextFetchAt: null })) }));
  const g = await gql('{ coverage }');
  assert.equal(strip(g.coverage.datasets), strip(cov.datasets));
  const m = await mcp('get_fundamentals_stats', {});
  assert.equal(strip(m.datasets), strip(cov.datasets));
  const page = await t.app.inject({ url: '/datasets', headers: UA });
  assert.match(page.body, `<strong>Synthetic:</strong> ${count!.s.toLocaleString('en-US')} of ${count!.n.toLocaleString('en-US')} rows were generated`);
});

doors('the explorer pages show the source, the freshness and the synthetic badge', async () => {
  const page = async (url: string) => {
    const res = await t.app.inject({ url, headers: UA });
    assert.is(res.statusCode, 200, url);
    return res.body;
  };
  const snap = await rest('/api/data?ticker=AAPL');
  const aapl = await page('/company/AAPL');
  assert.match(aapl, `Data through ${snap.dataThrough}; last fetched <time datetime="${snap.fetchedAt}Z">`);
  assert.match(aapl, 'Price source: vendor file (<code>vendor/prices/AAPL.csv</code>).');
  assert.match(aapl, /Technicals are computed from generated closes <span class="badge badge-synthetic"/);
  const msft = await page('/company/MSFT');
  const news = (await rest('/api/news/ticker?ticker=MSFT')).items.slice(0, 10);
  const badges = (msft.match(/badge-synthetic/g) ?? []).length;
  assert.is(badges, news.filter((i: any) => i.provenance.synthetic).length, 'one badge per synthetic headline, none for the real prices');
  assert.ok(badges > 0);
  const macro = await page('/macro?date=2024-06-03');
  assert.match(macro, '2024-06-03 has no curve');
  // The source links the Treasury's CSV download of 2022 (the document key names the year's file).
  const curve = await rest('/api/macro/yield-curve?date=2024-06-03');
  assert.match(curve.provenance.url, /^https:\/\/home\.treasury\.gov\/resource-center\/data-chart-center\/interest-rates\/daily-treasury-rates\.csv\/2022\//);
  assert.match(macro, `Source: U.S. Treasury (<a href="${curve.provenance.url.replaceAll('&', '&amp;')}" rel="noopener">home.treasury.gov/daily_treasury_yield_curve/2022.csv</a>) <span class="badge badge-synthetic"`);
  const real = await page('/macro?date=2020-06-30');
  assert.match(real, /daily_treasury_yield_curve\/2020\.xml<\/a>\)\. /, 'the 2020 curve: no badge after its source');
});

doors.run();
