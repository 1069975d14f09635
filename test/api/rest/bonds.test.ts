import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, sampleApp, type TestApp } from '../../helpers.ts';

let t: TestApp;
const test = suite('/api/bond-search');
test.before(async () => {
  t = await sampleApp({ jobs: ['companies', 'nport'] });
});
test.after(() => t.close());

test('by issuer name', async () => {
  const res = await t.app.inject('/api/bond-search?q=apple');
  assert.is(res.statusCode, 200);
  assert.equal(json(res), [
    {
      cusip: '037833AL4', isin: 'US037833AL42', issuer: 'Apple Inc', title: 'Apple Inc', lei: 'HWUPKR0MPOU8FGXBT394', issuerCategory: 'CORP', couponKind: 'Fixed',
      couponRate: 3.85, maturity: '2043-05-04', isDefault: false, interestInArrears: false, isPik: false, holders: 1, totalParUsd: 1375000, totalValueUsd: 1219762.5, asOf: '2023-03-31',
    },
  ]);
});

test('by CUSIP prefix; defaulted bonds flagged; equities are not bonds', async () => {
  assert.equal(json<any[]>(await t.app.inject('/api/bond-search?q=68389X')).map((b) => [b.cusip, b.issuer, b.couponRate]), [['68389XCE3', 'Oracle Corp', 2.875]]);
  assert.equal(json<any[]>(await t.app.inject('/api/bond-search?q=rite%20aid')).map((b) => [b.isDefault, b.interestInArrears]), [[true, true]]);
  assert.equal(json(await t.app.inject('/api/bond-search?q=Microsoft')), []);
});

test('fewer than 2 characters is an empty list; missing q is 400', async () => {
  for (const q of ['', 'a', '%20a%20']) {
    const res = await t.app.inject(`/api/bond-search?q=${q}`);
    assert.is(res.statusCode, 200);
    assert.equal(json(res), []);
  }
  assert.is((await t.app.inject('/api/bond-search')).statusCode, 400);
});

test.run();
