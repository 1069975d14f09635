/**
 * Every tool of the catalog through a real MCP client (the SDK's Client over its Streamable HTTP
 * transport) against the server listening on a port, on the sample warehouse: the catalog as
 * listed, one valid call per tool with its expected content, access refusals, and the heavy-tool
 * gate.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { HEAVY_GATE } from '../../../api/limits/heavy.ts';
import { setAccountPlan } from '../../../api/store/accounts.ts';
import { TOOL_CATALOG, type ToolName } from '../../../schema/mcp/index.ts';
import { json, sampleApp, type TestApp } from '../../helpers.ts';
import { keyAccount } from '../rest/user-state-accounts.ts';
import { r4, sampleBytes, sampleCsv, sampleCsvRecords, samplePrices, sampleRss } from '../../sample-files.ts';
import { field, infoTableRows, nportHoldings, ownershipRows, ownershipXml, sampleText, SAMPLE_FILINGS as F } from '../../sample-filings.ts';

let t: TestApp;
let base: string;
let powerKey: string;
let learnerKey: string;

async function connect(key?: string): Promise<Client> {
  const client = new Client({ name: 'almanac-test', version: '1.0.0' });
  const headers: Record<string, string> = { 'User-Agent': 'almanac-mcp-test/1.0 (tests)' };
  if (key) headers['X-API-Key'] = key;
  await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), { requestInit: { headers } }));
  return client;
}

function body(result: unknown): any {
  return JSON.parse((result as { content: { type: string; text: string }[] }).content[0]!.text);
}

/** The newest curve of the sample's real Treasury CSV of 2025 (rows newest first). */
const CURVE_2025 = sampleCsv('home.treasury.gov/daily_treasury_yield_curve/2025.csv');
const CURVE_DAY = CURVE_2025.rows[0]!;

/** The sample's BDC positions (generated soi.tsv of the real November 2025 data set), Main Street's first. */
const BDC_SOI = sampleBytes('www.sec.gov/files/dera/data/bdc-data-sets/2025_11/soi.tsv').toString('utf8').split('\n').filter(Boolean).slice(1).map((l) => l.split('\t'));
const MAIN_SOI = BDC_SOI.filter((r) => r[1] === '1396440');
const MAIN_PERIOD = MAIN_SOI[0]![6]!.replace(/^(\d{4})(\d\d)(\d\d)$/, '$1-$2-$3');
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
// The sample's real ownership filings (test/sample-filings.ts).
const TSLA_2025 = ownershipXml(F.tesla2025.key);
const FRACTYL = ownershipXml(F.fractyl.key);
const FRACTYL_BUYS = ownershipRows(FRACTYL).filter((r) => r.code === 'P' && r.acquiredDisposed === 'A' && r.kind === 'transaction').sort((a, b) => b.shares! * b.price! - a.shares! * a.price!);
const KAHN_COVER = sampleText(F.kahn.cover);
const KAHN = infoTableRows(sampleText(F.kahn.table));
const KAHN_XOM = KAHN.find((r) => r.issuer === 'EXXON MOBIL')!;
const GOLDMAN = sampleText(F.goldman.key);
const GOLDMAN_HOLDINGS = nportHoldings(GOLDMAN);
const GOLDMAN_TOP = [...GOLDMAN_HOLDINGS].sort((a, b) => b.valueUsd - a.valueUsd)[0]!;
// The Apple bond the fund holds most of (by value, summed per CUSIP), and its coupon.
const APPLE_BONDS = GOLDMAN_HOLDINGS.filter((h) => h.cusip && (h.maturity || h.coupon !== null) && /apple/i.test(h.name));
const APPLE_BOND = ((): [string, number | null] => {
  const by = new Map<string, number>();
  for (const h of APPLE_BONDS) by.set(h.cusip!, (by.get(h.cusip!) ?? 0) + h.valueUsd);
  const top = [...by].sort((x, y) => y[1] - x[1])[0]![0];
  return [top, APPLE_BONDS.find((h) => h.cusip === top)!.coupon];
})();

