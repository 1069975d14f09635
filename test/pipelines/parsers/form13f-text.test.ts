import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { coverFromText, parseForm13fText } from '../../../pipelines/parsers/form13f-text.ts';
import { decideUnits } from '../../../pipelines/parsers/form13f.ts';
import { parseSubmissionTxt } from '../../../pipelines/parsers/edgar-submission-txt.ts';

const FIX = path.resolve(import.meta.dirname, '../../fixtures/ownership');
const read = (f: string): string => readFileSync(path.join(FIX, f), 'utf8');

const base = { figi: null, shareType: 'SH', putCall: null, investmentDiscretion: 'SOLE', otherManagers: null };
const EXPECTED = [
  { ...base, row: 1, issuer: 'APPLE INC', titleOfClass: 'COM', cusip: '037833100', value: 12345, shares: 20580, voteSole: 20580, voteShared: 0, voteNone: 0 },
  { ...base, row: 2, issuer: 'ACE LTD', titleOfClass: 'SHS', cusip: 'H0023R105', value: 1024, shares: 14000, voteSole: 14000, voteShared: 0, voteNone: 0 },
  { ...base, row: 3, issuer: 'SPDR S&P 500 ETF TR', titleOfClass: 'TR UNIT', cusip: '78462F103', value: 2830, shares: 20000, putCall: 'PUT', voteSole: 20000, voteShared: 0, voteNone: 0 },
  {
    ...base, row: 4, issuer: 'BERKSHIRE HATHAWAY INC DEL', titleOfClass: 'CL B NEW', cusip: '084670702', value: 4058, shares: 50000, investmentDiscretion: 'DEFINED', otherManagers: '1,2',
    voteSole: 0, voteShared: 50000, voteNone: 0,
  },
  { ...base, row: 5, issuer: 'EXXON MOBIL CORP', titleOfClass: 'COM', cusip: '30231G102', value: 8470, shares: 97655, voteSole: 90000, voteShared: 0, voteNone: 7655 },
  { ...base, row: 6, issuer: 'ISHARES TR', titleOfClass: 'BARCLYS 20+ YR', cusip: '464287432', value: 1122, shares: 10000, putCall: 'CALL', voteSole: 10000, voteShared: 0, voteNone: 0 },
  { ...base, row: 7, issuer: 'CHESAPEAKE ENERGY CORP', titleOfClass: 'NOTE 2.500%', cusip: '165167BZ9', value: 950, shares: 950000, shareType: 'PRN', voteSole: 950000, voteShared: 0, voteNone: 0 },
];

const t = suite('parseForm13fText');

t('a 2012 text submission: cover, summary page, two pages of table with a repeated header', () => {
  const p = parseForm13fText(read('13f-2011q4-text.txt'));
  assert.equal(p.rows, EXPECTED);
  // Page 1 (dash rules, tabs) and page 2 (a repeated header shifted 2 columns, <S>/<C> markers).
  assert.equal(p.rowLines, [82, 83, 84, 85, 96, 97, 98]);
  assert.equal(p.skipped, [{ line: 100, kind: 'footer', text: 'TOTAL                                                     30,799' }]);
  assert.equal(
    [p.form, p.period, p.filed, p.cik, p.managerName, p.reportType, p.isAmendment, p.amendmentNo, p.amendmentType, p.otherIncludedManagersCount, p.tableEntryTotal, p.tableValueTotal, p.tableFound],
    ['13F-HR', '2011-12-31', '2012-02-14', 1234567, 'EXAMPLE CAPITAL MANAGEMENT LLC', '13F HOLDINGS REPORT', false, null, null, 2, 7, 30799, true],
  );
  assert.equal(p.otherManagers, [
    { seq: 1, cik: null, fileNumber: '28-11111', name: 'EXAMPLE ADVISORS LLC' },
    { seq: 2, cik: null, fileNumber: '28-22222', name: 'EXAMPLE TRUST CO' },
  ]);
  // The summary page agrees with the rows; values are thousands.
  assert.is(p.rows.length, p.tableEntryTotal);
  assert.is(p.rows.reduce((s, r) => s + r.value, 0), p.tableValueTotal);
  assert.is(decideUnits(p.rows, p.tableValueTotal, '2012-02-14').unit, 'thousands');
});

t('CRLF line ends and form feeds read the same', () => {
  const p = parseForm13fText(read('13f-2011q4-text.txt').replace(/\n/g, '\r\n').replace('<PAGE>\r\n', '\f<PAGE>\r\n'));
  assert.equal(p.rows, EXPECTED);
  assert.equal(p.rowLines, [82, 83, 84, 85, 96, 97, 98]);
});

t('cover for the warehouse: the SEC header wins, the text fills the rest', () => {
  const text = read('13f-2011q4-text.txt');
  const sub = parseSubmissionTxt(text);
  const c = coverFromText(parseForm13fText(text), sub.header);
  assert.equal(
    [c.submissionType, c.cik, c.period, c.managerName, c.reportType, c.isAmendment, c.tableEntryTotal, c.tableValueTotal, c.otherIncludedManagersCount, c.otherManagers.length],
    ['13F-HR', 1234567, '2011-12-31', 'EXAMPLE CAPITAL MANAGEMENT LLC', '13F HOLDINGS REPORT', false, 7, 30799, 2, 2],
  );
  // Without the SEC header the cover's "Quarter Ended" gives the period.
  const body = text.slice(text.indexOf('<TEXT>'));
  const p = parseForm13fText(body);
  assert.equal([p.period, p.filed, p.form, p.managerName], ['2011-12-31', null, null, 'Example Capital Management LLC']);
});

