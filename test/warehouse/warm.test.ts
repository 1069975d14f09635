/**
 * A new snapshot assembles the ticker snapshots asked most recently of the one served before it is
 * routed to (warehouse/reader.ts `warm`, warehouse/queries/snapshot.ts `warmTickerSnapshots`): the
 * first request for a hot ticker after a publish runs no SQL, and answers the new snapshot's rows,
 * exactly as an assembly on a reader without the warm-up does.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openBuild } from '../../pipelines/runner.ts';
import { seedSnapshotParts, tickerSnapshot, warmTickerSnapshots } from '../../warehouse/queries/snapshot.ts';
import { Warehouse } from '../../warehouse/reader.ts';
import { buildFile, publishSnapshot } from '../../warehouse/snapshots.ts';
import { buildSample, tempDir } from '../helpers.ts';

const warm = suite('warming a new snapshot');
let dataDir = '';
const readers: Warehouse[] = [];
const open = async (withWarm: boolean): Promise<Warehouse> => {
  const wh = await Warehouse.open({ dataDir, poolSize: 4, ...(withWarm ? { warm: (fresh, previous) => warmTickerSnapshots(fresh, previous) } : {}) });
  readers.push(wh);
  return wh;
};

/** Publishes the build database again with `ticker`'s latest close raised by `by`. */
async function publishWithClose(ticker: string, by: number): Promise<void> {
  const { instance, conn, db } = await openBuild(dataDir, { threads: 1 });
  await db.run('UPDATE price_latest SET close = close + $by WHERE ticker = $ticker', { by, ticker });
  await conn.run('CHECKPOINT');
  conn.closeSync();
  instance.closeSync();
  await publishSnapshot(dataDir, buildFile(dataDir));
}

warm.before(async () => {
  dataDir = tempDir('almanac-warm-');
  await buildSample(dataDir);
});
warm.after(async () => {
  for (const r of readers) await r.close();
});

warm('the tickers asked before a publish are answered after it from the new snapshot without SQL; others are not', async () => {
  const wh = await open(true);
  const before = await tickerSnapshot(wh, 'AAPL');
  await tickerSnapshot(wh, 'NVDA');
  assert.ok(before?.price, 'AAPL has a price in the sample');

  await publishWithClose('AAPL', 1);
  await wh.refresh();
  const queries = wh.queryCount;
  const after = await tickerSnapshot(wh, 'AAPL');
  await tickerSnapshot(wh, 'NVDA');
  assert.is(wh.queryCount, queries, 'no SQL for the tickers warmed');
  assert.is(after!.price!.current, before!.price!.current + 1, "the new snapshot's close, not the old answer");

  // Equal to an assembly on a reader that never warmed (the same snapshot, read by SQL).
  const cold = await open(false);
  assert.equal(after, await tickerSnapshot(cold, 'AAPL'));

  // A ticker not asked before the publish is assembled on first ask, by SQL.
  await tickerSnapshot(wh, 'TSLA');
  assert.ok(wh.queryCount > queries, 'a ticker not warmed runs its queries');
});

warm('the budget: at most `max` tickers, the most recently asked first', async () => {
  const wh = await open(false);
  await tickerSnapshot(wh, 'AAPL');
  await tickerSnapshot(wh, 'NVDA');
  await tickerSnapshot(wh, 'TSLA');
  // Asked last, but of the day before: not today's, so not counted against the two.
  await tickerSnapshot(wh, 'AAPL', new Date(Date.now() - 86_400_000));
  await publishWithClose('NVDA', 2);
  // A reader opened on the new snapshot (nothing asked of it yet) warmed from the first one's memo.
  const fresh = await open(false);
  assert.is.not(fresh.version, wh.version);
  assert.is(await warmTickerSnapshots(fresh, wh.serving()!, { max: 2 }), 2);
  const queries = fresh.queryCount;
  await tickerSnapshot(fresh, 'TSLA');
  await tickerSnapshot(fresh, 'NVDA');
  assert.is(fresh.queryCount, queries, 'the two asked last are warm');
  await tickerSnapshot(fresh, 'AAPL');
  assert.ok(fresh.queryCount > queries, 'the one asked first is not');
  // Nothing is warmed once the time budget is spent.
  const other = await open(false);
  assert.is(await warmTickerSnapshots(other, wh.serving()!, { budgetMs: 0 }), 0);
});

warm("the parts read together (seedSnapshotParts) are what each ticker's own queries read, for every ticker of the sample", async () => {
  const seeded = await open(false);
  const plain = await open(false);
  const tickers = (await seeded.all<{ ticker: string }>('SELECT ticker FROM companies ORDER BY ticker')).map((r) => r.ticker);
  assert.ok(tickers.length >= 16);
  await seedSnapshotParts(seeded, tickers);
  const queries = seeded.queryCount;
  for (const t of tickers) {
    const a = await tickerSnapshot(seeded, t);
    // As sent: the same fields in the same order.
    assert.is(JSON.stringify(a), JSON.stringify(await tickerSnapshot(plain, t)), t);
  }
  // Only the run ledger (`fetchedAt`, shared by every ticker) is read after the parts.
  assert.ok(seeded.queryCount - queries <= 2, `${seeded.queryCount - queries} queries after seeding`);
});

warm.run();
