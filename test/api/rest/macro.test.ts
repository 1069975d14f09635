import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, sampleApp, type TestApp } from '../../helpers.ts';

let t: TestApp;
const get = (url: string) => t.app.inject({ url, headers: { 'user-agent': 'almanac-tests/1.0 (macro)' } });

/** Whether the sample marks a document's rows synthetic (SYNTHETIC manifest), read from the warehouse. */
async function flagged(table: 'macro_observations' | 'yield_curve', document: string): Promise<boolean> {
  const [row] = await t.services.warehouse.all<{ s: boolean }>(`SELECT bool_or(synthetic) AS s FROM ${table} WHERE source = $1`, [document]);
  return row!.s;
}

const macro = suite('/api/macro/*');
macro.before(async () => {
  t = await sampleApp({ jobs: ['macro'] });
});
macro.after(() => t.close());

macro('a revised GDP observation is served only from its realtime start', async () => {
  const at = async (asOf: string) =>
    json(await get(`/api/macro/series?id=gdp&start=2024-07-01&end=2024-07-01&as_of=${asOf}`)).observations as { value: number; realtimeStart: string }[];
  assert.equal(await at('2024-10-29'), [], 'the advance estimate is not known before 2024-10-30');
  assert.equal(await at('2024-10-30'), [
    {
      date: '2024-07-01',
      value: 29349.924,
      realtimeStart: '2024-10-30',
      provenance: {
        source: 'FRED (Federal Reserve Bank of St. Louis)',
        document: 'fred.stlouisfed.org/vintages/GDP.csv',
        url: 'https://fred.stlouisfed.org/vintages/GDP.csv',
        accession: null,
        synthetic: await flagged('macro_observations', 'fred.stlouisfed.org/vintages/GDP.csv'),
      },
    },
  ]);
  assert.equal((await at('2024-11-26'))[0]!.value, 29349.924);
  assert.equal((await at('2024-11-27'))[0]!.value, 29354.321);
  assert.equal((await at('2024-12-19'))[0]!.value, 29374.914);
  const latest = json(await get('/api/macro/series?id=GDP'));
  assert.equal(latest.observations.map((o: { date: string; value: number }) => [o.date, o.value]), [['2024-04-01', 29016.714], ['2024-07-01', 29374.914]]);
});

macro('plain FRED series: missing days are null; both CSV layouts load', async () => {
  const dgs10 = json(await get('/api/macro/series?id=DGS10&start=2024-12-24&end=2024-12-26')).observations;
  assert.equal(dgs10.map((o: { date: string; value: number | null }) => [o.date, o.value]), [['2024-12-24', 4.59], ['2024-12-25', null], ['2024-12-26', 4.58]]);
  const ff = json(await get('/api/macro/series?id=FEDFUNDS&start=2024-12-01')).observations;
  assert.equal(ff, [
    {
      date: '2024-12-01',
      value: 4.48,
      realtimeStart: '2024-12-01',
      provenance: {
        source: 'FRED (Federal Reserve Bank of St. Louis)',
        document: 'fred.stlouisfed.org/series/FEDFUNDS.csv',
        url: 'https://fred.stlouisfed.org/series/FEDFUNDS.csv',
        accession: null,
        synthetic: await flagged('macro_observations', 'fred.stlouisfed.org/series/FEDFUNDS.csv'),
      },
    },
  ]);
  const list = json(await get('/api/macro/series-list'));
  assert.equal(list.map((s: { id: string; vintaged: boolean }) => [s.id, s.vintaged]), [['CPIAUCSL', false], ['DGS10', false], ['DGS2', false], ['FEDFUNDS', false], ['GDP', true], ['UNRATE', false]]);
});

macro('series errors: unknown 404, missing id 400, start after end 400', async () => {
  assert.is((await get('/api/macro/series?id=NOPE')).statusCode, 404);
  const missing = await get('/api/macro/series');
  assert.is(missing.statusCode, 400);
  assert.match(json(missing).error, 'id');
  assert.is((await get('/api/macro/series?id=GDP&start=2024-02-01&end=2024-01-01')).statusCode, 400);
  assert.is((await get('/api/macro/series?id=GDP&as_of=2024-02-30')).statusCode, 400);
});

