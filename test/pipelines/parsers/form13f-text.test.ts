import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { coverFromText, cusipCheckDigitOk, parseForm13fText, SUMMARY_TOTAL } from '../../../pipelines/parsers/form13f-text.ts';
import { decideUnits, type InfoTableRow } from '../../../pipelines/parsers/form13f.ts';
import { parseSubmissionTxt } from '../../../pipelines/parsers/edgar-submission-txt.ts';
import { realSuite, SHARED_DATA } from '../../real/shared-data.ts';

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

// ---

const variants = suite('parseForm13fText: real-world text table variants (synthetic fixtures)');

// A synthetic table in the layout of 1999-2012 text filings: a two-line header, `<S>`/`<C>` column
// markers, right-aligned figures. `fixed` writes [text, at] cells: at >= 0 starts the text at that
// column, at < 0 ends it at column -at.
const fixed = (...cells: [string, number][]): string => {
  let s = '';
  for (const [text, at] of cells) {
    const start = at >= 0 ? at : -at - text.length;
    if (s.trimEnd().length > start) throw new Error(`fixture cells overlap at ${start}: ${text}`);
    s = s.padEnd(start) + text;
  }
  return s;
};
const HEAD = [
  '                                                         MARKET    SHRS OR  SH/ PUT/ INVESTMENT  OTHER     VOTING AUTHORITY',
  'NAME OF ISSUER               TITLE OF CLASS   CUSIP      VALUE     PRN AMT  PRN CALL DESCRETION  MANAGERS  SOLE        SHARED  NONE',
  '<S>                          <C>              <C>        <C>       <C>      <C>      <C>                   <C>         <C>     <C>',
];
interface Cells { name: string; title?: string; cusip: string; value: string; shares: string; type?: string; pc?: string; disc?: string; mgr?: string; sole?: string; shared?: string; none?: string; cusipAt?: number }
const row = (c: Cells): string =>
  fixed(
    [c.name, 0], [c.title ?? 'COM', 29], [c.cusip, c.cusipAt ?? 46], [c.value, -62], [c.shares, -73], [c.type ?? 'SH', 76], [c.pc ?? '', 80], [c.disc ?? 'SOLE', 85],
    [c.mgr ?? '', 100], [c.sole ?? c.shares, -112], [c.shared ?? '0', -120], [c.none ?? '0', -128],
  ).trimEnd();
const CELLS: Cells[] = [
  { name: 'AGILENT TECHNOLOGIES INC', cusip: '00846U101', value: '455', shares: '10,233' },
  { name: 'ALCOA INC', cusip: '013817101', value: '322', shares: '32,098' },
  { name: 'APPLE INC', cusip: '037833100', value: '12,345', shares: '20,580' },
  { name: 'ACE LTD', title: 'SHS', cusip: 'H0023R105', value: '1,024', shares: '14,000' },
  { name: 'EXXON MOBIL CORP', cusip: '30231G102', value: '8,470', shares: '97,655', sole: '90,000', none: '7,655' },
  { name: 'CHESAPEAKE ENERGY CORP', title: 'NOTE 2.500%', cusip: '165167BZ9', value: '950', shares: '950,000', type: 'PRN' },
];
const ROWS = CELLS.map(row);
/** The header, the rows and a line end after the last one. */
const table = (rows: string[] = ROWS, head: string[] = HEAD): string => [...head, ...rows, ''].join('\n');
type Tuple = [string, string | null, string, number, number | null, string | null, string | null, string | null, string | null, number | null, number | null, number | null];
const tuple = (r: InfoTableRow): Tuple => [r.issuer, r.titleOfClass, r.cusip, r.value, r.shares, r.shareType, r.putCall, r.investmentDiscretion, r.otherManagers, r.voteSole, r.voteShared, r.voteNone];
const tuples = (input: string | Buffer): Tuple[] => parseForm13fText(input).rows.map(tuple);
const WANT: Tuple[] = [
  ['AGILENT TECHNOLOGIES INC', 'COM', '00846U101', 455, 10233, 'SH', null, 'SOLE', null, 10233, 0, 0],
  ['ALCOA INC', 'COM', '013817101', 322, 32098, 'SH', null, 'SOLE', null, 32098, 0, 0],
  ['APPLE INC', 'COM', '037833100', 12345, 20580, 'SH', null, 'SOLE', null, 20580, 0, 0],
  ['ACE LTD', 'SHS', 'H0023R105', 1024, 14000, 'SH', null, 'SOLE', null, 14000, 0, 0],
  ['EXXON MOBIL CORP', 'COM', '30231G102', 8470, 97655, 'SH', null, 'SOLE', null, 90000, 0, 7655],
  ['CHESAPEAKE ENERGY CORP', 'NOTE 2.500%', '165167BZ9', 950, 950000, 'PRN', null, 'SOLE', null, 950000, 0, 0],
];
/** Asserts a QuarantineError whose message matches. */
const refused = (input: string | Buffer, message: RegExp): void => {
  assert.throws(() => parseForm13fText(input), (e: Error) => e.name === 'QuarantineError' && message.test(e.message));
};
const withRow = (i: number, c: Partial<Cells>): string[] => ROWS.map((r, k) => (k === i ? row({ ...CELLS[i]!, ...c }) : r));

variants('the synthetic base table reads as written', () => {
  assert.equal(tuples(table()), WANT);
  assert.equal(parseForm13fText(table()).rowLines, [4, 5, 6, 7, 8, 9]);
});

