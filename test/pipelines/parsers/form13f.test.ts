import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readdirSync } from 'node:fs';
import { decideUnits, parseForm13fCover, parseInfoTable, parseInfoTableTree, type InfoTableRow } from '../../../pipelines/parsers/form13f.ts';
import { QuarantineError } from '../../../pipelines/jobs/interface.ts';

const FIX = path.resolve(import.meta.dirname, '../../fixtures/ownership');
const read = (f: string): Buffer => readFileSync(path.join(FIX, f));

const cover = suite('parseForm13fCover');

cover('a holdings report with other included managers (multi-manager)', () => {
  const c = parseForm13fCover(read('13f-2022q3-primary_doc.xml'));
  assert.equal(
    [c.submissionType, c.cik, c.period, c.managerName, c.reportType, c.isAmendment, c.amendmentType, c.tableEntryTotal, c.tableValueTotal, c.otherIncludedManagersCount, c.confidentialOmitted],
    ['13F-HR', 1067983, '2022-09-30', 'Berkshire Hathaway Inc', '13F HOLDINGS REPORT', false, null, 5, 202223564, 2, false],
  );
  assert.equal(c.otherManagers, [
    { seq: 4, cik: 277795, fileNumber: '028-01070', name: 'GEICO Corporation' },
    { seq: 8, cik: 70858, fileNumber: '028-03257', name: 'National Indemnity Company' },
  ]);
});

cover('amendment types: NEW HOLDINGS and RESTATEMENT', () => {
  const n = parseForm13fCover(read('13f-newholdings-primary_doc.xml'));
  assert.equal([n.submissionType, n.isAmendment, n.amendmentNo, n.amendmentType, n.period], ['13F-HR/A', true, 1, 'NEW HOLDINGS', '2023-12-31']);
  const r = parseForm13fCover(read('13f-restatement-primary_doc.xml'));
  assert.equal([r.cik, r.isAmendment, r.amendmentType, r.period, r.tableEntryTotal, r.tableValueTotal], [1135730, true, 'RESTATEMENT', '2024-06-30', 4, 3549027500]);
});

cover('not a 13F cover page', () => {
  assert.throws(() => parseForm13fCover('<edgarSubmission><headerData><submissionType>NPORT-P</submissionType></headerData></edgarSubmission>'), /not a 13F cover page/);
});

const table = suite('parseInfoTable');

table('the element-by-element reader gives the tree parser\'s rows on every fixture and real table (prefixes, leading newline, entities)', () => {
  const shared = path.resolve(import.meta.dirname, '../../../../shared/data/13f');
  const files = [
    ...readdirSync(FIX).filter((f) => f.endsWith('infotable.xml')).map((f) => path.join(FIX, f)),
    ...(existsSync(shared) ? readdirSync(shared).filter((f) => /infotable|InfoTable|holdings/i.test(f) && f.endsWith('.xml')).map((f) => path.join(shared, f)) : []),
  ];
  assert.ok(files.length >= 3);
  for (const f of files) {
    const bytes = readFileSync(f);
    const tree = parseInfoTableTree(bytes);
    assert.ok(tree.length > 0, f);
    assert.equal(parseInfoTable(bytes), tree, f);
  }
  const escaped = '<informationTable xmlns="http://www.sec.gov/edgar/document/thirteenf/informationtable"><infoTable><nameOfIssuer>AT&amp;T INC</nameOfIssuer><titleOfClass>COM</titleOfClass><cusip>00206r102</cusip><value>10</value><shrsOrPrnAmt><sshPrnamt>1</sshPrnamt><sshPrnamtType>SH</sshPrnamtType></shrsOrPrnAmt><investmentDiscretion>SOLE</investmentDiscretion><votingAuthority><Sole>1</Sole><Shared>0</Shared><None>0</None></votingAuthority></infoTable></informationTable>';
  assert.equal(parseInfoTable(escaped), parseInfoTableTree(escaped));
  assert.is(parseInfoTable(escaped)[0]!.issuer, 'AT&T INC');
  assert.is(parseInfoTable(escaped)[0]!.cusip, '00206R102');
  // Unsure (CDATA) -> the tree parser; malformed -> quarantined by it.
  const cdata = escaped.replace('AT&amp;T INC', '<![CDATA[AT&T INC]]>');
  assert.equal(parseInfoTable(cdata), parseInfoTableTree(cdata));
  assert.throws(() => parseInfoTable('<informationTable><infoTable><cusip>1</cusip><value>1</value></infoTable><infoTable><cusip>2</informationTable>'), /malformed XML|no CUSIP|no value/);
  assert.throws(() => parseInfoTable('<edgarSubmission/>'), /no <informationTable> element/);
});

table('rows with other managers, voting authority; no namespace prefix', () => {
  const rows = parseInfoTable(read('13f-2022q3-infotable.xml'));
  assert.is(rows.length, 5);
  assert.equal(rows[0], {
    row: 1, issuer: 'APPLE INC', titleOfClass: 'COM', cusip: '037833100', figi: null, value: 123661682, shares: 894802319, shareType: 'SH', putCall: null,
    investmentDiscretion: 'DFND', otherManagers: '4,8', voteSole: 894802319, voteShared: 0, voteNone: 0,
  });
});

