import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, sampleApp, type TestApp } from '../../helpers.ts';
import { field, footnotes, ownershipRows, ownershipXml, SAMPLE_FILINGS as F, sampleText } from '../../sample-filings.ts';

export const OWNERSHIP_JOBS = ['companies', 'insiders', '13f', 'nport', 'bdc', 'security-master'];
let t: TestApp;

// Expected values are read from the bundled real filings (test/sample-filings.ts), not typed.
const affirm = ownershipXml(F.affirm.key);
const tesla2010 = ownershipXml(F.tesla2010.key);
const tesla5 = ownershipXml(F.tesla5.key);
const fractyl = ownershipXml(F.fractyl.key);
const palantir = ownershipXml(F.palantir.key);
const bool = (s: string | null): boolean => s === '1' || s === 'true';

const test = suite('/api/insiders');
test.before(async () => {
  t = await sampleApp({ jobs: OWNERSHIP_JOBS });
});
test.after(() => t.close());

test('every transaction of a ticker with owners, 10b5-1 flag and footnotes on fields', async () => {
  const res = await t.app.inject('/api/insiders?ticker=afrm');
  assert.is(res.statusCode, 200);
  const rows = json<any[]>(res);
  const filed = ownershipRows(affirm).filter((r) => r.kind === 'transaction');
  assert.ok(filed.length > 0);
  assert.equal(rows.map((r) => [r.accession, r.code, r.shares, r.price, r.sharesAfter]), filed.map((r) => [F.affirm.accession, r.code, r.shares, r.price, r.sharesAfter]));
  assert.is(rows[0].rule10b5One, bool(field(affirm, 'aff10b5One')));
  assert.is(rows[0].rule10b5One, true);
  const owner = rows[0].owners[0];
  assert.equal([owner.cik, owner.name, owner.isDirector, owner.isOfficer], [Number(field(affirm, 'rptOwnerCik')), field(affirm, 'rptOwnerName'), bool(field(affirm, 'isDirector')), bool(field(affirm, 'isOfficer'))]);
  const notes = footnotes(affirm);
  assert.equal(rows[0].footnotes.shares, filed[0]!.sharesFootnotes.map((id) => notes[id]));
  assert.equal(rows[0].footnotes.price, filed[0]!.priceFootnotes.map((id) => notes[id]));
  assert.ok(rows[0].footnotes.price.length > 0);
});

test('holdings on request; a Form 3 is holdings only; as_of before the filing date shows nothing', async () => {
  const rows = json<any[]>(await t.app.inject('/api/insiders?ticker=AFRM&include_holdings=1'));
  assert.equal(rows.map((r) => [r.kind, r.sharesAfter]), ownershipRows(affirm).map((r) => [r.kind, r.sharesAfter]));
  const form3 = json<any[]>(await t.app.inject('/api/insiders?ticker=PLTR&include_holdings=1'));
  const held = ownershipRows(palantir);
  assert.ok(held.length > 0 && held.every((r) => r.kind === 'holding'));
  assert.equal(form3.map((r) => [r.form, r.table, r.kind, r.sharesAfter]), held.map((r) => ['3', r.table, r.kind, r.sharesAfter]));
  // The Form 3's filing date is its signature date (no header or submissions JSON bundled for it).
  const signed = field(palantir, 'signatureDate')!;
  assert.is(form3[0].filed, signed);
  const dayBefore = new Date(Date.parse(signed) - 86_400_000).toISOString().slice(0, 10);
  assert.equal(json(await t.app.inject(`/api/insiders?ticker=PLTR&include_holdings=1&as_of=${dayBefore}`)), []);
});

