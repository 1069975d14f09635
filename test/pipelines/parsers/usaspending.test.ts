import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseCsvRecords } from '../../../pipelines/parsers/csv-records.ts';
import { parseUsaspendingContracts } from '../../../pipelines/parsers/usaspending.ts';
import { SAMPLE_DIR } from '../../../schema/config.ts';

const sample = readFileSync(path.join(SAMPLE_DIR, 'files.usaspending.gov/generated_downloads/Contracts_PrimeAwardSummaries_2024-11-08_H14M02S11_1.csv'), 'utf8');

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

parse('the sample: one award per row, amounts and dates as given, a description across lines', () => {
  const rows = parseUsaspendingContracts(sample);
  assert.is(rows.length, 8);
  const ivas = rows[0]!;
  assert.is(ivas.awardKey, 'CONT_AWD_W91CRB21C0001_9700_-NONE-_-NONE-');
  assert.is(ivas.piid, 'W91CRB21C0001');
  assert.is(ivas.parentPiid, null);
  assert.is(ivas.recipientName, 'MICROSOFT CORPORATION');
  assert.is(ivas.obligated, 1_437_210_000);
  assert.is(ivas.potentialValue, 21_880_000_000);
  assert.is(ivas.fiscalYear, 2024);
  assert.is(ivas.description, 'INTEGRATED VISUAL AUGMENTATION SYSTEM (IVAS) PRODUCTION, DEPLOYMENT\nAND SUSTAINMENT');
  assert.is(ivas.lastModified, '2024-06-18');
  const jnj = rows.find((r) => r.piid === '75A50120C00169')!;
  assert.is(jnj.parentName, 'JOHNSON & JOHNSON');
  assert.is(jnj.description, 'LARGE SCALE MANUFACTURING AND DELIVERY OF 100 MILLION DOSES OF THE "AD26.COV2.S" COVID-19 VACCINE');
  assert.is(rows.find((r) => r.piid === 'HC105024F0012')!.parentPiid, 'HC105023D0001');
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