/** The generated AAPL and SPY price files: the last two AAPL closes, its 52-week high, SPY's YTD. */
const AAPL_BARS = samplePrices('AAPL');
const [AAPL_PREV, AAPL_LAST] = [AAPL_BARS.at(-2)!, AAPL_BARS.at(-1)!];
const AAPL_HIGH_52W = Math.max(...AAPL_BARS.filter((b) => Date.parse(b.date) > Date.parse(AAPL_LAST.date) - 364 * 86_400_000).map((b) => b.high));
const SPY_BARS = samplePrices('SPY');
const r2 = (n: number): number => Math.round(n * 100) / 100;
const SPY_YTD = Math.round(100 * (SPY_BARS.at(-1)!.adjClose / SPY_BARS.filter((b) => b.date < '2024-01-01').at(-1)!.adjClose - 1) * 1e4) / 1e4;
/** The generated FDIC and USAspending files. */
const JPM_BANK = sampleCsvRecords('banks.data.fdic.gov/api/institutions.csv').find((b) => b.NAMEHCR === 'JPMORGAN CHASE & CO')!;
const AWARDS = sampleCsvRecords('files.usaspending.gov/generated_downloads/Contracts_PrimeAwardSummaries_2024-11-08_H14M02S11_1.csv');
const DISA = AWARDS.filter((a) => /defense information systems/i.test(a.awarding_sub_agency_name!));

type Check = (out: any) => void;
const items = (out: any): any[] => out.items;

