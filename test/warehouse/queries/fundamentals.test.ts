import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { Warehouse } from '../../../warehouse/reader.ts';
import { fundamentalsHistory, latestFundamentals, pitStatement, pitUniverse } from '../../../warehouse/queries/fundamentals.ts';
import { companyProfile, recentFilings } from '../../../warehouse/queries/filings.ts';
import { buildSample, tempDir } from '../../helpers.ts';

let wh: Warehouse;

const latest = suite('latestFundamentals');
latest.before(async () => {
  const dataDir = tempDir();
  await buildSample(dataDir, ['companies', 'filings', 'fundamentals']);
  // The SQL path (the serving layer is compared with it in test/warehouse/serving.test.ts).
  wh = await Warehouse.open({ dataDir, poolSize: 2, serving: false });
});

latest('one row per ticker with data, exact values, metrics from the same values', async () => {
  // Between Apple's FY2024 10-K (2024-11-01) and its next 10-Q (2025-01-31); values as filed (real companyfacts).
  const [aapl] = await latestFundamentals(wh, ['AAPL'], '2024-12-01');
  assert.equal(aapl, {
    ticker: 'AAPL', cik: 320193, fiscalYear: 2024, fiscalPeriod: 'FY', periodEnd: '2024-09-28', filingDate: '2024-11-01',
    accession: '0000320193-24-000123', form: '10-K', revenue: 391_035_000_000, netIncome: 93_736_000_000, totalAssets: 364_980_000_000,
    totalLiabilities: 308_030_000_000, stockholdersEquity: 56_950_000_000, operatingCashFlow: 118_254_000_000, epsBasic: 6.11, epsDiluted: 6.08,
    epsDilutedTtm: 6.08, longTermDebt: 85_750_000_000, sharesOutstanding: 15_115_823_000,
    grossMargin: 180_683 / 391_035, operatingMargin: 123_216 / 391_035, netMargin: 93_736 / 391_035, roa: 93_736 / 364_980, roe: 93_736 / 56_950,
    currentRatio: 152_987 / 176_392, dividendsPerShare: 0.98,
  });
});

latest('TTM EPS: four quarters when known (Q4 derived), else the latest fiscal year', async () => {
  // After the Q3 10-Q of fiscal 2024: Q4 FY2023 derived (FY 6.13 - nine months 4.67 = 1.46) + Q1 2.18 + Q2 1.53 + Q3 1.40.
  const [q3] = await latestFundamentals(wh, ['AAPL'], '2024-08-15');
  assert.equal([q3!.fiscalPeriod, q3!.fiscalYear, q3!.epsDiluted, q3!.epsDilutedTtm], ['Q3', 2024, 1.4, 6.57]);
  // After the FY2024 10-K: Q1-Q3 from 10-Qs + Q4 derived = the annual figure (6.08)
  const [fy] = await latestFundamentals(wh, ['AAPL'], '2024-12-01');
  assert.is(fy!.epsDilutedTtm, 6.08);
});

latest('the whole universe in one statement: the companies with real companyfacts in the sample', async () => {
  const before = wh.queryCount;
  const all = await latestFundamentals(wh, null, '2025-03-01');
  assert.is(wh.queryCount - before, 1);
  assert.equal(all.map((r) => r.ticker), ['AAPL', 'MRVL', 'NVDA', 'TSM']);
  assert.equal(await latestFundamentals(wh, [], '2025-03-01'), []);
  assert.equal((await latestFundamentals(wh, ['aapl', 'NOPE', 'SPY'], '2025-03-01')).map((r) => r.ticker), ['AAPL']);
  assert.equal(await latestFundamentals(wh, null, '2000-01-01'), []);
});

latest('metrics from the same row: a loss is a negative margin, never zero (Marvell)', async () => {
  const [mrvl] = await latestFundamentals(wh, ['MRVL'], '2025-03-01');
  assert.ok(mrvl!.netIncome! < 0 && mrvl!.operatingMargin! < 0);
  assert.is(mrvl!.roe, mrvl!.netIncome! / mrvl!.stockholdersEquity!);
  assert.is(mrvl!.netMargin, mrvl!.netIncome! / mrvl!.revenue!);
});

// ---
const audit = suite('look-ahead audit over the sample warehouse');
// The US-GAAP filers with real companyfacts in the sample (TSM reports ifrs-full in TWD: the USD oracle below does not apply).
const TICKERS = ['AAPL', 'NVDA', 'MRVL'];
const CIKS: Record<string, number> = { AAPL: 320193, NVDA: 1045810, MRVL: 1835632 };
const day = fc.integer({ min: Date.UTC(2022, 6, 1), max: Date.UTC(2025, 11, 31) }).map((ms) => new Date(ms - (ms % 86_400_000)).toISOString().slice(0, 10));

