import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, sampleApp, type TestApp } from '../../helpers.ts';
import { constructedWarehouse } from '../../fixtures/ownership/constructed.ts';
import { field, infoTableRows, sampleText, SAMPLE_FILINGS as F, xmlDocuments } from '../../sample-filings.ts';
import { keyAccount } from './user-state-accounts.ts';

let t: TestApp;

/** The answer without its issue-16 fields (checked in test/api/provenance-ownership.test.ts), after checking each row's accession. */
function bare(body: any): any {
  const { dataThrough, fetchedAt: _f, ...rest } = body;
  assert.is(dataThrough, body.period);
  const strip = ({ provenance, ...r }: any) => {
    assert.is(provenance.source, 'SEC EDGAR');
    return r;
  };
  return { ...rest, filings: rest.filings.map((f: any) => { assert.is(f.provenance.accession, f.accession); return strip(f); }), holdings: rest.holdings.map(strip) };
}

const real = suite('/api/fund-holdings (the sample: real 13F filings)');
real.before(async () => {
  t = await sampleApp({ jobs: ['companies', '13f', 'nport', 'security-master'] });
});
real.after(() => t.close());

real('a real 13F: every position as filed (dollars), totals from its information table', async () => {
  const cover = sampleText(F.kahn.cover);
  const rows = infoTableRows(sampleText(F.kahn.table));
  const total = rows.reduce((s, r) => s + r.value, 0);
  // The cover's tableValueTotal is $1 more than the rows' sum (../shared/data/QUIRKS.md): units are dollars.
  assert.ok(Math.abs(Number(field(cover, 'tableValueTotal')) - total) <= 1);
  const res = await t.app.inject('/api/fund-holdings?cik=1039565&max_holdings=500');
  assert.is(res.statusCode, 200, res.body);
  const body = bare(json(res));
  assert.equal([body.cik, body.manager, body.period, body.positions, body.totalValueUsd], [1039565, field(cover, 'name'), '2022-03-31', rows.length, total]);
  // Filed on its signature date: no EDGAR header or submissions JSON of the filer is bundled.
  assert.equal(body.filings, [{ accession: F.kahn.accession, form: field(cover, 'submissionType'), filed: '2022-05-02', amendmentType: null }]);
  assert.is(field(cover, 'signatureDate'), '05-02-2022');
  const largest = [...rows].sort((a, b) => b.value - a.value);
  assert.equal(body.holdings.slice(0, 3).map((h: any) => [h.cusip, h.valueUsd, h.shares]), largest.slice(0, 3).map((r) => [r.cusip, r.value, r.shares]));
  assert.is(body.holdings.reduce((s: number, h: any) => s + h.valueUsd, 0), total);
});

real('a complete submission .txt: the filing date of its header', async () => {
  const txt = sampleText(F.ltsOne.key);
  const table = xmlDocuments(F.ltsOne.key).find((d) => /<(\w+:)?informationTable[\s>]/.test(d))!;
  const rows = infoTableRows(table);
  const body = bare(json(await t.app.inject('/api/fund-holdings?cik=1894188')));
  const filed = /FILED AS OF DATE:\s*(\d{4})(\d{2})(\d{2})/.exec(txt)!;
  assert.equal(body.filings.map((f: any) => [f.accession, f.filed]), [[F.ltsOne.accession, `${filed[1]}-${filed[2]}-${filed[3]}`]]);
  assert.equal([body.positions, body.totalValueUsd], [rows.length, rows.reduce((s, r) => s + r.value, 0)]);
});

real('max_holdings outside 1..500, bad cik, unknown cik', async () => {
  for (const q of ['cik=1039565&max_holdings=0', 'cik=1039565&max_holdings=501', 'cik=1039565&max_holdings=abc', 'cik=abc', '']) {
    const res = await t.app.inject(`/api/fund-holdings?${q}`);
    assert.is(res.statusCode, 400, q);
  }
  assert.match(json(await t.app.inject('/api/fund-holdings?cik=1039565&max_holdings=501')).error, 'max_holdings');
  assert.is((await t.app.inject('/api/fund-holdings?cik=999')).statusCode, 404);
});

