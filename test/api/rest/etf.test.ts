import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, sampleApp, type TestApp } from '../../helpers.ts';

let t: TestApp;
const test = suite('/api/etf-*');
test.before(async () => {
  t = await sampleApp({ jobs: ['companies', 'nport', 'security-master'] });
});
test.after(() => t.close());

test('etf-list: exchange-listed funds with N-PORT data', async () => {
  const res = await t.app.inject('/api/etf-list');
  assert.is(res.statusCode, 200);
  assert.equal(json(res), [{ symbol: 'SPY', name: 'SPDR S&P 500 ETF TRUST', cik: 884394, seriesId: null, netAssets: 530120000000, period: '2024-06-30' }]);
});

test('etf-data: profile, holdings, breakdowns', async () => {
  const body = json<any>(await t.app.inject('/api/etf-data?symbol=spy&max_holdings=2'));
  assert.equal(body.profile, { symbol: 'SPY', name: 'SPDR S&P 500 ETF TRUST', cik: 884394, seriesId: null, netAssets: 530120000000, totalAssets: 531870000000, holdingsCount: 15, period: '2024-06-30', filed: '2024-08-27', accession: '0001752724-24-197014' });
  assert.equal(body.holdings.map((h: any) => [h.ticker, h.cusip, h.isin, h.pctNetAssets, h.valueUsd]), [
    ['MSFT', '594918104', 'US5949181045', 7.03, 37267436000],
    ['AAPL', '037833100', 'US0378331005', 6.63, 35146956000],
  ]);
  assert.equal(body.assetBreakdown, [{ name: 'EC', pctNetAssets: 35.69, valueUsd: 189199828000, holdings: 15 }]);
  assert.is(body.sectorBreakdown.reduce((s: number, b: any) => s + b.holdings, 0), 15);
});

test('etf-data resolves a mutual fund class symbol through the fund ticker list', async () => {
  const body = json<any>(await t.app.inject('/api/etf-data?symbol=GSFAX'));
  assert.equal([body.profile.name, body.profile.seriesId, body.profile.holdingsCount], ['Goldman Sachs Bond Fund', 'S000013795', 9]);
  assert.equal(body.assetBreakdown.map((b: any) => [b.name, b.holdings]), [['DBT', 7], ['ABS-MBS', 1], ['DFE', 1]]);
});

test('etf-compare: overlap and missing symbols', async () => {
  const body = json<any>(await t.app.inject('/api/etf-compare?symbols=SPY,GSFAX,ZZZ'));
  assert.equal(body.funds.map((f: any) => f.symbol), ['SPY', 'GSFAX']);
  assert.equal(body.overlap, [{ a: 'SPY', b: 'GSFAX', commonHoldings: 0, weightOverlapPct: 0 }]);
  assert.equal(body.missing, ['ZZZ']);
  const self = json<any>(await t.app.inject('/api/etf-compare?symbols=SPY,GSNIX,GSFAX'));
  assert.equal(self.overlap.find((o: any) => o.a === 'GSNIX' && o.b === 'GSFAX'), { a: 'GSNIX', b: 'GSFAX', commonHoldings: 8, weightOverlapPct: 3.110319 });
});

test('fund-holders: which funds hold a security', async () => {
  const rows = json<any[]>(await t.app.inject('/api/fund-holders?id=AAPL'));
  assert.equal(rows.map((r) => [r.fundName, r.balance, r.pctNetAssets]), [['SPDR S&P 500 ETF TRUST', 166873782, 6.63]]);
  const bond = json<any[]>(await t.app.inject('/api/fund-holders?id=037833AL4'));
  assert.equal(bond.map((r) => [r.fundName, r.balance, r.units]), [['Goldman Sachs Bond Fund', 1375000, 'PA']]);
});

test('errors', async () => {
  assert.is((await t.app.inject('/api/etf-data')).statusCode, 400);
  assert.is((await t.app.inject('/api/etf-data?symbol=ZZZZ')).statusCode, 404);
  assert.is((await t.app.inject('/api/etf-compare')).statusCode, 400);
  assert.is((await t.app.inject(`/api/etf-compare?symbols=${Array.from({ length: 11 }, (_, i) => `F${i}`).join(',')}`)).statusCode, 400);
});

test.run();