/** One valid call per tool and what its answer must hold (a missing tool fails type checking). */
const CASES: Record<ToolName, { args: Record<string, unknown>; check: Check }> = {
  search_tickers: { args: { q: 'apple' }, check: (o) => assert.equal(items(o), [{ ticker: 'AAPL', name: 'Apple Inc.', exchange: 'Nasdaq', cik: 320193 }]) },
  get_random_ticker: { args: {}, check: (o) => assert.type(o.cik, 'number') },
  get_company_profile: { args: { ticker: 'aapl' }, check: (o) => assert.equal([o.ticker, o.cik, o.sector, o.fiscalYearEnd], ['AAPL', 320193, 'Information Technology', '0927']) },
  get_sec_filings: { args: { ticker: 'AAPL', form: '10-K' }, check: (o) => assert.equal(items(o)[0], { form: '10-K', filed: '2024-11-01', accession: '0000320193-24-000123', reportDate: '2024-09-28', primaryDocument: 'aapl-20240928.htm' }) },
  get_filing_facts: {
    args: { accession: '0000320193-24-000123', concept: 'Assets' },
    check: (o) => assert.equal(items(o).map((f: any) => [f.periodEnd, f.value]), [['2023-09-30', 352583000000], ['2024-09-28', 364980000000]]),
  },
  get_fundamentals: { args: { ticker: 'AAPL', asOf: '2025-01-15' }, check: (o) => assert.equal([o.statement.fiscalYear, o.statement.form, o.statement.fundamentals.revenue, o.statement.fundamentals.netIncome], [2024, '10-K', 391035000000, 93736000000]) },
  get_fundamentals_history: { args: { ticker: 'AAPL', start: '2024-01-01', end: '2024-12-31' }, check: (o) => assert.equal(items(o)[0].accession, '0000320193-24-000006') },
  get_fundamentals_universe: { args: { asOf: '2025-01-15' }, check: (o) => assert.ok(items(o).some((r: any) => r.ticker === 'AAPL' && r.filingDate === '2024-11-01')) },
  // 19 CIKs in the sample's company list (20 tickers, GOOGL/GOOG share one); real companyfacts for AAPL, NVDA, MRVL, TSM.
  get_fundamentals_stats: { args: {}, check: (o) => assert.equal([o.companies, o.companiesWithFundamentals], [19, 4]) },
  get_bulk_fundamentals: {
    args: { tickers: ['AAPL', 'ZZZZ'], asOf: '2025-01-15' },
    check: (o) => {
      assert.equal([o.asOf, o.total, items(o)[0].ticker, items(o)[0].source, items(o)[0].fundamentals.revenue], ['2025-01-15', 2, 'AAPL', 'sec', 391035000000]);
      assert.equal(items(o)[1], { ticker: 'ZZZZ', withheld: 'unknown ticker' });
    },
  },
  alm_peer_fundamentals: { args: { tickers: ['AAPL', 'NVDA', 'QQQQ'], asOf: '2025-01-15' }, check: (o) => assert.equal([o.peers.map((p: any) => p.ticker), o.missing], [['AAPL', 'NVDA'], ['QQQQ']]) },
  alm_intrinsic_value: {
    args: { ticker: 'AAPL', asOf: '2025-01-15' },
    check: (o) => {
      assert.equal([o.inputs.fiscalYear, o.inputs.operatingCashFlow, o.price.close], [2024, 118254000000, AAPL_LAST.close]);
      assert.type(o.models.dcf, 'number');
      assert.is(o.assumptions.discountRate, 0.09);
    },
  },
  get_quote: {
    args: { ticker: 'AAPL' },
    check: (o) => assert.equal([o.date, o.current, o.change, o.changePercent], [AAPL_LAST.date, AAPL_LAST.close, r4(AAPL_LAST.close - AAPL_PREV.close), r4(((AAPL_LAST.close - AAPL_PREV.close) / AAPL_PREV.close) * 100)]),
  },
  get_price_history: { args: { ticker: 'AAPL', start: AAPL_PREV.date, end: AAPL_LAST.date }, check: (o) => assert.equal(items(o).map((b: any) => b.close), [AAPL_PREV.close, AAPL_LAST.close]) },
  list_priced_tickers: { args: { limit: 100 }, check: (o) => assert.is(o.total, 17) },
  get_technicals: { args: { ticker: 'AAPL', asOf: AAPL_LAST.date }, check: (o) => assert.equal([o.asOf, o.high52Week], [AAPL_LAST.date, AAPL_HIGH_52W]) },
  get_technicals_history: { args: { ticker: 'AAPL', start: '2024-12-30', end: '2024-12-31' }, check: (o) => assert.equal(items(o).map((r: any) => r.asOf), ['2024-12-30', '2024-12-31']) },
  get_ticker_snapshot: { args: { ticker: 'AAPL' }, check: (o) => assert.equal([o.ticker, o.price.current, o.price.change], ['AAPL', AAPL_LAST.close, r4(AAPL_LAST.close - AAPL_PREV.close)]) },
  run_screener: {
    args: { limit: 3 },
    // Largest market cap first (the generated close x the shares of the real companyfacts): a company with statements leads.
    check: (o) => {
      assert.equal([o.locked, o.results.length], [false, 3]);
      assert.ok(['AAPL', 'NVDA', 'MRVL', 'TSM'].includes(o.results[0].ticker), o.results[0].ticker);
      const caps = o.results.map((r: any) => r.marketCap ?? -1);
      assert.equal(caps, [...caps].sort((a: number, b: number) => b - a));
    },
  },
  get_yield_curve: { args: { date: CURVE_DAY[0] }, check: (o) => assert.equal([o.date, o.points.find((p: any) => p.tenor === '10Y').value], [CURVE_DAY[0], Number(CURVE_DAY[CURVE_2025.header.indexOf('10 Yr')])]) },
  get_macro_series: { args: { id: 'unrate', start: '2024-01-01', end: '2024-03-01' }, check: (o) => assert.is(items(o).length, 3) },
  list_macro_series: { args: {}, check: (o) => assert.ok(items(o).some((s: any) => s.id === 'GDP' && s.vintaged)) },
  search_news: { args: { q: 'tesla', days: 3650 }, check: (o) => assert.match(items(o)[0].title, 'Tesla shares plunge') },
  get_ticker_news: { args: { ticker: 'TSLA' }, check: (o) => assert.ok(items(o).length >= 1) },
  // The vendor feeds' 14 distinct items (written for the corpus) and every release of the SEC's real feed.
  get_news_stats: { args: {}, check: (o) => assert.is(o.items, 14 + sampleRss('www.sec.gov/news/pressreleases.rss').length) },
  // Newest TSLA filing first: the 2025 Form 4 (complete submission .txt).
  get_insider_trades: { args: { ticker: 'TSLA', code: ['S'] }, check: (o) => assert.equal([items(o)[0].owners[0].name, items(o)[0].code, items(o)[0].shares], [field(TSLA_2025, 'rptOwnerName'), 'S', ownershipRows(TSLA_2025).find((r) => r.code === 'S')!.shares]) },
  alm_recent_insider_buys: { args: { days: 3650 }, check: (o) => assert.equal(items(o).map((r: any) => [r.ticker, r.owners[0].name, r.valueUsd]), FRACTYL_BUYS.map((r) => [field(FRACTYL, 'issuerTradingSymbol'), field(FRACTYL, 'rptOwnerName'), Math.round(r.shares! * r.price! * 100) / 100])) },
  get_institutional_holders: { args: { ticker: 'XOM' }, check: (o) => assert.equal([o.period, items(o)[0].manager, items(o)[0].shares], ['2022-03-31', field(KAHN_COVER, 'name'), KAHN_XOM.shares]) },
  get_13f_holdings: { args: { cik: 1039565, limit: 2 }, check: (o) => assert.equal([o.manager, o.positions, items(o)[0].cusip, items(o).length, o.total], [field(KAHN_COVER, 'name'), KAHN.length, [...KAHN].sort((a, b) => b.value - a.value)[0]!.cusip, 2, KAHN.length]) },
  alm_13f_filer_analytics: { args: { cik: 1039565 }, check: (o) => assert.equal([o.manager, o.top[0].cusip], [field(KAHN_COVER, 'name'), [...KAHN].sort((a, b) => b.value - a.value)[0]!.cusip]) },
  // Kahn Brothers' Exxon Mobil CUSIP (real 13F), mapped to XOM by the issuer name.
  lookup_security: { args: { id: KAHN_XOM.cusip }, check: (o) => assert.equal([o.ticker, o.cusip], ['XOM', KAHN_XOM.cusip]) },
  get_etf_data: { args: { symbol: 'SYN000037818', limit: 2 }, check: (o) => assert.equal([o.profile.symbol, items(o)[0].cusip, items(o).length, o.total], ['SYN000037818', GOLDMAN_TOP.cusip, 2, GOLDMAN_HOLDINGS.length]) },
  compare_etfs: { args: { symbols: ['SYN000037820', 'SYN000037818'] }, check: (o) => assert.equal([o.funds.length, o.overlap.length, o.missing], [2, 1, []]) },
  // No exchange-listed fund's N-PORT is in the sample (the Goldman fund is a mutual fund).
  list_etfs: { args: {}, check: (o) => assert.equal(items(o), []) },
  get_funds_holding: { args: { id: GOLDMAN_TOP.cusip }, check: (o) => assert.equal([items(o)[0].fundName, items(o)[0].valueUsd], [field(GOLDMAN, 'seriesName'), sum(GOLDMAN_HOLDINGS.filter((h) => h.cusip === GOLDMAN_TOP.cusip).map((h) => h.valueUsd))]) },
  search_bonds: { args: { q: 'apple' }, check: (o) => assert.equal([items(o)[0].cusip, items(o)[0].couponRate], APPLE_BOND) },
  get_price_performance: { args: { symbol: 'SPY' }, check: (o) => assert.equal([o.asOf, o.close, o.returns.ytd], [SPY_BARS.at(-1)!.date, SPY_BARS.at(-1)!.close, SPY_YTD]) },
  get_bdc_list: { args: {}, check: (o) => assert.equal(items(o).map((b: any) => b.cik).sort(), [...new Set(BDC_SOI.map((r) => Number(r[1])))].sort()) },
  search_bdc_borrower: { args: { q: 'generated borrower 01' }, check: (o) => assert.equal([items(o)[0].bdcName, items(o)[0].borrower], [MAIN_SOI[0]![2], 'Generated Borrower 01, LLC']) },
  get_bdc_holdings: { args: { cik: 1396440 }, check: (o) => assert.equal([o.total, items(o)[0].fairValue], [MAIN_SOI.length, Math.max(...MAIN_SOI.map((r) => Number(r[18])))]) },
  alm_bdc_credit_quality: { args: { cik: 1396440 }, check: (o) => assert.equal([items(o)[0].period, items(o)[0].holdings, items(o)[0].fairValueToCost], [MAIN_PERIOD, MAIN_SOI.length, Math.round((sum(MAIN_SOI.map((r) => Number(r[18]))) / sum(MAIN_SOI.map((r) => Number(r[17])))) * 1e6) / 1e6]) },
  alm_bank_lookup: { args: { ticker: 'JPM' }, check: (o) => assert.equal(items(o).map((b: any) => [b.cert, b.name, b.totalAssets]), [[Number(JPM_BANK.CERT), JPM_BANK.NAME, Number(JPM_BANK.ASSET) * 1000]]) },
  alm_federal_contracts: {
    args: { ticker: 'MSFT' },
    check: (o) =>
      assert.equal(
        items(o).map((a: any) => [a.piid, a.obligated, a.potentialValue]),
        AWARDS.filter((a) => a.recipient_parent_name === 'MICROSOFT CORP').map((a) => [a.award_id_piid, Number(a.total_obligated_amount), Number(a.potential_total_value_of_award)]),
      ),
  },
  get_federal_contract_totals: { args: { agency: 'defense information systems' }, check: (o) => assert.equal([o.awards, o.obligated], [DISA.length, DISA.reduce((s, a) => s + Number(a.total_obligated_amount), 0)]) },
  search_glossary: { args: { q: 'price to earnings' }, check: (o) => assert.is(items(o)[0].slug, 'price-to-earnings-ratio') },
  get_glossary_term: { args: { slug: 'EBITDA' }, check: (o) => assert.equal([o.slug, o.topic], ['ebitda', 'statements']) },
  list_glossary_topics: { args: {}, check: (o) => assert.ok(o.some((x: any) => x.topic === 'valuation')) },
  list_learn_tracks: { args: {}, check: (o) => assert.ok(o.tracks.length >= 1) },
  get_lesson: { args: { id: '' }, check: (o) => assert.ok(o.quiz.length >= 1) },
  list_portfolio_positions: { args: {}, check: (o) => assert.equal(items(o).map((p: any) => [p.ticker, p.shares]), [['AAPL', 10]]) },
  add_portfolio_position: { args: { ticker: 'AAPL', shares: 10, costBasis: 150 }, check: (o) => assert.equal([o.ticker, o.market_value, o.unrealized_pnl], ['AAPL', r2(10 * AAPL_LAST.close), r2(10 * AAPL_LAST.close - 1500)]) },
  remove_portfolio_position: { args: { ticker: 'AAPL' }, check: (o) => assert.is(o.removed.ticker, 'AAPL') },
  get_portfolio_history: { args: { days: 5 }, check: (o) => assert.equal(items(o).at(-1), { date: AAPL_LAST.date, value: r2(10 * AAPL_LAST.close), cost: 1500, positions: 1, synthetic: true }) },
  get_portfolio_benchmark: { args: { period: '1M', limit: 100 }, check: (o) => assert.equal([o.period, o.end, o.benchmark, items(o).at(-1).date, typeof items(o).at(-1).benchmark], ['1M', '2024-12-31', 'SPY', '2024-12-31', 'number']) },
  list_watchlists: { args: {}, check: (o) => assert.equal(items(o).map((w: any) => [w.name, w.tickers]), [['Tech', ['AAPL', 'NVDA']]]) },
  create_watchlist: { args: { name: 'Tech', tickers: ['AAPL'] }, check: (o) => assert.equal([o.name, o.tickers], ['Tech', ['AAPL']]) },
  add_watchlist_ticker: { args: { id: '', ticker: 'NVDA' }, check: (o) => assert.ok(JSON.stringify(o).includes('NVDA')) },
  list_saved_screens: { args: {}, check: (o) => assert.equal(o, { items: [], nextCursor: null, total: 0 }) },
  get_paper_account: { args: {}, check: (o) => assert.equal([o.startingCash, o.positions.length], [100000, 1]) },
  place_paper_order: { args: { ticker: 'KO', side: 'buy', quantity: 5 }, check: (o) => assert.equal([o.status, o.fillPrice, o.fillDate], ['filled', samplePrices('KO').at(-1)!.close, samplePrices('KO').at(-1)!.date]) },
  get_learn_progress: { args: {}, check: (o) => assert.is(o.completed, 1) },
  submit_lesson_quiz: { args: { id: '', answers: [] }, check: (o) => assert.equal([o.passed, o.progress.attempts], [true, 1]) },
};

