import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseTreasuryCsv } from '../../../pipelines/parsers/treasury-csv.ts';

const csv = suite('parseTreasuryCsv');

csv('MM/DD/YYYY or ISO dates, newest-first rows sorted, empty cells missing, 1.5 Mo column', () => {
  const points = parseTreasuryCsv('Date,1 Mo,1.5 Mo,4 Mo,30 Yr\n02/14/2025,4.37,,4.35,4.69\n2025-02-13,4.37,4.38,,4.72\n');
  assert.equal(points, [
    { date: '2025-02-13', tenor: '1M', months: 1, value: 4.37 },
    { date: '2025-02-13', tenor: '1.5M', months: 1.5, value: 4.38 },
    { date: '2025-02-13', tenor: '30Y', months: 360, value: 4.72 },
    { date: '2025-02-14', tenor: '1M', months: 1, value: 4.37 },
    { date: '2025-02-14', tenor: '4M', months: 4, value: 4.35 },
    { date: '2025-02-14', tenor: '30Y', months: 360, value: 4.69 },
  ]);
});

csv('unknown columns and bad values are refused', () => {
  assert.throws(() => parseTreasuryCsv('Date,13 Mo\n2025-01-02,1\n'), /unknown Treasury CSV column "13 Mo"/);
  // A row cut short (a truncated download) is refused, not read with its last tenors missing.
  assert.throws(() => parseTreasuryCsv('Date,5 Yr,7 Yr,10 Yr,30 Yr\n07/02/2025,3.9,4.03,4.26,4.8\n07/01/2025,3.88,4'), /line 3: 3 cells where the header has 5/);
  assert.throws(() => parseTreasuryCsv('Date,1 Mo\n2025-01-02,x\n'), /not a number/);
  assert.throws(() => parseTreasuryCsv('Tenor,1 Mo\n'), /Date column/);
});

csv.run();
