/**
 * `IsoDate` (schema/common.ts), the date rule of every route, tool and GraphQL argument: its
 * calendar arithmetic (`isCalendarDay`) agrees with a `Date` round trip on every day string of the
 * years where the leap rules differ, and the rule keeps its messages. `utcDay`, today's date as
 * every default date is worked out, keeps the day last asked for: it still answers as
 * `toISOString` for any instant, asked in any order.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { IsoDate, isCalendarDay, utcDay } from '../../schema/common.ts';

const test = suite('IsoDate');

/** The rule `isCalendarDay` replaced: a UTC `Date` round trip, from the year 1000 on. */
const byDate = (s: string): boolean => {
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s && s >= '1000-01-01';
};

test('every dddd-dd-dd of the years where the leap rules differ agrees with a Date round trip', () => {
  const years = [999, 1000, 1600, 1700, 1900, 1999, 2000, 2023, 2024, 2100, 2400, 9999];
  let real = 0;
  for (const y of years) {
    for (let m = 0; m <= 13; m++) {
      for (let d = 0; d <= 32; d++) {
        const s = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
        assert.is(isCalendarDay(s), byDate(s), s);
        if (isCalendarDay(s)) real += 1;
      }
    }
  }
  // 11 years from 1000 on: 365 days each, plus the leap days of 1600, 2000, 2024 and 2400.
  assert.is(real, 11 * 365 + 4);
  for (const s of ['0000-01-01', '2024-99-99', '2025-00-10', '2025-12-00']) assert.is(isCalendarDay(s), false, s);
});

test('the messages: the form first, then the calendar', () => {
  const message = (s: unknown): string | null => {
    const r = IsoDate.safeParse(s);
    return r.success ? null : r.error.issues[0]!.message;
  };
  assert.is(message('2024-02-29'), null);
  assert.is(message('2025-02-29'), 'must be a real calendar date YYYY-MM-DD');
  assert.is(message('0999-12-31'), 'must be a date YYYY-MM-DD from the year 1000 on');
  assert.is(message('0001-01-01'), 'must be a date YYYY-MM-DD from the year 1000 on');
  assert.is(message('1000-01-01'), null);
  for (const s of ['2025-2-01', '2025-02-01T00:00:00Z', '99999-01-01', ' 2025-02-01', '２０２５-02-01']) assert.is(message(s), 'must be a date YYYY-MM-DD', s);
});

test('utcDay: the UTC day of any instant, around midnight, forwards, backwards and far apart', () => {
  const DAY = 86_400_000;
  const midnight = Date.UTC(2026, 10, 29);
  const instants = [
    midnight, midnight - 1, midnight, midnight + DAY - 1, midnight + DAY, midnight - 1, midnight + 1,
    Date.UTC(2024, 1, 29, 23, 59, 59, 999), Date.UTC(2024, 2, 1), 0, -1, -DAY, Date.UTC(1000, 0, 1), Date.UTC(9999, 11, 31, 23, 59, 59, 999),
  ];
  for (let i = 0; i < 2000; i++) instants.push(Math.floor(Math.random() * Date.UTC(2100, 0, 1)));
  for (const ms of instants) assert.is(utcDay(ms), new Date(ms).toISOString().slice(0, 10), String(ms));
  assert.is(utcDay(), new Date().toISOString().slice(0, 10));
  assert.throws(() => utcDay(Number.NaN), RangeError);
  assert.is(utcDay(midnight), '2026-11-29', 'an invalid instant leaves the kept day alone');
});

test.run();
