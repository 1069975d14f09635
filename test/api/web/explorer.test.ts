/**
 * The data explorer pages on the full sample warehouse: each page's key content (cross-checked
 * with the REST answer where the page claims to show the same thing), HTML 404 and 400 pages, and
 * the tier rules of the screener and BDC credit quality (the page never shows what the API locks).
 */
import type { FastifyInstance } from 'fastify';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { TierId } from '../../../schema/tiers.ts';
import { barsInRange, quartersUpTo, volumeBuckets } from '../../../api/web/explorer/company.ts';
import { monthsBefore } from '../../../api/web/explorer/common.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { sha256Hex } from '../../../api/identity/crypto.ts';
import { insertAccount, markEmailVerified, setAccountTier } from '../../../api/store/accounts.ts';
import { insertSession } from '../../../api/store/sessions.ts';
import { json, sampleApp, type TestApp } from '../../helpers.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { SAMPLE_DIR } from '../../../schema/config.ts';
import { sampleBytes, sampleCsv, samplePrices } from '../../sample-files.ts';
import { field, infoTableRows, nportHoldings, ownershipRows, ownershipXml, sampleText, SAMPLE_FILINGS as F } from '../../sample-filings.ts';

/** Apple's real companyfacts in the sample (data.sec.gov), read here to check the pages by hand. */
type Fact = { start?: string; end: string; val: number; accn: string; form: string; filed: string };
const APPLE = JSON.parse(gunzipSync(readFileSync(path.join(SAMPLE_DIR, 'data.sec.gov/api/xbrl/companyfacts/CIK0000320193.json.gz'))).toString('utf8'));
const appleFact = (taxonomy: string, concept: string, unit: string, accn: string, end: string, start?: string): Fact =>
  (APPLE.facts[taxonomy][concept].units[unit] as Fact[]).find((f) => f.accn === accn && f.end === end && (start === undefined || f.start === start))!;

/** The price range line of /company/AAPL: adjusted closes of the generated file after `from`. */
function rangeLine(from: string): string {
  const bars = samplePrices('AAPL').filter((b) => b.date > from);
  const [first, last] = [bars[0]!, bars.at(-1)!];
  const pct = (last.adjClose / first.adjClose - 1) * 100;
  return `<p>${first.date} to ${last.date}: $${first.adjClose.toFixed(2)} → $${last.adjClose.toFixed(2)} (${pct >= 0 ? '+' : ''}${pct.toFixed(2)}%), ${bars.length} trading days; closes adjusted for splits and dividends.</p>`;
}

/** Test-only hook (as in test/fixtures/fundamentals/build.ts): `X-Test-Tier` sets the caller's tier right after identification (before the tier step). */
async function tierHeader(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', async (req) => {
    const tier = req.headers['x-test-tier'];
    if (typeof tier === 'string') req.caller = { ...req.caller, tier: tier as TierId };
  });
}

let t: TestApp;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) almanac-tests';
const get = (url: string, tier?: TierId) => t.app.inject({ url, headers: { 'user-agent': BROWSER, ...(tier ? { 'x-test-tier': tier } : {}) } });

async function page(url: string, tier?: TierId): Promise<string> {
  const res = await get(url, tier);
  assert.is(res.statusCode, 200, `${url}: ${res.body.slice(0, 300)}`);
  assert.is(res.headers['content-type'], 'text/html; charset=utf-8');
  return res.body;
}

/** Rows of the table whose caption starts with `caption`: each row's cell texts. */
function tableRows(body: string, caption: string): string[][] {
  const at = body.indexOf(`>${caption}`);
  assert.ok(at > 0, `no table captioned '${caption}'`);
  const tableHtml = body.slice(at, body.indexOf('</table>', at));
  return [...tableHtml.matchAll(/<tr>(.*?)<\/tr>/g)].slice(1).map((m) => [...m[1]!.matchAll(/<t[hd][^>]*>(.*?)<\/t[hd]>/g)].map((c) => c[1]!.replace(/<[^>]+>/g, '')));
}

// ---
const helpers = suite('explorer helpers');

helpers('monthsBefore clamps to the month end; quartersUpTo walks back across years', () => {
  assert.is(monthsBefore('2024-03-31', 1), '2024-02-29');
  assert.is(monthsBefore('2024-12-31', 12), '2023-12-31');
  assert.is(monthsBefore('2024-01-15', 60), '2019-01-15');
  assert.equal(quartersUpTo('2024-03-31', 3), ['2024Q1', '2023Q4', '2023Q3']);
});