macro('yield curve: latest, by date (previous business day), as known on a date; XML and CSV sources', async () => {
  const latest = json(await get('/api/macro/yield-curve'));
  assert.is(latest.date, '2024-12-31');
  assert.equal(latest.points.map((p: { tenor: string }) => p.tenor), ['1M', '2M', '3M', '4M', '6M', '1Y', '2Y', '3Y', '5Y', '7Y', '10Y', '20Y', '30Y']);
  assert.equal(latest.points.find((p: { tenor: string }) => p.tenor === '10Y'), { tenor: '10Y', months: 120, value: 4.58 });
  assert.is(json(await get('/api/macro/yield-curve?date=2024-12-25')).date, '2024-12-24');
  assert.is(json(await get('/api/macro/yield-curve?date=2024-12-31&as_of=2024-12-27')).date, '2024-12-27');
  const csv = json(await get('/api/macro/yield-curve?date=2023-12-31'));
  assert.equal([csv.date, csv.points[0], csv.points.at(-1)], ['2023-12-29', { tenor: '1M', months: 1, value: 5.6 }, { tenor: '30Y', months: 360, value: 4.03 }]);
  assert.is((await get('/api/macro/yield-curve?date=2000-01-01')).statusCode, 404);
});

/** The macro job's last successful fetch, read from the run ledger independently of the query code. */
async function ledgerFetch(): Promise<string> {
  const [row] = await t.services.warehouse.all<{ at: string }>(
    `SELECT strftime(max(finished_at), '%Y-%m-%dT%H:%M:%S') AS at FROM pipeline_runs WHERE job = 'macro' AND status IN ('success', 'partial')`,
  );
  return row!.at;
}

macro('yield curve on a day without data: fallback names the date asked, the date served and why; provenance and ledger fetchedAt', async () => {
  const started = new Date();
  const res = json(await get('/api/macro/yield-curve?date=2024-06-03'));
  assert.is(res.date, '2023-12-29');
  assert.equal(res.fallback, { requested: '2024-06-03', served: '2023-12-29', reason: 'no curve published on the requested date (weekend, holiday or not loaded): the latest earlier one' });
  assert.equal(res.provenance, {
    source: 'U.S. Treasury',
    document: 'home.treasury.gov/daily_treasury_yield_curve/2023.csv',
    url: 'https://home.treasury.gov/daily_treasury_yield_curve/2023.csv',
    accession: null,
    synthetic: await flagged('yield_curve', 'home.treasury.gov/daily_treasury_yield_curve/2023.csv'),
  });
  assert.is(res.dataThrough, '2023-12-29');
  assert.is(res.fetchedAt, await ledgerFetch());
  assert.ok(new Date(`${res.fetchedAt}Z`) < started, 'fetchedAt is the ledger time, before this request');
  // A day with a curve: no fallback.
  const exact = json(await get('/api/macro/yield-curve?date=2024-12-27'));
  assert.is(exact.date, '2024-12-27');
  assert.is(exact.fallback, undefined);
  assert.is(json(await get('/api/macro/yield-curve')).fallback, undefined, 'no date asked: nothing to fall back from');
  const asOf = json(await get('/api/macro/yield-curve?date=2024-12-31&as_of=2024-12-27'));
  assert.equal(asOf.fallback, { requested: '2024-12-31', served: '2024-12-27', reason: 'as_of 2024-12-27 is before the requested date: the latest curve known then' });
});

macro('series: dataThrough is the newest observation served, fetchedAt the ledger time', async () => {
  const res = json(await get('/api/macro/series?id=DGS10&start=2024-12-24&end=2024-12-26'));
  assert.is(res.dataThrough, '2024-12-26');
  assert.is(res.fetchedAt, await ledgerFetch());
});

macro.run();
