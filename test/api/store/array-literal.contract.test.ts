/**
 * The metering batch's array literals (api/store/array-literal.ts) read back as the values they
 * were built from, on PGlite and on PostgreSQL (when DATABASE_URL is set): awkward text (quotes,
 * backslashes, commas, braces, spaces, the word NULL, empty), nulls, uuids, large and negative
 * numbers, instants; and a value that is not what its column holds is refused, never read as
 * something else.
 */
import { randomUUID } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bareArray, textArray, timestampArray } from '../../../api/store/array-literal.ts';
import { storeTargets } from './targets.ts';

const literals = suite('array literals (metering batch parameters)');

literals('built as pg would send them', () => {
  assert.is(textArray(['a', 'b"c', 'd\\e', null]), '{"a","b\\"c","d\\\\e",NULL}');
  assert.is(bareArray([1, -2, 1.5, null, '0190a6f2-0000-7000-8000-000000000000']), '{1,-2,1.5,NULL,0190a6f2-0000-7000-8000-000000000000}');
  // Not plainly a number or uuid: quoted, so it cannot break the literal or turn into NULL.
  assert.is(bareArray(['null', 'NaN', 'a,b', Infinity]), '{"null","NaN","a,b","Infinity"}');
  assert.is(timestampArray([new Date(Date.UTC(2026, 10, 29, 21, 30, 0, 123))]), '{"2026-11-29T21:30:00.123Z"}');
  assert.is(textArray([]), '{}');
});

const TEXTS = ['plain', 'with "quotes"', 'back\\slash', 'a,b', '{braces}', ' spaced ', 'NULL', 'null', '', "it's", 'ünïcode ✓', 'tab\there'];
const UUIDS = [randomUUID(), randomUUID(), null];
const NUMBERS = [0, 1, -1, 2 ** 53 - 1, -(2 ** 53 - 1), 123456789012];
const INSTANTS = [new Date('2026-01-31T23:59:59.999Z'), new Date('1999-12-31T00:00:00Z')];

for (const target of storeTargets('array_literal')) {
  literals(`${target.name}: the literals read back as the values`, async () => {
    const store = await target.open();
    try {
      const [row] = await store.query<{ t: (string | null)[]; u: (string | null)[]; n: number[]; ts: Date[] }>(
        `SELECT $1::text[] AS t, $2::uuid[] AS u, $3::bigint[] AS n, $4::timestamptz[] AS ts`,
        [textArray([...TEXTS, null]), bareArray(UUIDS), bareArray(NUMBERS), timestampArray(INSTANTS)],
      );
      assert.equal(row!.t, [...TEXTS, null]);
      assert.equal(row!.u, UUIDS);
      assert.equal(row!.n.map(Number), NUMBERS);
      assert.equal(row!.ts.map((d) => new Date(d).toISOString()), INSTANTS.map((d) => d.toISOString()));
      // A word in a uuid column is refused, not read as NULL.
      for (const bad of ['null', 'NaN', 'x,y']) {
        const err = await store.query(`SELECT $1::uuid[] AS u`, [bareArray([bad])]).catch((e: Error) => e);
        assert.instance(err, Error, `${bad} was accepted`);
      }
    } finally {
      await store.close();
      await target.cleanup();
    }
  });
}

literals.run();
