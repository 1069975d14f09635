/**
 * `pricePerformance` (warehouse/queries/funds.ts): the returns and their `synthetic` flag, on
 * hand-made price series. The flag is about the closes the returns are computed from: the latest
 * and each return's base, however far back a base lies.
 */
import { DuckDBInstance } from '@duckdb/node-api';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { connectionDb, type Db } from '../../warehouse/db.ts';
import { pricePerformance } from '../../warehouse/queries/funds.ts';

const perf = suite('price performance');
let db: Db;
let close: () => void;

perf.before(async () => {
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  close = () => {
    conn.closeSync();
    instance.closeSync();
  };
  db = connectionDb(conn);
  await db.run('CREATE TABLE prices (ticker VARCHAR, date DATE, close DOUBLE, adj_close DOUBLE, synthetic BOOLEAN)');
});
perf.after(() => close());

type Close = [date: string, close: number, synthetic?: boolean];
async function series(ticker: string, closes: Close[]): Promise<void> {
  for (const [date, c, synthetic = false] of closes) await db.run('INSERT INTO prices VALUES ($1, $2::DATE, $3, NULL, $4)', [ticker, date, c, synthetic]);
}

perf('returns from the latest close and each base close; real closes are not synthetic', async () => {
  await series('REAL', [['2024-06-28', 80], ['2024-12-31', 90], ['2025-03-28', 95], ['2025-05-30', 98], ['2025-06-30', 100]]);
  assert.equal(await pricePerformance(db, 'real'), { asOf: '2025-06-30', close: 100, returns: { '1m': 2.0408, '3m': 5.2632, ytd: 11.1111, '1y': 25 }, synthetic: false });
  assert.is(await pricePerformance(db, 'NONE'), null);
});

perf('a generated base close a long way back (a gap in the series) makes the returns synthetic', async () => {
  // The 1-year base is 2024-01-10, generated; nothing between it and 2024-09-02.
  await series('GAP', [['2024-01-10', 50, true], ['2024-09-02', 70], ['2024-12-31', 90], ['2025-03-31', 95], ['2025-05-30', 98], ['2025-06-30', 100]]);
  const gap = (await pricePerformance(db, 'GAP'))!;
  assert.is(gap.returns['1y'], 100);
  assert.is(gap.synthetic, true);
});

perf('a generated close that no return uses leaves them real; a generated latest close does not', async () => {
  await series('MID', [['2024-06-28', 80], ['2024-10-15', 85, true], ['2024-12-31', 90], ['2025-03-31', 95], ['2025-05-30', 98], ['2025-06-30', 100]]);
  assert.is((await pricePerformance(db, 'MID'))!.synthetic, false);
  await series('NOW', [['2025-05-30', 98], ['2025-06-30', 100, true]]);
  const now = (await pricePerformance(db, 'NOW'))!;
  assert.equal([now.returns['1y'], now.synthetic], [null, true]);
});

perf.run();
