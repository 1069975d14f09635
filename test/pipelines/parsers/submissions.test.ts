import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { acceptanceClock, parseSubmissions, parseSubmissionsPage, sicIndustry, sicSector, utcToEastern } from '../../../pipelines/parsers/submissions.ts';
import { QuarantineError } from '../../../pipelines/jobs/interface.ts';
import { SAMPLE_DIR } from '../../../schema/config.ts';

// The sample's real submissions JSON (data.sec.gov, kept gzip-compressed: pipelines/sample/README.md).
const read = (name: string): unknown => JSON.parse(gunzipSync(readFileSync(path.join(SAMPLE_DIR, 'data.sec.gov/submissions', `${name}.gz`))).toString('utf8'));

const main = suite('parseSubmissions');

main('company header -> profile (sector and industry from SIC, former names)', () => {
  const doc = parseSubmissions(read('CIK0000320193.json'));
  assert.equal(doc.profile, {
    cik: 320193,
    name: 'Apple Inc.',
    entityType: 'operating',
    sicCode: '3571',
    sicDescription: 'Electronic Computers',
    sector: 'Information Technology',
    industry: 'Electronic Computers',
    fiscalYearEnd: '0927',
    stateOfIncorporation: 'CA',
    category: 'Large accelerated filer',
    ein: '942404110',
    tickers: ['AAPL'],
    exchanges: ['Nasdaq'],
    formerNames: [
      { name: 'APPLE INC', from: '2007-01-10', to: '2019-08-05' },
      { name: 'APPLE COMPUTER INC', from: '1994-01-26', to: '2007-01-04' },
      { name: 'APPLE COMPUTER INC/ FA', from: '1997-07-28', to: '1997-07-28' },
    ],
  });
  assert.equal(doc.pages, ['CIK0000320193-submissions-001.json']);
});

main('columnar filings -> records; acceptance time kept as the Eastern wall clock', () => {
  // Values read by hand from data.sec.gov/submissions/CIK0000320193.json (recorded 2025-01-10).
  const doc = parseSubmissions(read('CIK0000320193.json'));
  assert.is(doc.filings.length, 1000);
  const tenK = doc.filings.find((f) => f.accession === '0000320193-24-000123')!;
  assert.is(tenK.form, '10-K');
  assert.is(tenK.filingDate, '2024-11-01');
  assert.is(tenK.reportDate, '2024-09-28');
  assert.is(tenK.primaryDocument, 'aapl-20240928.htm');
  assert.is(tenK.isXbrl, true);
  // "2024-11-01T06:01:36.000Z": the Z is wrong, the clock is US Eastern (QUIRKS.md).
  assert.is(tenK.acceptanceTime, '2024-11-01 06:01:36');
  const form4 = doc.filings.find((f) => f.form === '4')!;
  assert.is(form4.accession, '0000320193-24-000132');
  assert.is(form4.primaryDocument, 'xslF345X05/wk-form4_1734564614.xml');
  assert.is(form4.fileNumber, null);
  const eightK = doc.filings.find((f) => f.form === '8-K')!;
  assert.is(eightK.accession, '0001140361-25-000228');
  assert.is(eightK.items, '5.02');
});

main('older-filings page: same columns, no header', () => {
  // Tesla's overflow page data.sec.gov/submissions/CIK0001318605-submissions-001.json: 720 filings,
  // its times in UTC (285 of them would fall outside EDGAR's hours as Eastern, 3 as UTC).
  const page = parseSubmissionsPage(read('CIK0001318605-submissions-001.json'));
  assert.is(page.length, 720);
  assert.equal([page[0], page[1], page.at(-1)].map((f) => [f!.accession, f!.form, f!.filingDate, f!.acceptanceTime]), [
    // "2018-02-12T11:01:27.000Z", "2018-02-09T22:14:26.000Z" (an 8-K accepted before 17:30 Eastern, filed that day), "2005-02-23T16:38:36.000Z".
    ['0000950103-18-001851', 'SC 13G/A', '2018-02-12', '2018-02-12 06:01:27'],
    ['0001564590-18-001786', '8-K', '2018-02-09', '2018-02-09 17:14:26'],
    ['9999999997-05-006484', 'REGDEX', '2005-02-17', '2005-02-23 11:38:36'],
  ]);
  assert.throws(() => parseSubmissions(read('CIK0001318605-submissions-001.json')), /older-filings page/);
});

