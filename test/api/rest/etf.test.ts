import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, sampleApp, type TestApp } from '../../helpers.ts';
import { constructedWarehouse } from '../../fixtures/ownership/constructed.ts';
import { field, nportHoldings, sampleText, SAMPLE_FILINGS as F } from '../../sample-filings.ts';

let t: TestApp;
// The sample's N-PORT is the real Goldman Sachs Bond Fund report (published without its accession
// number); expectations are computed from the file.
const xml = sampleText(F.goldman.key);
const held = nportHoldings(xml);
const byValue = [...held].sort((a, b) => b.valueUsd - a.valueUsd);

const test = suite('/api/etf-* (the sample: a real N-PORT)');
test.before(async () => {
  t = await sampleApp({ jobs: ['companies', 'nport', 'security-master'] });
});
test.after(() => t.close());

test('etf-list: only exchange-listed funds; the Goldman fund is a mutual fund (no listing)', async () => {
  const res = await t.app.inject('/api/etf-list');
  assert.is(res.statusCode, 200);
  assert.equal(json(res), []);
});

test('etf-data resolves a mutual fund class symbol through the fund ticker list: profile, holdings, breakdowns', async () => {
  const body = json<any>(await t.app.inject('/api/etf-data?symbol=syn000037818&max_holdings=2'));
  assert.equal(body.profile, {
    symbol: 'SYN000037818',
    name: field(xml, 'seriesName'),
    cik: Number(field(xml, 'regCik')),
    seriesId: field(xml, 'seriesId'),
    netAssets: Number(field(xml, 'netAssets')),
    totalAssets: Number(field(xml, 'totAssets')),
    holdingsCount: held.length,
    period: field(xml, 'repPdDate'),
    filed: field(xml, 'dateSigned'),
    // Published without an accession number: none is served (the warehouse keys it by its folder).
    accession: null,
  });
  assert.equal(body.holdings.map((h: any) => [h.cusip, h.isin, h.valueUsd, h.pctNetAssets]), byValue.slice(0, 2).map((h) => [h.cusip, h.isin, h.valueUsd, h.pct]));
  const cats = new Map<string, { n: number; v: number }>();
  for (const h of held) {
    const c = cats.get(h.assetCat ?? 'Unknown') ?? { n: 0, v: 0 };
    cats.set(h.assetCat ?? 'Unknown', { n: c.n + 1, v: c.v + h.valueUsd });
  }
  const expected = [...cats].sort((a, b) => b[1].v - a[1].v);
  assert.equal(body.assetBreakdown.map((b: any) => [b.name, b.holdings]), expected.map(([k, c]) => [k, c.n]));
  body.assetBreakdown.forEach((b: any, i: number) => assert.ok(Math.abs(b.valueUsd - expected[i]![1].v) < 0.01, b.name));
  assert.is(body.sectorBreakdown.reduce((s: number, b: any) => s + b.holdings, 0), held.length);
  // Every class of the series resolves to the same filing.
  const other = json<any>(await t.app.inject('/api/etf-data?symbol=SYN000037820&max_holdings=1'));
  assert.equal([other.profile.seriesId, other.profile.accession], [body.profile.seriesId, body.profile.accession]);
});

test('etf-compare: overlap and missing symbols', async () => {
  const body = json<any>(await t.app.inject('/api/etf-compare?symbols=SYN000037818,SYN000037820,ZZZ'));
  assert.equal(body.funds.map((f: any) => [f.symbol, f.holdingsCount]), [['SYN000037818', held.length], ['SYN000037820', held.length]]);
  assert.equal(body.missing, ['ZZZ']);
  // Two classes of one series: the overlap is the filing with itself, matched by CUSIP, else ISIN, else name.
  const w = new Map<string, number>();
  for (const h of held) {
    const k = h.cusip ?? h.isin ?? h.name.toUpperCase();
    w.set(k, (w.get(k) ?? 0) + h.pct);
  }
  const positive = [...w.values()].filter((v) => v > 0);
  assert.is(body.overlap.length, 1);
  assert.equal([body.overlap[0].a, body.overlap[0].b, body.overlap[0].commonHoldings], ['SYN000037818', 'SYN000037820', positive.length]);
  assert.ok(Math.abs(body.overlap[0].weightOverlapPct - positive.reduce((s, v) => s + v, 0)) < 1e-5);
});

test('fund-holders: which funds hold a security', async () => {
  const top = byValue.find((h) => h.cusip && held.filter((x) => x.cusip === h.cusip).length === 1)!;
  const res = await t.app.inject(`/api/fund-holders?id=${top.cusip}`);
  assert.is(res.headers['x-data-through'], '2023-03-31');
  assert.ok(res.headers['x-fetched-at']);
  const rows = json<any[]>(res);
  assert.equal(rows.map((r) => [r.fundName, r.balance, r.units, r.valueUsd, r.accession]), [[field(xml, 'seriesName'), top.balance, top.units, top.valueUsd, null]]);
  // Each row names its N-PORT: the document itself (no EDGAR address is known for it), synthetic as loaded.
  const [doc] = await t.services.warehouse.all<{ doc: string; synthetic: boolean }>('SELECT doc_path AS doc, synthetic FROM nport_filings WHERE accession = $1', [F.goldman.accession]);
  assert.equal(rows[0].provenance, { source: 'SEC EDGAR', document: doc!.doc, url: null, accession: null, synthetic: doc!.synthetic, filedBasis: 'signature' });
});

test('errors', async () => {
  assert.is((await t.app.inject('/api/etf-data')).statusCode, 400);
  assert.is((await t.app.inject('/api/etf-data?symbol=ZZZZ')).statusCode, 404);
  assert.is((await t.app.inject('/api/etf-compare')).statusCode, 400);
  assert.is((await t.app.inject(`/api/etf-compare?symbols=${Array.from({ length: 11 }, (_, i) => `F${i}`).join(',')}`)).statusCode, 400);
});

test.run();

// --- an exchange-listed trust (SPY) resolved through the company list: constructed N-PORT (test/fixtures/ownership/constructed) ---

const listed = suite('/api/etf-* (constructed exchange-listed trust)');
listed.before(async () => {
  t = await sampleApp({ build: false, config: { dataDir: await constructedWarehouse() } });
});
listed.after(() => t.close());

listed('etf-list and etf-data of an exchange-listed trust with one series', async () => {
  const list = json<any[]>(await t.app.inject('/api/etf-list'));
  assert.equal(list.map((r) => [r.symbol, r.cik, r.seriesId]), [['SPY', 884394, null]]);
  const body = json<any>(await t.app.inject('/api/etf-data?symbol=spy&max_holdings=2'));
  assert.equal([body.profile.symbol, body.profile.cik, body.profile.accession], ['SPY', 884394, '0001752724-24-197014']);
  assert.is(body.holdings.length, 2);
  assert.ok(body.holdings[0].valueUsd >= body.holdings[1].valueUsd);
});

listed.run();
