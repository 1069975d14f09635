import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fdicDate, parseFdicInstitutions } from '../../../pipelines/parsers/fdic.ts';
import { SAMPLE_DIR } from '../../../schema/config.ts';

const sample = readFileSync(path.join(SAMPLE_DIR, 'banks.data.fdic.gov/api/institutions.csv'), 'utf8');

const parse = suite('parseFdicInstitutions');

parse('the sample: thousands become dollars, dates become ISO, 12/31/9999 becomes null', () => {
  const rows = parseFdicInstitutions(sample);
  assert.is(rows.length, 8);
  const jpm = rows.find((r) => r.cert === 628)!;
  assert.equal(jpm, {
    cert: 628,
    name: 'JPMorgan Chase Bank, National Association',
    fedRssd: 852218,
    address: '1111 Polaris Pkwy',
    city: 'Columbus',
    state: 'OH',
    stateName: 'Ohio',
    zip: '43240',
    active: true,
    bankClass: 'N',
    regulator: 'OCC',
    holdingCompany: 'JPMORGAN CHASE&CO',
    holdingCompanyRssd: 1039502,
    totalAssets: 3_502_999_000_000,
    totalDeposits: 2_439_210_000_000,
    domesticDeposits: 1_966_712_000_000,
    netIncome: 27_718_000_000,
    roa: 1.61,
    roe: 16.52,
    offices: 4966,
    reportDate: '2024-06-30',
    established: '1824-01-01',
    insuredSince: '1934-01-01',
    inactiveSince: null,
    website: 'https://www.jpmorganchase.com',
  });
  const svb = rows.find((r) => r.cert === 24735)!;
  assert.is(svb.active, false);
  assert.is(svb.inactiveSince, '2023-03-10');
  assert.is(svb.reportDate, '2022-12-31');
});

parse('date formats of the BankFind CSV and API', () => {
  assert.is(fdicDate('6/30/2024', 'X', 2), '2024-06-30');
  assert.is(fdicDate('20240630', 'X', 2), '2024-06-30');
  assert.is(fdicDate('2024-06-30', 'X', 2), '2024-06-30');
  assert.is(fdicDate('', 'X', 2), null);
  assert.throws(() => fdicDate('02/30/2024', 'REPDTE', 7), /record 7: REPDTE is not a calendar date/);
});

parse('bad documents are refused with a reason', () => {
  assert.throws(() => parseFdicInstitutions('NAME,CITY\nA,B\n'), /missing column\(s\): CERT, ACTIVE/);
  assert.throws(() => parseFdicInstitutions('CERT,NAME,ACTIVE,ASSET\n1,A,1,12x\n'), /record 2: ASSET is not a number/);
  assert.throws(() => parseFdicInstitutions('CERT,NAME,ACTIVE\n1,A,1\n1,B,1\n'), /CERT 1 appears twice/);
  assert.throws(() => parseFdicInstitutions('CERT,NAME,ACTIVE\n1,A,yes\n'), /ACTIVE must be 0 or 1/);
});

parse.run();
