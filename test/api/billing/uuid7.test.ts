/** Time-ordered ids (api/billing/uuid7.ts): the layout of RFC 9562's version 7 and its order. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { firstUuidv7, uuidv7 } from '../../../api/billing/uuid7.ts';

const test = suite('uuidv7');
const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const msOf = (id: string): number => Number.parseInt(id.replace('-', '').slice(0, 12), 16);

test('the ms in the first 48 bits, version 7, the RFC variant, random bits elsewhere', () => {
  const at = Date.UTC(2026, 10, 25, 4, 30, 0, 123);
  const ids = Array.from({ length: 1_000 }, () => uuidv7(at));
  for (const id of ids) {
    assert.match(id, V7);
    assert.is(msOf(id), at);
  }
  assert.is(new Set(ids).size, ids.length);
  // The 74 random bits vary: every hex digit after the version, bar the variant's, takes several values.
  for (const i of [15, 16, 17, 20, 21, 35]) assert.ok(new Set(ids.map((id) => id[i])).size > 8, `digit ${i}`);
  assert.match(uuidv7(), V7);
  // A clock with a fraction of a ms (performance.timeOrigin + now()) gives the whole ms.
  assert.is(msOf(uuidv7(at + 0.75)), at);
  assert.match(uuidv7(at + 0.75), V7);
  assert.is(uuidv7(0).slice(0, 13), '00000000-0000');
  assert.is(uuidv7(2 ** 48 - 1).slice(0, 13), 'ffffffff-ffff');
});

test('a time a UUIDv7 cannot hold is refused, not turned into a malformed id', () => {
  for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 48]) {
    assert.throws(() => uuidv7(bad), (e: unknown) => e instanceof RangeError, String(bad));
    assert.throws(() => firstUuidv7(bad), (e: unknown) => e instanceof RangeError, String(bad));
  }
});

test('ids of a later ms sort after every id of an earlier one, as text; firstUuidv7 is below them all', () => {
  const base = Date.UTC(2026, 10, 25);
  const groups = [base + 1, base + 2, base + 255, base + 256, base + 4_096, base + 86_400_000].map((at) => ({ at, ids: [uuidv7(at), uuidv7(at), uuidv7(at)] }));
  for (const [g, later] of groups.entries()) {
    const first = firstUuidv7(later.at);
    for (const earlier of groups.slice(0, g)) {
      for (const a of earlier.ids) {
        assert.ok(first > a, `${first} after ${a}`);
        for (const b of later.ids) assert.ok(b > a, `${b} after ${a}`);
      }
    }
    for (const b of later.ids) assert.ok(first < b, `${first} before ${b}`);
  }
  assert.is(firstUuidv7(0x0123456789ab), '01234567-89ab-0000-0000-000000000000');
});

test.run();