// The order calls run in: state-changing tools before the tools that read what they wrote.
const ORDER: ToolName[] = [
  'add_portfolio_position',
  'list_portfolio_positions',
  'get_portfolio_history',
  'get_portfolio_benchmark',
  'remove_portfolio_position',
  'create_watchlist',
  'add_watchlist_ticker',
  'list_watchlists',
  'place_paper_order',
  'get_paper_account',
  'list_learn_tracks',
  'get_lesson',
  'submit_lesson_quiz',
  'get_learn_progress',
];

const catalog = suite('mcp catalog over a real client');
catalog.before(async () => {
  t = await sampleApp({});
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const power = await keyAccount(t.app, t.services.store, 'power@example.com', 'power_user');
  // A developer-plan key (premium: 300 calls a minute) so the whole catalog fits in one minute.
  await setAccountPlan(t.services.store, power.accountId, 'developer');
  powerKey = power.key;
  learnerKey = (await keyAccount(t.app, t.services.store, 'learner@example.com', 'learner')).key;
});
catalog.after(() => t.close());

catalog('tools/list: exactly 62 tools, unique names, 45 anonymous, tiers as declared', async () => {
  const client = await connect();
  const { tools } = await client.listTools();
  assert.is(tools.length, 62);
  assert.is(new Set(tools.map((x) => x.name)).size, 62);
  assert.equal(tools.map((x) => x.name), TOOL_CATALOG.map((x) => x.name));
  assert.is(TOOL_CATALOG.filter((x) => x.anonymous && x.tier === 'learner').length, 45);
  const doc = json(await t.app.inject({ url: '/api/mcp/tools.json', headers: { 'user-agent': 'almanac-mcp-test/1.0' } }));
  assert.is(doc.count, 62);
  assert.is(doc.anonymous, 45);
  const byName = new Map(doc.tools.map((x: any) => [x.name, x]));
  assert.equal(doc.tools.filter((x: any) => x.heavy).map((x: any) => x.name), ['get_fundamentals', 'get_fundamentals_universe', 'get_bulk_fundamentals', 'run_screener']);
  assert.equal((byName.get('get_bulk_fundamentals') as any).minimumTier, 'Investor');
  assert.equal((byName.get('alm_13f_filer_analytics') as any).minimumTier, 'Researcher');
  assert.equal((byName.get('list_portfolio_positions') as any).anonymous, false);
  for (const name of ['get_fundamentals', 'get_sec_filings', 'get_yield_curve', 'get_insider_trades', 'get_bdc_list', 'search_bdc_borrower', 'alm_bdc_credit_quality', 'alm_recent_insider_buys', 'alm_13f_filer_analytics', 'alm_intrinsic_value', 'alm_peer_fundamentals', 'alm_bank_lookup', 'alm_federal_contracts']) {
    assert.ok(byName.has(name), name);
  }
  const peers = tools.find((x) => x.name === 'alm_peer_fundamentals')!;
  assert.equal((peers.inputSchema.properties as any).tickers.type, 'array');
  for (const x of tools) {
    const spec = TOOL_CATALOG.find((s) => s.name === x.name)!;
    assert.is(x.description!.includes('needs API key'), !spec.anonymous, x.name);
    if (spec.list) assert.ok((x.inputSchema.properties as any).cursor, `${x.name} takes a cursor`);
  }
  await client.close();
});