table('n1: prefixed table', () => {
  const rows = parseInfoTable(read('13f-2023-thousands-infotable.xml'));
  assert.equal(rows.map((r) => [r.cusip, r.value, r.shares]), [['037833100', 4100, 21000], ['594918104', 6500, 20000]]);
});

const units = suite('decideUnits');

units('pre-2023 filing in thousands', () => {
  const rows = parseInfoTable(read('13f-2022q3-infotable.xml'));
  assert.equal(decideUnits(rows, 202223564, '2022-11-14'), { unit: 'thousands', basis: 'rows sum equals tableValueTotal; median implied price 0.1349 per share' });
});

units('post-2023 filing in dollars', () => {
  const rows = parseInfoTable(read('13f-2024q1-infotable.xml'));
  assert.equal(decideUnits(rows, 236588362740, '2024-05-15'), { unit: 'dollars', basis: 'rows sum equals tableValueTotal; median implied price 171.4800 per share' });
});

units('a 2023 filing still reporting thousands is caught', () => {
  const rows = parseInfoTable(read('13f-2023-thousands-infotable.xml'));
  const d = decideUnits(rows, 10600, '2023-05-15');
  assert.is(d.unit, 'thousands');
  assert.match(d.basis, 'thousands although filed on/after 2023-01-03');
});

units('rows in dollars, summary in thousands: the factor 1000 decides', () => {
  const rows = parseInfoTable(read('13f-2023-thousands-infotable.xml')).map((r) => ({ ...r, value: r.value * 1000 }));
  assert.equal(decideUnits(rows, 10600, '2022-05-15').unit, 'dollars');
});

const variants = suite('parseInfoTable: filer variants and damaged tables');

// Synthetic variants of a fixture table; both readers must agree and neither may drop a row silently.
const table2022 = (): string => read('13f-2022q3-infotable.xml').toString('utf8');
const bothReaders = (xml: string | Buffer): InfoTableRow[] => {
  const rows = parseInfoTable(xml);
  assert.equal(rows, parseInfoTableTree(xml));
  return rows;
};

variants('a table cut off after a complete row is refused, not read as a shorter table', () => {
  const xml = table2022();
  const afterFirst = xml.indexOf('</infoTable>') + '</infoTable>'.length;
  assert.throws(() => parseInfoTable(xml.slice(0, afterFirst)), (e: Error) => e instanceof QuarantineError && /malformed XML/.test(e.message));
  assert.throws(() => parseInfoTable(xml.slice(0, xml.lastIndexOf('</informationTable>'))), /malformed XML/);
});

variants('a commented-out row is not a row', () => {
  const xml = table2022().replace(/(<infoTable>[\s\S]*?<\/infoTable>)/, '<!-- $1 -->');
  assert.is(bothReaders(xml).length, 4);
  // A generator's banner before the table reads as the table; an unclosed comment is malformed.
  const banner = table2022().replace(/(<informationTable)/, '<!-- generated by FilerSoft 9.1 -->\n$1');
  assert.equal(parseInfoTable(banner), parseInfoTable(table2022()));
  assert.throws(() => parseInfoTable(table2022().replace(/(<infoTable>)/, '<!-- $1')));
});

variants('an empty information table is zero rows', () => {
  assert.equal(parseInfoTable('<?xml version="1.0"?>\n<informationTable/>'), []);
  assert.equal(parseInfoTable('<ns1:informationTable xmlns:ns1="http://www.sec.gov/edgar/document/thirteenf/informationtable"></ns1:informationTable>'), []);
});

variants('numbers that are not numbers quarantine the table in both readers', () => {
  const shares = table2022().replace(/<sshPrnamt>[^<]*</, '<sshPrnamt>89480231O<');
  for (const read of [parseInfoTable, parseInfoTableTree]) {
    assert.throws(() => read(shares), /row 1 \(037833100\) sshPrnamt is not a number: "89480231O"/);
    assert.throws(() => read(table2022().replace(/<value>[^<]*</, '<value>0x10<')), /row 1 \(037833100\) value is not a number: "0x10"/);
    assert.throws(() => read(table2022().replace(/<Sole>[^<]*</, '<Sole>all<')), /Sole is not a number/);
  }
  // `+`, a trailing `.0`, whitespace and thousands commas are the same numbers.
  const spelled = table2022().replace(/<value>(\d+)<\/value>/g, '<value>\n +$1.0 </value>').replace(/<sshPrnamt>(\d{4,})<\/sshPrnamt>/, (_, n: string) => `<sshPrnamt>${Number(n).toLocaleString('en-US')}</sshPrnamt>`);
  assert.equal(bothReaders(spelled), parseInfoTable(table2022()));
});

variants('several <otherManager> elements are kept, joined like one list', () => {
  const xml = table2022().replace(/<otherManager>4,8<\/otherManager>/, '<otherManager>4</otherManager><otherManager>8</otherManager>');
  assert.ok(xml !== table2022());
  assert.is(bothReaders(xml)[0]!.otherManagers, '4,8');
});

variants('windows-1252 issuer names decode the same in both readers', () => {
  const xml = table2022().replace('APPLE INC', 'SOCIÉTÉ GÉNÉRALE').replace(/<\?xml[^>]*\?>/, '<?xml version="1.0" encoding="windows-1252"?>');
  assert.is(bothReaders(Buffer.from(xml, 'latin1'))[0]!.issuer, 'SOCIÉTÉ GÉNÉRALE');
});

cover.run();
table.run();
units.run();
variants.run();
