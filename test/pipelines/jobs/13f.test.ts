import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
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

test.run();
