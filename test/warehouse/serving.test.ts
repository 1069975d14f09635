/**
 * The in-memory serving layer (warehouse/serving.ts) answers exactly as the SQL path: the same
 * sample snapshot opened twice, once with the serving layer and once without, compared for every
 * company at every date that matters (each filing date boundary of its periods and statements, the
 * day before each, and dates before and after everything), for every point lookup it serves.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Warehouse } from '../../warehouse/reader.ts';
import { bulkFundamentals, fundamentalsHistory, latestFundamentals, pitStatement, pitUniverse } from '../../warehouse/queries/fundamentals.ts';
import { companyByTicker, listCompanies, searchTickers } from '../../warehouse/queries/companies.ts';
import { tickerSnapshot } from '../../warehouse/queries/snapshot.ts';
import { companyProfile, recentFilings } from '../../warehouse/queries/filings.ts';
import { latestTechnicals } from '../../warehouse/queries/technicals.ts';
import { latestQuote } from '../../warehouse/queries/prices.ts';
import { companiesByCiks, companiesByTickers } from '../../warehouse/queries/filings-extra.ts';
import { buildSample, tempDir } from '../helpers.ts';

let mem: Warehouse;
let sql: Warehouse;

const test = suite('serving layer = SQL path');
test.before(async () => {
  const dataDir = tempDir();
  await buildSample(dataDir);
  mem = await Warehouse.open({ dataDir, poolSize: 2, serving: true });
  sql = await Warehouse.open({ dataDir, poolSize: 2, serving: false });
});
test.after(async () => {
  await mem.close();
  await sql.close();
});

const dayBefore = (d: string): string => {
  const x = new Date(`${d}T00:00:00Z`);
  x.setUTCDate(x.getUTCDate() - 1);
  return x.toISOString().slice(0, 10);
};

test('the serving layer is built and answers without SQL', async () => {
  assert.ok(mem.serving(), 'serving layer built');
  assert.is(sql.serving(), null);
  const before = mem.queryCount;
  await pitStatement(mem, 320193, '2025-01-01');
  await searchTickers(mem, 'app');
  await latestFundamentals(mem, ['AAPL'], '2025-01-01');
  assert.is(mem.queryCount, before);
});

test('every company at every filing-date boundary, and the whole universe: pitStatement, latestFundamentals, bulk, pitUniverse, history', async () => {
  const companies = await sql.all<{ ticker: string; cik: number }>('SELECT ticker, cik FROM companies ORDER BY ticker');
  const tickers = companies.map((c) => c.ticker);
  const dates = await sql.all<{ cik: number; d: string }>(
    `SELECT DISTINCT cik, strftime(d, '%Y-%m-%d') AS d FROM (
       SELECT cik, known_from AS d FROM fund_statements UNION ALL SELECT cik, known_to FROM fund_statements WHERE known_to IS NOT NULL
       UNION ALL SELECT cik, known_from FROM fund_periods)`,
  );
  const byCik = new Map<number, string[]>();
  for (const r of dates) byCik.set(r.cik, [...(byCik.get(r.cik) ?? []), r.d, dayBefore(r.d)]);
  const edges = ['1990-01-01', '2100-01-01'];
  const everyDate = [...new Set([...dates.flatMap((r) => [r.d, dayBefore(r.d)]), ...edges])].sort();

  // The whole universe at every date any company's answer can change. The SQL path answers each
  // date once for all tickers; every one-ticker answer of the serving layer must be that answer's
  // row (the SQL statements only narrow their ticker list), and at a few dates the one-ticker
  // questions are also asked of SQL to hold that rule itself.
  const direct = new Set([everyDate[0], everyDate[Math.floor(everyDate.length / 2)], everyDate.at(-2), everyDate.at(-1)]);
  let rowsCompared = 0;
  for (const d of everyDate) {
    const latestAll = await latestFundamentals(sql, null, d);
    assert.equal(await latestFundamentals(mem, null, d), latestAll, `universe ${d}`);
    assert.equal(await pitUniverse(mem, d), await pitUniverse(sql, d), `pitUniverse ${d}`);
    const bulkAll = await bulkFundamentals(sql, [...tickers, 'NOPE'], d);
    assert.equal(await bulkFundamentals(mem, [...tickers, 'NOPE'], d), bulkAll, `bulk all ${d}`);
    const nope = bulkAll.at(-1)!;
    assert.is(nope.status, 'unknown');
    for (const [i, c] of companies.entries()) {
      const latest = await latestFundamentals(mem, [c.ticker.toLowerCase()], d);
      const bulk = await bulkFundamentals(mem, [c.ticker, 'NOPE'], d);
      assert.equal(latest, latestAll.filter((r) => r.ticker === c.ticker), `latest ${c.ticker} ${d}`);
      assert.equal(bulk, [bulkAll[i], nope], `bulk ${c.ticker} ${d}`);
      rowsCompared += latest.length;
      if (direct.has(d)) {
        assert.equal(latest, await latestFundamentals(sql, [c.ticker.toLowerCase()], d), `latest (SQL) ${c.ticker} ${d}`);
        assert.equal(bulk, await bulkFundamentals(sql, [c.ticker, 'NOPE'], d), `bulk (SQL) ${c.ticker} ${d}`);
      }
    }
  }
  assert.ok(rowsCompared > 50, `latest rows compared: ${rowsCompared}`);
  const all = (await listCompanies(sql)).map((c) => c.ticker);
  assert.equal(await latestFundamentals(mem, [...all, 'NOPE', 'aapl'], '2025-03-01'), await latestFundamentals(sql, [...all, 'NOPE', 'aapl'], '2025-03-01'));

  let withData = 0;
  for (const c of companies) {
    const ds = [...new Set([...(byCik.get(c.cik) ?? []), ...edges])].sort();
    for (const d of ds) {
      const a = await pitStatement(mem, c.cik, d);
      assert.equal(a, await pitStatement(sql, c.cik, d), `pitStatement ${c.ticker} ${d}`);
      if (a) withData++;
    }
    // History is the rows whose filing date falls in [start, end]. The SQL path answers the whole
    // range once; every window the serving layer answers must be that answer's slice, and a few
    // windows (first, middle, last boundary) are also asked of SQL to hold the slice rule itself.
    const full = await fundamentalsHistory(sql, c.cik, ds[0]!, '2100-01-01');
    assert.equal(await fundamentalsHistory(mem, c.cik, ds[0]!, '2100-01-01'), full, `history ${c.ticker} all`);
    const slice = (start: string, end: string) => full.filter((e) => e.filingDate >= start && e.filingDate <= end);
    const sampled = new Set([0, Math.floor(ds.length / 2), ds.length - 1]);
    for (let i = 0; i < ds.length; i++) {
      for (const end of [ds[i]!, '2100-01-01']) {
        for (const start of [ds[0]!, ds[i]!]) {
          const got = await fundamentalsHistory(mem, c.cik, start, end);
          assert.equal(got, slice(start, end), `history ${c.ticker} ${start}..${end}`);
          if (sampled.has(i)) assert.equal(got, await fundamentalsHistory(sql, c.cik, start, end), `history (SQL) ${c.ticker} ${start}..${end}`);
        }
      }
    }
  }
  assert.ok(withData > 50, `statements compared: ${withData}`);
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

test.run();