audit('no served value has a filed date after the query date; values are the latest known', async () => {
  let served = 0;
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...TICKERS), day, async (ticker, date) => {
      const st = await pitStatement(wh, CIKS[ticker]!, date);
      if (!st) return;
      served++;
      assert.ok(st.filingDate <= date, `${ticker}@${date}: statement filed ${st.filingDate}`);
      assert.ok(st.periodEnd < date);
      for (const [item, src] of Object.entries(st.sources)) assert.ok(src.filed <= date, `${ticker}@${date}: ${item} filed ${src.filed}`);
      // oracle for reported (non-derived) annual revenue: the latest fact of that concept filed on or before the date
      const rev = st.sources.revenue;
      if (st.fiscalPeriod === 'FY' && rev && !rev.derived) {
        const [taxonomy, concept] = rev.concept.split(':');
        const [latestFact] = await wh.all<{ value: number }>(
          `SELECT value FROM facts WHERE cik = $cik AND taxonomy = $taxonomy AND concept = $concept AND unit = 'USD' AND period_end = $end::DATE
             AND date_diff('day', period_start, period_end) BETWEEN 350 AND 380 AND filed <= $date::DATE ORDER BY filed DESC, accession DESC LIMIT 1`,
          { cik: CIKS[ticker]!, taxonomy: taxonomy!, concept: concept!, end: st.periodEnd, date },
        );
        assert.is(st.fundamentals.revenue, latestFact!.value, `${ticker}@${date}`);
      }
    }),
    { numRuns: 150, seed: 20261121 },
  );
  assert.ok(served > 100, `only ${served} pairs had data`);
});

audit('batch, universe and history never look ahead either', async () => {
  for (const date of ['2022-10-27', '2022-10-28', '2023-06-30', '2024-02-20', '2024-11-01', '2025-02-26']) {
    for (const r of await latestFundamentals(wh, null, date)) assert.ok(r.filingDate! <= date && r.periodEnd! < date, `${r.ticker}@${date}`);
    for (const r of await pitUniverse(wh, date)) assert.ok(r.filingDate <= date, `${r.ticker}@${date}`);
    for (const cik of Object.values(CIKS)) {
      for (const e of await fundamentalsHistory(wh, cik, '2000-01-01', date)) {
        for (const s of e.statements) for (const src of Object.values(s.sources)) assert.ok(src.filed <= e.filingDate && e.filingDate <= date);
      }
    }
  }
  // on the day of Apple's FY2022 10-K it is served; the day before, the Q3 10-Q still is; before the first filing, nothing
  assert.equal([(await pitStatement(wh, 320193, '2022-10-27'))!.fiscalPeriod, (await pitStatement(wh, 320193, '2022-10-27'))!.fiscalYear], ['Q3', 2022]);
  assert.equal([(await pitStatement(wh, 320193, '2022-10-28'))!.fiscalPeriod, (await pitStatement(wh, 320193, '2022-10-28'))!.fiscalYear], ['FY', 2022]);
  assert.is(await pitStatement(wh, 320193, '2009-07-21'), null);
  assert.ok(await pitStatement(wh, 320193, '2009-07-22'));
});

// ---
const filings = suite('recentFilings / companyProfile');
filings('newest first, with the primary document', async () => {
  // The first three rows of Apple's real submissions JSON (recorded 2025-01-10).
  assert.equal(await recentFilings(wh, 'aapl', 3), [
    { form: '3', filed: '2025-01-10', accession: '0000320193-25-000002', reportDate: '2025-01-01', primaryDocument: 'xslF345X02/wk-form3_1736551805.xml' },
    { form: 'DEFA14A', filed: '2025-01-10', accession: '0001308179-25-000009', reportDate: null, primaryDocument: 'aapl4359751-defa14a.htm' },
    { form: 'DEF 14A', filed: '2025-01-10', accession: '0001308179-25-000008', reportDate: '2025-02-25', primaryDocument: 'aapl4359751-def14a.htm' },
  ]);
  assert.equal(await recentFilings(wh, 'NOPE', 3), []);
  assert.is((await recentFilings(wh, 'TSLA', 100)).length, 100);
  assert.is((await recentFilings(wh, 'GOOG', 100)).length, 0, 'no submissions for Alphabet in the sample');
});

filings('profile: SIC -> sector and industry, former names, exchange from the company list', async () => {
  assert.equal(await companyProfile(wh, 'TSLA'), {
    name: 'Tesla, Inc.', cik: 1318605, sector: 'Consumer Discretionary', industry: 'Motor Vehicles & Passenger Car Bodies', sicCode: '3711',
    sicDescription: 'Motor Vehicles & Passenger Car Bodies', exchange: 'Nasdaq', fiscalYearEnd: '1231', stateOfIncorporation: 'TX',
    formerNames: [{ name: 'TESLA MOTORS INC', from: '2005-02-17', to: '2017-01-27' }],
  });
  const spy = await companyProfile(wh, 'SPY');
  assert.equal(spy, { name: 'SPDR S&P 500 ETF TRUST', cik: 884394, sector: null, industry: null, sicCode: null, sicDescription: null, exchange: 'NYSE', fiscalYearEnd: null, stateOfIncorporation: null, formerNames: [] });
  assert.is(await companyProfile(wh, 'NOPE'), null);
});
filings.after(() => wh.close());

latest.run();
audit.run();
filings.run();