catalog('every tool answers a valid call with its expected content', async () => {
  const client = await connect(powerKey);
  let lesson: any = null;
  let watchlistId = '';
  const names = [...ORDER, ...TOOL_CATALOG.map((x) => x.name as ToolName).filter((n) => !ORDER.includes(n))];
  assert.is(names.length, 62);
  for (const name of names) {
    const c = CASES[name];
    let args = c.args;
    if (name === 'get_lesson') args = { id: lesson.id };
    if (name === 'add_watchlist_ticker') args = { id: watchlistId, ticker: 'NVDA' };
    if (name === 'submit_lesson_quiz') args = { id: lesson.id, answers: lesson.answers };
    const res = await client.callTool({ name, arguments: args });
    assert.not.ok(res.isError, `${name}: ${(res.content as any)[0]?.text}`);
    const out = body(res);
    try {
      c.check(out);
    } catch (err) {
      (err as Error).message = `${name}: ${(err as Error).message}`;
      throw err;
    }
    if (name === 'create_watchlist') watchlistId = out.id;
    if (name === 'list_learn_tracks') lesson = { id: out.tracks[0].modules[0].lessons[0].id };
    if (name === 'get_lesson') {
      // The correct answers come from the lesson content the service ships (schema/content/learn).
      const { findLesson } = await import('../../../schema/learn.ts');
      lesson.answers = findLesson(lesson.id)!.lesson.quiz.map((q) => q.answer);
    }
  }
  await client.close();
});