test('by owner CIK or name, and by code; filing dates from the issuer submissions JSON', async () => {
  const musk = Number(field(tesla2010, 'rptOwnerCik'));
  assert.is(musk, Number(field(tesla5, 'rptOwnerCik')));
  const byCik = json<any[]>(await t.app.inject(`/api/insiders?owner_cik=${musk}`));
  // Newest filing first: the Form 5 (2022), then the 2010 Form 4.
  const expected = [tesla5, tesla2010].flatMap((x) => ownershipRows(x).filter((r) => r.kind === 'transaction').map((r) => [r.table, r.code, r.shares]));
  assert.equal(byCik.map((r) => [r.table, r.code, r.shares]), expected);
  assert.equal([...new Set(byCik.map((r) => r.form))], ['5', '4']);
  const sales = json<any[]>(await t.app.inject('/api/insiders?owner=musk&code=S'));
  const filedSales = ownershipRows(tesla2010).filter((r) => r.code === 'S');
  assert.ok(filedSales.length > 0);
  assert.equal(sales.map((r) => [r.ticker, r.shares, r.price]), filedSales.map((r) => ['TSLA', r.shares, r.price]));
});

test('a CIK is 1 to 10 digits: other spellings of a number are refused, as cik refuses them (an outside pass)', async () => {
  const musk = Number(field(tesla2010, 'rptOwnerCik'));
  assert.is(json<any[]>(await t.app.inject(`/api/insiders?owner_cik=${String(musk).padStart(10, '0')}`)).length > 0, true);
  // 1e3 was read as 1000 and 1331680.0 as Musk's filings; 11 digits and spaces passed.
  for (const v of ['1e3', `${musk}.0`, `${musk / 1e6}e6`, '00000000001', `%20${musk}`, `${musk}%20`, '0x10', '-5', '0']) {
    for (const [path, name] of [['/api/insiders?owner_cik=', 'owner_cik'], ['/api/fund-holdings?cik=', 'cik']]) {
      const res = await t.app.inject(`${path}${v}`);
      assert.is(res.statusCode, 400, `${path}${v}: ${res.body}`);
      assert.match(json<any>(res).error, `'${name}'`, `${path}${v}`);
    }
  }
});

test('400 without ticker/owner; /api/v1 alias', async () => {
  const res = await t.app.inject('/api/insiders');
  assert.is(res.statusCode, 400);
  assert.match(json(res).error, 'ticker');
  assert.is((await t.app.inject('/api/v1/insiders?ticker=TSLA')).statusCode, 200);
});

test('recent buys: open-market purchases, largest first, with value', async () => {
  const res = await t.app.inject('/api/insiders/recent-buys?days=3650');
  assert.is(res.statusCode, 200);
  const rows = json<any[]>(res);
  // Of the sample's ownership filings only Fractyl's reports open-market purchases (P, acquired).
  const buys = ownershipRows(fractyl).filter((r) => r.table === 'non_derivative' && r.kind === 'transaction' && r.code === 'P' && r.acquiredDisposed === 'A');
  assert.ok(buys.length > 0);
  for (const f of [F.affirm, F.msft, F.palantir, F.tesla2010, F.tesla5, F.tesla2025, F.amd]) assert.not.ok(ownershipRows(ownershipXml(f.key)).some((r) => r.code === 'P'), f.key);
  const sorted = buys.sort((a, b) => b.shares! * b.price! - a.shares! * a.price!);
  assert.equal(
    rows.map((r) => [r.ticker, r.owners[0].name, r.shares, r.price, r.valueUsd]),
    sorted.map((r) => [field(fractyl, 'issuerTradingSymbol'), field(fractyl, 'rptOwnerName'), r.shares, r.price, Math.round(r.shares! * r.price! * 100) / 100]),
  );
  // The default window is the 90 days before the newest filing (Tesla's 2025 Form 4, dated by its
  // header); Fractyl's purchases were filed on its signature date, long before.
  const newest = /FILED AS OF DATE:\s*(\d{4})(\d{2})(\d{2})/.exec(sampleText(F.tesla2025.key))!;
  assert.ok(Date.parse(`${newest[1]}-${newest[2]}-${newest[3]}`) - Date.parse(field(fractyl, 'signatureDate')!) > 90 * 86_400_000);
  assert.equal(json(await t.app.inject('/api/insiders/recent-buys')), []);
});

test.run();