t('a value that cannot be read is refused with its line number', () => {
  assert.throws(() => parseForm13fText(read('13f-text-malformed.txt')), (e: Error) => e.name === 'QuarantineError' && e.message.startsWith('line 9: information table row cannot be read (VALUE is not a number: 2,8O0)'));
});

t('a row without a readable CUSIP is refused, not dropped', () => {
  const text = read('13f-2011q4-text.txt').replace('78462F103', '78462F10 ');
  assert.throws(() => parseForm13fText(text), /^line 84: information table row cannot be read \(no CUSIP in the CUSIP column\)/);
  // A value pushed into the shares column: no VALUE, two numbers under SHRS OR PRN AMT.
  const shifted = read('13f-2011q4-text.txt').replace('    2,830   20,000 SH', '       2,830 20,000 SH');
  assert.throws(() => parseForm13fText(shifted), /^line 84: information table row cannot be read \(no VALUE\)/);
});

t('a whitespace-only header without markers; amendment cover; no table at all', () => {
  const text = [
    'CONFORMED SUBMISSION TYPE:\t13F-HR/A',
    'Check here if Amendment [X]; Amendment Number: 1',
    '[X] adds new holdings entries.',
    '',
    '                                              VALUE     SHARES   SH/  INVESTMENT     VOTING AUTHORITY',
    'NAME OF ISSUER        TITLE     CUSIP       (X$1000)   PRN AMT  PRN   DISCRETION   SOLE  SHARED  NONE',
    'MICROSOFT CORP        COM       594918104     123,456  4,000,000 SH   SOLE    1,234,567     0  2,765,433',
    '',
    '',
  ].join('\n');
  const p = parseForm13fText(text);
  assert.equal(p.rows.map((r) => [r.issuer, r.cusip, r.value, r.shares, r.shareType, r.investmentDiscretion, r.voteSole, r.voteShared, r.voteNone]), [
    ['MICROSOFT CORP', '594918104', 123456, 4000000, 'SH', 'SOLE', 1234567, 0, 2765433],
  ]);
  assert.equal([p.form, p.isAmendment, p.amendmentNo, p.amendmentType], ['13F-HR/A', true, 1, 'NEW HOLDINGS']);
  const none = parseForm13fText('CONFORMED PERIOD OF REPORT:\t20111231\nThis filing lists no securities.\n');
  assert.equal([none.tableFound, none.rows.length, none.period], [false, 0, '2011-12-31']);
});

t.run();

const oneCell = suite('parseForm13fText: amount and SH/PRN in one cell (issue 13.17)');

// A layout seen in real 2010-2012 filings: the amount and its type are written together under
// "SHRS OR PRN AMT" ("13606 SH"), left of where the SH/PRN header starts, or with no SH/PRN column.
const ONE_CELL = `CONFORMED PERIOD OF REPORT:\t20111231
FILED AS OF DATE:\t\t20120210
                                                          VALUE     SHRS OR     SH/ PUT/ INVSTMT  OTHER       VOTING AUTHORITY
NAME OF ISSUER             TITLE OF CLASS    CUSIP      (x$1000)  PRN AMT     PRN CALL DSCRETN  MANAGERS   SOLE    SHARED   NONE
APPLE INC                  COM               037833100     5511   13606 SH             SOLE                13606       0      0
CHESAPEAKE ENERGY CORP     NOTE 2.500%       165167BZ9      950  950000 PRN            SOLE               950000       0      0
SPDR S&P 500 ETF TR        TR UNIT           78462F103     2830   20000 SH    PUT      SOLE                20000       0      0
ISHARES TR                 BARCLYS 20+ YR    464287432     1122 10,000SH     CALL      SOLE                10000       0      0
`;

oneCell('the amount and its type are read apart', () => {
  const p = parseForm13fText(ONE_CELL);
  assert.equal(
    p.rows.map((r) => [r.cusip, r.value, r.shares, r.shareType, r.putCall, r.investmentDiscretion, r.voteSole]),
    [
      ['037833100', 5511, 13606, 'SH', null, 'SOLE', 13606],
      ['165167BZ9', 950, 950000, 'PRN', null, 'SOLE', 950000],
      ['78462F103', 2830, 20000, 'SH', 'PUT', 'SOLE', 20000],
      ['464287432', 1122, 10000, 'SH', 'CALL', 'SOLE', 10000],
    ],
  );
});

oneCell('with no SH/PRN column at all', () => {
  const lines = ONE_CELL.split('\n');
  lines[2] = lines[2]!.replace('SH/ PUT/', '    PUT/');
  lines[3] = lines[3]!.replace('PRN CALL', '    CALL');
  const p = parseForm13fText(lines.join('\n'));
  assert.equal(p.rows.map((r) => [r.shares, r.shareType]), [[13606, 'SH'], [950000, 'PRN'], [20000, 'SH'], [10000, 'SH']]);
});

oneCell('two amounts in the column are still refused', () => {
  assert.throws(() => parseForm13fText(ONE_CELL.replace('13606 SH', '13606 99')), /line 5: .*2 entries in the SHRS OR PRN AMT column: 13606 99/);
});

oneCell.run();