catalog('keyed tools refuse anonymous calls; tiered tools refuse below their tier, saying what to do', async () => {
  const anon = await connect();
  for (const spec of TOOL_CATALOG.filter((x) => !x.anonymous)) {
    const res = await anon.callTool({ name: spec.name, arguments: CASES[spec.name as ToolName].args });
    assert.ok(res.isError, spec.name);
    assert.is(body(res).status, 401);
    assert.match(body(res).error, 'X-API-Key');
  }
  const tiered = await anon.callTool({ name: 'get_bulk_fundamentals', arguments: { tickers: ['AAPL'] } });
  assert.ok(tiered.isError);
  assert.equal([body(tiered).status, body(tiered).requiredTier, body(tiered).currentTier], [402, 'Investor', 'Learner']);
  assert.is(body(tiered).upgrade_url, `${t.config.publicUrl}/account?upgrade=investor#plans`);
  await anon.close();
  const learner = await connect(learnerKey);
  const refused = await learner.callTool({ name: 'alm_bdc_credit_quality', arguments: { cik: 1396440 } });
  assert.equal([body(refused).status, body(refused).requiredTier], [402, 'Researcher']);
  const allowed = await learner.callTool({ name: 'list_portfolio_positions', arguments: {} });
  assert.not.ok(allowed.isError);
  const { fetchedAt, ...rest } = body(allowed);
  assert.equal(rest, { dataThrough: null, items: [], nextCursor: null, total: 0 });
  assert.match(fetchedAt, /^\d{4}-\d{2}-\d{2}T/);
  await learner.close();
});

