/**
 * schema/plans.ts month helpers: `billingMonth` and `nextMonthStart` keep the last month asked
 * (every admission asks for the current one); whatever order times come in, they answer exactly
 * what a fresh `Date` computation does, at and around every month boundary.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { billingMonth, nextMonthStart } from '../../schema/plans.ts';

const fresh = (ms: number): [string, number] => {
  const d = new Date(ms);
  return [d.toISOString().slice(0, 7), Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)];
};

test('month helpers equal a fresh computation at every boundary, in any order', () => {
  const times: number[] = [];
  for (let y = 1999; y <= 2031; y++) {
    for (let m = 0; m < 12; m++) {
      const start = Date.UTC(y, m, 1);
      times.push(start - 1, start, start + 1, start + 15 * 86_400_000);
    }
  }
  // In order, reversed, and shuffled (a fixed permutation: the cache is hit, missed and moved back).
  const shuffled = times.map((t, i) => [t, (i * 7919) % times.length] as const).sort((a, b) => a[1] - b[1]).map(([t]) => t);
  for (const order of [times, [...times].reverse(), shuffled]) {
    for (const t of order) {
      const [id, next] = fresh(t);
      assert.is(billingMonth(t), id, `billingMonth(${t})`);
      assert.is(nextMonthStart(t), next, `nextMonthStart(${t})`);
    }
  }
  // The same instant asked twice in a row, and a month's last millisecond after its first.
  const may = Date.UTC(2026, 4, 1);
  assert.is(billingMonth(may), '2026-05');
  assert.is(billingMonth(Date.UTC(2026, 5, 1) - 1), '2026-05');
  assert.is(billingMonth(Date.UTC(2026, 5, 1)), '2026-06');
  assert.is(nextMonthStart(Date.UTC(2026, 11, 31, 23, 59, 59, 999)), Date.UTC(2027, 0, 1));
});

test('an invalid time still throws, as toISOString does', () => {
  assert.throws(() => billingMonth(Number.NaN), RangeError);
});

test.run();
