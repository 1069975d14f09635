import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { JobContext } from '../../../pipelines/jobs/interface.ts';
import { computeTechnicals, ema, rsi, sma, technicalsJob, type Bar } from '../../../pipelines/jobs/technicals.ts';
import { openBuild, runPipelines } from '../../../pipelines/runner.ts';
import { mirrorSource } from '../../../pipelines/sources/mirror.ts';
import { SAMPLE_DIR } from '../../../schema/config.ts';
import { migrate } from '../../../warehouse/migrate.ts';
import { latestTechnicals } from '../../../warehouse/queries/technicals.ts';
import { tempDir } from '../../helpers.ts';

const close = (a: number, b: number, eps = 1e-6): void => assert.ok(Math.abs(a - b) < eps, `${a} != ${b}`);

const basics = suite('sma and ema');

basics('SMA 3 of 1..5 by hand: 2, 3, 4', () => {
  assert.equal(sma([1, 2, 3, 4, 5], 3), [null, null, 2, 3, 4]);
});

basics('EMA 3 seeded with the SMA, k = 0.5: 2, 3, 4', () => {
  // seed = (1+2+3)/3 = 2; then 4*0.5 + 2*0.5 = 3; 5*0.5 + 3*0.5 = 4
  assert.equal(ema([1, 2, 3, 4, 5], 3), [null, null, 2, 3, 4]);
});

basics.run();

// ---

const wilder = suite('rsi (Wilder), StockCharts worked example');
// The closes of StockCharts' RSI worked example (ChartSchool, "Relative Strength Index").
const CLOSES = [44.3389, 44.0902, 44.1497, 43.6124, 44.3278, 44.8264, 45.0955, 45.4245, 45.8433, 46.0826, 45.8931, 46.0328, 45.614, 46.282, 46.282, 46.0028, 46.0328, 46.4116, 46.2222];

wilder('first RSI after 14 changes is 70.53, then 66.32, 66.55, 69.41, 66.36', () => {
  const r = rsi(CLOSES, 14);
  assert.equal(r.slice(0, 14), Array(14).fill(null));
  // avg gain 3.3391/14 = 0.23851, avg loss 1.39280/14 = 0.09949 -> RS 2.3973 -> 100 - 100/3.3973 = 70.53 (hand-checked)
  assert.equal(r.slice(14).map((x) => Math.round(x! * 100) / 100), [70.53, 66.32, 66.55, 69.41, 66.36]);
});

wilder('no losses -> 100', () => {
  assert.is(rsi([1, 2, 3, 4], 3)[3], 100);
});

wilder.run();

// ---

const all = suite('computeTechnicals');

function bars(n: number, f: (i: number) => number, start = '2024-01-01'): Bar[] {
  const d0 = Date.parse(`${start}T00:00:00Z`);
  return Array.from({ length: n }, (_, i) => ({
    date: new Date(d0 + i * 86_400_000).toISOString().slice(0, 10),
    high: null,
    low: null,
    close: f(i),
    volume: 1000 + i,
    dividend: 0,
  }));
}

all('30-day volatility of a series alternating 100/110: sqrt(30 ln(1.1)^2 / 29) * sqrt(252) = 1.538871', () => {
  const rows = computeTechnicals(bars(31, (i) => (i % 2 ? 110 : 100)));
  assert.is(rows[29]!.volatility30d, null);
  close(rows[30]!.volatility30d!, 1.538871, 1e-5);
});

all('average volume of the last 30 days and the 52-week range from closes', () => {
  const rows = computeTechnicals(bars(40, (i) => 10 + i));
  assert.is(rows[28]!.avgVolume30d, null);
  // volumes 1010..1039 for the last 30 of 40: mean 1024.5
  assert.is(rows[39]!.avgVolume30d, 1024.5);
  assert.is(rows[39]!.high52w, 49);
  assert.is(rows[39]!.low52w, 10);
});

