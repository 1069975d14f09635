import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseNport } from '../../../pipelines/parsers/nport.ts';

const FIX = path.resolve(import.meta.dirname, '../../fixtures/ownership');

const test = suite('parseNport: a bond fund');

test('fund and series', () => {
  const n = parseNport(readFileSync(path.join(FIX, 'nport-bonds.xml')));
  assert.equal(
    [n.submissionType, n.regCik, n.regName, n.seriesId, n.seriesName, n.periodDate, n.netAssets, n.totalAssets, n.classIds, n.holdings.length],
    ['NPORT-P', 822977, 'GOLDMAN SACHS TRUST', 'S000013795', 'Goldman Sachs Bond Fund', '2023-03-31', 361898455.93, 573390244.6, ['C000037818', 'C000037819', 'C000037820'], 9],
  );
});

test('a bond with identifiers and debt terms', () => {
  const n = parseNport(readFileSync(path.join(FIX, 'nport-bonds.xml')));
  assert.equal(n.holdings[2], {
    row: 3, name: 'Apple Inc', lei: 'HWUPKR0MPOU8FGXBT394', title: 'Apple Inc', cusip: '037833AL4', isin: 'US037833AL42', ticker: null, otherIds: null,
    balance: 1375000, units: 'PA', currency: 'USD', valueUsd: 1219762.5, pctNetAssets: 0.337045510975, payoffProfile: 'Long', assetCat: 'DBT', issuerCat: 'CORP',
    country: 'US', isRestricted: false, fairValueLevel: '2', maturity: '2043-05-04', couponKind: 'Fixed', couponRate: 3.85, isDefault: false, interestInArrears: false, isPik: false,
  });
});

test('defaulted bond flags; a derivative with CUSIP 000000000 and a negative value', () => {
  const n = parseNport(readFileSync(path.join(FIX, 'nport-bonds.xml')));
  const rite = n.holdings[7]!;
  assert.equal([rite.name, rite.isDefault, rite.interestInArrears, rite.couponRate], ['Rite Aid Corp', true, true, 8]);
  const fwd = n.holdings[8]!;
  assert.equal([fwd.cusip, fwd.otherIds, fwd.valueUsd, fwd.currency, fwd.units, fwd.maturity, fwd.payoffProfile], [null, 'Trade Identifier: 23CJKBB56P4', -2245.18, 'JPY', 'NC', null, null]);
});

test('zero holdings is fine; other documents are refused', () => {
  const empty = readFileSync(path.join(FIX, 'nport-bonds.xml'), 'utf8').replace(/<invstOrSecs>[\s\S]*<\/invstOrSecs>/, '<invstOrSecs></invstOrSecs>');
  assert.is(parseNport(empty).holdings.length, 0);
  assert.throws(() => parseNport('<edgarSubmission><headerData><submissionType>13F-HR</submissionType></headerData></edgarSubmission>'), /not an N-PORT document/);
});

test('filer variants: identifiers split over several blocks, N/A fields; a number that is not one is refused', () => {
  const xml = readFileSync(path.join(FIX, 'nport-bonds.xml'), 'utf8');
  const split = xml.replace(/<identifiers>\s*<isin value="US037833AL42"\/>\s*<\/identifiers>/, '<identifiers><other otherDesc="Internal" value="AAPL-43"/></identifiers><identifiers><isin value="US037833AL42"/></identifiers>');
  assert.ok(split !== xml);
  const apple = parseNport(split).holdings[2]!;
  assert.equal([apple.isin, apple.otherIds], ['US037833AL42', 'Internal: AAPL-43']);
  const na = parseNport(xml.replace(/<invCountry>US<\/invCountry>/, '<invCountry>N/A</invCountry>').replace(/<balance>13415.85000000<\/balance>/, '<balance>N/A</balance>')).holdings[0]!;
  assert.equal([na.country, na.balance], [null, null]);
  assert.throws(() => parseNport(xml.replace(/<balance>13415.85000000<\/balance>/, '<balance>13,4I5.85</balance>')), /holding 1 balance is not a number: "13,4I5.85"/);
});

test.run();