variants('column headers over two or three lines, CUSIP on the top or the bottom line', () => {
  const three = [
    '                                                         FAIR',
    '                             TITLE                       MARKET    SHRS OR  SH/ PUT/ INVESTMENT  OTHER     VOTING AUTHORITY',
    'NAME OF ISSUER               OF CLASS         CUSIP      VALUE     PRN AMT  PRN CALL DESCRETION  MANAGERS  SOLE        SHARED  NONE',
  ];
  assert.equal(tuples(table(ROWS, three)), WANT);
  const cusipOnTop = [
    'NAME OF ISSUER               TITLE OF CLASS   CUSIP      MARKET    SHRS OR  SH/ PUT/ INVESTMENT  OTHER     VOTING AUTHORITY',
    '                                                         VALUE     PRN AMT  PRN CALL DESCRETION  MANAGERS  SOLE        SHARED  NONE',
  ];
  assert.equal(tuples(table(ROWS, cusipOnTop)), WANT);
});

variants('SGML tags: <TABLE>, <CAPTION> (also on a header line), <S>/<C> markers, </TABLE>', () => {
  const head = ['<TABLE>', '<CAPTION>', ...HEAD];
  assert.equal(tuples([...head, ...ROWS, '</TABLE>', ''].join('\n')), WANT);
  const caption = ['<TABLE>', `<CAPTION>${HEAD[0]!.slice(9)}`, HEAD[1]!, HEAD[2]!];
  assert.equal(tuples([...caption, ...ROWS, '</TABLE>', ''].join('\n')), WANT);
});

variants('page breaks: form feeds, <PAGE>, a page number, page titles and a repeated header shifted right', () => {
  const indent = (l: string): string => `  ${l}`;
  const text = [
    ...HEAD, ...ROWS.slice(0, 3), '', '                                                       - 1 -',
    '\f                    EXAMPLE CAPITAL MANAGEMENT LLC', '<PAGE>', ...HEAD.map(indent), ...ROWS.slice(3).map(indent), '',
  ].join('\n');
  const p = parseForm13fText(text);
  assert.equal(p.rows.map(tuple), WANT);
  assert.equal(p.rowLines, [4, 5, 6, 14, 15, 16]);
  assert.equal(p.skipped, [
    { line: 8, kind: 'footer', text: '- 1 -' },
    { line: 9, kind: 'text', text: 'EXAMPLE CAPITAL MANAGEMENT LLC' },
  ]);
  // A form feed inside a line (the next page glued to the last row) starts a new line.
  assert.equal(tuples(table([...ROWS.slice(0, 2), `${ROWS[2]}\f${ROWS[3]}`, ...ROWS.slice(4)])), WANT);
});

variants("the summary page's totals just above the header are not part of it (fixed-width and tab-separated)", () => {
  const total = 'Form 13F Information Table Value Total:   $5,802';
  assert.equal(tuples([total, ...HEAD.slice(HEAD.length - 1), ...ROWS, ''].join('\n')), tuples([...HEAD.slice(HEAD.length - 1), ...ROWS, ''].join('\n')));
  const tab = ['NAME OF ISSUER\tTITLE OF CLASS\tCUSIP\tVALUE (X$1000)\tSHRS OR PRN AMT\tSH/PRN\tPUT/CALL\tINVESTMENT DISCRETION\tOTHER MANAGERS\tSOLE\tSHARED\tNONE', '3M CO\tCOM\t88579Y101\t2345\t30000\tSH\t\tSOLE\t\t30000\t0\t0'];
  for (const above of [total, 'Form 13F Information Table Entry Total:   1']) {
    assert.equal(tuples([above, ...tab, ''].join('\n')), [['3M CO', 'COM', '88579Y101', 2345, 30000, 'SH', null, 'SOLE', null, 30000, 0, 0]]);
  }
  // A header's own upper line with VALUE and TOTAL in it stays part of the header.
  assert.not.ok(SUMMARY_TOTAL.test('FAIR MARKET VALUE      TOTAL      INVESTMENT'));
  assert.ok(SUMMARY_TOTAL.test(total));
});

variants('line ends: CRLF, CR only, CR CR LF, trailing tabs', () => {
  assert.equal(tuples(table().replace(/\n/g, '\r\n')), WANT);
  assert.equal(tuples(table().replace(/\n/g, '\r')), WANT);
  const crcrlf = parseForm13fText(table().replace(/\n/g, '\r\r\n'));
  assert.equal([crcrlf.rows.map(tuple), crcrlf.rowLines], [WANT, [4, 5, 6, 7, 8, 9]]);
  assert.equal(tuples(table(ROWS.map((r) => `${r}\t\t`))), WANT);
});

