import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePricesCsv, parsePriceTargetsCsv, tickerFromPath } from '../../../pipelines/parsers/prices-csv.ts';

const prices = suite('parsePricesCsv');

prices('yfinance layout: float noise rounded, dividends and splits, sorted oldest first', () => {
  const rows = parsePricesCsv(
    'Date,Open,High,Low,Close,Adj Close,Volume,Dividends,Stock Splits\r\n' +
      '2019-01-03,248.22999572753906,248.57000732421875,243.6699981689453,244.2100067138672,232.99859619140625,144140700,0.0,0\r\n' +
      '2019-01-02,245.97999572753906,251.2100067138672,245.9499969482422,250.17999267578125,238.69454956054688,126925200,1.435,10\r\n',
  );
  assert.equal(rows, [
    { date: '2019-01-02', open: 245.98, high: 251.21, low: 245.95, close: 250.18, adjClose: 238.69455, volume: 126925200, dividend: 1.435, splitRatio: 10 },
    { date: '2019-01-03', open: 248.23, high: 248.57, low: 243.67, close: 244.21, adjClose: 232.9986, volume: 144140700, dividend: 0, splitRatio: 1 },
  ]);
});

prices('Yahoo layout without dividends; null rows (holidays) skipped; columns found by name', () => {
  const rows = parsePricesCsv('Date,Open,High,Low,Close,Adj Close,Volume\n1999-01-22,1.750000,1.953125,1.552083,1.640625,1.518424,67867200\n1999-01-25,null,null,null,null,null,null\n');
  assert.equal(rows.map((r) => [r.date, r.close, r.dividend, r.splitRatio]), [['1999-01-22', 1.640625, 0, 1]]);
  const reordered = parsePricesCsv('close,date\n10.5,2024-01-02\n');
  assert.equal(reordered.map((r) => [r.date, r.close, r.open, r.volume]), [['2024-01-02', 10.5, null, null]]);
});

prices('bad files are refused with the reason', () => {
  assert.throws(() => parsePricesCsv('Date,Open\n2024-01-02,1\n'), /no Close column/);
  assert.throws(() => parsePricesCsv('Date,Close\n2024-01-02,1\n2024-01-02,2\n'), /duplicate date 2024-01-02/);
  assert.throws(() => parsePricesCsv('Date,Close\n01/02/2024,1\n'), /invalid date/);
  assert.throws(() => parsePricesCsv('Date,Close\n2024-01-02,abc\n'), /Close is not a number/);
  assert.throws(() => parsePricesCsv('Date,Open,Close\n2024-01-02,5,\n'), /has prices but no Close/);
  // A truncated download's last row (an operator found a close of 15 loaded for 155.96, a -90 % day).
  assert.throws(() => parsePricesCsv('Date,Open,High,Low,Close,Adj Close,Volume\n2023-07-05,150,156,149,155.1,155.1,100\n2023-07-06,153.42,157.33,152.52,15'), /line 3: 5 cells where the header has 7/);
  assert.throws(() => parsePricesCsv('Date,Close\n2024-01-02,1,2\n'), /line 2: 3 cells where the header has 2/);
  // A writer that ends every row with a comma: empty cells past the header are no data.
  assert.equal(parsePricesCsv('Date,Close\n2024-01-02,1,\n2024-01-03,2, \n').map((r) => r.close), [1, 2]);
});

prices('ticker from the document path', () => {
  assert.is(tickerFromPath('vendor/prices/brk-b.csv'), 'BRK-B');
  assert.throws(() => tickerFromPath('vendor/prices/not a ticker!.csv'));
});

prices.run();

// ---

const targets = suite('parsePriceTargetsCsv');

targets('source and fetch date required; analyst count optional; ratings refused', () => {
  assert.equal(parsePriceTargetsCsv('ticker,mean_target,analyst_count,source,fetched_on\naapl,246.5,38,Vendor X,2024-12-31\nNVDA,172,,Vendor X,2024-12-31\n'), [
    { ticker: 'AAPL', meanTarget: 246.5, analystCount: 38, source: 'Vendor X', fetchedOn: '2024-12-31' },
    { ticker: 'NVDA', meanTarget: 172, analystCount: null, source: 'Vendor X', fetchedOn: '2024-12-31' },
  ]);
  assert.throws(() => parsePriceTargetsCsv('ticker,mean_target,analyst_count,source,fetched_on\nAAPL,246.5,38,,2024-12-31\n'), /needs its source/);
  assert.throws(() => parsePriceTargetsCsv('ticker,mean_target,analyst_count,source,fetched_on,rating\nAAPL,1,1,x,2024-12-31,buy\n'), /ratings/);
});

targets.run();
