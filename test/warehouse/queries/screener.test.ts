/**
 * The screener filters a universe pre-sorted once per sort key (issue 15); the answer must equal
 * filtering first and then sorting (nulls last, ties by ticker), for any universe, filters and
 * sort, asked repeatedly.
 */
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { SCREENER_SORT_FIELDS, type ScreenerRowData } from '../../../schema/market.ts';
import { applyScreen, type ScreenerFilters } from '../../../warehouse/queries/screener.ts';

function reference(universe: readonly ScreenerRowData[], f: ScreenerFilters): ScreenerRowData[] {
  const sector = f.sector?.toLowerCase();
  const rows = universe.filter(
    (r) =>
      (sector === undefined || r.sector?.toLowerCase() === sector) &&
      (f.mktcapMin === undefined || (r.marketCap !== null && r.marketCap >= f.mktcapMin)) &&
      (f.peMax === undefined || (r.pe !== null && r.pe <= f.peMax)) &&
      (f.divYieldMin === undefined || (r.dividendYield !== null && r.dividendYield >= f.divYieldMin)),
  );
  const { field, direction } = f.sort;
  const sign = direction === 'asc' ? 1 : -1;
  return rows.sort((a, b) => {
    const x = a[field];
    const y = b[field];
    if (x === null && y !== null) return 1;
    if (y === null && x !== null) return -1;
    if (x !== null && y !== null && x !== y) return (x < y ? -1 : 1) * sign;
    return a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0;
  });
}

const num = fc.option(fc.integer({ min: -5, max: 5 }), { nil: null });
const row = fc.record({
  sector: fc.option(fc.constantFrom('Energy', 'energy', 'Tech'), { nil: null }),
  marketCap: num,
  pe: num,
  dividendYield: num,
  price: num,
  changePercent: num,
  revenue: num,
  netMargin: num,
  roe: num,
  eps: num,
  name: fc.constantFrom('A Co', 'B Co', 'a co'),
});
const universe = fc.uniqueArray(fc.tuple(fc.stringMatching(/^[A-Z]{1,3}$/), row), { selector: (x) => x[0], maxLength: 40 }).map((xs) =>
  xs.map(([ticker, r]) => ({ ...r, ticker, industry: null, exchange: null, priceDate: null, fiscalYear: null }) as unknown as ScreenerRowData),
);
const filters = fc.record(
  {
    mktcapMin: fc.integer({ min: -5, max: 5 }),
    peMax: fc.integer({ min: -5, max: 5 }),
    divYieldMin: fc.integer({ min: -5, max: 5 }),
    sector: fc.constantFrom('energy', 'TECH', 'none'),
    sort: fc.record({ field: fc.constantFrom(...SCREENER_SORT_FIELDS), direction: fc.constantFrom('asc' as const, 'desc' as const) }),
  },
  { requiredKeys: ['sort'] },
);

const test = suite('screener: pre-sorted universe');

test('equals filter-then-sort for any universe, filters and sort, asked repeatedly', () => {
  fc.assert(
    fc.property(universe, fc.array(filters, { minLength: 1, maxLength: 6 }), (u, fs) => {
      for (const f of [...fs, ...fs]) assert.equal(applyScreen(u, f), reference(u, f));
    }),
    { numRuns: 300 },
  );
});

test.run();
