import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, sampleApp, type TestApp } from '../../helpers.ts';

export const OWNERSHIP_JOBS = ['companies', 'insiders', '13f', 'nport', 'bdc', 'security-master'];
let t: TestApp;

const test = suite('/api/insiders');
test.before(async () => {
  t = await sampleApp({ jobs: OWNERSHIP_JOBS });
});
test.after(() => t.close());

test('every transaction of a ticker with owners, 10b5-1 flag and footnotes on fields', async () => {
  const res = await t.app.inject('/api/insiders?ticker=nvda');
  assert.is(res.statusCode, 200);
  const rows = json<any[]>(res);
  assert.equal(rows.map((r) => [r.accession, r.code, r.shares, r.price, r.sharesAfter]), [
    ['0001197647-24-000061', 'S', 10400, 129.0117, 731911072],
    ['0001197647-24-000061', 'S', 34096, 130.0862, 731876976],
    ['0001197647-24-000061', 'S', 75504, 131.0069, 731801472],
  ]);
  assert.is(rows[0].rule10b5One, true);
  assert.equal(rows[0].owners[0], { cik: 1197647, name: 'HUANG JEN HSUN', isDirector: true, isOfficer: true, officerTitle: 'President and CEO', isTenPercentOwner: false, isOther: false, otherText: null });
  assert.equal(rows[0].footnotes.shares, ['The sales reported on this Form 4 were effected pursuant to a Rule 10b5-1 trading plan adopted by the reporting person on March 14, 2024.']);
  assert.match(rows[0].footnotes.price[0], 'ranging from $128.47 to $129.46');
});

test('a holdings-only 4/A replaces the holdings, not the trades', async () => {
  const rows = json<any[]>(await t.app.inject('/api/insiders?ticker=NVDA&include_holdings=1'));
  assert.equal(rows.map((r) => [r.accession, r.kind, r.sharesAfter]), [
    ['0001197647-24-000066', 'holding', 75328080],
    ['0001197647-24-000066', 'holding', 10320000],
    ['0001197647-24-000066', 'holding', 1204000],
    ['0001197647-24-000061', 'transaction', 731911072],
    ['0001197647-24-000061', 'transaction', 731876976],
    ['0001197647-24-000061', 'transaction', 731801472],
  ]);
  // As known before the amendment was filed: the original holdings.
  const before = json<any[]>(await t.app.inject('/api/insiders?ticker=NVDA&include_holdings=1&as_of=2024-06-18'));
  assert.equal(before.map((r) => [r.accession, r.kind, r.sharesAfter]).filter((r) => r[1] === 'holding'), [
    ['0001197647-24-000061', 'holding', 75328080],
    ['0001197647-24-000061', 'holding', 10320000],
  ]);
});

test('by owner CIK or name, and by code', async () => {
  const byCik = json<any[]>(await t.app.inject('/api/insiders?owner_cik=1214156'));
  assert.equal(byCik.map((r) => [r.table, r.code, r.shares]), [['non_derivative', 'M', 476156], ['non_derivative', 'F', 252197], ['non_derivative', 'S', 223986], ['derivative', 'M', 476156]]);
  const byName = json<any[]>(await t.app.inject('/api/insiders?owner=cook&code=S'));
  assert.equal(byName.map((r) => [r.ticker, r.shares, r.price]), [['AAPL', 223986, 224.46]]);
});

test('400 without ticker/owner; /api/v1 alias', async () => {
  const res = await t.app.inject('/api/insiders');
  assert.is(res.statusCode, 400);
  assert.match(json(res).error, 'ticker');
  assert.is((await t.app.inject('/api/v1/insiders?ticker=AAPL')).statusCode, 200);
});

test('recent buys: open-market purchases, largest first, with value', async () => {
  const res = await t.app.inject('/api/insiders/recent-buys?days=3650');
  assert.is(res.statusCode, 200);
  const rows = json<any[]>(res);
  assert.equal(rows.map((r) => [r.ticker, r.owners[0].name, r.shares, r.price, r.valueUsd]), [['JPM', 'DIMON JAMES', 500000, 53.3569, 26678450]]);
  // Within 90 days of the newest Form 4 (2024-10-03) there is no purchase.
  assert.equal(json(await t.app.inject('/api/insiders/recent-buys')), []);
});

test.run();