helpers('barsInRange counts back from the latest bar, not from today', () => {
  const bar = (date: string) => ({ date, open: null, high: null, low: null, close: 1, adjClose: null, volume: null, dividend: 0, splitRatio: 1, synthetic: false });
  const bars = ['2024-10-31', '2024-11-29', '2024-12-02', '2024-12-31'].map(bar);
  assert.equal(barsInRange(bars, '1M').map((b) => b.date), ['2024-12-02', '2024-12-31']);
  assert.is(barsInRange(bars, 'MAX').length, 4);
});

helpers('volumeBuckets sums by week (from Monday) and by month; a missing volume is not zero', () => {
  const bar = (date: string, volume: number | null) => ({ date, open: null, high: null, low: null, close: 1, adjClose: null, volume, dividend: 0, splitRatio: 1, synthetic: false });
  const bars = [bar('2024-12-27', 5), bar('2024-12-30', 10), bar('2024-12-31', 20), bar('2025-01-02', 1), bar('2025-01-06', null)];
  assert.equal(volumeBuckets(bars, 'week'), [{ x: '2024-12-23', y: 5 }, { x: '2024-12-30', y: 31 }, { x: '2025-01-06', y: null }]);
  assert.equal(volumeBuckets(bars, 'month'), [{ x: '2024-12-01', y: 35 }, { x: '2025-01-01', y: 1 }]);
});

// ---
const pages = suite('explorer pages');
pages.before(async () => {
  t = await sampleApp({ server: { plugins: [tierHeader] } });
});
pages.after(() => t.close());

