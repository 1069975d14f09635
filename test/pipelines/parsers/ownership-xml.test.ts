import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseOwnershipXml } from '../../../pipelines/parsers/ownership-xml.ts';

const FIX = path.resolve(import.meta.dirname, '../../fixtures/ownership');
const read = (f: string): Buffer => readFileSync(path.join(FIX, f));

const multi = suite('parseOwnershipXml: multi-transaction Form 4');

multi('keeps every row of both tables, in order', () => {
  const d = parseOwnershipXml(read('form4-multi.xml'));
  assert.equal(
    d.rows.map((r) => [r.seq, r.table, r.kind, r.code]),
    [
      [1, 'non_derivative', 'transaction', 'M'],
      [2, 'non_derivative', 'transaction', 'F'],
      [3, 'non_derivative', 'transaction', 'G'],
      [4, 'non_derivative', 'holding', null],
      [5, 'derivative', 'transaction', 'M'],
      [6, 'derivative', 'transaction', 'A'],
    ],
  );
  assert.is(d.documentType, '4');
  assert.is(d.periodOfReport, '2024-02-06');
  assert.equal(d.issuer, { cik: 1318605, name: 'Tesla, Inc.', ticker: 'TSLA' });
  assert.is(d.aff10b5One, false);
  assert.is(d.remarks, 'Exhibit 24 - Power of Attorney');
});

multi('all reporting owners with relationship; entities decoded', () => {
  const d = parseOwnershipXml(read('form4-multi.xml'));
  assert.equal(d.owners, [
    { cik: 1494730, name: 'Musk Elon', isDirector: true, isOfficer: true, officerTitle: 'CEO', isTenPercentOwner: true, isOther: false, otherText: null },
    { cik: 1999999, name: 'Elon Musk Revocable Trust dated July 22, 2003 & Affiliates', isDirector: false, isOfficer: false, officerTitle: null, isTenPercentOwner: true, isOther: true, otherText: 'Trust of reporting person' },
  ]);
});

multi('transaction fields and footnotes resolved onto the fields they annotate', () => {
  const d = parseOwnershipXml(read('form4-multi.xml'));
  const f = d.rows[1]!;
  assert.equal([f.transactionDate, f.shares, f.price, f.acquiredDisposed, f.sharesAfter, f.directIndirect, f.equitySwap], ['2024-02-05', 31000, 187.91, 'D', 411969000, 'D', false]);
  assert.equal(f.footnotes, { shares: ['Shares withheld to satisfy tax obligations on the option exercise.'] });
  // A price given only as a footnote: no value, the footnote kept.
  const gift = d.rows[2]!;
  assert.is(gift.price, null);
  assert.equal(gift.footnotes, { price: ['Bona fide gift to a charitable organization for no consideration.'], shares: ['Bona fide gift to a charitable organization for no consideration.'] });
  const holding = d.rows[3]!;
  assert.equal([holding.sharesAfter, holding.directIndirect, holding.natureOfOwnership], [11000000, 'I', 'By Trust']);
  assert.equal(holding.footnotes, { natureOfOwnership: ['Held by the Elon Musk Revocable Trust dated July 22, 2003 & affiliates.'] });
  const opt = d.rows[4]!;
  assert.equal([opt.conversionPrice, opt.expirationDate, opt.underlyingTitle, opt.underlyingShares, opt.sharesAfter], [6.24, '2024-08-13', 'Common Stock', 1000000, 0]);
  assert.equal(opt.footnotes, { price: ['The option was fully vested.'] });
  assert.equal([d.rows[5]!.exerciseDate, d.rows[5]!.price], ['2025-02-05', 0]);
});

multi('10b5-1 flag, amendment date of original', () => {
  const a = parseOwnershipXml(read('mirror/www.sec.gov/Archives/edgar/data/1045810/000119764724000093/form4a.xml'));
  assert.is(a.documentType, '4/A');
  assert.is(a.dateOfOriginalSubmission, '2024-09-09');
  assert.is(a.aff10b5One, true);
  assert.is(a.rows.length, 2);
});

const bad = suite('parseOwnershipXml: refusals');

bad('free text and other XML are refused with a reason', () => {
  assert.throws(() => parseOwnershipXml('FORM 4 free text'), /not an XML document/);
  assert.throws(() => parseOwnershipXml('<?xml version="1.0"?><other/>'), /no <ownershipDocument>/);
});

bad('entity declarations are not expanded (entity processing off)', () => {
  const xml = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "AAAAAAAAAA">]><ownershipDocument><documentType>4</documentType>
    <issuer><issuerCik>1</issuerCik><issuerName>&a;</issuerName></issuer>
    <reportingOwner><reportingOwnerId><rptOwnerCik>2</rptOwnerCik><rptOwnerName>X</rptOwnerName></reportingOwnerId></reportingOwner></ownershipDocument>`;
  let name: string | null = '';
  try {
    name = parseOwnershipXml(xml).issuer.name;
  } catch {
    name = null; // refusing the DOCTYPE outright is fine too
  }
  assert.ok(name === null || name === '&a;', `entity expanded to ${name}`);
});

bad('input size is capped', async () => {
  const { parseXml } = await import('../../../pipelines/parsers/sec-xml.ts');
  assert.throws(() => parseXml('<a>' + 'x'.repeat(100) + '</a>', { maxBytes: 50 }), /over the 50-byte cap/);
});

multi.run();
bad.run();
