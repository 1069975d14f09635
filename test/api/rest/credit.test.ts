import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, sampleApp, type TestApp } from '../../helpers.ts';
import { keyAccount } from './user-state-accounts.ts';

let t: TestApp;
let researcherKey: string;
/** Credit quality needs Researcher on every door (schema/access.ts). */
const quality = (url: string) => t.app.inject({ url, headers: { 'x-api-key': researcherKey, 'user-agent': 'almanac-tests/1.0' } });
const test = suite('/api/credit/*');
test.before(async () => {
  t = await sampleApp({ jobs: ['companies', 'bdc'] });
  researcherKey = (await keyAccount(t.app, t.services.store, 'credit-quality@example.com', 'researcher')).key;
});
test.after(() => t.close());

test('the BDC list', async () => {
  const res = await t.app.inject('/api/credit/bdc');
  assert.is(res.statusCode, 200);
  assert.equal(json(res), [
    { cik: 1287750, name: 'ARES CAPITAL CORP', ticker: 'ARCC', fileNumber: '814-00663', latestPeriod: '2025-09-30', latestFiled: '2025-10-28', latestForm: '10-Q', holdings: 7, fairValue: 466600000, cost: 486800000 },
    { cik: 1396440, name: 'Main Street Capital CORP', ticker: 'MAIN', fileNumber: '814-00746', latestPeriod: '2025-09-30', latestFiled: '2025-11-07', latestForm: '10-Q', holdings: 5, fairValue: 208161000, cost: 104558000 },
  ]);
  // Point in time: before Main Street filed.
  assert.equal(json<any[]>(await t.app.inject('/api/credit/bdc?as_of=2025-11-01')).map((b) => b.ticker), ['ARCC']);
});

test('credit quality by BDC and quarter, with the non-accrual loan', async () => {
  const anonymous = await t.app.inject('/api/credit/bdc/1396440/quality');
  assert.equal([anonymous.statusCode, json(anonymous).requiredTier], [402, 'Researcher']);
  const rows = json<any[]>(await quality('/api/credit/bdc/1396440/quality'));
  assert.equal(rows, [
    {
      cik: 1396440, name: 'Main Street Capital CORP', adsh: '0001396440-25-000190', form: '10-Q', period: '2025-09-30', filed: '2025-11-07', holdings: 5, cost: 104558000, fairValue: 208161000,
      fairValueToCost: 1.990866, nonAccrualShareCost: 0.070028, nonAccrualShareFairValue: 0.005597, nonAccrualPositions: 1, firstLienShare: 0.371976, weightedAverageYield: 0.116586,
    },
  ]);
  const arcc = json<any[]>(await quality('/api/credit/bdc/1287750/quality'))[0];
  assert.equal([arcc.nonAccrualPositions, arcc.firstLienShare, arcc.weightedAverageYield, arcc.fairValueToCost], [0, 0.63652, 0.103091, 0.958505]);
});

test('borrower search across BDCs; holdings of one BDC', async () => {
  const rows = json<any[]>(await t.app.inject('/api/credit/borrowers?q=interface'));
  assert.equal(rows.map((r) => [r.bdcName, r.borrower, r.instrument, r.pik, r.nonAccrual, r.cost, r.fairValue]), [
    ['Main Street Capital CORP', 'Interface Security Systems, L.L.C.', 'first_lien', true, true, 7322000, 1165000],
  ]);
  const holdings = json<any[]>(await t.app.inject('/api/credit/bdc/1287750/holdings'));
  assert.equal(holdings.map((h) => [h.borrower, h.instrument, h.referenceRate, h.spread]).slice(0, 2), [
    ['Auctane, Inc.', 'first_lien', 'SOFR', 0.0575],
    ['Cornerstone OnDemand, Inc.', 'second_lien', 'SOFR', 0.065],
  ]);
});

test('errors', async () => {
  assert.is((await t.app.inject('/api/credit/borrowers?q=a')).statusCode, 400);
  assert.is((await t.app.inject('/api/credit/borrowers')).statusCode, 400);
  assert.is((await quality('/api/credit/bdc/abc/quality')).statusCode, 400);
  assert.is((await quality('/api/credit/bdc/42/quality')).statusCode, 404);
});

test.run();
