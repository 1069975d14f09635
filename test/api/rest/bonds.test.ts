import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, sampleApp, type TestApp } from '../../helpers.ts';
import { field, nportHoldings, sampleText, SAMPLE_FILINGS as F, type NportHoldingRow } from '../../sample-filings.ts';

let t: TestApp;
// The sample's one N-PORT (the real Goldman Sachs Bond Fund report): expectations from the file.
const xml = sampleText(F.goldman.key);
const bonds = nportHoldings(xml).filter((h) => h.cusip && (h.maturity || h.couponKind));

/** What a search should find: bonds whose issuer or title contains `q`, or whose CUSIP/ISIN starts with it; CUSIP hits first, then by value. */
function expected(q: string): { cusip: string; rows: NportHoldingRow[]; value: number; par: number }[] {
  const l = q.toLowerCase();
  const hits = bonds.filter((h) => h.name.toLowerCase().includes(l) || (h.title ?? '').toLowerCase().includes(l) || h.cusip!.startsWith(q.toUpperCase()) || (h.isin ?? '').startsWith(q.toUpperCase()));
  const by = new Map<string, NportHoldingRow[]>();
  for (const h of hits) by.set(h.cusip!, [...(by.get(h.cusip!) ?? []), h]);
  return [...by]
    .map(([cusip, rows]) => ({ cusip, rows, value: rows.reduce((s, r) => s + r.valueUsd, 0), par: rows.filter((r) => r.units === 'PA' && r.currency === 'USD').reduce((s, r) => s + r.balance, 0) }))
    .sort((a, b) => Number(b.cusip.startsWith(q.toUpperCase())) - Number(a.cusip.startsWith(q.toUpperCase())) || b.value - a.value || a.cusip.localeCompare(b.cusip));
}

const test = suite('/api/bond-search');
test.before(async () => {
  t = await sampleApp({ jobs: ['companies', 'nport'] });
});
test.after(() => t.close());

test('by issuer name', async () => {
  const res = await t.app.inject('/api/bond-search?q=apple');
  assert.is(res.statusCode, 200);
  const want = expected('apple');
  assert.ok(want.length > 1);
  const rows = json<any[]>(res);
  assert.equal(
    rows.map((b) => [b.cusip, b.isin, b.issuer, b.couponKind, b.couponRate, b.maturity, b.isDefault, b.holders, b.totalParUsd, b.asOf]),
    want.map((w) => [w.cusip, w.rows[0]!.isin, w.rows[0]!.name, w.rows[0]!.couponKind, w.rows[0]!.coupon, w.rows[0]!.maturity, w.rows[0]!.isDefault, 1, w.par, field(xml, 'repPdDate')]),
  );
  rows.forEach((b, i) => assert.ok(Math.abs(b.totalValueUsd - want[i]!.value) < 0.01, b.cusip));
  // Each row names the fund filing of its terms and every filing it sums (one per holder), read here from the warehouse.
  for (const b of rows) {
    const filings = await t.services.warehouse.all<{ accession: string; cik: number; synthetic: boolean; doc: string; basis: string }>(
      `SELECT DISTINCT f.accession, f.reg_cik AS cik, f.synthetic, f.doc_path AS doc, f.filed_basis AS basis FROM nport_holdings h JOIN nport_filings f USING (accession) WHERE h.cusip = $1 ORDER BY f.accession`,
      [b.cusip],
    );
    const sources = filings.map((f) => {
      // A filing published without its accession number (unknown-accession-...) is named by its document, with no EDGAR URL.
      if (!/^\d{10}-\d{2}-\d{6}$/.test(f.accession)) return { source: 'SEC EDGAR', document: f.doc, url: null, accession: null, synthetic: f.synthetic, filedBasis: f.basis };
      const doc = `www.sec.gov/Archives/edgar/data/${f.cik}/${f.accession.replaceAll('-', '')}/${f.accession}-index.htm`;
      return { source: 'SEC EDGAR', document: doc, url: `https://${doc}`, accession: f.accession, synthetic: f.synthetic, filedBasis: f.basis };
    });
    assert.equal([b.sources, b.holders], [sources, sources.length], b.cusip);
    assert.ok(sources.some((x) => JSON.stringify(x) === JSON.stringify(b.provenance)) && b.provenance.source === 'SEC EDGAR', b.cusip);
    // The sample's only fund filing was bundled without its envelope: its date is the signature date, and says so.
    assert.ok(b.sources.every((x: any) => x.filedBasis === 'signature'), b.cusip);
  }
});

test('by CUSIP prefix; defaulted bonds without a CUSIP are not indexed; equities are not bonds', async () => {
  const prefix = expected('apple')[0]!.cusip.slice(0, 6);
  assert.equal(json<any[]>(await t.app.inject(`/api/bond-search?q=${prefix}`)).map((b) => b.cusip), expected(prefix).map((w) => w.cusip));
  // The file's two defaulted bonds (Petroleos de Venezuela) are reported with CUSIP 000000000 and an
  // ISIN only: the bond index is keyed by CUSIP, so they are not in it (flagging is tested on the
  // parser's fixtures).
  const defaulted = nportHoldings(xml).filter((h) => h.isDefault);
  assert.ok(defaulted.length > 0 && defaulted.every((h) => h.cusip === null && h.isin));
  assert.equal(json(await t.app.inject('/api/bond-search?q=petroleos%20de%20venezuela')), []);
  assert.equal(expected('petroleos de venezuela'), []);
  // A holding with a CUSIP but neither maturity nor coupon kind (an equity or a fund share) is not a bond.
  const notBond = nportHoldings(xml).find((h) => h.cusip && !h.maturity && !h.couponKind && !bonds.some((b) => b.cusip === h.cusip))!;
  assert.ok(notBond);
  assert.not.ok(json<any[]>(await t.app.inject(`/api/bond-search?q=${notBond.cusip}`)).some((b) => b.cusip === notBond.cusip));
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