main('an individual filer: no SIC, no sector, no fiscal year end', () => {
  const doc = parseSubmissions({
    cik: '0000315090', entityType: 'other', sic: '', sicDescription: '', name: 'BUFFETT WARREN E', tickers: [], exchanges: [], fiscalYearEnd: null, formerNames: [],
    filings: { recent: { accessionNumber: ['0000315090-24-000001'], filingDate: ['2024-01-02'], form: ['4'], acceptanceDateTime: ['2024-01-02T18:00:00.000Z'] }, files: [] },
  });
  assert.is(doc.profile.entityType, 'other');
  assert.is(doc.profile.sicCode, null);
  assert.is(doc.profile.sector, null);
  assert.is(doc.profile.fiscalYearEnd, null);
  // Several categories come joined by an HTML line break.
  const category = (c: string) => parseSubmissions({ cik: '1', name: 'X', category: c, filings: { recent: { accessionNumber: [], filingDate: [], form: [] }, files: [] } }).profile.category;
  assert.is(category('Non-accelerated filer<br>Smaller reporting company'), 'Non-accelerated filer; Smaller reporting company');
  assert.is(category('<br>Emerging growth company'), 'Emerging growth company');
  assert.is(category('<br/>'), null);
  // One time that fits EDGAR's hours read either way: read as UTC, as its Z says.
  assert.is(doc.filings[0]!.acceptanceTime, '2024-01-02 13:00:00');
});

main("acceptance times: each document read as UTC or as Eastern, whichever leaves fewer outside EDGAR's hours", () => {
  // Tesla's recent page (recorded 2026) is UTC: its 10-K "2026-01-29T01:55:03.000Z" was accepted at
  // 20:55 Eastern the day before (after 17:30, so filed the next business day), and
  // "2025-01-09T00:00:05.000Z" is the 19:00:05 Eastern of that filing's own header
  // (www.sec.gov/Archives/edgar/data/1318605/000095017025003585/0000950170-25-003585.txt).
  const tesla = parseSubmissions(read('CIK0001318605.json')).filings;
  const byAccession = (a: string) => tesla.find((f) => f.accession === a)!;
  assert.is(byAccession('0001628280-26-003952').acceptanceTime, '2026-01-28 20:55:03');
  assert.is(byAccession('0000950170-25-003585').acceptanceTime, '2025-01-08 19:00:05');
  // Apple's (recorded 2025-01-10) is Eastern, as QUIRKS.md says: kept as written (test above).
  assert.is(acceptanceClock(parseSubmissions(read('CIK0000320193.json')).filings.map((f) => f.acceptanceTime)), 'eastern');
  // Summer time: 4 hours, across the change in March.
  assert.is(utcToEastern('2024-07-01 03:00:00'), '2024-06-30 23:00:00');
  assert.is(utcToEastern('2024-03-10 06:59:59'), '2024-03-10 01:59:59');
  assert.is(utcToEastern('2024-03-10 07:00:00'), '2024-03-10 03:00:00');
  // Crafted: evening Form 4s written in UTC, and the same clocks written in Eastern (mornings).
  assert.is(acceptanceClock(['2024-05-01 23:40:00', '2024-05-02 01:10:00', '2024-05-02 14:00:00']), 'utc');
  assert.is(acceptanceClock(['2024-05-01 07:40:00', '2024-05-02 08:10:00', '2024-05-02 14:00:00']), 'eastern');
  // A time that is no time is none.
  const odd = parseSubmissions({
    cik: '1', name: 'X', filings: { recent: { accessionNumber: ['0000000001-24-000001', '0000000001-24-000002', '0000000001-24-000003'], filingDate: ['2024-01-02', '2024-01-02', '2024-01-02'], form: ['8-K', '8-K', '8-K'], acceptanceDateTime: ['2024-13-45T25:00:00.000Z', '2024-02-30T10:00:00.000Z', '2024-01-01T24:00:00.000Z'] }, files: [] },
  });
  assert.equal(odd.filings.map((f) => f.acceptanceTime), [null, null, null]);
});