variants('figures: thousands with commas read; misplaced commas and unbalanced parentheses refused', () => {
  assert.equal(tuples(table(withRow(2, { value: '99,999' })))[2]!.slice(3, 5), [99999, 20580]);
  refused(table(withRow(1, { value: '3,22' })), /^line 5: information table row cannot be read \(VALUE is not a number: 3,22\)/);
  refused(table(withRow(1, { shares: '3,20,98' })), /^line 5: .*\(SHRS OR PRN AMT is not a number: 3,20,98\)/);
  refused(table(withRow(1, { value: '(322' })), /^line 5: .*\(VALUE is not a number: \(322\)/);
  refused(table(withRow(1, { sole: '32,09,8' })), /^line 5: .*\(VOTING SOLE is not a number: 32,09,8\)/);
});

variants('blank cells: "-" and "--" are blank; a blank VALUE is refused', () => {
  assert.equal(tuples(table(withRow(1, { shared: '-', none: '--' })))[1]!.slice(9), [32098, null, null]);
  assert.equal(tuples(table(withRow(1, { shared: '', none: '' })))[1]!.slice(9), [32098, null, null]);
  // A dash inside a title of class is text.
  assert.equal(tuples(table(withRow(1, { title: 'SHS CLASS -A -' })))[1]![1], 'SHS CLASS -A -');
  refused(table(withRow(1, { value: '-' })), /^line 5: information table row cannot be read \(no VALUE\)/);
});

variants('CUSIPs: spaced, dashed, lower case, one column left of its header; 8 or 10 characters refused', () => {
  assert.equal(tuples(table(withRow(1, { cusip: '013817 10 1' })))[1]![2], '013817101');
  assert.equal(tuples(table(withRow(1, { cusip: '013817-10-1' })))[1]![2], '013817101');
  assert.equal(tuples(table(withRow(3, { cusip: 'h0023r105' })))[3]![2], 'H0023R105');
  assert.equal(tuples(table(withRow(1, { cusipAt: 45 }))), WANT);
  refused(table(withRow(2, { cusip: '37833100' })), /^line 6: information table row cannot be read \(no CUSIP in the CUSIP column\)/);
  refused(table(withRow(2, { cusip: '0378331001' })), /^line 6: information table row cannot be read \(no CUSIP in the CUSIP column\)/);
});

variants('SH/PRN, PUT/CALL and investment discretion words (SHARED-DEFINED, DEFINED, OTHER, lower case)', () => {
  const rows = [
    row({ ...CELLS[0]!, pc: 'PUT' }),
    row({ ...CELLS[1]!, pc: 'CALL', disc: 'SHARED-DEFINED', mgr: '1,2', sole: '0', shared: '32,098' }),
    row({ ...CELLS[2]!, disc: 'DEFINED', mgr: '1' }),
    row({ ...CELLS[3]!, disc: 'OTHER', mgr: '2' }),
    row({ ...CELLS[4]!, type: 'sh', disc: 'sole' }),
    ROWS[5]!,
  ];
  assert.equal(tuples(table(rows)).map((r) => r.slice(5, 11)), [
    ['SH', 'PUT', 'SOLE', null, 10233, 0],
    ['SH', 'CALL', 'SHARED-DEFINED', '1,2', 0, 32098],
    ['SH', null, 'DEFINED', '1', 20580, 0],
    ['SH', null, 'OTHER', '2', 14000, 0],
    ['SH', null, 'SOLE', null, 90000, 0],
    ['PRN', null, 'SOLE', null, 950000, 0],
  ]);
});

variants('investment discretion as SOLE/SHARED/OTHER sub-columns beside the voting ones: the header is refused', () => {
  const old = [
    '                                                                   INVESTMENT DISCRETION             VOTING AUTHORITY',
    'NAME OF ISSUER       TITLE   CUSIP        VALUE     SHARES     SOLE     SHARED   OTHER   MGRS       SOLE    SHARED      NONE',
    'ABBOTT LABS          COM     002824100    1,234     20,000   20,000                                          20,000',
    '',
  ].join('\n');
  // Read by position, the discretion SOLE count was the sole vote and the SHARED vote an OTHER MANAGERS entry.
  refused(old, /^line 2: information table header names SOLE and SOLE \(columns 64 and 101\) as one column \(VOTING SOLE\)/);
  // The same sub-columns with a single VOTING AUTHORITY column: SOLE before OTHER MANAGERS.
  const single = [
    '                                                                   INVESTMENT DISCRETION                 VOTING',
    'NAME OF ISSUER       TITLE   CUSIP        VALUE     SHARES     SOLE     SHARED   OTHER   MGRS           AUTHORITY',
    'ABBOTT LABS          COM     002824100    1,234     20,000   20,000                                     SOLE',
    '',
  ].join('\n');
  refused(single, /^line 2: information table header has VOTING SOLE before OTHER MANAGERS: investment discretion sub-columns\?/);
});

/**
 * Berkshire Hathaway's 13F-HR for 2008-Q4 (0000950134-09-003064; the table as kept in
 * github.com/dgunning/edgartools tests/fixtures/issues/regression/issue_1072/brk_2008Q4.txt at
 * a1328f38, trailing blanks trimmed): investment discretion as sub-columns marked `X` beside the
 * voting ones, a holding listed once per set of other managers with its name and CUSIP written
 * once, names started on the line above their row, and dash rules stuffed with `- `.
 */
const BERKSHIRE = [
  '<TABLE>',
  '<CAPTION>',
  '                                                                    Column 6',
  '                                                                   Investment',
  '                                                                   Discretion                                    Column 8',
  '                                        Column 4    Column 5  --------------------                           Voting Authority',
  '                Column 2   Column 3      Market    Shares or         (b)     (c)                        --------------------------',
  '    Column 1    Title of     CUSIP     Value (In   Principal   (a) Shared- Shared-       Column 7           (a)       (b)    (c)',
  ' Name of Issuer   Class     Number     Thousands)   Amount $  Sole Defined  Other     Other Managers        Sole    Shared   None',
  '- --------------- -------- ------------ ----------- ----------- ---- ------- ------- -------------------- ----------- ------ -------',
  '<S>             <C>      <C>          <C>         <C>         <C>  <C>     <C>     <C>                  <C>         <C>    <C>',
  'American',
  '   Express Co.     Com    025816 10 9     319,531  17,225,400         X            4, 2, 5, 17           17,225,400',
  '                                          148,300   7,994,634         X            4, 13, 17              7,994,634',
  '                                        2,230,747 120,255,879         X            4, 14, 17            120,255,879',
  '                                           36,045   1,943,100         X            4, 3, 17, 19, 20, 21   1,943,100',
  '                                           25,965   1,399,713         X            4, 16, 17              1,399,713',
  '                                           15,579     839,832         X            4, 8, 17                 839,832',
  '                                           36,212   1,952,142         X            4, 17                  1,952,142',
  'Bank of America',
  '   Corp.           Com    060505 10 4      70,400   5,000,000         X            4, 9, 10, 11, 14, 17   5,000,000',
  'Burlington',
  '   Northern',
  '   Santa Fe        Com    12189T 10 4   5,306,440  70,089,829         X            4, 14, 17             70,089,829',
  'Carmax Inc.        Com    143130 10 2     138,976  17,636,500         X            4, 9, 10, 11, 14, 17  17,636,500',
  '',
].join('\n');

variants('investment discretion as sub-columns marked X (Berkshire Hathaway, 2008-Q4): each row read, the security repeated under other managers', () => {
  const q = parseForm13fText(BERKSHIRE);
  assert.equal(q.rows.map((r) => [r.issuer, r.cusip, r.value, r.shares, r.investmentDiscretion, r.otherManagers, r.voteSole]), [
    ['American Express Co.', '025816109', 319531, 17225400, 'SHARED-DEFINED', '4,2,5,17', 17225400],
    ['American Express Co.', '025816109', 148300, 7994634, 'SHARED-DEFINED', '4,13,17', 7994634],
    ['American Express Co.', '025816109', 2230747, 120255879, 'SHARED-DEFINED', '4,14,17', 120255879],
    ['American Express Co.', '025816109', 36045, 1943100, 'SHARED-DEFINED', '4,3,17,19,20,21', 1943100],
    ['American Express Co.', '025816109', 25965, 1399713, 'SHARED-DEFINED', '4,16,17', 1399713],
    ['American Express Co.', '025816109', 15579, 839832, 'SHARED-DEFINED', '4,8,17', 839832],
    ['American Express Co.', '025816109', 36212, 1952142, 'SHARED-DEFINED', '4,17', 1952142],
    ['Bank of America Corp.', '060505104', 70400, 5000000, 'SHARED-DEFINED', '4,9,10,11,14,17', 5000000],
    ['Burlington Northern Santa Fe', '12189T104', 5306440, 70089829, 'SHARED-DEFINED', '4,14,17', 70089829],
    ['Carmax Inc.', '143130102', 138976, 17636500, 'SHARED-DEFINED', '4,9,10,11,14,17', 17636500],
  ]);
  assert.equal(q.skipped, []);
  // The filing itself has a 10-character CUSIP ("949773V 10 7" for WellPoint): refused, never read.
  const typo = BERKSHIRE.replace(/^Carmax.*$/m, 'Wellpoint Inc.     Com   949773V 10 7     201,268   4,777,300         X            4, 9, 10, 11, 14, 17   4,777,300');
  refused(typo, /information table row cannot be read \(7 in the CUSIP column beside CUSIP 949773V10\)/);
  // A figure under a discretion sub-column is shares by discretion, not a mark: refused.
  refused(BERKSHIRE.replace('17,225,400         X', '17,225,400   17,225'), /INVESTMENT DISCRETION SHARED-DEFINED is 17,225, not a mark/);
});

/**
 * Gilder Gagnon Howe's 13F-HR for 2008-Q4 (0000922423-09-000197; the first rows as kept in
 * github.com/dgunning/edgartools tests/fixtures/issues/regression/issue_1072/ggh_2008Q4.txt at
 * e5e0962c, trailing blanks trimmed): CUSIPs padded with `000` to 12 characters.
 */
const GGH = [
  '<TABLE>',
  '<CAPTION>',
  '   Column 1                            Column 2   Column 3      Column 4  Column 5      Column 6       Column 7     Column 8',
  '                                                                          Shares of    Investment',
  '                                       Title of                  Value    Principal    Discretion       Other    Voting Authority',
  'Name Of Issuer                          Class     Cusip No      (x$1000)   Amount   Sole Defined Other Managers Sole Shared   None',
  '- --------------                         --------   --------       ------   --------- ---- ------- ----- -------- ---- ------   ----',
  '<S>                                      <C>       <C>           <C>         <C>     <C>   <C>    <C>    <C>    <C>    <C>   <C>',
  '***ACE LIMITED                           COM     H0023R105000    1334113.2    25210         X                    2770   0     22440',
  '***ACTELION LTD SWISS LISTED             COM     H0032X135000    168885556  3034252         X                  106218   0   2928034',
  '',
].join('\n');

variants('CUSIPs padded to 12 characters (Gilder Gagnon Howe, 2008-Q4) are read when their check digit is right; a mark under OTHER MANAGERS is refused', () => {
  assert.equal(parseForm13fText(GGH).rows.map((r) => [r.issuer, r.cusip, r.value, r.shares, r.investmentDiscretion, r.voteSole, r.voteNone]), [
    ['***ACE LIMITED', 'H0023R105', 1334113.2, 25210, 'SHARED-DEFINED', 2770, 22440],
    ['***ACTELION LTD SWISS LISTED', 'H0032X135', 168885556, 3034252, 'SHARED-DEFINED', 106218, 2928034],
  ]);
  assert.equal(['037833100', 'H0023R105', 'G0450A105', '037833101'].map(cusipCheckDigitOk), [true, true, true, false]);
  // A wrong check digit: not a padded CUSIP, so the row has none.
  refused(GGH.replace('H0023R105000', 'H0023R106000'), /information table row cannot be read \(no CUSIP in the CUSIP column\)/);
  // An X moved from Defined to the discretion Other under "Other Managers": refused, never read as a manager.
  const moved = GGH.split('\n').map((x) => (x.startsWith('***ACE') ? `${x.slice(0, 92)} ${x.slice(93, 99)}X${x.slice(100)}` : x)).join('\n');
  refused(moved, /OTHER MANAGERS is X/);
});

variants('a VOTING AUTHORITY column without SOLE/SHARED/NONE sub-columns: entries under it are refused', () => {
  const text = [
    '                                                    SHRS OR  SH/ PUT/ INVESTMENT  OTHER     VOTING',
    'NAME OF ISSUER       TITLE   CUSIP        VALUE     PRN AMT  PRN CALL DISCRETION  MANAGERS  AUTHORITY',
    'ALCOA INC            COM     013817101      322      32,098  SH       SOLE                  32,098',
    '',
  ].join('\n');
  refused(text, /^line 3: information table row cannot be read \(VOTING AUTHORITY is 32,098, but the header has no SOLE \/ SHARED \/ NONE columns under it\)/);
});

variants('long issuer names wrapped: the rest on the line below, or the name on the line above', () => {
  const below = [...ROWS.slice(0, 1), row({ ...CELLS[1]!, name: 'ALCOA INTERNATIONAL HOLDING' }), '   CO OF AMERICA              SER B', ...ROWS.slice(2)];
  const p = parseForm13fText(table(below));
  assert.equal(p.rows[1]!.issuer, 'ALCOA INTERNATIONAL HOLDING CO OF AMERICA');
  assert.equal(p.rows[1]!.titleOfClass, 'COM SER B');
  assert.equal([p.rows.length, p.rowLines, p.skipped], [6, [4, 5, 7, 8, 9, 10], []]);
  const above = [...ROWS.slice(0, 3), 'BERKSHIRE HATHAWAY INC DEL', row({ name: '', title: 'CL B NEW', cusip: '084670702', value: '4,058', shares: '50,000' }), ...ROWS.slice(3)];
  const q = parseForm13fText(table(above));
  assert.equal(q.rows.map((r) => [r.issuer, r.titleOfClass, r.cusip, r.value]).slice(2, 5), [
    ['APPLE INC', 'COM', '037833100', 12345], ['BERKSHIRE HATHAWAY INC DEL', 'CL B NEW', '084670702', 4058], ['ACE LTD', 'SHS', 'H0023R105', 1024],
  ]);
  assert.equal(q.skipped, []);
});

variants('a row wrapped before its last figures is refused, not read short', () => {
  const cut = ROWS[1]!.slice(0, 113);
  refused(table([ROWS[0]!, cut, '       0        0', ...ROWS.slice(2)]), /^line 6: information table line has figures but no CUSIP \(the rest of a wrapped row/);
  refused(table([ROWS[0]!, ROWS[1]!.slice(0, 80), '   SOLE               32,098       0        0', ...ROWS.slice(2)]), /^line 6: information table line has figures but no CUSIP/);
  // A figure line that is not a page number or a column total.
  refused(table([...ROWS, '', '                                                         1,234      567']), /^line 11: information table row cannot be read \(no CUSIP in the CUSIP column\)/);
});

variants('totals: TOTAL, GRAND TOTAL, REPORT SUMMARY ... DATA RECORDS, and a bare total under a dash rule', () => {
  const foot = [
    '                                                         -----', '                                                       23,566',
    'TOTAL                                                    23,566', 'GRAND TOTAL                                              23,566',
    'REPORT SUMMARY                 6 DATA RECORDS             23,566        0 OTHER MANAGERS ON WHOSE BEHALF REPORT IS FILED',
  ];
  const p = parseForm13fText(table([...ROWS, ...foot]));
  assert.equal(p.rows.map(tuple), WANT);
  assert.equal(p.skipped.map((s) => [s.line, s.kind]), [[11, 'footer'], [12, 'footer'], [13, 'footer'], [14, 'footer']]);
  assert.is(p.rows.reduce((s, r) => s + r.value, 0), 23566);
});

variants('tabs: a tab-separated table is read cell by cell; a row with a missing cell is refused', () => {
  const tab = (cells: string[]): string => cells.join('\t');
  const head = tab(['NAME OF ISSUER', 'TITLE OF CLASS', 'CUSIP', 'VALUE (X$1000)', 'SHRS OR PRN AMT', 'SH/PRN', 'PUT/CALL', 'INVESTMENT DISCRETION', 'OTHER MANAGERS', 'SOLE', 'SHARED', 'NONE']);
  const rows = CELLS.map((c) => tab([c.name, c.title ?? 'COM', c.cusip, c.value, c.shares, c.type ?? 'SH', '', 'SOLE', '', c.sole ?? c.shares, '0', c.none ?? '0']));
  assert.equal(tuples([head, ...rows, ''].join('\n')), WANT);
  // At 8-column stops these cells fall under other headers: APPLE INC's CUSIP under TITLE OF CLASS.
  const missing = rows.map((r, i) => (i === 2 ? r.replace('SH\t\tSOLE', 'SH\tSOLE') : r));
  refused([head, ...missing, ''].join('\n'), /^line 4: information table row cannot be read \(11 tab-separated cells, the header has 12\)/);
  // Tabs that line columns up on screen (8-column stops) read as laid out.
  const screen = ['NAME OF ISSUER\t\tTITLE\tCUSIP\t\tVALUE\tSHARES\tSH/PRN\tDISCRETION\tSOLE\tSHARED\tNONE', 'AT&T INC\t\tCOM\t00206R102\t12,345\t400\tSH\tSOLE\t\t400\t0\t0', ''];
  assert.equal(tuples(screen.join('\n')), [['AT&T INC', 'COM', '00206R102', 12345, 400, 'SH', null, 'SOLE', null, 400, 0, 0]]);
});

variants('tabs: blank last cells written as tabs are cells (review 4)', () => {
  const tab = (cells: string[]): string => cells.join('\t');
  const head = tab(['NAME OF ISSUER', 'TITLE OF CLASS', 'CUSIP', 'VALUE (X$1000)', 'SHRS OR PRN AMT', 'SH/PRN', 'PUT/CALL', 'INVESTMENT DISCRETION', 'OTHER MANAGERS', 'SOLE', 'SHARED', 'NONE']);
  const rows = CELLS.map((c) => tab([c.name, c.title ?? 'COM', c.cusip, c.value, c.shares, c.type ?? 'SH', '', 'SOLE', '', c.sole ?? c.shares, '0', c.none ?? '0']));
  // ALCOA's SHARED and NONE blank, with a tab after every line (the header's too); without one no
  // complete row ends with a tab, and the row's trailing tabs are not taken for cells (review of
  // the mend, 2). A row missing a cell in the middle is still refused, blank last cell or not, and
  // so is a 13th cell.
  const blankEnd = rows.map((r, i) => (i === 1 ? r.replace(/\t0\t0$/, '\t\t') : r));
  assert.equal(tuples([head, ...blankEnd, ''].join('\t\n'))[1]!.slice(9), [32098, null, null]);
  refused([head, ...blankEnd, ''].join('\n'), /^line 3: information table row cannot be read \(10 tab-separated cells and 2 trailing tabs, the header has 12 and no complete row ends with a tab\)/);
  const both = blankEnd.map((r, i) => (i === 1 ? r.replace('SH\t\tSOLE', 'SH\tSOLE') : r));
  refused([head, ...both, ''].join('\n'), /^line 3: information table row cannot be read \(11 tab-separated cells, the header has 12\)/);
  refused([head, ...both, ''].join('\t\n'), /^line 3: information table row cannot be read \(12 tab-separated cells, the header has 12 and a complete row 13 with its trailing tabs\)/);
  refused([head, ...rows.map((r, i) => (i === 1 ? `${r}\t7` : r)), ''].join('\n'), /^line 3: information table row cannot be read \(13 tab-separated cells, the header has 12\)/);
});

variants('tabs: a stray tab ending a row missing a cell, where no complete row ends with a tab, is refused (review of the mend, 2)', () => {
  const tab = (cells: string[]): string => cells.join('\t');
  const head = tab(['NAME OF ISSUER', 'TITLE OF CLASS', 'CUSIP', 'VALUE (X$1000)', 'SHRS OR PRN AMT', 'SH/PRN', 'PUT/CALL', 'INVESTMENT DISCRETION', 'OTHER MANAGERS', 'SOLE', 'SHARED', 'NONE']);
  const rows = CELLS.map((c) => tab([c.name, c.title ?? 'COM', c.cusip, c.value, c.shares, c.type ?? 'SH', '', 'SOLE', '', c.sole ?? c.shares, '0', c.none ?? '0']));
  const abbott = (votes: string[]): string[] => [head, ...rows.slice(0, 2), tab(['ABBOTT LABS', 'COM', '002824100', '847', '13820', 'SH', '', 'SHARED', '', ...votes]), ...rows.slice(2), ''];
  // Its blank SOLE cell written: SHARED 13820, NONE 0.
  assert.equal(tuples(abbott(['', '13820', '0']).join('\n'))[2]!.slice(7), ['SHARED', null, null, 13820, 0]);
  // The blank SOLE cell left out and a tab after the last figure: 12 cells with the tab, which
  // would read SOLE 13820, SHARED 0 and NONE blank.
  refused(abbott(['13820', '0\t']).join('\n'), /^line 4: information table row cannot be read \(11 tab-separated cells and 1 trailing tab, the header has 12 and no complete row ends with a tab\)/);
});

variants('windows-1252 bytes: accented names, a no-break space between columns, an en dash blank; UTF-16 with a BOM', () => {
  const text = table(withRow(1, { name: 'SOCI\u00c9T\u00c9 G\u00c9N\u00c9RALE', none: '\u2013' }));
  const nbsp = text.replace('455     10,233', '455\u00a0\u00a0\u00a0\u00a0\u00a010,233');
  assert.ok(nbsp !== text);
  const cp1252 = Buffer.from(nbsp.replace('\u2013', '\u0096'), 'latin1');
  const want = WANT.map((r, i) => (i === 1 ? (['SOCI\u00c9T\u00c9 G\u00c9N\u00c9RALE', ...r.slice(1, 11), null] as Tuple) : r));
  assert.equal(tuples(cp1252), want);
  assert.equal(tuples(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(table(), 'utf16le')])), WANT);
});

