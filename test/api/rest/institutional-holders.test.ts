import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, sampleApp, type TestApp } from '../../helpers.ts';
import { constructedWarehouse } from '../../fixtures/ownership/constructed.ts';
import { field, infoTableRows, sampleText, SAMPLE_FILINGS as F } from '../../sample-filings.ts';

let t: TestApp;
const real = suite('/api/institutional-holders (the sample: real 13F filings)');
real.before(async () => {
  t = await sampleApp({ jobs: ['companies', '13f', 'nport', 'security-master'] });
});
real.after(() => t.close());

real('holders of a ticker from the real 13F filings, values as filed (dollars)', async () => {
  const cover = sampleText(F.kahn.cover);
  const rows = infoTableRows(sampleText(F.kahn.table));
  const xom = rows.filter((r) => r.issuer === 'EXXON MOBIL');
  assert.is(xom.length, 1);
  const res = await t.app.inject('/api/institutional-holders?ticker=XOM');
  assert.is(res.statusCode, 200, res.body);
  const body = json<any>(res);
  assert.is(body.period, '2022-03-31');
  assert.is(field(cover, 'reportCalendarOrQuarter'), '03-31-2022');
  assert.equal(body.cusips, [xom[0]!.cusip]);
  assert.equal(body.holders.map((h: any) => [h.cik, h.manager, h.shares, h.valueUsd, h.provenance.accession]), [
    [1039565, field(cover, 'name'), xom[0]!.shares, xom[0]!.value, F.kahn.accession],
  ]);
  const total = rows.reduce((s, r) => s + r.value, 0);
  assert.is(body.holders[0].pctOfPortfolio, Math.round((xom[0]!.value / total) * 100 * 10_000) / 10_000);
});

real('errors', async () => {
  assert.is((await t.app.inject('/api/institutional-holders')).statusCode, 400);
  assert.is((await t.app.inject('/api/institutional-holders?ticker=ZZZZ')).statusCode, 404);
  assert.is((await t.app.inject('/api/institutional-holders?ticker=AAPL&quarter=2024Q5')).statusCode, 400);
});

real.run();

// --- amendment and split rules, on constructed filings (test/fixtures/ownership/constructed) ---

const test = suite('/api/institutional-holders (constructed amendments and a split)');
test.before(async () => {
  t = await sampleApp({ build: false, config: { dataDir: await constructedWarehouse() } });
});
test.after(() => t.close());

test('a split is not a purchase (NVIDIA 10-for-1, June 2024)', async () => {
  const res = await t.app.inject('/api/institutional-holders?ticker=NVDA');
  assert.is(res.statusCode, 200);
  const { dataThrough, fetchedAt: _f, ...body } = json<any>(res);
  assert.is(dataThrough, '2024-06-30');
  assert.equal(body.holders[0].provenance.accession, '0000919574-24-005102');
  body.holders = body.holders.map(({ provenance: _p, ...h }: any) => h);
  assert.equal(body, {
    ticker: 'NVDA',
    cusips: ['67066G104'],
    period: '2024-06-30',
    previousPeriod: '2024-03-31',
    splitFactor: 10,
    splitSource: 'inferred',
    holders: [
      { cik: 1135730, manager: 'Coatue Management LLC', period: '2024-06-30', shares: 14000000, valueUsd: 1729560000, pctOfPortfolio: 48.7334, previousShares: 1500000, changeShares: -1000000, change: 'decreased' },
    ],
    totalShares: 14000000,
    totalValueUsd: 1729560000,
  });
});

test('holders of AAPL in an earlier quarter; new positions', async () => {
  const body = json<any>(await t.app.inject('/api/institutional-holders?ticker=aapl&quarter=2024Q1'));
  assert.equal(body.holders.map((h: any) => [h.manager, h.shares, h.previousShares, h.changeShares, h.change, h.pctOfPortfolio]), [
    ['Berkshire Hathaway Inc', 789368450, 905560000, -116191550, 'decreased', 57.2137],
  ]);
  const googl = json<any>(await t.app.inject('/api/institutional-holders?ticker=GOOGL'));
  assert.equal(googl.holders.map((h: any) => [h.manager, h.change, h.changeShares]), [['Coatue Management LLC', 'new', 1000000]]);
});

test.run();
