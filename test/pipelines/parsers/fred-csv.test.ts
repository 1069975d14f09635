import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseFredCsv, seriesFromPath } from '../../../pipelines/parsers/fred-csv.ts';

const fred = suite('parseFredCsv');

fred('legacy layout: DATE header, "." is missing (null, not zero)', () => {
  assert.equal(parseFredCsv('DATE,DGS10\n2024-12-24,4.59\n2024-12-25,.\n'), [
    { seriesId: 'DGS10', date: '2024-12-24', value: 4.59, realtimeStart: '2024-12-24', realtimeEnd: '9999-12-31', vintaged: false },
    { seriesId: 'DGS10', date: '2024-12-25', value: null, realtimeStart: '2024-12-25', realtimeEnd: '9999-12-31', vintaged: false },
  ]);
});

fred('current layout: observation_date header, empty cell is missing', () => {
  assert.equal(parseFredCsv('observation_date,FEDFUNDS\n2024-11-01,4.64\n2024-12-01,\n').map((o) => [o.seriesId, o.date, o.value]), [
    ['FEDFUNDS', '2024-11-01', 4.64],
    ['FEDFUNDS', '2024-12-01', null],
  ]);
});

fred('ALFRED vintages: realtime_end inclusive becomes an exclusive end', () => {
  const text = readFileSync(path.resolve(import.meta.dirname, '../../fixtures/market/gdp-vintages.csv'), 'utf8');
  const rows = parseFredCsv(text, seriesFromPath('fred.stlouisfed.org/vintages/GDP.csv'));
  assert.equal(rows.slice(0, 2), [
    { seriesId: 'GDP', date: '2024-07-01', value: 29349.924, realtimeStart: '2024-10-30', realtimeEnd: '2024-11-27', vintaged: true },
    { seriesId: 'GDP', date: '2024-07-01', value: 29354.321, realtimeStart: '2024-11-27', realtimeEnd: '2024-12-19', vintaged: true },
  ]);
  assert.is(rows[2]!.realtimeEnd, '9999-12-31');
});

fred('bad files are refused', () => {
  assert.throws(() => parseFredCsv('when,what\n'), /unrecognised FRED header/);
  assert.throws(() => parseFredCsv('DATE,X\n2024-01-01,abc\n'), /not a number/);
  assert.throws(() => parseFredCsv('DATE,X\n2024-01-01,1\n2024-01-01,2\n'), /duplicate date/);
  assert.throws(() => parseFredCsv('realtime_start,realtime_end,date,value\n2024-02-01,2024-01-01,2023-10-01,1\n', 'X'), /before realtime_start/);
  // Rows cut short: a plain file's date alone, a vintage row without its value.
  assert.throws(() => parseFredCsv('DATE,X\n2024-01-01,1\n2024-02-01'), /line 3: 1 cells where the header has 2/);
  assert.throws(() => parseFredCsv('realtime_start,realtime_end,date,value\n2024-02-01,9999-12-31,2023-10-01\n', 'X'), /line 2: 3 cells where the header has 4/);
});

fred.run();
