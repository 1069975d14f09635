import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parse13fText } from '../../../pipelines/jobs/13f.ts';
import { parseSubmissionTxt } from '../../../pipelines/parsers/edgar-submission-txt.ts';
import { openBuild, runPipelines } from '../../../pipelines/runner.ts';
import { mirrorSource } from '../../../pipelines/sources/mirror.ts';
import { tempDir } from '../../helpers.ts';

const FIX = path.resolve(import.meta.dirname, '../../fixtures/ownership');

const test = suite('13f job');

test('a complete submission .txt loads in dollars; a summary-page mismatch is noted in the run ledger', async () => {
  const mirror = tempDir();
  const folder = path.join(mirror, 'www.sec.gov/Archives/edgar/data/1067983/000095012324006109');
  mkdirSync(folder, { recursive: true });
  copyFileSync(path.join(FIX, '0000950123-24-006109.txt'), path.join(folder, '0000950123-24-006109.txt'));
  // A second filing whose summary page claims one entry more than its table has.
  const bad = path.join(mirror, 'www.sec.gov/Archives/edgar/data/1067983/000095012322011794');
  mkdirSync(bad, { recursive: true });
  writeFileSync(path.join(bad, 'primary_doc.xml'), readFileSync(path.join(FIX, '13f-2022q3-primary_doc.xml'), 'utf8').replace('<tableEntryTotal>5<', '<tableEntryTotal>6<'));
  copyFileSync(path.join(FIX, '13f-2022q3-infotable.xml'), path.join(bad, 'infotable.xml'));
  writeFileSync(path.join(bad, '0000950123-22-011794.hdr.sgml'), '<SEC-HEADER>0000950123-22-011794.hdr.sgml : 20221114\n<ACCESSION-NUMBER>0000950123-22-011794\n<TYPE>13F-HR\n<FILING-DATE>20221114\n</SEC-HEADER>\n');
  const dir = tempDir();
  const run = await runPipelines({ dataDir: dir, source: mirrorSource(mirror), jobs: ['13f'], threads: 1, publish: false });
  assert.is(run.status, 'success');
  const { db, conn, instance } = await openBuild(dir);
  try {
    assert.equal(await db.all('SELECT accession, value_unit, row_count, value_usd FROM f13_filings ORDER BY accession'), [
      { accession: '0000950123-22-011794', value_unit: 'thousands', row_count: 5, value_usd: 202223564000 },
      { accession: '0000950123-24-006109', value_unit: 'dollars', row_count: 6, value_usd: 236588362740 },
    ]);
    assert.equal(await db.all("SELECT value_usd FROM f13_holdings WHERE accession = '0000950123-22-011794' AND cusip = '037833100'"), [{ value_usd: 123661682000 }]);
    const notes = await db.all<{ kind: string; detail: string }>('SELECT kind, detail FROM pipeline_notes');
    assert.equal(notes, [{ kind: 'entry_total_mismatch', detail: '0000950123-22-011794: summary page tableEntryTotal 6, information table has 5 rows' }]);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
});

test('a pre-2013 text submission loads from its text table; a summary mismatch is noted; an unreadable row quarantines the filing', async () => {
  const mirror = tempDir();
  const text = readFileSync(path.join(FIX, '13f-2011q4-text.txt'), 'utf8');
  const put = (acc: string, body: string): void => {
    const folder = path.join(mirror, `www.sec.gov/Archives/edgar/data/1234567/${acc.replace(/-/g, '')}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, `${acc}.txt`), body.replaceAll('0001234567-12-000003', acc));
  };
  put('0001234567-12-000003', text);
  // The same filing whose summary page claims 8 entries and $30,800 thousand.
  put('0001234567-12-000004', text.replace('Entry Total:       7', 'Entry Total:       8').replace('$30,799', '$31,799'));
  // And one whose row on line 84 has a value that cannot be read.
  put('0001234567-12-000005', text.replace('    2,830   20,000 SH', '    2,8O0   20,000 SH'));
  const dir = tempDir();
  const run = await runPipelines({ dataDir: dir, source: mirrorSource(mirror), jobs: ['13f'], threads: 1, publish: false });
  assert.is(run.status, 'partial');
  const { db, conn, instance } = await openBuild(dir);
  try {
    assert.equal(await db.all('SELECT accession, cik, manager_name, form, CAST(period AS VARCHAR) AS period, report_type, table_entry_total, table_value_total, value_unit, row_count, value_usd FROM f13_filings ORDER BY accession'), [
      { accession: '0001234567-12-000003', cik: 1234567, manager_name: 'EXAMPLE CAPITAL MANAGEMENT LLC', form: '13F-HR', period: '2011-12-31', report_type: '13F HOLDINGS REPORT', table_entry_total: 7, table_value_total: 30799, value_unit: 'thousands', row_count: 7, value_usd: 30799000 },
      { accession: '0001234567-12-000004', cik: 1234567, manager_name: 'EXAMPLE CAPITAL MANAGEMENT LLC', form: '13F-HR', period: '2011-12-31', report_type: '13F HOLDINGS REPORT', table_entry_total: 8, table_value_total: 31799, value_unit: 'thousands', row_count: 7, value_usd: 30799000 },
    ]);
    assert.equal(await db.all("SELECT row, cusip, value_usd, shares, share_type, put_call, other_managers, CAST(vote_sole AS INTEGER) AS vote_sole, CAST(vote_shared AS INTEGER) AS vote_shared FROM f13_holdings WHERE accession = '0001234567-12-000003' AND row IN (3, 4, 7) ORDER BY row"), [
      { row: 3, cusip: '78462F103', value_usd: 2830000, shares: 20000, share_type: 'SH', put_call: 'PUT', other_managers: null, vote_sole: 20000, vote_shared: 0 },
      { row: 4, cusip: '084670702', value_usd: 4058000, shares: 50000, share_type: 'SH', put_call: null, other_managers: '1,2', vote_sole: 0, vote_shared: 50000 },
      { row: 7, cusip: '165167BZ9', value_usd: 950000, shares: 950000, share_type: 'PRN', put_call: null, other_managers: null, vote_sole: 950000, vote_shared: 0 },
    ]);
    assert.equal(await db.all("SELECT seq, file_number, name FROM f13_other_managers WHERE accession = '0001234567-12-000003' ORDER BY seq"), [
      { seq: 1, file_number: '28-11111', name: 'EXAMPLE ADVISORS LLC' },
      { seq: 2, file_number: '28-22222', name: 'EXAMPLE TRUST CO' },
    ]);
    assert.equal(await db.all('SELECT kind, detail FROM pipeline_notes ORDER BY kind'), [
      { kind: 'entry_total_mismatch', detail: '0001234567-12-000004: summary page tableEntryTotal 8, information table has 7 rows' },
      { kind: 'value_total_mismatch', detail: '0001234567-12-000004: summary page tableValueTotal 31799, rows sum to 30799 (thousands)' },
    ]);
    const q = await db.all<{ doc_path: string; reason: string }>('SELECT doc_path, reason FROM pipeline_quarantine');
    assert.is(q.length, 1);
    assert.match(q[0]!.doc_path, /0001234567-12-000005\.txt$/);
    assert.match(q[0]!.reason, /^parse failed: line 84: information table row cannot be read \(VALUE is not a number: 2,8O0\)/);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
});

test('a text submission is parsed from its bytes: windows-1252 no-break spaces between columns separate them', () => {
  // Decoded as UTF-8 first, each 0xA0 became U+FFFD and glued VALUE and SHRS OR PRN AMT into one token.
  const text = readFileSync(path.join(FIX, '13f-2011q4-text.txt'), 'utf8').replace('12,345   20,580 SH', '12,345\u00a0\u00a0\u00a020,580 SH');
  const bytes = Buffer.from(text, 'latin1');
  const p = parse13fText(parseSubmissionTxt(bytes).header, 'x.txt', bytes, null);
  assert.equal(p.rows.map((r) => [r.cusip, r.value, r.shares]).slice(0, 2), [['037833100', 12345, 20580], ['H0023R105', 1024, 14000]]);
  assert.equal([p.rows.length, p.units.unit], [7, 'thousands']);
});

test.run();