catalog('an unknown tool name is the protocol error -32602, including names an object inherits (never a 500)', async () => {
  for (const key of [undefined, learnerKey]) {
    const client = await connect(key);
    for (const name of ['no_such_tool', 'constructor', 'toString', '__proto__', 'hasOwnProperty']) {
      // MCP specification, tools, error handling: unknown tools are a JSON-RPC error, not a result.
      const err = await client.callTool({ name, arguments: {} }).then(
        () => null,
        (e: { code?: number; message?: string }) => e,
      );
      assert.is(err?.code, -32602, `${name} (${key ? 'key' : 'anonymous'})`);
      assert.match(String(err?.message), `unknown tool '${name}'`);
    }
    await client.close();
  }
});

catalog('a bad key is a 401 before any MCP exchange', async () => {
  const res = await fetch(`${base}/api/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'user-agent': 'almanac-mcp-test/1.0', 'x-api-key': 'alm_live_nope' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  assert.is(res.status, 401);
});

catalog('heavy tools: a third concurrent get_fundamentals waits for a slot (2 per heavy tool)', async () => {
  const client = await connect(powerKey);
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const blockers = [HEAVY_GATE.run('get_fundamentals', () => gate), HEAVY_GATE.run('get_fundamentals', () => gate)];
  assert.is(HEAVY_GATE.running('get_fundamentals'), 2);
  let done = false;
  const third = client.callTool({ name: 'get_fundamentals', arguments: { ticker: 'AAPL', asOf: '2025-01-15' } }).then((r) => ((done = true), r));
  await new Promise((r) => setTimeout(r, 300));
  assert.is(done, false, 'the third call must wait');
  assert.is(HEAVY_GATE.queued, 1);
  // Light tools are not gated.
  assert.not.ok((await client.callTool({ name: 'get_quote', arguments: { ticker: 'AAPL' } })).isError);
  release();
  await Promise.all(blockers);
  const res = await third;
  assert.not.ok(res.isError);
  assert.is(body(res).statement.fundamentals.revenue, 391035000000);
  assert.is(HEAVY_GATE.running(), 0);
  await client.close();
});

catalog('the tools/list answer stays lean', async () => {
  const client = await connect();
  const { tools } = await client.listTools();
  const bytes = Buffer.byteLength(JSON.stringify({ tools }));
  // About 4 bytes per token: all 62 tools in about 6,100 tokens (measured 24,552 bytes once
  // get_insider_trades took /api/insiders' ownerCik and includeHoldings, issue 16; 24,743 once
  // every number argument carried its REST bounds, minimum and maximum, 2026-11-29; 25,450 with
  // the 8 deprecated argument aliases, ~85 bytes each until they go, schema/door-arguments.ts;
  // 25,664 once the holdings tools took REST's maxHoldings; 25,784 with get_sec_filings' asOf;
  // 25,808 once the 13F quarter took REST's pattern, quarter-end dates only; 26,066 with the
  // fundamentals tools' withSources and what it does to the history's entries, 2026-11-30).
  assert.ok(bytes < 26_100, `tools/list is ${bytes} bytes`);
  const dates = tools.find((x) => x.name === 'get_fundamentals_history')!.inputSchema.properties as any;
  assert.equal(dates.start, { type: 'string', format: 'date' });
  await client.close();
});

catalog.run();
