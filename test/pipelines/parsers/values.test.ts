import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseBdcDataSet, parseTsv } from '../../../pipelines/parsers/bdc-dera.ts';
import { parseSubmissionHeader } from '../../../pipelines/parsers/edgar-submission-txt.ts';
import { parseFeed } from '../../../pipelines/parsers/feeds.ts';
import { parseFredCsv } from '../../../pipelines/parsers/fred-csv.ts';
import { parsePricesCsv } from '../../../pipelines/parsers/prices-csv.ts';
import { isoDate, num, text } from '../../../pipelines/parsers/sec-xml.ts';
import { parseTreasuryCsv } from '../../../pipelines/parsers/treasury-csv.ts';
import { deraDate, deraNumber } from '../../../pipelines/parsers/tsv-stream.ts';
import { parseUsaspendingContracts } from '../../../pipelines/parsers/usaspending.ts';
import { calendarDate, cikNumber, decimal, isCalendarDate } from '../../../pipelines/parsers/values.ts';

const values = suite('strict numbers and dates');

values('decimal: the lexical forms of a decimal, commas only where they group by three', () => {
  assert.equal(['1', '-2.5', '+.5', '1.', '1e3', ' 7 '].map((s) => decimal(s)), [1, -2.5, 0.5, 1, 1000, 7]);
  assert.equal(['', '0x10', 'Infinity', '$5', '1e999', '1,000', 'NaN', '1_000', '--1'].map((s) => decimal(s)), Array(9).fill(null));
  assert.equal(['1,000', '-12,345,678.25', '999'].map((s) => decimal(s, { commas: true })), [1000, -12345678.25, 999]);
  assert.equal(['12,50', '1,0000', ',100', '1,,000', '1000,000', '1,000.5,0'].map((s) => decimal(s, { commas: true })), Array(6).fill(null));
});

values('calendar dates: a day that does not exist is none, never the next one', () => {
  assert.equal([isCalendarDate('2024-02-29'), isCalendarDate('2023-02-29'), isCalendarDate('2024-04-31'), isCalendarDate('2024-13-01'), isCalendarDate('2024-1-01')], [true, false, false, false, false]);
  assert.equal([calendarDate('2024', '2', '29'), calendarDate(2023, 2, 29), calendarDate('2024', '31', '12'), calendarDate(9999, 12, 31)], ['2024-02-29', null, null, '9999-12-31']);
});

values('cikNumber: 1 to 10 digits naming a positive integer', () => {
  assert.equal([cikNumber('0000320193'), cikNumber(320193), cikNumber(' 42 ')], [320193, 320193, 42]);
  assert.equal([cikNumber('1e3'), cikNumber('0x10'), cikNumber(''), cikNumber('-5'), cikNumber(12.5), cikNumber(0), cikNumber('0000000000'), cikNumber('12345678901'), cikNumber(null)], Array(9).fill(null));
});

values('SEC XML: commas that do not group are not a number, dates are calendar days, a repeated <value> is its first', () => {
  assert.equal([num('1,234.5'), num('12,50'), num('0x10')], [1234.5, null, null]);
  assert.equal([isoDate('2024-12-31'), isoDate('12-31-2024'), isoDate('31-12-2024'), isoDate('2024-02-30'), isoDate('20240230')], ['2024-12-31', '2024-12-31', null, null, null]);
  assert.is(text({ value: ['100', '200'] }), '100');
  assert.is(text({ value: [{ '#text': '7', '@_xml:space': 'preserve' }] }), '7');
});

values('CSV parsers refuse a day that does not exist and a cell Number() alone would read (0x10)', () => {
  assert.throws(() => parseTreasuryCsv('Date,1 Mo\n02/30/2025,4.3\n'), /invalid date "02\/30\/2025"/);
  assert.throws(() => parseTreasuryCsv('Date,1 Mo\n31/12/2024,4.3\n'), /invalid date/);
  assert.throws(() => parseTreasuryCsv('Date,1 Mo\n12/31/2024,0x10\n'), /1 Mo is not a number: "0x10"/);
  assert.throws(() => parseFredCsv('DATE,DGS10\n2024-02-30,4.5\n'), /invalid date "2024-02-30"/);
  assert.throws(() => parseFredCsv('DATE,DGS10\n2024-02-28,0x10\n'), /value is not a number: "0x10"/);
  assert.throws(() => parsePricesCsv('Date,Close\n2024-02-30,10\n'), /invalid date "2024-02-30"/);
  assert.throws(() => parsePricesCsv('Date,Close\n2024-02-28,0x10\n'), /Close is not a number: "0x10"/);
  assert.equal(parsePricesCsv('Date,Close\n2024-02-29 00:00:00-05:00,10\n').map((r) => r.date), ['2024-02-29']);
});