real.run();

// --- amendment and unit rules, on constructed filings (test/fixtures/ownership/constructed) ---

const test = suite('/api/fund-holdings (constructed amendments)');
test.before(async () => {
  t = await sampleApp({ build: false, config: { dataDir: await constructedWarehouse() } });
});
test.after(() => t.close());

test('latest quarter with totals and the filing it came from', async () => {
  const res = await t.app.inject('/api/fund-holdings?cik=1067983&max_holdings=2');
  assert.is(res.statusCode, 200);
  assert.equal(bare(json(res)), {
    cik: 1067983,
    manager: 'Berkshire Hathaway Inc',
    period: '2024-03-31',
    filings: [{ accession: '0000950123-24-006109', form: '13F-HR', filed: '2024-05-15', amendmentType: null }],
    amendmentsOnly: false,
    positions: 6,
    totalValueUsd: 236588362740,
    holdings: [
      { issuer: 'APPLE INC', titleOfClass: 'COM', cusip: '037833100', ticker: 'AAPL', valueUsd: 135360901806, shares: 789368450, shareType: 'SH', putCall: null, pctOfPortfolio: 57.2137 },
      { issuer: 'AMERICAN EXPRESS CO', titleOfClass: 'COM', cusip: '025816109', ticker: null, valueUsd: 34520240283, shares: 151610700, shareType: 'SH', putCall: null, pctOfPortfolio: 14.5908 },
    ],
  });
});

test('pre-2023 quarter stored in dollars (reported in thousands)', async () => {
  const body = json<any>(await t.app.inject('/api/fund-holdings?cik=1067983&quarter=2022Q3&max_holdings=1'));
  assert.equal([body.period, body.totalValueUsd, body.holdings[0].valueUsd], ['2022-09-30', 202223564000, 123661682000]);
});

test('a NEW HOLDINGS amendment adds to the quarter (never wipes it)', async () => {
  const body = json<any>(await t.app.inject('/api/fund-holdings?cik=1067983&quarter=2023-12-31'));
  assert.equal(body.filings.map((f: any) => [f.form, f.amendmentType]), [['13F-HR', null], ['13F-HR/A', 'NEW HOLDINGS']]);
  assert.is(body.positions, 6);
  assert.equal(body.holdings.map((h: any) => h.cusip).sort(), ['025816109', '037833100', '166764100', '191216100', '674599105', 'H1467J104']);
  // Before the amendment was filed, the quarter had the five original positions.
  const before = json<any>(await t.app.inject('/api/fund-holdings?cik=1067983&quarter=2023Q4&as_of=2024-03-01'));
  assert.equal([before.positions, before.totalValueUsd], [5, 259682566501]);
});

test('a RESTATEMENT replaces the quarter', async () => {
  const body = json<any>(await t.app.inject('/api/fund-holdings?cik=1135730'));
  assert.equal(bare(body).filings, [{ accession: '0000919574-24-005102', form: '13F-HR/A', filed: '2024-08-20', amendmentType: 'RESTATEMENT' }]);
  assert.equal(body.holdings.map((h: any) => [h.ticker, h.shares]), [['NVDA', 14000000], ['MSFT', 2150000], ['AMZN', 3500000], ['GOOGL', 1000000]]);
  const original = json<any>(await t.app.inject('/api/fund-holdings?cik=1135730&as_of=2024-08-15'));
  assert.equal(original.holdings.find((h: any) => h.ticker === 'MSFT').shares, 2100000);
});

