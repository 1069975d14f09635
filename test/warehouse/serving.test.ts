/**
 * The in-memory serving layer (warehouse/serving.ts) answers exactly as the SQL path: the same
 * sample snapshot opened twice, once with the serving layer and once without, compared for every
 * company at the dates that matter (serving-proof.ts; every one of them in serving.slow.test.ts),
 * for every point lookup it serves.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Warehouse } from '../../warehouse/reader.ts';
import { latestFundamentals, pitStatement } from '../../warehouse/queries/fundamentals.ts';
import { companyByTicker, listCompanies, searchTickers } from '../../warehouse/queries/companies.ts';
import { tickerSnapshot } from '../../warehouse/queries/snapshot.ts';
import { companyProfile, recentFilings } from '../../warehouse/queries/filings.ts';
import { latestTechnicals } from '../../warehouse/queries/technicals.ts';
import { latestQuote } from '../../warehouse/queries/prices.ts';
import { companiesByCiks, companiesByTickers } from '../../warehouse/queries/filings-extra.ts';
import { openServingPair, proveServingEqualsSql } from './serving-proof.ts';

let mem: Warehouse;
let sql: Warehouse;

const test = suite('serving layer = SQL path');
let pair: Awaited<ReturnType<typeof openServingPair>>;
test.before(async () => {
  pair = await openServingPair();
  ({ mem, sql } = pair);
});
test.after(() => pair.close());

test('the serving layer is built and answers without SQL', async () => {
  assert.ok(mem.serving(), 'serving layer built');
  assert.is(sql.serving(), null);
  const before = mem.queryCount;
  await pitStatement(mem, 320193, '2025-01-01');
  await searchTickers(mem, 'app');
  await latestFundamentals(mem, ['AAPL'], '2025-01-01');
  assert.is(mem.queryCount, before);
});

test('every company at every 4th filing-date boundary (all of them in serving.slow.test.ts), and the whole universe: pitStatement, latestFundamentals, bulk, pitUniverse, history', async () => {
  await proveServingEqualsSql(mem, sql, 4);
});

test('latest rows of ticker lists: worked out once per (ticker, date), shared frozen, never the universe', async () => {
  const [first] = await latestFundamentals(mem, ['AAPL'], '2025-06-02');
  assert.ok(first && Object.isFrozen(first));
  const [again] = await latestFundamentals(mem, ['MSFT', 'aapl'], '2025-06-02');
  assert.is(again, first, 'the same row object from the cache');
  const [otherDay] = await latestFundamentals(mem, ['AAPL'], '2025-06-03');
  assert.is.not(otherDay, first, 'another date is another row');
  assert.equal(otherDay, first, 'with the same values when nothing was filed between');
  const universe = await latestFundamentals(mem, null, '2025-06-02');
  const fromUniverse = universe.find((r) => r.ticker === 'AAPL');
  assert.equal(fromUniverse, first);
  assert.is.not(fromUniverse, first, 'the universe is worked out whole, not from the cache');
});

test('ticker search: every ranking rule, paging, case', async () => {
  const companies = await listCompanies(sql);
  const queries = ['a', 'app', 'AAPL', 'goog', 'inc', 'corp', 'co', 'al', 'x', 'micro', 'jp', ' Apple ', 'é', '.', 'zzzz', ...companies.map((c) => c.name.slice(0, 4))];
  for (const q of queries) {
    for (const [limit, offset] of [[20, 0], [3, 0], [3, 2], [100, 5]] as const) {
      assert.equal(await searchTickers(mem, q, limit, offset), await searchTickers(sql, q, limit, offset), `search '${q}' ${limit}/${offset}`);
    }
  }
  // Answers are kept per snapshot and question: asked again (and after a caller changed one) they are the same.
  for (const q of queries) assert.equal(await searchTickers(mem, q, 3, 2), await searchTickers(sql, q, 3, 2), `search again '${q}'`);
  const changed = await searchTickers(mem, 'app');
  changed[0]!.ticker = 'CHANGED';
  assert.equal(await searchTickers(mem, 'app'), await searchTickers(sql, 'app'));
  for (const t of [...companies.map((c) => c.ticker), 'nope', 'goog']) assert.equal(await companyByTicker(mem, t), await companyByTicker(sql, t));
  const all = await sql.all<{ ticker: string; cik: number }>('SELECT ticker, cik FROM companies');
  const tickers = [...all.map((c) => c.ticker.toLowerCase()), 'NOPE', all[0]!.ticker];
  assert.equal(await companiesByTickers(mem, tickers), await companiesByTickers(sql, tickers));
  const ciks = [...all.map((c) => c.cik), 1, all[0]!.cik];
  assert.equal(await companiesByCiks(mem, ciks), await companiesByCiks(sql, ciks));
  assert.equal(await companiesByCiks(mem, ciks.slice(0, 3)), await companiesByCiks(sql, ciks.slice(0, 3)));
});

test('memoised per-ticker rows and the /api/data snapshot', async () => {
  const now = new Date('2025-06-02T12:00:00Z');
  const tickers = [...(await listCompanies(sql)).map((c) => c.ticker), 'GOOG', 'NOPE'];
  for (let round = 0; round < 2; round++) {
    for (const t of tickers) {
      assert.equal(await tickerSnapshot(mem, t, now), await tickerSnapshot(sql, t, now), `snapshot ${t}`);
      assert.equal(await companyProfile(mem, t), await companyProfile(sql, t));
      assert.equal(await recentFilings(mem, t, 5), await recentFilings(sql, t, 5));
      assert.equal(await latestTechnicals(mem, t), await latestTechnicals(sql, t));
      assert.equal(await latestQuote(mem, t), await latestQuote(sql, t));
    }
  }
  // The snapshot is kept assembled per (ticker, date), frozen: the same object asked again, another
  // for another date, and equal to the SQL path's (above) either way.
  const kept = (await tickerSnapshot(mem, 'AAPL', now))!;
  assert.is(await tickerSnapshot(mem, 'aapl', now), kept);
  assert.ok(Object.isFrozen(kept) && Object.isFrozen(kept.price) && Object.isFrozen(kept.filings[0]) && Object.isFrozen(kept.profile.formerNames));
  assert.throws(() => {
    (kept as { ticker: string }).ticker = 'changed';
  });
  const nextDay = (await tickerSnapshot(mem, 'AAPL', new Date('2025-06-03T00:00:00Z')))!;
  assert.is.not(nextDay, kept);
  assert.equal(nextDay, await tickerSnapshot(sql, 'AAPL', new Date('2025-06-03T00:00:00Z')));
  assert.is(await tickerSnapshot(sql, 'AAPL', now) === (await tickerSnapshot(sql, 'AAPL', now)), false, 'without a serving layer, assembled every time');
  // A caller changing an answer does not change the next one.
  const p = (await companyProfile(mem, 'AAPL'))!;
  p.name = 'changed';
  const f = await recentFilings(mem, 'AAPL', 5);
  f[0]!.form = 'changed';
  assert.is((await companyProfile(mem, 'AAPL'))!.name, (await companyProfile(sql, 'AAPL'))!.name);
  assert.equal(await recentFilings(mem, 'AAPL', 5), await recentFilings(sql, 'AAPL', 5));
  const st = (await pitStatement(mem, 320193, '2025-06-01'))!;
  st.fundamentals.revenue = -1;
  st.metrics.roe = -1;
  assert.equal(await pitStatement(mem, 320193, '2025-06-01'), await pitStatement(sql, 320193, '2025-06-01'));
});

test('serialised bodies: built once per key and snapshot, an oversized one not kept', async () => {
  const s = mem.serving()!;
  let builds = 0;
  const build = async (): Promise<string> => `{"n":${++builds}}`;
  assert.is(await s.body('k1', build), '{"n":1}');
  assert.is(await s.body('k1', build), '{"n":1}');
  assert.is(await s.body('k2', build), '{"n":2}');
  const huge = 'x'.repeat(40 * 1024 * 1024);
  let hugeBuilds = 0;
  const buildHuge = async (): Promise<string> => (hugeBuilds++, huge);
  await s.body('huge', buildHuge);
  await s.body('huge', buildHuge);
  assert.is(hugeBuilds, 2, 'a body over the cache budget is rebuilt, not kept');
});

test('bodyNow: a held body as it is (no promise), a missing one built once for concurrent asks, a failed build not kept', async () => {
  const s = mem.serving()!;
  let builds = 0;
  const build = async (): Promise<string> => `{"now":${++builds}}`;
  const first = s.bodyNow('now-1', build);
  const concurrent = s.bodyNow('now-1', build);
  assert.instance(first, Promise, 'not held yet: a promise');
  assert.equal([await first, await concurrent, builds], ['{"now":1}', '{"now":1}', 1]);
  assert.is(s.bodyNow('now-1', build), '{"now":1}', 'held: the body itself');
  assert.is(await s.body('now-1', build), '{"now":1}', 'the same cache as body()');
  let failures = 0;
  const failing = async (): Promise<string> => {
    failures++;
    throw new Error('no');
  };
  await (s.bodyNow('now-2', failing) as Promise<string>).catch(() => undefined);
  assert.is(await s.bodyNow('now-2', build), '{"now":2}', 'a failed build is not kept');
  assert.is(failures, 1);
});

test('kept bytes own their memory: a small buffer from Node\'s shared pool is copied out of it, a large one kept as it is', async () => {
  const s = mem.serving()!;
  const small = Buffer.from('{"n":1}');
  assert.ok(small.buffer.byteLength > small.length, 'Buffer.from of a short text is a slice of the pool');
  const kept = await s.body('pooled', async () => small);
  assert.equal([kept.toString(), kept.byteOffset, kept.buffer.byteLength], ['{"n":1}', 0, 7]);
  assert.is(await s.body('pooled', async () => Buffer.from('rebuilt')), kept, 'the kept copy is what later asks get');
  const large = Buffer.from('x'.repeat(10_000));
  assert.is(await s.body('own', async () => large), large, 'a buffer owning its memory is not copied');
});

test.run();
