import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fdicDate, parseFdicInstitutions } from '../../../pipelines/parsers/fdic.ts';
import { SAMPLE_DIR } from '../../../schema/config.ts';
import { sampleCsvRecords } from '../../sample-files.ts';

const sample = readFileSync(path.join(SAMPLE_DIR, 'banks.data.fdic.gov/api/institutions.csv'), 'utf8');

const parse = suite('parseFdicInstitutions');

parse('the sample (generated BankFind download): thousands become dollars, dates become ISO, 12/31/9999 becomes null', () => {
  const rows = parseFdicInstitutions(sample);
  const records = sampleCsvRecords('banks.data.fdic.gov/api/institutions.csv');
  assert.is(rows.length, records.length);
  const iso = (us: string) => (us === '12/31/9999' ? null : `${us.slice(6)}-${us.slice(0, 2)}-${us.slice(3, 5)}`);
  for (const rec of records) {
    const row = rows.find((r) => r.cert === Number(rec.CERT))!;
    assert.equal(row, {
      cert: Number(rec.CERT),
      name: rec.NAME,
      fedRssd: Number(rec.FED_RSSD),
      address: rec.ADDRESS,
      city: rec.CITY,
      state: rec.STALP,
      stateName: rec.STNAME,
      zip: rec.ZIP,
      active: rec.ACTIVE === '1',
      bankClass: rec.BKCLASS,
      regulator: rec.REGAGNT,
      holdingCompany: rec.NAMEHCR,
      holdingCompanyRssd: Number(rec.RSSDHCR),
      totalAssets: Number(rec.ASSET) * 1000,
      totalDeposits: Number(rec.DEP) * 1000,
      domesticDeposits: Number(rec.DEPDOM) * 1000,
      netIncome: Number(rec.NETINC) * 1000,
      roa: Number(rec.ROA),
      roe: Number(rec.ROE),
      offices: Number(rec.OFFDOM),
      reportDate: iso(rec.REPDTE!),
      established: iso(rec.ESTYMD!),
      insuredSince: iso(rec.INSDATE!),
      inactiveSince: iso(rec.ENDEFYMD!),
      website: rec.WEBADDR,
    }, rec.NAME);
  }
  assert.ok(rows.some((r) => !r.active && r.inactiveSince) && rows.some((r) => r.active && r.inactiveSince === null), 'a closed bank and open ones');
  assert.ok(records.some((r) => r.NAME!.includes(',')), 'a quoted name with a comma');
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