all('52-week range drops days older than 364 days; dividends TTM keep 365 days', () => {
  const b = bars(400, (i) => (i === 0 ? 500 : 100));
  b[0]!.dividend = 1;
  b[10]!.dividend = 0.5;
  const rows = computeTechnicals(b);
  assert.is(rows[363]!.high52w, 500); // day 0 is 363 days before
  assert.is(rows[364]!.high52w, 100); // 364 days before: outside
  assert.is(rows[364]!.dividendTtm, 1.5);
  assert.is(rows[365]!.dividendTtm, 0.5); // day 0 is 365 days before: outside
  assert.is(rows[375]!.dividendTtm, 0);
});

all('MACD = EMA12 - EMA26 from the 26th close; signal from the 34th; SMA 200 needs 200 closes', () => {
  const rows = computeTechnicals(bars(210, (i) => 100 + Math.sin(i / 5) * 10));
  assert.is(rows[24]!.macd, null);
  assert.ok(rows[25]!.macd !== null);
  close(rows[25]!.macd!, rows[25]!.ema12! - rows[25]!.ema26!, 2e-6);
  assert.is(rows[32]!.macdSignal, null);
  assert.ok(rows[33]!.macdSignal !== null);
  assert.is(rows[198]!.sma200, null);
  assert.ok(rows[199]!.sma200 !== null);
});

all.run();

// ---

const kept = suite('technicals_latest: the latest row kept by the job = the row read from the history');

kept('every ticker of the sample, synthetic by the year the indicators span (generated closes moved to the past, or none)', async () => {
  const dataDir = tempDir();
  await runPipelines({ dataDir, source: mirrorSource(SAMPLE_DIR), jobs: ['companies', 'prices', 'technicals'], threads: 1, publish: false });
  const build = await openBuild(dataDir);
  try {
    const { db, conn } = build;
    // The sample's closes are generated: make the generated ones of two tickers older than a year,
    // and none of a third, so the flag takes each value.
    const [a, b, c] = ['AAPL', 'MSFT', 'KO'];
    await db.run(`UPDATE prices SET synthetic = date < (SELECT max(date) - INTERVAL 400 DAY FROM prices WHERE ticker = $1) WHERE ticker = $1`, [a]);
    await db.run(`UPDATE prices SET synthetic = date < (SELECT max(date) - INTERVAL 200 DAY FROM prices WHERE ticker = $1) WHERE ticker = $1`, [b]);
    await db.run(`UPDATE prices SET synthetic = false WHERE ticker = $1`, [c]);
    await technicalsJob.finish!({ db, conn } as unknown as JobContext);
    const tickers = (await db.all<{ ticker: string }>('SELECT DISTINCT ticker FROM prices ORDER BY ticker')).map((r) => r.ticker);
    assert.ok(tickers.length >= 10, `${tickers.length} tickers`);
    const flags = new Map<string, boolean>();
    for (const t of tickers) {
      const fromTable = await latestTechnicals(db, t);
      // A date: read from the history (technicals joined to the ticker's closes), not from the kept row.
      const fromHistory = await latestTechnicals(db, t, '9999-12-31');
      assert.ok(fromTable, t);
      assert.equal(fromTable, fromHistory, t);
      flags.set(t, fromTable!.synthetic);
    }
    assert.equal([flags.get(a), flags.get(b), flags.get(c)], [false, true, false]);
    assert.ok([...flags.values()].filter(Boolean).length > 1, 'the other tickers stay generated');
    // A warehouse built before migration 0640: the migration keeps the latest rows from the history.
    const kept = await db.all('SELECT * FROM technicals_latest ORDER BY ticker');
    await db.run('DROP TABLE technicals_latest');
    // A snapshot without the table is read the long way.
    assert.equal(await latestTechnicals(db, b), await latestTechnicals(db, b, '9999-12-31'));
    await db.run(`DELETE FROM _migrations WHERE name = '0640_technicals_latest.sql'`);
    assert.equal(await migrate(conn), ['0640_technicals_latest.sql']);
    assert.equal(await db.all('SELECT * FROM technicals_latest ORDER BY ticker'), kept);
  } finally {
    build.conn.closeSync();
    build.instance.closeSync();
  }
});

kept.run();
