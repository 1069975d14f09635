/** EDGAR index files: the real daily form/company index and quarterly xbrl index, and the generated master layout. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { dailyIndexKey, fullIndexKey, parseEdgarIndex, renderMasterIndex } from '../../../pipelines/parsers/edgar-index.ts';
import { realSuite, SHARED_DATA } from '../../real/shared-data.ts';

const IDX = path.join(SHARED_DATA, 'corpus/www.sec.gov/Archives/edgar');
const idx = realSuite('EDGAR index files', IDX);

idx('daily form index (fixed width, sorted by form): every line, form and company split at the title columns', () => {
  const text = readFileSync(path.join(IDX, 'daily-index/2020/QTR1/form.20200318.idx'), 'latin1');
  const entries = parseEdgarIndex(text);
  const lines = text.split('\n').filter((l) => /edgar\/data\//.test(l));
  assert.is(entries.length, lines.length);
  assert.equal(entries[0], { cik: 1806014, company: 'DLP Positive Note Fund LLC', form: '1-A', filed: '2020-03-18', fileName: 'edgar/data/1806014/0001140361-20-006155.txt', accession: '0001140361-20-006155' });
  assert.ok(entries.some((e) => e.form === '1-A POS' && e.company === 'Belpointe REIT, Inc.'), 'a form with a space');
  assert.ok(entries.some((e) => e.form === '13F-HR'));
});

idx('daily company index (company first, title over two lines) and quarterly xbrl index (pipes, ISO dates)', () => {
  const company = parseEdgarIndex(readFileSync(path.join(IDX, 'daily-index/2023/QTR3/company.20230703.idx')));
  assert.equal(company[0], { cik: 1975393, company: '3J LLC', form: 'D', filed: '2023-07-03', fileName: 'edgar/data/1975393/0001975393-23-000001.txt', accession: '0001975393-23-000001' });
  assert.ok(company.some((e) => e.form === 'SC 13G' && e.company === '7GC & Co. Holdings Inc.'));
  const xbrl = parseEdgarIndex(readFileSync(path.join(IDX, 'full-index/2023/QTR1/xbrl.idx')));
  assert.equal(xbrl[0], { cik: 1000045, company: 'NICHOLAS FINANCIAL INC', form: '10-Q', filed: '2023-02-14', fileName: 'edgar/data/1000045/0000950170-23-002704.txt', accession: '0000950170-23-002704' });
  assert.ok(xbrl.length > 20000);
});

idx('a generated master index reads back; keys follow the EDGAR layout; other files are refused with a reason', () => {
  const entries = [{ cik: 1135730, company: 'COATUE MANAGEMENT LLC', form: '13F-HR', filed: '2024-08-14', fileName: 'edgar/data/1135730/0000919574-24-004811.txt' }];
  assert.equal(parseEdgarIndex(renderMasterIndex('2024-08-14', entries)), [{ ...entries[0]!, accession: '0000919574-24-004811' }]);
  // A company name holding the delimiter: the other fields are read from both ends.
  const piped = [{ ...entries[0]!, company: 'A|B CAPITAL LLC' }];
  assert.equal(parseEdgarIndex(renderMasterIndex('2024-08-14', piped)), [{ ...piped[0]!, accession: '0000919574-24-004811' }]);
  assert.is(dailyIndexKey('2024-08-14'), 'www.sec.gov/Archives/edgar/daily-index/2024/QTR3/master.20240814.idx');
  assert.is(dailyIndexKey('2024-01-02'), 'www.sec.gov/Archives/edgar/daily-index/2024/QTR1/master.20240102.idx');
  assert.is(fullIndexKey(2023, 4), 'www.sec.gov/Archives/edgar/full-index/2023/QTR4/master.idx');
  assert.throws(() => parseEdgarIndex('<html>Not Found</html>'), /not an EDGAR index/);
  assert.throws(() => parseEdgarIndex(readFileSync(path.join(IDX, 'daily-index/2023/QTR3/crawler.20230703.idx'))), /not understood/);
});

idx.run();

// Rows of EDGAR's daily form index of 2026-07-29 (real filings; copied from the fixture kept in
// github.com/Dark417/1sde-edgar-03-ingest, tests/fixtures/form.20260729.idx at c723988e). The
// title keeps "Company Name" at column 12 but the rows give the form 17 columns.
const FORM_2026 = [
  'Description:           Daily Index of EDGAR Dissemination Feed by Form Type',
  'Last Data Received:    Jul 29, 2026',
  'Comments:              webmaster@sec.gov',
  'Anonymous FTP:         ftp://ftp.sec.gov/edgar/',
  ' ',
  ' ',
  ' ',
  ' ',
  'Form Type   Company Name                                                  CIK',
  '      Date Filed  File Name',
  '---------------------------------------------------------------------------------------------------------------------------------------------',
  '1-SA             Hartley Opportunity Fund LLC                                  2056463     20260729    edgar/data/2056463/0001096906-26-001138.txt                                                ',
  '13F-HR           Cornerstone Wealth, LLC/TN                                    2135644     20260729    edgar/data/2135644/0002135644-26-000002.txt                                                ',
  'SCHEDULE 13G/A   Cheer Holding, Inc.                                           1738758     20260729    edgar/data/1738758/0000921895-26-001888.txt                                                ',
  'SEC STAFF ACTIO  Diginex Ltd                                                   2010499     20260729    edgar/data/2010499/9999999997-26-001277.txt                                                '
].join('\n');

const layout = suite('EDGAR index layouts');

layout('daily form index of 2026: forms longer than the title column stay whole, companies intact', () => {
  const entries = parseEdgarIndex(FORM_2026);
  assert.equal(
    entries.map((e) => [e.form, e.company, e.cik, e.accession]),
    [
      ['1-SA', 'Hartley Opportunity Fund LLC', 2056463, '0001096906-26-001138'],
      ['13F-HR', 'Cornerstone Wealth, LLC/TN', 2135644, '0002135644-26-000002'],
      ['SCHEDULE 13G/A', 'Cheer Holding, Inc.', 1738758, '0000921895-26-001888'],
      ['SEC STAFF ACTIO', 'Diginex Ltd', 2010499, '9999999997-26-001277'],
    ],
  );
  assert.ok(entries.every((e) => e.filed === '2026-07-29'));
  // One row alone (no other rows to agree with): its own word starts decide.
  const one = FORM_2026.split('\n').filter((l, i) => i < 11 || l.startsWith('SCHEDULE'));
  assert.equal(parseEdgarIndex(one.join('\n')).map((e) => [e.form, e.company]), [['SCHEDULE 13G/A', 'Cheer Holding, Inc.']]);
  // Rows whose companies start one column apart have no common split: the title's column is the
  // guess, and a row it would cut through a word is refused, never read as form 'SCHEDULE 13G'.
  const ragged = FORM_2026.split('\n').map((l) => (l.startsWith('1-SA') ? l.replace('1-SA ', '1-SA  ') : l));
  assert.throws(() => parseEdgarIndex(ragged.join('\n')), /not split into form and company at column 13: "SCHEDULE 13G\/A/);
});

layout.run();