variants('a truncated document is refused: an open <DOCUMENT>/<TEXT>, or input ending inside a row', () => {
  const sgml = `<SEC-DOCUMENT>\n<DOCUMENT>\n<TYPE>13F-HR\n<TEXT>\n${table()}</TEXT>\n</DOCUMENT>\n</SEC-DOCUMENT>\n`;
  assert.equal(tuples(sgml), WANT);
  const cut = sgml.slice(0, sgml.indexOf('32,098') + 4);
  refused(cut, /^the submission is truncated \(<SEC-DOCUMENT> without <\/SEC-DOCUMENT>\)/);
  refused(cut.slice(cut.indexOf('<DOCUMENT>')), /^the submission is truncated \(<DOCUMENT> without <\/DOCUMENT>\)/);
  refused(table().slice(0, table().indexOf('32,098') + 4), /^line 5: the input ends inside an information table row \(no line end\)/);
});

variants('misaligned entries: out of line with their column, a share count under OTHER MANAGERS, a figure starting under a blank column', () => {
  // ALCOA's sole vote drifts 4 columns right; its blank SHARED/NONE cannot show it.
  const drift = ROWS.map((r, i) => (i === 1 ? fixed([r.slice(0, 100).trimEnd(), 0], ['32,098', -116]) : r));
  refused(table(drift), /^line 5: information table row is out of line with its columns \(offsets from the other rows: CUSIP 0, VALUE 0, SHRS OR PRN AMT 0, VOTING SOLE \+4\)/);
  // A whole row pushed right by a long name reads the same.
  const pushed = ROWS.map((r, i) => (i === 1 ? `   ${r}` : r));
  assert.equal(tuples(table(pushed)), WANT);
  refused(table(withRow(1, { mgr: '32,098', sole: '' })), /^line 5: information table row cannot be read \(OTHER MANAGERS is 32,098\)/);
  // In a table too short to show where NONE's figures end, a figure starting under the blank SHARED column is refused.
  refused(table(withRow(1, { shared: '', none: '1,234,567' }).slice(0, 3)), /^line 5: .*\(1,234,567 under VOTING NONE starts under VOTING SHARED, blank in this row/);
});

variants('a figure starting under the blank number column before its own is read by where it ends (review 1)', () => {
  // Right-aligned where the other rows' NONE (SHARED) figures end: NONE's (SHARED's), however wide.
  assert.equal(tuples(table(withRow(1, { shared: '', none: '1,234,567' })))[1]!.slice(9), [32098, null, 1234567]);
  assert.equal(tuples(table(withRow(1, { disc: 'SHARED', sole: '', shared: '32,098' })))[1]!.slice(7), ['SHARED', null, null, 32098, 0]);
  // Two columns right of where NONE's figures end, with the rest of its row in line: refused.
  const off = ROWS.map((r, i) => (i === 1 ? fixed([r.slice(0, 113).trimEnd(), 0], ['1,234,567', -130]) : r));
  refused(table(off), /^line 5: .*\(1,234,567 under VOTING NONE starts under VOTING SHARED, blank in this row/);
  // Figures ending past SHARED's header start in every row, SOLE blank: SOLE's written wider than
  // its header, or SHARED's? No row has an entry beside a SOLE one to show where SHARED's end: refused.
  const wide = HEAD.map((l, i) => (i === 0 ? l : l.replace(/SOLE {8}SHARED/, 'SOLE      SHARED  ').replace(/<C> {9}<C>/, '<C>       <C>  ')));
  const past = CELLS.map((c) => fixed([row({ ...c, sole: '', shared: '', none: '' }), 0], [c.sole ?? c.shares, -119], ['0', -128]));
  refused(table(past, wide), /^line 4: .*\(10,233 under VOTING SHARED starts under VOTING SOLE, blank in this row/);
});

variants('left-aligned voting figures: one ending where the next column\'s figures end is refused, not read as that column\'s (review of the mend, 1)', () => {
  // SOLE from column 107, SHARED from 115, NONE from 122; VALUE and the share count right-aligned.
  const head = HEAD.map((l, i) => (i === 0 ? l : `${l.slice(0, 107)}${i === 1 ? 'SOLE    SHARED NONE' : '<C>     <C>    <C>'}`));
  const left = (c: Cells): string => {
    const votes: [string, number][] = [[c.sole ?? c.shares, 107], [c.shared ?? '0', 115], [c.none ?? '0', 122]];
    return fixed([row({ ...c, sole: '', shared: '', none: '' }), 0], ...votes.filter(([v]) => v)).trimEnd();
  };
  const withLeft = (i: number, c: Partial<Cells>): string[] => CELLS.map((x, k) => left(k === i ? { ...x, ...c } : x));
  assert.equal(tuples(table(CELLS.map(left), head)), WANT);
  assert.equal(tuples(table(withLeft(1, { shared: '', none: '' }), head))[1]!.slice(9), [32098, null, null]);
  // SOLE's 1,234,567 starts where SOLE's figures start and ends where SHARED's zeros end; SHARED's
  // 1,234,567 starts where SHARED's start and ends where NONE's end.
  refused(table(withLeft(1, { sole: '1,234,567', shared: '' }), head), /^line 5: .*\(1,234,567 under VOTING SHARED starts under VOTING SOLE, blank in this row: which column it belongs to cannot be told\)/);
  refused(table(withLeft(1, { shared: '1,234,567', none: '' }), head), /^line 5: .*\(1,234,567 under VOTING NONE starts under VOTING SHARED, blank in this row: which column it belongs to cannot be told\)/);
});

variants('a figure wider than its column pushing the rest of its row right reads; a figure moved alone is still refused (review 2)', () => {
  // APPLE's share count overflows SHRS OR PRN AMT by two characters: the rest of the row moves two right.
  const pushed = ROWS.map((r, i) => (i === 2 ? `${r.slice(0, 62)}   1234567890${r.slice(73)}` : r));
  assert.equal(tuples(table(pushed))[2], ['APPLE INC', 'COM', '037833100', 12345, 1234567890, 'SH', null, 'SOLE', null, 20580, 0, 0]);
  // The same figure with the rest of its row left where it was, or a sole vote as wide as the
  // others moved right with the two after it: no figure pushed them, refused.
  const alone = ROWS.map((r, i) => (i === 2 ? `${r.slice(0, 62)}   1234567890${r.slice(75)}` : r));
  refused(table(alone), /^line 6: information table row is out of line with its columns \(offsets from the other rows: CUSIP 0, VALUE 0, SHRS OR PRN AMT -2\/\+2, VOTING SOLE 0, VOTING SHARED 0, VOTING NONE 0\)/);
  const tail = ROWS.map((r, i) => (i === 2 ? `${r.slice(0, 100)}   ${r.slice(100)}` : r));
  refused(table(tail), /^line 6: information table row is out of line with its columns \(offsets from the other rows: CUSIP 0, VALUE 0, SHRS OR PRN AMT 0, VOTING SOLE \+3, VOTING SHARED \+3, VOTING NONE \+3\)/);
});

variants('a value total with no label and no dash rule below the last row is a footer (review 3)', () => {
  for (const total of ['                                                       23,566', '                                                    $ 23,566']) {
    const p = parseForm13fText(table([...ROWS, total]));
    assert.equal([p.rows.map(tuple), p.skipped], [WANT, [{ line: 10, kind: 'footer', text: total.trim() }]]);
    const q = parseForm13fText(table([...ROWS, '', total]));
    assert.equal([q.rows.map(tuple), q.skipped], [WANT, [{ line: 11, kind: 'footer', text: total.trim() }]]);
  }
  // Not in the VALUE column, or under a row that stops short of its last column: refused.
  refused(table([...ROWS, '                                                                   23,566']), /^line 10: information table line has figures but no CUSIP/);
  refused(table([...ROWS.slice(0, 5), row({ ...CELLS[5]!, none: '' }), '                                                       23,566']), /^line 10: information table line has figures but no CUSIP/);
});

variants.run();

// ---

const REAL_13F = path.join(SHARED_DATA, '13f/0000909012-12-000274.txt');
const real = realSuite('parseForm13fText: edited lines of the real 2012 filing (0000909012-12-000274)', REAL_13F);

/** The real filing with line `no` (1-based) edited by `edit`, lines `extra` inserted after line `after`. */
const realWith = (edits: Record<number, (s: string) => string>, after = 0, extra: string[] = []): string => {
  const lines = readFileSync(REAL_13F, 'utf8').split('\n').map((l, i) => edits[i + 1]?.(l) ?? l);
  return [...lines.slice(0, after), ...extra, ...lines.slice(after)].join('\n');
};
/** `text` written over `s` so that it ends at column `end` (0-based, exclusive). */
const over = (s: string, text: string, end: number): string => s.slice(0, end - text.length) + text + s.slice(end);
// Line 15: `ARCH CAP GROUP LTD  ORD  G0450A105  214  5759  SH  SOLE  5759  0  0`, the SOLE vote
// ending at column 112, the SHARED and NONE zeros at 120 and 129 (under the SHARED and NONE markers).

real('a vote right-aligned under VOTING SHARED or NONE, the column before it blank, reads as its column\'s (review 1)', () => {
  const shared = (s: string): string => over(over(over(s, 'SHARED', 94), '    ', 112), '5759', 120);
  const p = parseForm13fText(realWith({ 15: shared }));
  assert.equal([p.rows.length, p.rows[9]!.cusip, p.rows[9]!.investmentDiscretion, p.rows[9]!.voteSole, p.rows[9]!.voteShared, p.rows[9]!.voteNone], [1095, 'G0450A105', 'SHARED', null, 5759, 0]);
  const none = (s: string): string => over(over(over(s, '    ', 112), ' ', 120), '5759', 129);
  const q = parseForm13fText(realWith({ 15: none }));
  assert.equal([q.rows.length, q.rows[9]!.voteSole, q.rows[9]!.voteShared, q.rows[9]!.voteNone], [1095, null, null, 5759]);
  // Two columns right of where the other rows' SHARED figures end: refused.
  const off = (s: string): string => over(over(over(s, '    ', 112), ' ', 120), '5759', 122);
  assert.throws(() => parseForm13fText(realWith({ 15: off })), /^line 15: information table row cannot be read \(5759 under VOTING SHARED starts under VOTING SOLE, blank in this row/);
});

real('left-aligned voting columns: a SOLE figure wide enough to end where SHARED\'s zeros end is refused, not read as SHARED (review of the mend, 1)', () => {
  // The three voting columns rewritten left-aligned: SOLE from column 107, SHARED from 114, NONE from 121.
  const lines = readFileSync(REAL_13F, 'utf8').split('\n');
  const left = (votes: (m: string[]) => string) => (l: string, i: number): string => {
    if (i === 3) return `${l.slice(0, 107)}SOLE   SHARED NONE\t\t\r`;
    if (i === 4) return `${l.slice(0, 107)}<C>    <C>    <C>\t\t\r`;
    const m = /^(.{100}) +(\d+) +(\d+) +(\d+)(\t\t\r)$/.exec(l);
    return m ? `${m[1]!.padEnd(107)}${votes(m)}${m[5]}` : l;
  };
  const plain = left((m) => `${m[2]!.padEnd(7)}${m[3]!.padEnd(7)}${m[4]}`);
  const p = parseForm13fText(lines.map(plain).join('\n'));
  assert.equal(p.rows, parseForm13fText(lines.join('\n')).rows);
  assert.is(p.rows.length, 1095);
  // Line 15 (ARCH CAP): SOLE 12345678 (columns 107-114), SHARED blank, NONE 0.
  const sole = lines.map((l, i) => (i === 14 ? left(() => `12345678      0`)(l, i) : plain(l, i)));
  assert.ok(sole[14]!.includes('SOLE               12345678      0\t'));
  assert.throws(() => parseForm13fText(sole.join('\n')), /^line 15: information table row cannot be read \(12345678 under VOTING SHARED starts under VOTING SOLE, blank in this row: which column it belongs to cannot be told\)/);
  // SHARED 12345678 (columns 114-121), NONE blank: the same with SHARED and NONE.
  const shared = lines.map((l, i) => (i === 14 ? left((m) => `${m[2]!.padEnd(7)}12345678`)(l, i) : plain(l, i)));
  assert.throws(() => parseForm13fText(shared.join('\n')), /^line 15: information table row cannot be read \(12345678 under VOTING NONE starts under VOTING SHARED, blank in this row/);
});

real('a share count wider than its column, the rest of the row pushed two columns right, reads (review 2)', () => {
  // Line 6: AGILENT's 10233 (ending at column 73) becomes 1234567890 ending at 75.
  const p = parseForm13fText(realWith({ 6: (s) => `${s.slice(0, 61)}    1234567890${s.slice(73)}` }));
  assert.equal(p.rows.length, 1095);
  assert.equal(p.rows[0], {
    row: 1, issuer: 'AGILENT TECHNOLOGIES INC', titleOfClass: 'COM', cusip: '00846U101', figi: null, value: 455, shares: 1234567890, shareType: 'SH', putCall: null,
    investmentDiscretion: 'SOLE', otherManagers: null, voteSole: 10233, voteShared: 0, voteNone: 0,
  });
});

real('a value total with no label and no rule, below the last row or after a blank line, is a footer (review 3)', () => {
  const bare = `${' '.repeat(55)}667757\t\t\r`;
  const p = parseForm13fText(realWith({}, 1100, [bare]));
  assert.equal([p.rows.length, p.rows.reduce((s, r) => s + r.value, 0), p.skipped], [1095, 667757, [{ line: 1101, kind: 'footer', text: '667757' }]]);
  const dollar = `${' '.repeat(52)}$ 667,757\t\t\r`;
  const q = parseForm13fText(realWith({}, 1101, [dollar]));
  assert.equal([q.rows.length, q.skipped], [1095, [{ line: 1102, kind: 'footer', text: '$ 667,757' }]]);
});

real.run();
