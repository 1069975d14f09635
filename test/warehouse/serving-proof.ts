/**
 * The serving layer's equality proof (warehouse/serving.ts against the SQL path), shared by
 * serving.test.ts (`npm test`: every `every`-th date of each sequence, plus the first, middle and
 * last) and serving.slow.test.ts (CI's slow suites: every date). Every company at every date an
 * answer can change (each filing-date boundary of its periods and statements, the day before each,
 * and dates before and after everything), for every point lookup the layer serves.
 */
import * as assert from 'uvu/assert';
import { Warehouse } from '../../warehouse/reader.ts';
import { buildSample, tempDir } from '../helpers.ts';
import { bulkFundamentals, fundamentalsHistory, latestFundamentals, pitStatement, pitUniverse } from '../../warehouse/queries/fundamentals.ts';
import { listCompanies } from '../../warehouse/queries/companies.ts';

/** The sample snapshot opened twice: with the serving layer (`mem`) and without it (`sql`). */
export async function openServingPair(): Promise<{ mem: Warehouse; sql: Warehouse; close: () => Promise<void> }> {
  const dataDir = tempDir();
  await buildSample(dataDir);
  const mem = await Warehouse.open({ dataDir, poolSize: 2, serving: true });
  const sql = await Warehouse.open({ dataDir, poolSize: 2, serving: false });
  return { mem, sql, close: async () => void (await Promise.all([mem.close(), sql.close()])) };
}

export const dayBefore = (d: string): string => {
  const x = new Date(`${d}T00:00:00Z`);
  x.setUTCDate(x.getUTCDate() - 1);
  return x.toISOString().slice(0, 10);
};

/** pitStatement, latestFundamentals, bulk, pitUniverse and history: `mem` answers as `sql` does. */
export async function proveServingEqualsSql(mem: Warehouse, sql: Warehouse, every: number): Promise<void> {
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
  for (const [k, d] of everyDate.entries()) {
    if (k % every !== 0 && !direct.has(d)) continue;
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
      // Asked again (the serving layer's per-(ticker, date) row cache), in a list with others.
      assert.equal((await latestFundamentals(mem, [c.ticker, tickers[(i + 1) % tickers.length]!], d)).filter((r) => r.ticker === c.ticker), latest, `latest again ${c.ticker} ${d}`);
      assert.equal(bulk, [bulkAll[i], nope], `bulk ${c.ticker} ${d}`);
      rowsCompared += latest.length;
      if (direct.has(d)) {
        assert.equal(latest, await latestFundamentals(sql, [c.ticker.toLowerCase()], d), `latest (SQL) ${c.ticker} ${d}`);
        assert.equal(bulk, await bulkFundamentals(sql, [c.ticker, 'NOPE'], d), `bulk (SQL) ${c.ticker} ${d}`);
      }
    }
  }
  assert.ok(rowsCompared > 50 / every, `latest rows compared: ${rowsCompared}`);
  const all = (await listCompanies(sql)).map((c) => c.ticker);
  assert.equal(await latestFundamentals(mem, [...all, 'NOPE', 'aapl'], '2025-03-01'), await latestFundamentals(sql, [...all, 'NOPE', 'aapl'], '2025-03-01'));

  let withData = 0;
  for (const c of companies) {
    const ds = [...new Set([...(byCik.get(c.cik) ?? []), ...edges])].sort();
    for (const [k, d] of ds.entries()) {
      if (k % every !== 0 && k !== ds.length - 1) continue;
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
      if (i % every !== 0 && !sampled.has(i)) continue;
      for (const end of [ds[i]!, '2100-01-01']) {
        for (const start of [ds[0]!, ds[i]!]) {
          const got = await fundamentalsHistory(mem, c.cik, start, end);
          assert.equal(got, slice(start, end), `history ${c.ticker} ${start}..${end}`);
          if (sampled.has(i)) assert.equal(got, await fundamentalsHistory(sql, c.cik, start, end), `history (SQL) ${c.ticker} ${start}..${end}`);
        }
      }
    }
  }
  assert.ok(withData > 50 / every, `statements compared: ${withData}`);
}
