import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseTreasuryCsv, tenorOfColumn } from '../../../pipelines/parsers/treasury-csv.ts';

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

csv("the Treasury download's own titles: quoted, `1.5 Month` beside `1 Mo`; any spelling of the unit", () => {
  const resaved = parseTreasuryCsv('Date,1 Mo,1.5 Mo,4 Mo,30 Yr\n02/14/2025,4.37,,4.35,4.69\n2025-02-13,4.37,4.38,,4.72\n');
  const download = parseTreasuryCsv('Date,"1 Mo","1.5 Month","4 Mo","30 Yr"\n02/14/2025,4.37,,4.35,4.69\n02/13/2025,4.37,4.38,,4.72\n');
  assert.equal(download, resaved);
  assert.is(download.filter((p) => p.tenor === '1.5M').length, 1);
  const label = (t: string): string | undefined => tenorOfColumn(t)?.tenor;
  assert.equal(['1 Mo', '1.5 Month', '1.5 Mo', '3 Months', '6 mos', '1 Yr', '1 Year', '10 yrs', '30 YR'].map(label), ['1M', '1.5M', '1.5M', '3M', '6M', '1Y', '1Y', '10Y', '30Y']);
  assert.equal(['13 Mo', '1.5 Days', 'Mo', '', '1', '2 Yr 3 Mo', '0.5 Yr'].map(label), [undefined, undefined, undefined, undefined, undefined, undefined, '6M']);
});

csv('unknown columns and bad values are refused', () => {
  assert.throws(() => parseTreasuryCsv('Date,13 Mo\n2025-01-02,1\n'), /unknown Treasury CSV column "13 Mo"/);
  assert.throws(() => parseTreasuryCsv('Date,12 Mo,1 Yr\n2025-01-02,1,1\n'), /names the 1Y tenor twice/);
  // A row cut short (a truncated download) is refused, not read with its last tenors missing.
  assert.throws(() => parseTreasuryCsv('Date,5 Yr,7 Yr,10 Yr,30 Yr\n07/02/2025,3.9,4.03,4.26,4.8\n07/01/2025,3.88,4'), /line 3: 3 cells where the header has 5/);
  assert.throws(() => parseTreasuryCsv('Date,1 Mo\n2025-01-02,x\n'), /not a number/);
  assert.throws(() => parseTreasuryCsv('Tenor,1 Mo\n'), /Date column/);
});

csv.run();