pages('every page has the site search box and the Explorer link; no inline style (the CSP refuses it)', async () => {
  for (const url of ['/explore', '/company/AAPL', '/macro', '/etf', '/etf/SYN000037818', '/bdc', '/bdc/1396440', '/screener', '/search?q=apple', '/', '/glossary']) {
    const body = await page(url);
    assert.match(body, '<form class="site-search" role="search" action="/search" method="get">', url);
    assert.match(body, '<label for="site-q" class="visually-hidden">Search tickers, companies and glossary terms</label>', url);
    assert.match(body, '<a href="/explore"', url);
    assert.not.match(body, / style="/, url);
  }
  const home = await page('/');
  assert.match(home, '<li><a href="/explore">Explorer</a></li>');
  assert.match(home, '<a class="button" href="/explore">Explore the data</a>');
});

pages('/explore links every explorer page and the largest companies', async () => {
  const body = await page('/explore');
  for (const href of ['/macro', '/etf', '/bdc', '/screener']) assert.match(body, `<a href="${href}">`);
  assert.match(body, '<a href="/company/AAPL">AAPL</a> Apple Inc.');
});

pages('/company/AAPL: key figures, price with range switch and volume, statement with its filings, history, filings, insiders, holders, news', async () => {
  const body = await page('/company/AAPL');
  assert.match(body, '<h1>Apple Inc. <span class="muted">(AAPL)</span></h1>');
  assert.match(body, '"@type": "Corporation",\n  "name": "Apple Inc.",\n  "tickerSymbol": "AAPL"');
  // Key figures link to their glossary terms (learners); the statement's XBRL concepts too.
  // Market cap = the latest (generated) close x the cover-page shares of Apple's latest filing (10-Q of 2026-01-30).
  const bars = samplePrices('AAPL');
  const last = bars.at(-1)!;
  const shares = appleFact('dei', 'EntityCommonStockSharesOutstanding', 'shares', '0000320193-26-000006', '2026-01-16').val;
  const cap = `$${((last.close * shares) / 1e12).toFixed(1)}T`;
  assert.ok(last.close * shares >= 1e12, 'shown in trillions');
  assert.match(body, `<div><dt><a class="term" href="/glossary/market-capitalization" title="`);
  assert.match(body, `">Market cap</a></dt><dd>${cap}</dd></div>`);
  assert.match(body, '<code><a class="term" href="/glossary/us-gaap-earningspersharebasic"');
  assert.match(body, `<div><dt>Price</dt><dd>$${last.close.toFixed(2)} (${last.date})</dd></div>`);
  // Price: 1Y by default, 252 bars, adjusted closes; the switch is links (works without script), the current one marked.
  assert.match(body, rangeLine('2023-12-31'));
  assert.is(bars.filter((b) => b.date > '2023-12-31').length, 252);
  assert.match(body, '<title id="price-chart-title">AAPL daily adjusted close, 1Y</title>');
  assert.match(body, '<a href="/company/AAPL?range=1M#price">1M</a>');
  assert.match(body, '<a href="/company/AAPL#price" aria-current="true">1Y</a>');
  assert.match(body, '<figure class="chart" id="price-chart">');
  assert.match(body, '<figure class="chart" id="volume-chart">');
  assert.match(body, /<svg class="chart" viewBox="0 0 640 280" width="100%"[^>]*role="img" aria-labelledby="price-chart-title price-chart-desc"/);
  // The statement as known today is the API's, each value with its filing linked to EDGAR.
  const api = json(await get('/api/fundamentals-pit?ticker=AAPL'));
  // Known today: Apple's latest filing in its companyfacts, the 10-Q for the quarter ended 2025-12-27.
  const revenue = appleFact('us-gaap', 'RevenueFromContractWithCustomerExcludingAssessedTax', 'USD', '0000320193-26-000006', '2025-12-27', '2025-09-28');
  const eps = appleFact('us-gaap', 'EarningsPerShareDiluted', 'USD/shares', '0000320193-26-000006', '2025-12-27', '2025-09-28');
  assert.equal([revenue.start, revenue.form, revenue.filed, revenue.val, eps.val], ['2025-09-28', '10-Q', '2026-01-30', 143_756_000_000, 2.84]);
  assert.is(api.statement.accession, revenue.accn);
  assert.match(body, `<strong>Q1 2026</strong>, period ended 2025-12-27; from the 10-Q filed 2026-01-30 (<a href="https://www.sec.gov/Archives/edgar/data/320193/000032019326000006/0000320193-26-000006-index.htm">0000320193-26-000006</a>)`);
  const rows = tableRows(body, 'AAPL statement as known on');
  assert.equal(rows[0], ['Revenue', `$${Math.round(revenue.val / 1e9)}B`, revenue.accn, '10-Q', '2026-01-30', 'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax']);
  assert.equal(rows.find((r) => r[0] === 'EPS, diluted'), ['EPS, diluted', `$${eps.val.toFixed(2)}`, api.statement.sources.epsDiluted.accession, '10-Q', '2026-01-30', api.statement.sources.epsDiluted.concept]);
  // History chart: one category per fiscal year, data table fallback.
  assert.match(body, '<figure class="chart" id="fundamentals-chart">');
  assert.match(body, '<summary>Data table: AAPL revenue, net income and operating cash flow by fiscal year</summary>');
  // Fiscal years of the real companyfacts: the first 10-K in it is FY2009, the latest FY2025.
  const years = tableRows(body, 'AAPL revenue, net income and operating cash flow by fiscal year').map((r) => r[0]);
  assert.equal([years[0], years.at(-1)], ['FY2009', 'FY2025']);
  assert.ok(years.includes('FY2024') && years.length >= 16, years.join(' '));
  // Filings with EDGAR links (the newest of the real submissions: a Form 3 of 2025-01-10), insiders, holders, news with sentiment.
  assert.match(body, '<th scope="row" data-label="Form">3</th><td data-label="Filed">2025-01-10</td><td data-label="Period">2025-01-01</td>');
  assert.equal(tableRows(body, 'Recent filings of AAPL')[0]!.slice(0, 4), ['3', '2025-01-10', '2025-01-01', '0000320193-25-000002']);
  // No real Form 4 or 13F of Apple is bundled: the page says so.
  assert.match(body, 'No insider filings of AAPL are in the warehouse.');
  assert.match(body, 'No 13F holdings of AAPL are in the warehouse.');
  assert.match(body, 'Apple unveils iPhone 16 lineup built for Apple Intelligence');
  assert.match(body, '<span class="badge sentiment-neutral">neutral +0.00</span>');
});

pages('/company/AAPL?as_of=...: what was known on that date, equal to the API', async () => {
  const body = await page('/company/AAPL?as_of=2023-06-01');
  const api = json(await get('/api/fundamentals-pit?ticker=AAPL&date=2023-06-01'));
  // Known on 2023-06-01: the 10-Q filed 2023-05-05 (quarter 2023-01-01..2023-04-01).
  const revenue = appleFact('us-gaap', 'RevenueFromContractWithCustomerExcludingAssessedTax', 'USD', '0000320193-23-000064', '2023-04-01', '2023-01-01');
  assert.equal([revenue.start, revenue.filed, revenue.val], ['2023-01-01', '2023-05-05', 94_836_000_000]);
  assert.is(api.statement.accession, revenue.accn);
  assert.match(body, '<h2 id="pit-h">Statement as known on 2023-06-01</h2>');
  assert.match(body, `<strong>Q2 2023</strong>, period ended 2023-04-01; from the 10-Q filed 2023-05-05`);
  assert.match(body, '<input id="as_of" name="as_of" type="date" value="2023-06-01"');
  assert.equal(tableRows(body, 'AAPL statement as known on 2023-06-01')[0]!.slice(0, 3), ['Revenue', `$${(revenue.val / 1e9).toFixed(1)}B`, revenue.accn]);
  // Before the first filing in the warehouse: a note, not an error.
  const early = await page('/company/AAPL?as_of=1995-01-01');
  assert.match(early, 'Nothing filed by AAPL on or before 1995-01-01 is in the warehouse.');
  // The range switch keeps the date.
  assert.match(body, '<a href="/company/AAPL?range=5Y&amp;as_of=2023-06-01#price">5Y</a>');
});

pages('/company ranges and quarters', async () => {
  const month = await page('/company/AAPL?range=1M');
  assert.match(month, rangeLine('2024-11-30'));
  assert.match(month, '<a href="/company/AAPL?range=1M#price" aria-current="true">1M</a>');
  const q = await page('/company/AAPL?quarter=2023Q4');
  assert.match(q, 'No 13F holdings of AAPL are in the warehouse.');
});

pages('/company insiders and holders from the real filings: TSLA (Forms 4 and 5), XOM (Kahn Brothers 13F)', async () => {
  const tsla = await page('/company/TSLA');
  const newest = ownershipXml(F.tesla2025.key);
  const first = ownershipRows(newest).find((r) => r.kind === 'transaction')!;
  const rows = tableRows(tsla, 'Insider trades in TSLA, newest filing first');
  assert.equal(rows[0]!.slice(0, 5), [field(newest, 'rptOwnerName'), 'Director', field(newest, 'transactionDate'), `${first.code} (acquired)`, first.shares!.toLocaleString('en-US')]);
  assert.match(tsla, `<a href="https://www.sec.gov/Archives/edgar/data/1318605/000095017025003585/0000950170-25-003585-index.htm">4 `);
  // Tesla's filings are dated by EDGAR (header, submissions JSON); Microsoft's Form 4 by its signature, and the page says so.
  assert.ok(rows.length > 0 && rows.every((r) => /^[345] \d{4}-\d{2}-\d{2}$/.test(r[7]!)), JSON.stringify(rows.map((r) => r[7])));
  const msft = tableRows(await page('/company/MSFT'), 'Insider trades in MSFT, newest filing first');
  assert.ok(msft.length > 0);
  for (const r of msft) assert.is(r[7], `4 ${field(sampleText(F.msft.key), 'signatureDate')} filing date estimated from the signature`);
  const xom = await page('/company/XOM');
  const kahn = infoTableRows(sampleText(F.kahn.table)).find((r) => r.issuer === 'EXXON MOBIL')!;
  const holders = tableRows(xom, '13F holders of XOM, quarter ended 2022-03-31');
  assert.equal(holders.map((h) => [h[0], h[1]]), [[field(sampleText(F.kahn.cover), 'name'), kahn.shares.toLocaleString('en-US')]]);
  assert.match(xom, '<a href="https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&amp;CIK=0001039565&amp;type=&amp;dateb=&amp;owner=include&amp;count=40">');
});

pages('unknown tickers, ETFs, BDCs and series are HTML 404 pages; a lowercase ticker redirects', async () => {
  for (const url of ['/company/NOPE', '/company/%3Cscript%3E', '/etf/NOPE', '/bdc/999999', '/bdc/abc', '/bdc/0', '/macro?series=NOPE']) {
    const res = await get(url);
    assert.is(res.statusCode, 404, url);
    assert.is(res.headers['content-type'], 'text/html; charset=utf-8', url);
    assert.match(res.body, '<h1>Not found</h1>', url);
    assert.match(res.body, 'action="/search"', url);
    assert.not.match(res.body, '<script>', url);
  }
  assert.match((await get('/company/NOPE')).body, 'no company with the ticker &#39;NOPE&#39;');
  const redirect = await get('/company/aapl?range=5Y');
  assert.is(redirect.statusCode, 301);
  assert.is(redirect.headers.location, '/company/AAPL?range=5Y');
});

pages('the BDC list and the screener mark generated totals and prices synthetic, as their API answers do', async () => {
  // A new-user pass found both pages showing generated figures with no badge.
  const bdcs = json<any[]>(await t.app.inject({ url: '/api/credit/bdc', headers: { 'user-agent': BROWSER } }));
  const bdcPage = await page('/bdc');
  for (const b of bdcs) {
    const row = new RegExp(`<a href="/bdc/${b.cik}">[^<]*</a>( <span class="badge badge-synthetic")?`).exec(bdcPage);
    assert.ok(row, `row of ${b.cik}`);
    assert.is(Boolean(row![1]), b.provenance.synthetic, `badge of ${b.cik}`);
  }
  assert.ok(bdcs.some((b) => b.provenance.synthetic), 'the sample BDC totals are generated');
  const screen = json<any>(await t.app.inject({ url: '/api/screener', headers: { 'user-agent': BROWSER } }));
  // The price cell carries the badge (the ratios made from it say so below the table).
  const rows = tableRows(await page('/screener'), 'Screener matches');
  assert.equal(rows.map((r) => [r[0], r[3]!.endsWith(' synthetic')]), screen.results.map((r: any) => [r.ticker, r.priceProvenance.synthetic === true]));
  assert.ok(screen.results.some((r: any) => r.priceProvenance.synthetic), 'the sample prices are generated');
});

pages('unknown lessons and glossary terms, and bad parameters of the glossary, lesson and settings pages, are HTML error pages too', async () => {
  // A new user found /learn/nope and /glossary/nope answering JSON in the browser.
  for (const [url, status, text] of [
    ['/learn/nope', 404, 'no lesson &#39;nope&#39;'],
    ['/learn/tracks', 404, 'no lesson &#39;tracks&#39;'],
    ['/glossary/nope', 404, 'no glossary term &#39;nope&#39;'],
    [`/learn/${'x'.repeat(81)}`, 400, 'id'],
    ['/glossary?page=abc', 400, 'page'],
    ['/glossary?page=0', 400, 'page'],
    // The settings panel and its old address take one parameter too (a review found them JSON).
    [`/account?upgrade=${'x'.repeat(41)}`, 400, 'upgrade'],
    ['/account?upgrade=a&upgrade=b', 400, 'upgrade'],
    [`/settings?upgrade=${'x'.repeat(41)}`, 400, 'upgrade'],
  ] as [string, number, string][]) {
    const res = await get(url);
    assert.is(res.statusCode, status, url);
    assert.is(res.headers['content-type'], 'text/html; charset=utf-8', url);
    assert.match(res.body, status === 404 ? '<h1>Not found</h1>' : '<h1>Bad request</h1>', url);
    assert.match(res.body, text, url);
  }
  // The pages themselves are unchanged.
  const lesson = await get('/learn');
  assert.is(lesson.statusCode, 200);
  assert.is((await get('/glossary?page=1')).statusCode, 200);
});

pages('bad dates and parameters are HTML 400 pages, never 500', async () => {
  const cases: [string, string][] = [
    ['/company/AAPL?as_of=2024-02-30', "parameter 'as_of' must be a real calendar date YYYY-MM-DD (got '2024-02-30')"],
    ['/company/AAPL?as_of=yesterday', "parameter 'as_of' must be a real calendar date"],
    ['/company/AAPL?as_of=2024-01-01&as_of=2024-01-02', "parameter 'as_of' was given more than once"],
    ['/company/AAPL?range=2W', "parameter 'range' must be one of 1M, 6M, 1Y, 5Y, MAX (got '2W')"],
    ['/company/AAPL?quarter=2024Q5', "parameter 'quarter' must be a quarter like '2024Q2' (got '2024Q5')"],
    ['/macro?date=2024-13-01', "parameter 'date' must be a real calendar date"],
    ['/macro?compare=0', "parameter 'compare' must be a real calendar date"],
    ['/macro?start=2024-06-01&end=2024-01-01', "parameter 'start' (2024-06-01) is after 'end' (2024-01-01)"],
    ['/bdc/1396440?period=2025-02-31', "parameter 'period' must be a real calendar date"],
    ['/bdc/1396440?period=2020-03-31', 'reported no schedule of investments for the period 2020-03-31'],
    ['/etf/SYN000037818?holdings=0', "parameter 'holdings' must be a number from 1 to 500"],
    ['/screener?sort=bogus', "parameter 'sort' must be one of marketCap"],
    ['/screener?mktcap_min=abc', "parameter 'mktcap_min'"],
    ['/screener?limit=0', "parameter 'limit'"],
    [`/search?q=${'x'.repeat(101)}`, "parameter 'q' is longer than 100 characters"],
    // Refused by the route layer before the page's handler (they were the server's JSON).
    ['/company/%00', "invalid parameter 'ticker': must not contain control characters"],
    ['/etf/%00', 'must not contain control characters'],
    ['/search?q=%00', "invalid parameter 'q': must not contain control characters"],
    ['/macro?series=%00', 'must not contain control characters'],
    ['/company/AAPL?range=%00', 'must not contain control characters'],
  ];
  for (const [url, message] of cases) {
    const res = await get(url);
    assert.is(res.statusCode, 400, `${url}: ${res.body.slice(0, 200)}`);
    assert.is(res.headers['content-type'], 'text/html; charset=utf-8', url);
    assert.match(res.body, '<h1>Bad request</h1>', url);
    assert.match(res.body, message.replace(/'/g, '&#39;'), url);
  }
});

pages('/macro: the yield curve on a date against a comparison date, FRED series with vintages', async () => {
  // The real Treasury CSVs of the sample (newest first): the latest curve is the first row of 2025,
  // compared by default with the curve of a year earlier, which falls back to the last day of 2022.
  const c25 = sampleCsv('home.treasury.gov/daily_treasury_yield_curve/2025.csv');
  const c22 = sampleCsv('home.treasury.gov/daily_treasury_yield_curve/2022.csv');
  const cell = (csv: { header: string[]; rows: string[][] }, column: string) => Number(csv.rows[0]![csv.header.indexOf(column)]);
  const [d25, d22] = [c25.rows[0]![0]!, c22.rows[0]![0]!];
  const pct = (v: number) => `${v.toFixed(2)}%`;
  const bp = (csv: { header: string[]; rows: string[][] }) => `${Math.round((cell(csv, '10 Yr') - cell(csv, '2 Yr')) * 100)} bp`;
  const body = await page('/macro');
  assert.match(body, '<figure class="chart" id="curve-chart">');
  assert.equal(tableRows(body, `US Treasury par yield curve, ${d25} and ${d22}`).find((r) => r[0] === '3M'), ['3M', pct(cell(c25, '3 Mo')), pct(cell(c22, '3 Mo'))]);
  assert.match(body, `10-year minus 2-year spread: ${d25} ${bp(c25)}; ${d22} ${bp(c22)}.`);
  const chosen = await page(`/macro?date=2024-06-15&compare=${d25}`);
  // A day without a curve in the warehouse: the latest curve before it is shown, and said so.
  assert.match(chosen, `2024-06-15 has no curve (not a business day, or not yet published): showing ${d22}, the latest before it.`);
  assert.match(chosen, `<title id="curve-chart-title">US Treasury par yield curve, ${d22} and ${d25}</title>`);
  // The oldest curve is the 1990 XML feed's first day.
  const none = await page('/macro?date=1989-12-29');
  assert.match(none, 'No yield curve on or before 1989-12-29 is in the warehouse.');
  // The series says where its latest value comes from: a real FRED file, no synthetic badge.
  const latestDgs10 = json(await get('/api/macro/series?id=DGS10')).observations.at(-1).provenance;
  assert.is(latestDgs10.synthetic, false);
  assert.match(body, `Source: ${latestDgs10.source} (<a href="${latestDgs10.url}" rel="noopener">${latestDgs10.document}</a>).`);
  // GDP: the generated vintages file. Without as_of the page compares the latest values with the
  // vintage before the latest revision; the expected rows are computed from the file.
  const vintages = sampleCsv('fred.stlouisfed.org/vintages/GDP.csv').rows.map(([start, end, date, value]) => ({ start: start!, end: end!, date: date!, value: Number(value) }));
  const current = vintages.filter((v) => v.end === '9999-12-31');
  const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  const rowsAsOf = (asOf: string) =>
    current.map((c) => {
      const v = vintages.find((x) => x.date === c.date && x.start <= asOf && asOf <= x.end);
      return [c.date, String(c.value), c.start, v ? String(v.value) : 'not yet published', v ? v.start : '—'];
    });
  const asOf = dayBefore(current.map((c) => c.start).sort().at(-1)!);
  const gdp = await page('/macro?series=GDP');
  assert.match(gdp, /Source: FRED \(Federal Reserve Bank of St\. Louis\) \(<a href="[^"]+" rel="noopener">fred\.stlouisfed\.org\/vintages\/GDP\.csv<\/a>\) <span class="badge badge-synthetic"/);
  assert.equal(tableRows(gdp, `GDP vintages: latest against as known on ${asOf}`), rowsAsOf(asOf));
  const early = await page('/macro?series=GDP&as_of=2024-09-01');
  const expected = rowsAsOf('2024-09-01');
  assert.ok(expected.some((r) => r[3] === 'not yet published') && expected.some((r) => r[3] !== r[1]), 'the file has later quarters and revised values');
  assert.equal(tableRows(early, 'GDP vintages: latest against as known on 2024-09-01'), expected);
});

pages('/etf and /etf/SYN000037818: a fund class symbol, holdings and breakdowns of the real N-PORT', async () => {
  // The sample's one N-PORT is a mutual fund's (no exchange listing): the ETF list is empty.
  assert.match(await page('/etf'), 'No ETFs are in the warehouse.');
  const xml = sampleText(F.goldman.key);
  const held = nportHoldings(xml).sort((a, b) => b.valueUsd - a.valueUsd);
  const body = await page('/etf/SYN000037818');
  assert.match(body, `<h1>${field(xml, 'seriesName')} <span class="muted">(SYN000037818)</span></h1>`);
  const holdings = tableRows(body, 'SYN000037818 holdings, largest first');
  assert.equal(holdings[0]!.slice(0, 2), [held[0]!.name, held[0]!.cusip ?? '']);
  // Published without its accession number: the page names the document, never a made-up EDGAR link.
  assert.match(body, `<code>${F.goldman.key}</code> (published without its accession number)`);
  assert.not.ok(body.includes('unknownaccession'));
  assert.match(body, `From the N-PORT filed ${field(xml, 'dateSigned')} <span class="badge badge-estimated"`);
  assert.match(body, '>filing date estimated from the signature</span>');
  const sectors = tableRows(body, 'SYN000037818 sector breakdown, % of net assets');
  assert.is(sectors[0]![0], 'Unclassified');
});

pages('/bdc/:cik: holdings for everyone, credit quality only from Researcher (as the API)', async () => {
  // Main Street's real 10-Q in the sample's DERA data set, with generated positions (generate-bdc-soi.ts).
  const soi = sampleBytes('www.sec.gov/files/dera/data/bdc-data-sets/2025_11/soi.tsv').toString('utf8').split('\n').filter(Boolean).map((l) => l.split('\t'));
  const main = soi.filter((r) => r[1] === '1396440').sort((a, b) => Number(b[18]) - Number(a[18]));
  const name = main[0]![2]!;
  assert.match(await page('/bdc'), `<a href="/bdc/1396440">${name}</a>`);
  const learner = await get('/bdc/1396440', 'learner');
  assert.is(learner.statusCode, 200);
  assert.is(learner.headers['cache-control'], 'private, no-store');
  assert.match(learner.body, 'Credit quality over time needs the Researcher tier or above.');
  assert.match(learner.body, 'href="http://localhost:8080/account?upgrade=researcher#plans"');
  assert.not.match(learner.body, 'quality-chart');
  assert.not.match(learner.body, 'Non-accrual (cost)');
  assert.is((await get('/api/credit/bdc/1396440/quality', 'learner')).statusCode, 402);
  assert.equal(tableRows(learner.body, `${name} holdings`)[0]!.slice(0, 2), [main[0]![10]!.replace(/, [^,]*$/, ''), main[0]![9]]);

  const researcher = await page('/bdc/1396440', 'researcher');
  const api = json(await get('/api/credit/bdc/1396440/quality', 'researcher'));
  assert.not.match(researcher, 'needs the Researcher tier');
  assert.match(researcher, '<figure class="chart" id="quality-chart">');
  const row = tableRows(researcher, `${name} credit quality, newest first`)[0]!;
  assert.is(row[0], api[0].period);
  assert.is(row[4], `${(api[0].nonAccrualShareCost * 100).toFixed(2)}%`);
});

pages('/screener: the API rows at the caller tier (top three and the locked count below Researcher)', async () => {
  for (const tier of ['learner', 'researcher'] as TierId[]) {
    // Every sector: the sample's Information Technology companies with a price are only AAPL and NVDA.
    const body = await page('/screener?sort=marketCap:desc', tier);
    const api = json(await get('/api/screener?sort=marketCap:desc', tier));
    const tickers = tableRows(body, 'Screener matches').map((r) => r[0]);
    assert.equal(tickers, api.results.map((r: { ticker: string }) => r.ticker), tier);
    assert.match(body, `${api.total} matches, sorted by marketCap:desc`);
    if (tier === 'learner') {
      assert.is(tickers.length, 3);
      assert.ok(api.total > 3);
      assert.match(body, `Below it the screener shows the top 3 of ${api.locked_total} matches`);
    } else {
      assert.is(tickers.length, api.total);
      assert.not.match(body, 'needs the Researcher tier');
    }
  }
  const all = await page('/screener', 'learner');
  assert.is(tableRows(all, 'Screener matches').length, 3);
  assert.match(all, '<option value="marketCap:desc" selected>');
});

/** A signed-in browser: an account on `tier` with a live session; returns the session cookie. */
async function sessionOn(tier: TierId): Promise<string> {
  const accountId = randomUUID();
  await insertAccount(t.services.store, { id: accountId, email: `${tier}.${accountId.slice(0, 8)}@example.com`, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$unused$unused' });
  await markEmailVerified(t.services.store, accountId, new Date());
  if (tier !== 'learner') await setAccountTier(t.services.store, accountId, tier);
  const token = randomBytes(32).toString('base64url');
  await insertSession(t.services.store, { idHash: sha256Hex(token), accountId, expiresAt: new Date(Date.now() + 86_400_000), ip: null, userAgent: null });
  return `alm_session=${token}`;
}

pages('a signed-in session: the page reads the account tier through the request pipeline (no test hook)', async () => {
  const asBrowser = (url: string, cookie: string) => t.app.inject({ url, headers: { 'user-agent': BROWSER, cookie } });
  const researcher = await sessionOn('researcher');
  const full = await asBrowser('/screener', researcher);
  assert.is(full.statusCode, 200);
  assert.is(tableRows(full.body, 'Screener matches').length, json(await get('/api/screener', 'researcher')).total);
  assert.match((await asBrowser('/bdc/1396440', researcher)).body, '<figure class="chart" id="quality-chart">');
  const learner = await sessionOn('learner');
  const locked = await asBrowser('/bdc/1396440', learner);
  assert.match(locked.body, 'Credit quality over time needs the Researcher tier or above.</strong> Your account is on Learner.');
  assert.is(tableRows((await asBrowser('/screener', learner)).body, 'Screener matches').length, 3);
});

pages('/search: tickers, companies, glossary terms and explorer pages', async () => {
  const apple = await page('/search?q=apple');
  assert.match(apple, '<a href="/company/AAPL"><strong>AAPL</strong> Apple Inc.</a>');
  const term = await page('/search?q=earnings');
  assert.match(term, '<a href="/glossary/net-income">');
  const curve = await page('/search?q=yield+curve');
  assert.match(curve, '<a href="/macro#curve">Treasury yield curve</a>');
  const none = await page('/search?q=zzzzqqq');
  assert.match(none, '0 results for “zzzzqqq”.');
  assert.match(await page('/search'), 'Search tickers (AAPL)');
  assert.match(await page('/search?q=%3Cb%3E'), '“&lt;b&gt;”');
});

pages('explorer pages are in the sitemap', async () => {
  const body = (await get('/sitemap.xml')).body;
  for (const p of ['/explore', '/macro', '/etf', '/bdc', '/screener']) assert.match(body, `<loc>${t.config.publicUrl.replace(/\/+$/, '')}${p}</loc>`);
});

helpers.run();
pages.run();
