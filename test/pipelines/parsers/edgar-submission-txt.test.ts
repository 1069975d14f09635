import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { accessionFolder, accessionFromFolder, parseSubmissionHeader, parseSubmissionTxt } from '../../../pipelines/parsers/edgar-submission-txt.ts';

const FIX = path.resolve(import.meta.dirname, '../../fixtures/ownership');

const test = suite('edgar submission envelopes');

test('complete submission .txt: header and XML documents', () => {
  const s = parseSubmissionTxt(readFileSync(path.join(FIX, '0000950123-24-006109.txt')));
  assert.equal(s.header, { accession: '0000950123-24-006109', form: '13F-HR', filed: '2024-05-15', period: '2024-03-31', accepted: '2024-05-15 16:16:50', ciks: [1067983], names: ['BERKSHIRE HATHAWAY INC'] });
  assert.equal(s.documents.map((d) => [d.type, d.sequence, d.filename, d.isXml]), [['13F-HR', 1, 'primary_doc.xml', true], ['INFORMATION TABLE', 2, 'infotable.xml', true]]);
  assert.ok(s.documents[1]!.text.startsWith('<?xml'), 'leading whitespace stripped');
});

test('tag-style header (.hdr.sgml)', () => {
  const h = parseSubmissionHeader(readFileSync(path.join(FIX, 'mirror/www.sec.gov/Archives/edgar/data/1045810/000119764724000093/0001197647-24-000093.hdr.sgml'), 'utf8'));
  assert.equal(h, { accession: '0001197647-24-000093', form: '4/A', filed: '2024-09-11', period: '2024-09-06', accepted: '2024-09-11 17:00:00', ciks: [1197647, 1045810], names: ['HUANG JEN HSUN', 'NVIDIA CORP'] });
});

test('header without accession or date is refused', () => {
  assert.throws(() => parseSubmissionHeader('<TYPE>4\n<FILING-DATE>20240101'), /no accession number/);
  assert.throws(() => parseSubmissionHeader('<ACCESSION-NUMBER>0001197647-24-000093\n<TYPE>4'), /no filing date/);
});

test('accession folder names', () => {
  assert.is(accessionFolder('0001197647-24-000093'), '000119764724000093');
  assert.is(accessionFromFolder('000119764724000093'), '0001197647-24-000093');
  assert.is(accessionFromFolder('abc'), null);
});

test('a truncated submission is refused, not read as one with fewer documents', () => {
  const full = readFileSync(path.join(FIX, '0000950123-24-006109.txt'), 'utf8');
  // Cut inside the information table, and cut just after the first document.
  assert.throws(() => parseSubmissionTxt(full.slice(0, full.lastIndexOf('</XML>'))), /truncated submission/);
  const afterFirst = full.indexOf('</DOCUMENT>') + '</DOCUMENT>'.length;
  assert.throws(() => parseSubmissionTxt(full.slice(0, afterFirst)), /truncated submission: <SEC-DOCUMENT> without <\/SEC-DOCUMENT>/);
  const noXmlEnd = full.replace(/<\/XML>(?![\s\S]*<\/XML>)/, '');
  assert.throws(() => parseSubmissionTxt(noXmlEnd), /document 2: <XML> without <\/XML>/);
  // CRLF line ends read the same.
  assert.equal(parseSubmissionTxt(full.replace(/\n/g, '\r\n')).documents.map((d) => [d.type, d.filename, d.isXml]), parseSubmissionTxt(full).documents.map((d) => [d.type, d.filename, d.isXml]));
});

test('each XML document of a .txt is decoded by its own declared encoding', () => {
  // The real Berkshire 13F-HR, with its information table declared and written in ISO-8859-1 (filer
  // software still writes Latin-1 XML) and a non-ASCII name in UTF-8 in its primary document.
  const full = readFileSync(path.join(FIX, '0000950123-24-006109.txt'), 'utf8');
  const [cover, table] = full.split(/(?=<DOCUMENT>\n<TYPE>INFORMATION TABLE)/);
  const bytes = Buffer.concat([
    Buffer.from(cover!.replace('Marc D. Hamburg', 'Marc D. Hämburg'), 'utf8'),
    Buffer.from(table!.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"').replace('APPLE INC', 'NESTLÉ S.A.'), 'latin1'),
  ]);
  const s = parseSubmissionTxt(bytes);
  assert.match(s.documents[0]!.text, '<name>Marc D. Hämburg</name>');
  assert.match(s.documents[1]!.text, '<nameOfIssuer>NESTLÉ S.A.</nameOfIssuer>');
  assert.not.match(s.documents.map((d) => d.text).join(''), '\uFFFD');
  // Read from bytes or from text, the unchanged file splits the same.
  assert.equal(parseSubmissionTxt(Buffer.from(full, 'utf8')), parseSubmissionTxt(full));
});

test.run();