values('DERA TSV: a line with more or fewer cells than its header is refused; a decimal column holds a decimal', () => {
  assert.equal(parseTsv('a\tb\n1\t\n'), [{ a: '1', b: '' }]);
  assert.throws(() => parseTsv('a\tb\tc\n1\t2\t3\n4\t5\n'), /line 3 has 2 cells, the header 3/);
  assert.throws(() => parseTsv('a\tb\n1\t2\t3\n'), /line 2 has 3 cells, the header 2/);
  const fix = path.resolve(import.meta.dirname, '../../fixtures/ownership/bdc');
  const sub = readFileSync(path.join(fix, 'sub.tsv'), 'utf8');
  const soi = readFileSync(path.join(fix, 'soi.tsv'), 'utf8');
  assert.ok(parseBdcDataSet({ sub, soi }).holdings.length > 0);
  const lines = soi.split('\n');
  const cells = lines[1]!.split('\t');
  const fair = lines[0]!.split('\t').indexOf('Investment Owned, Fair Value');
  cells[fair] = '57,00,000';
  const bad = [lines[0], cells.join('\t'), ...lines.slice(2)].join('\n');
  assert.throws(() => parseBdcDataSet({ sub, soi: bad }), /Investment Owned, Fair Value is not a number: "57,00,000"/);
});

values('submission headers, DERA cells and award amounts: no impossible day, no 0x10, no 1e3 CIK (found by a review)', () => {
  const header = (filed: string, extra = ''): string =>
    `<SEC-HEADER>\nACCESSION NUMBER:\t\t0000950123-24-006109\nCONFORMED SUBMISSION TYPE:\t4\nFILED AS OF DATE:\t\t${filed}\n${extra}</SEC-HEADER>\n`;
  const ok = parseSubmissionHeader(header('20240229', 'CONFORMED PERIOD OF REPORT:\t20241331\nCENTRAL INDEX KEY:\t\t0x10\nCENTRAL INDEX KEY:\t\t0000320193\n<ACCEPTANCE-DATETIME>20240229250000\n'));
  assert.equal([ok.filed, ok.period, ok.ciks, ok.accepted], ['2024-02-29', null, [320193], null]);
  assert.is(parseSubmissionHeader(header('20240229', '<ACCEPTANCE-DATETIME>20240229163012\n')).accepted, '2024-02-29 16:30:12');
  assert.throws(() => parseSubmissionHeader(header('20240230')), /no filing date/);
  assert.equal([deraDate('14-FEB-2024'), deraDate('31-FEB-2024'), deraDate('2024-02-30'), deraDate('2024-02-29')], ['2024-02-14', null, null, '2024-02-29']);
  assert.equal([deraNumber('1,234'), deraNumber('0x10'), deraNumber('12,50'), deraNumber('-5.5')], [1234, null, null, -5.5]);
  const award = (amount: string): string =>
    `contract_award_unique_key,award_id_piid,recipient_name,total_obligated_amount\nCONT_AWD_1,P1,ACME,${amount}\n`;
  assert.equal(parseUsaspendingContracts(award('1500.25')).map((a) => a.obligated), [1500.25]);
  assert.throws(() => parseUsaspendingContracts(award('0x10')), /is not an amount: "0x10"/);
});

values("feeds: a zone-less time is UTC on every host, and a day that does not exist is no date", () => {
  const atom = (updated: string): string =>
    `<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title><entry><title>a</title><link href="https://x.example/a"/><updated>${updated}</updated></entry></feed>`;
  const rss = (pubDate: string): string => `<rss><channel><title>t</title><item><title>a</title><link>https://x.example/a</link><pubDate>${pubDate}</pubDate></item></channel></rss>`;
  const tz = process.env.TZ;
  try {
    process.env.TZ = 'America/New_York';
    assert.is(parseFeed(atom('2024-01-02T10:00:00')).items[0]!.publishedAt, '2024-01-02 10:00:00');
    assert.is(parseFeed(atom('2024-12-30T16:00:00-05:00')).items[0]!.publishedAt, '2024-12-30 21:00:00');
    assert.is(parseFeed(rss('Tue, 10 Jun 2003 04:00:00 EST')).items[0]!.publishedAt, '2003-06-10 09:00:00');
    assert.is(parseFeed(rss('Tue, 10 Jun 2003 04:00:00')).items[0]!.publishedAt, '2003-06-10 04:00:00');
    assert.is(parseFeed(rss('June 30, 2003 4:00 PM EDT')).items[0]!.publishedAt, '2003-06-30 20:00:00');
    assert.is(parseFeed(rss('Jun 30 2003')).items[0]!.publishedAt, '2003-06-30 00:00:00');
  } finally {
    if (tz === undefined) delete process.env.TZ;
    else process.env.TZ = tz;
  }
  assert.throws(() => parseFeed(rss('Fri, 30 Feb 2024 10:00:00 GMT')), /no valid publication date/);
  assert.throws(() => parseFeed(atom('2024-04-31T10:00:00Z')), /no valid publication date/);
  assert.throws(() => parseFeed(rss('June 31, 2003 04:00 PM EDT')), /no valid publication date/);
  assert.throws(() => parseFeed(rss('2003/06/10')), /no valid publication date/);
});

values.run();
