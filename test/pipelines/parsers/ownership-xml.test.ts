import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { QuarantineError } from '../../../pipelines/jobs/interface.ts';
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

const variants = suite('parseOwnershipXml: filer variants of the same document');

// Synthetic variants of the fixture, written the way other filers' software writes the same facts.
const base = (): string => read('form4-multi.xml').toString('utf8');

variants('windows-1252 bytes (declared ISO-8859-1, or undeclared and not UTF-8) decode to the same characters', () => {
  const xml = base().replace('Musk Elon', 'Müsk Élon');
  const declared = Buffer.from(xml.replace(/<\?xml[^>]*\?>/, '<?xml version="1.0" encoding="ISO-8859-1"?>'), 'latin1');
  assert.is(parseOwnershipXml(declared).owners[0]!.name, 'Müsk Élon');
  const undeclared = Buffer.from(xml.replace(/<\?xml[^>]*\?>/, ''), 'latin1');
  assert.is(parseOwnershipXml(undeclared).owners[0]!.name, 'Müsk Élon');
  assert.is(parseOwnershipXml(Buffer.from(xml, 'utf8')).owners[0]!.name, 'Müsk Élon');
  const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(xml.replace(/<\?xml[^>]*\?>/, '<?xml version="1.0" encoding="UTF-16"?>'), 'utf16le')]);
  assert.equal(parseOwnershipXml(utf16).rows, parseOwnershipXml(Buffer.from(xml)).rows);
  // UTF-8 with one stray windows-1252 byte (a Word apostrophe, 0x92): the UTF-8 stays UTF-8.
  const [head, tail] = xml.replace(/<\?xml[^>]*\?>/, '').split('Élon');
  const mixed = Buffer.concat([Buffer.from(`${head}Élon`, 'utf8'), Buffer.from([0x92]), Buffer.from(`s${tail}`, 'utf8')]);
  assert.is(parseOwnershipXml(mixed).owners[0]!.name, 'Müsk Élon\u2019s');
  // Declared windows-1252 with the bytes only it has (0x80-0x9F: quotes, dashes, the euro sign),
  // which Node's own decoder drops.
  const quoted = Buffer.concat([Buffer.from(head!.replace(/<\?xml[^>]*\?>/, ''), 'latin1'), Buffer.from('Élon', 'latin1'), Buffer.from([0x93, 0x80, 0x96, 0x94]), Buffer.from(tail!, 'latin1')]);
  assert.is(parseOwnershipXml(Buffer.concat([Buffer.from('<?xml version="1.0" encoding="windows-1252"?>'), quoted])).owners[0]!.name, 'Müsk Élon\u201C\u20AC\u2013\u201D');
});

variants('an issuer without a listed class: NONE / N/A is no ticker', () => {
  for (const t of ['NONE', 'None', 'N/A', 'n/a']) {
    assert.is(parseOwnershipXml(base().replace(/<issuerTradingSymbol>[^<]*</, `<issuerTradingSymbol>${t}<`)).issuer.ticker, null, t);
  }
  assert.is(parseOwnershipXml(base().replace(/<issuerTradingSymbol>[^<]*</, '<issuerTradingSymbol>tsla<')).issuer.ticker, 'TSLA');
});

variants('a number that is not one quarantines the filing instead of becoming null', () => {
  const xml = base().replace(/(<transactionShares>\s*<value>)[^<]*</, '$1 1O0,000 <');
  assert.throws(() => parseOwnershipXml(xml), (e: Error) => e instanceof QuarantineError && /non_derivative row 1 transactionShares is not a number: "1O0,000"/.test(e.message));
  assert.throws(() => parseOwnershipXml(base().replace(/(<transactionPricePerShare>\s*<value>)[^<]*</, '$10x10<')), /transactionPricePerShare is not a number: "0x10"/);
  // Schema-valid spellings of the same numbers read the same.
  const plus = base().replace(/<value>(\d+(?:\.\d+)?)<\/value>/g, '<value> +$1 </value>');
  assert.equal(parseOwnershipXml(plus).rows, parseOwnershipXml(base()).rows);
});

variants('<value> with an attribute of its own keeps its number', () => {
  const xml = base().replace(/<transactionShares>\s*<value>/, '<transactionShares><value xml:space="preserve">');
  assert.is(parseOwnershipXml(xml).rows[0]!.shares, parseOwnershipXml(base()).rows[0]!.shares);
});

variants('a holding written before the transactions keeps its document position', () => {
  const xml = base();
  const holding = /<nonDerivativeHolding>[\s\S]*?<\/nonDerivativeHolding>/.exec(xml)![0];
  const moved = xml.replace(holding, '').replace('<nonDerivativeTransaction>', `${holding}<nonDerivativeTransaction>`);
  const d = parseOwnershipXml(moved);
  assert.equal(d.rows.map((r) => [r.seq, r.table, r.kind, r.code]), [
    [1, 'non_derivative', 'holding', null],
    [2, 'non_derivative', 'transaction', 'M'],
    [3, 'non_derivative', 'transaction', 'F'],
    [4, 'non_derivative', 'transaction', 'G'],
    [5, 'derivative', 'transaction', 'M'],
    [6, 'derivative', 'transaction', 'A'],
  ]);
  assert.is(d.rows[0]!.sharesAfter, 11000000);
});

multi.run();
bad.run();
variants.run();