test('13F filer analytics: Researcher and above (as the MCP tool and GraphQL; schema/access.ts)', async () => {
  const anonymous = await t.app.inject({ url: '/api/institutions/1135730', headers: { 'user-agent': 'almanac-tests/1.0' } });
  assert.is(anonymous.statusCode, 402);
  assert.equal([json(anonymous).requiredTier, json(anonymous).currentTier], ['Researcher', 'Learner']);
  const researcher = await keyAccount(t.app, t.services.store, 'filer-analytics@example.com', 'researcher');
  const get = (url: string) => t.app.inject({ url, headers: { 'x-api-key': researcher.key, 'user-agent': 'almanac-tests/1.0' } });
  const body = json<any>(await get('/api/institutions/1135730'));
  assert.equal(body.quarters, [
    { period: '2024-03-31', filed: '2024-05-15', amendmentsOnly: false, positions: 4, valueUsd: 3500996000, newPositions: 4, exitedPositions: 0 },
    { period: '2024-06-30', filed: '2024-08-20', amendmentsOnly: false, positions: 4, valueUsd: 3549027500, newPositions: 1, exitedPositions: 1 },
  ]);
  assert.is(body.concentrationTop10, 100);
  assert.is((await get('/api/institutions/42')).statusCode, 404);
});

test.run();

// --- issue 13.17: a NEW HOLDINGS amendment loaded without its original ---

const orphan = suite('13F: a NEW HOLDINGS amendment without its original');
let o: TestApp;
orphan.before(async () => {
  // Only Berkshire's 2023Q4 NEW HOLDINGS amendment (constructed, test/fixtures/ownership/constructed), not the 13F-HR it amends.
  const dataDir = await constructedWarehouse(['13f'], ['www.sec.gov/Archives/edgar/data/1067983/000095012324006111']);
  o = await sampleApp({ config: { dataDir }, build: false });
});
orphan.after(() => o.close());

orphan('fund-holdings serves it as the quarter, marked as from amendments only', async () => {
  const res = await o.app.inject('/api/fund-holdings?cik=1067983');
  assert.is(res.statusCode, 200, res.body);
  const body = json<any>(res);
  assert.equal([body.period, body.amendmentsOnly, bare(body).filings], ['2023-12-31', true, [{ accession: '0000950123-24-006111', form: '13F-HR/A', filed: '2024-05-15', amendmentType: 'NEW HOLDINGS' }]]);
  assert.ok(body.positions > 0);
  // Before it was filed, nothing was known.
  assert.is((await o.app.inject('/api/fund-holdings?cik=1067983&as_of=2024-05-14')).statusCode, 404);
});

orphan('institutions/{cik} lists the quarter, marked too', async () => {
  // 13F filer analytics need Researcher (schema/access.ts).
  const researcher = await keyAccount(o.app, o.services.store, 'orphan-analytics@example.com', 'researcher');
  const res = await o.app.inject({ url: '/api/institutions/1067983', headers: { 'x-api-key': researcher.key, 'user-agent': 'almanac-tests/1.0' } });
  assert.is(res.statusCode, 200, res.body);
  const body = json<any>(res);
  assert.equal(body.quarters.map((q: any) => [q.period, q.amendmentsOnly]), [['2023-12-31', true]]);
  assert.ok(body.top.length > 0);
});

orphan('GraphQL manager.holdings says so too', async () => {
  const res = await o.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', 'user-agent': 'almanac-tests/1.0 (13f)' },
    payload: { query: '{ manager(cik: 1067983) { holdings { period amendmentsOnly accessions } } }' },
  });
  assert.is(res.statusCode, 200, res.body);
  assert.equal(json<any>(res).data.manager.holdings, { period: '2023-12-31', amendmentsOnly: true, accessions: ['0000950123-24-006111'] });
  // A CIK that filed no 13F is no manager: null, as REST and MCP answer 404 (it was an object with no holdings).
  const none = await o.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', 'user-agent': 'almanac-tests/1.0 (13f)' },
    payload: { query: '{ manager(cik: 2147483647) { cik holdings { period } } }' },
  });
  assert.equal(json<any>(none).data, { manager: null }, none.body);
  assert.is((await o.app.inject({ url: '/api/fund-holdings?cik=2147483647', headers: { 'user-agent': 'almanac-tests/1.0 (13f)' } })).statusCode, 404);
});

orphan.run();