main("acceptance times: midnight exactly is EDGAR's filler for no time kept, not a vote for UTC", () => {
  // Two 1996-2002 fillers and two real Eastern times (a morning and an evening): the fillers read as
  // UTC would have tipped the page to UTC, moving the real times 5 hours earlier.
  const page = parseSubmissionsPage({
    accessionNumber: ['0000000001-03-000001', '0000000001-03-000002', '0000000001-02-000003', '0000000001-01-000004'],
    filingDate: ['2003-02-11', '2003-02-12', '2002-03-12', '2001-05-01'],
    form: ['8-K', '8-K', '10-K', '10-Q'],
    acceptanceDateTime: ['2003-02-10T18:57:11.000Z', '2003-02-12T07:10:00.000Z', '2002-03-12T00:00:00.000Z', '2001-05-01T00:00:00.000Z'],
  });
  assert.equal(page.map((f) => f.acceptanceTime), ['2003-02-10 18:57:11', '2003-02-12 07:10:00', null, null]);
});

main('bad documents are quarantined with the reason', () => {
  const bad: [unknown, string][] = [
    ['x', 'not a JSON object'],
    [{ cik: '1', name: 'X' }, 'no "filings"'],
    [{ cik: 'x', name: 'X', filings: {} }, 'invalid cik'],
    [{ cik: '1', name: 'X', filings: { recent: { accessionNumber: ['0000000001-24-000001'], filingDate: [], form: ['10-K'] } } }, 'column filingDate'],
    [{ cik: '1', name: 'X', filings: { recent: { accessionNumber: ['bad'], filingDate: ['2024-01-01'], form: ['10-K'] } } }, 'invalid accession'],
    [{ cik: '1', name: 'X', filings: { recent: { accessionNumber: ['0000000001-24-000001'], filingDate: ['01/02/2024'], form: ['10-K'] } } }, 'invalid filingDate'],
    [{ cik: '1', name: 'X', filings: { recent: { accessionNumber: [], filingDate: [], form: [] }, files: [{ name: '../x.json' }] } }, 'page name'],
  ];
  for (const [json, reason] of bad) {
    try {
      parseSubmissions(json);
      assert.unreachable(reason);
    } catch (err) {
      assert.instance(err, QuarantineError, reason);
      assert.match((err as Error).message, reason);
    }
  }
});

// ---
const sic = suite('sicSector / sicIndustry');
sic('maps the sample companies and the edges', () => {
  const cases: [string, string | null][] = [
    ['3571', 'Information Technology'], ['7372', 'Information Technology'], ['3674', 'Information Technology'], ['5961', 'Consumer Discretionary'],
    ['3711', 'Consumer Discretionary'], ['6021', 'Financials'], ['2911', 'Energy'], ['2080', 'Consumer Staples'], ['2834', 'Health Care'],
    ['6798', 'Real Estate'], ['4911', 'Utilities'], ['4813', 'Communication Services'], ['3721', 'Industrials'], ['1000', 'Materials'], ['', null], ['abc', null],
    // The SEC's codes for what a registrant is, not what it does: no sector.
    ['8880', null], ['8888', null], ['9995', null], ['8900', 'Industrials'], ['9721', 'Public Administration'],
  ];
  for (const [code, sector] of cases) assert.is(sicSector(code || null), sector, code);
  assert.is(sicIndustry('SERVICES-COMPUTER PROGRAMMING, DATA PROCESSING, ETC.'), 'Services-Computer Programming, Data Processing, Etc.');
  assert.is(sicIndustry('RETAIL-CATALOG & MAIL-ORDER HOUSES'), 'Retail-Catalog & Mail-Order Houses');
  assert.is(sicIndustry(null), null);
});

const pairs = suite('parseSubmissions: tickers and exchanges');

pairs('an exchange listed as null keeps the tickers and exchanges aligned', () => {
  const doc = { ...(read('CIK0001318605.json') as Record<string, unknown>), tickers: ['FNMA', 'FNMAS', 'FNMAJ'], exchanges: [null, 'OTC', 'OTC'] };
  const p = parseSubmissions(doc).profile;
  assert.equal(p.tickers, ['FNMA', 'FNMAS', 'FNMAJ']);
  assert.equal(p.exchanges, [null, 'OTC', 'OTC']);
});

main.run();
sic.run();
pairs.run();
