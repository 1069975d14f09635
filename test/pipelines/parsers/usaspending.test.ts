import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseCsvRecords } from '../../../pipelines/parsers/csv-records.ts';
import { parseUsaspendingContracts } from '../../../pipelines/parsers/usaspending.ts';
import { SAMPLE_DIR } from '../../../schema/config.ts';
import { sampleCsvRecords } from '../../sample-files.ts';

const SAMPLE_KEY = 'files.usaspending.gov/generated_downloads/Contracts_PrimeAwardSummaries_2024-11-08_H14M02S11_1.csv';
const sample = readFileSync(path.join(SAMPLE_DIR, SAMPLE_KEY), 'utf8');

const csv = suite('parseCsvRecords');

csv('quoted fields keep commas, doubled quotes and line breaks', () => {
  assert.equal(parseCsvRecords('a,b\r\n"x, y","say ""hi""\nthere"\n\n1,\n'), [
    ['a', 'b'],
    ['x, y', 'say "hi"\nthere'],
    ['1', ''],
  ]);
  assert.throws(() => parseCsvRecords('a\n"open'), /unterminated/);
});

csv.run();

// ---

const parse = suite('parseUsaspendingContracts');

parse('the sample (generated download): one award per row, amounts and dates as given, a description across lines', () => {
  const rows = parseUsaspendingContracts(sample);
  const records = sampleCsvRecords(SAMPLE_KEY);
  assert.is(rows.length, records.length);
  records.forEach((rec, i) => {
    const row = rows[i]!;
    assert.equal(
      [row.awardKey, row.piid, row.parentPiid, row.recipientName, row.parentName, row.obligated, row.potentialValue, row.fiscalYear, row.description, row.lastModified],
      [
        rec.contract_award_unique_key, rec.award_id_piid, rec.parent_award_id_piid || null, rec.recipient_name, rec.recipient_parent_name, Number(rec.total_obligated_amount),
        Number(rec.potential_total_value_of_award), Number(rec.award_latest_action_date_fiscal_year), rec.prime_award_base_transaction_description, rec.last_modified_date!.slice(0, 10),
      ],
      rec.award_id_piid,
    );
  });
  assert.ok(rows.some((r) => r.description?.includes('\n')), 'a description across two lines');
  assert.ok(rows.some((r) => r.parentPiid) && rows.some((r) => !r.parentPiid), 'orders under an IDV and definitive contracts');
});

parse('bad documents are refused with a reason', () => {
  assert.throws(() => parseUsaspendingContracts('award_id_piid,recipient_name\nX,Y\n'), /missing column\(s\): contract_award_unique_key, total_obligated_amount/);
  const head = 'contract_award_unique_key,award_id_piid,recipient_name,total_obligated_amount,award_base_action_date';
  assert.throws(() => parseUsaspendingContracts(`${head}\nK,P,R,abc,\n`), /record 2: total_obligated_amount is not an amount/);
  assert.throws(() => parseUsaspendingContracts(`${head}\nK,P,R,1,2024-02-30\n`), /award_base_action_date is not a date/);
  assert.throws(() => parseUsaspendingContracts(`${head}\nK,P,R,1,\nK,P,R,2,\n`), /award K appears twice/);
  assert.throws(() => parseUsaspendingContracts(`${head}\nK,,R,1,\n`), /PIID and recipient are required/);
});

parse.run();
