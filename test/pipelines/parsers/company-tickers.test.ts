import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseCompanyTickers } from '../../../pipelines/parsers/company-tickers.ts';

const parse = suite('parseCompanyTickers');

parse('exchange format: fields + data rows, null exchange kept as null', () => {
  const rows = parseCompanyTickers({
    fields: ['cik', 'name', 'ticker', 'exchange'],
    data: [
      [320193, 'Apple Inc.', 'AAPL', 'Nasdaq'],
      [1652044, 'Alphabet Inc.', 'GOOGL', 'Nasdaq'],
      [1652044, 'Alphabet Inc.', 'GOOG', 'Nasdaq'],
      [1000045, 'NICHOLAS FINANCIAL INC', 'nicK', null],
    ],
  });
  assert.equal(rows, [
    { cik: 320193, name: 'Apple Inc.', ticker: 'AAPL', exchange: 'Nasdaq', rank: 0 },
    { cik: 1652044, name: 'Alphabet Inc.', ticker: 'GOOGL', exchange: 'Nasdaq', rank: 1 },
    { cik: 1652044, name: 'Alphabet Inc.', ticker: 'GOOG', exchange: 'Nasdaq', rank: 2 },
    { cik: 1000045, name: 'NICHOLAS FINANCIAL INC', ticker: 'NICK', exchange: null, rank: 3 },
  ]);
});

parse('exchange format: columns found by name, in any order', () => {
  const rows = parseCompanyTickers({ fields: ['ticker', 'cik', 'exchange', 'name'], data: [['KO', 21344, 'NYSE', 'COCA COLA CO']] });
  assert.equal(rows, [{ cik: 21344, name: 'COCA COLA CO', ticker: 'KO', exchange: 'NYSE', rank: 0 }]);
});

parse('compact format: numbered objects with cik_str and title; string ciks are read', () => {
  const rows = parseCompanyTickers({
    '0': { cik_str: 789019, ticker: 'MSFT', title: 'MICROSOFT CORP' },
    '1': { cik_str: '0000320193', ticker: 'AAPL', title: 'Apple Inc.' },
  });
  assert.equal(rows, [
    { cik: 789019, name: 'MICROSOFT CORP', ticker: 'MSFT', exchange: null, rank: 0 },
    { cik: 320193, name: 'Apple Inc.', ticker: 'AAPL', exchange: null, rank: 1 },
  ]);
});

parse('a duplicate ticker keeps its first (primary) row', () => {
  const rows = parseCompanyTickers({ fields: ['cik', 'name', 'ticker', 'exchange'], data: [[1, 'One', 'X', null], [2, 'Two', 'x', null]] });
  assert.is(rows.length, 1);
  assert.is(rows[0]!.cik, 1);
});

parse('bad documents are refused with a reason', () => {
  assert.throws(() => parseCompanyTickers(null), /not a JSON object/);
  assert.throws(() => parseCompanyTickers({ fields: ['cik', 'name'], data: [] }), /no "ticker" field/);
  assert.throws(() => parseCompanyTickers({ fields: ['cik', 'name', 'ticker'], data: [[0, 'Zero', 'Z']] }), /invalid cik/);
  assert.throws(() => parseCompanyTickers({ fields: ['cik', 'name', 'ticker'], data: [[5, '', 'Z']] }), /missing name/);
  assert.throws(() => parseCompanyTickers({ '0': 'nope' }), /not an object/);
});

parse.run();
