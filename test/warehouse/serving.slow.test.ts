/**
 * The serving layer's equality proof at every date (serving-proof.ts with every = 1): every company
 * at every filing-date boundary and the day before each, the whole universe at each. `npm test`
 * runs the same proof at every 4th date (serving.test.ts); CI runs this one (`npm run test:slow`).
 */
import { suite } from 'uvu';
import { Warehouse } from '../../warehouse/reader.ts';
import { openServingPair, proveServingEqualsSql } from './serving-proof.ts';

let mem: Warehouse;
let sql: Warehouse;

const test = suite('serving layer = SQL path, every date');
let pair: Awaited<ReturnType<typeof openServingPair>>;
test.before(async () => {
  pair = await openServingPair();
  ({ mem, sql } = pair);
});
test.after(() => pair.close());

test('every company at every filing-date boundary, and the whole universe: pitStatement, latestFundamentals, bulk, pitUniverse, history', async () => {
  await proveServingEqualsSql(mem, sql, 1);
});

test.run();
