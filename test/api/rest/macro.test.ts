import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, sampleApp, type TestApp } from '../../helpers.ts';
import { mcpTool } from '../../doors.ts';
import { sampleBytes, sampleCsv } from '../../sample-files.ts';

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

// The sample's macro files, read here without the pipelines: the real Treasury CSV of 2025 (newest
// first), FRED's DGS10 (legacy layout, "." for a holiday) and FEDFUNDS (current layout), and the
// generated GDP vintages (ALFRED layout).
const CURVE_2025 = sampleCsv('home.treasury.gov/daily_treasury_yield_curve/2025.csv');
const CURVE_2022 = sampleCsv('home.treasury.gov/daily_treasury_yield_curve/2022.csv');
const TENOR: Record<string, string> = { '1 Mo': '1M', '1.5 Mo': '1.5M', '2 Mo': '2M', '3 Mo': '3M', '4 Mo': '4M', '6 Mo': '6M', '1 Yr': '1Y', '2 Yr': '2Y', '3 Yr': '3Y', '5 Yr': '5Y', '7 Yr': '7Y', '10 Yr': '10Y', '20 Yr': '20Y', '30 Yr': '30Y' };
/** The curve of `date` in a Treasury CSV: [tenor, value] for each non-empty cell, in column order. */
const curveOf = (csv: { header: string[]; rows: string[][] }, date: string): [string, number][] => {
  const row = csv.rows.find((r) => r[0] === date)!;
  return csv.header.slice(1).flatMap((h, i) => (row[i + 1] ? [[TENOR[h]!, Number(row[i + 1])] as [string, number]] : []));
};
const GDP = sampleCsv('fred.stlouisfed.org/vintages/GDP.csv').rows.map(([start, end, date, value]) => ({ start: start!, end: end!, date: date!, value: Number(value) }));

macro('a revised GDP observation is served only from its realtime start (vintages of the generated GDP file)', async () => {
  const at = async (date: string, asOf: string) =>
    json(await get(`/api/macro/series?id=gdp&start=${date}&end=${date}&as_of=${asOf}`)).observations as { value: number; realtimeStart: string }[];
  const date = GDP.at(-1)!.date;
  const vintages = GDP.filter((v) => v.date === date);
  assert.ok(vintages.length >= 3, 'an advance estimate and two revisions');
  const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  assert.equal(await at(date, dayBefore(vintages[0]!.start)), [], `not known before the advance estimate of ${vintages[0]!.start}`);
  assert.equal(await at(date, vintages[0]!.start), [
    {
      date,
      value: vintages[0]!.value,
      realtimeStart: vintages[0]!.start,
      vintaged: true,
      provenance: {
        source: 'FRED (Federal Reserve Bank of St. Louis)',
        document: 'fred.stlouisfed.org/vintages/GDP.csv',
        url: 'https://fred.stlouisfed.org/vintages/GDP.csv',
        accession: null,
        synthetic: await flagged('macro_observations', 'fred.stlouisfed.org/vintages/GDP.csv'),
      },
    },
  ]);
  for (const v of vintages) {
    assert.is((await at(date, v.start))[0]!.value, v.value, `as known on ${v.start}`);
    if (v.end !== '9999-12-31') assert.is((await at(date, v.end))[0]!.value, v.value, `as known on ${v.end}, the vintage's last day`);
  }
  const latest = json(await get('/api/macro/series?id=GDP'));
  const current = GDP.filter((v) => v.end === '9999-12-31');
  assert.equal(latest.observations.map((o: { date: string; value: number }) => [o.date, o.value]), current.map((v) => [v.date, v.value]));
});

macro('plain FRED series: missing days are null; both CSV layouts load', async () => {
  // DGS10 around Independence Day 2024: the file's "." is served as null.
  const dgs10File = sampleCsv('fred.stlouisfed.org/series/DGS10.csv').rows.filter(([d]) => d! >= '2024-07-03' && d! <= '2024-07-05');
  assert.ok(dgs10File.some(([, v]) => v === '.'), 'the file has a holiday in the range');
  const dgs10 = json(await get('/api/macro/series?id=DGS10&start=2024-07-03&end=2024-07-05')).observations;
  assert.equal(dgs10.map((o: { date: string; value: number | null }) => [o.date, o.value]), dgs10File.map(([d, v]) => [d, v === '.' ? null : Number(v)]));
  const [lastDate, lastValue] = sampleCsv('fred.stlouisfed.org/series/FEDFUNDS.csv').rows.at(-1)!;
  const ff = json(await get(`/api/macro/series?id=FEDFUNDS&start=${lastDate}`)).observations;
  assert.equal(ff, [
    {
      date: lastDate,
      value: Number(lastValue),
      realtimeStart: lastDate,
      // No vintages: the observation date, and a value that is the latest revision (it says so).
      vintaged: false,
      provenance: {
        source: 'FRED (Federal Reserve Bank of St. Louis)',
        document: 'fred.stlouisfed.org/series/FEDFUNDS.csv',
        url: 'https://fred.stlouisfed.org/graph/fredgraph.csv?id=FEDFUNDS',
        accession: null,
        synthetic: await flagged('macro_observations', 'fred.stlouisfed.org/series/FEDFUNDS.csv'),
      },
    },
  ]);
  assert.is(ff[0].provenance.synthetic, false, 'a real FRED file');
  const list = json(await get('/api/macro/series-list'));
  assert.equal(list.map((s: { id: string; vintaged: boolean }) => [s.id, s.vintaged]), [['CPIAUCSL', false], ['DGS10', false], ['FEDFUNDS', false], ['GDP', true], ['UNRATE', false]]);
});

macro('series errors: unknown 404, missing id 400, start after end 400', async () => {
  assert.is((await get('/api/macro/series?id=NOPE')).statusCode, 404);
  const missing = await get('/api/macro/series');
  assert.is(missing.statusCode, 400);
  assert.match(json(missing).error, 'id');
  assert.is((await get('/api/macro/series?id=GDP&start=2024-02-01&end=2024-01-01')).statusCode, 400);
  assert.is((await get('/api/macro/series?id=GDP&as_of=2024-02-30')).statusCode, 400);
});

macro('every door says whether an observation is a published vintage (vintaged), the same way', async () => {
  const UA = { 'user-agent': 'almanac-tests/1.0 (macro)' };
  for (const [id, vintaged] of [['GDP', true], ['DGS10', false]] as const) {
    const rest = json(await get(`/api/macro/series?id=${id}&start=2024-01-01&end=2024-12-31`)).observations as { date: string; vintaged: boolean }[];
    assert.ok(rest.length > 0 && rest.every((o) => o.vintaged === vintaged), id);
    const mcp = await mcpTool(t.app, 'get_macro_series', { id, start: '2024-01-01', end: '2024-12-31', limit: 100 }, UA);
    assert.equal(mcp.items.slice(0, 5).map((o: { date: string; vintaged: boolean }) => [o.date, o.vintaged]), rest.slice(0, 5).map((o) => [o.date, o.vintaged]), id);
    const g = json<any>(await t.app.inject({ method: 'POST', url: '/graphql', headers: UA, payload: { query: `{ macroSeries(id: "${id}") { observations(start: "2024-01-01", end: "2024-12-31", first: 5) { edges { node { date vintaged } } } } }` } }));
    assert.not.ok(g.errors, JSON.stringify(g.errors));
    assert.equal(g.data.macroSeries.observations.edges.map((e: { node: { date: string; vintaged: boolean } }) => [e.node.date, e.node.vintaged]), rest.slice(0, 5).map((o) => [o.date, o.vintaged]), id);
  }
});

macro('no curve: the 404 names the bound that left none (as_of before every curve, or the date)', async () => {
  const early = await get('/api/macro/yield-curve?date=2022-12-30&as_of=1900-01-01');
  assert.is(early.statusCode, 404);
  assert.is(json(early).error, 'no yield curve known as of as_of 1900-01-01: the first curve was published later');
  const before = await get('/api/macro/yield-curve?date=1900-01-03');
  assert.is(before.statusCode, 404);
  assert.is(json(before).error, 'no yield curve on or before 1900-01-03');
});

macro('the last date one can ask as of answers the latest values, as a day before it does (the current vintage ends on 9999-12-31)', async () => {
  for (const id of ['GDP', 'DGS10']) {
    const latest = json(await get(`/api/macro/series?id=${id}`)).observations;
    assert.ok(latest.length > 0, id);
    assert.equal(json(await get(`/api/macro/series?id=${id}&as_of=9999-12-31`)).observations, latest, id);
    assert.equal(json(await get(`/api/macro/series?id=${id}&as_of=9999-12-30`)).observations, latest, id);
  }
});

macro('yield curve: latest, by date (previous business day), as known on a date; XML and CSV sources', async () => {
  const newest = CURVE_2025.rows[0]![0]!; // the Treasury CSV runs newest first
  const latest = json(await get('/api/macro/yield-curve'));
  assert.is(latest.date, newest);
  assert.equal(latest.points.map((p: { tenor: string; value: number }) => [p.tenor, p.value]), curveOf(CURVE_2025, newest));
  assert.ok(latest.points.some((p: { tenor: string }) => p.tenor === '1.5M'), 'the 1.5-month tenor of 2025');
  // 2025-07-04 is a holiday, 2025-07-05 a Saturday: the curve of Thursday 2025-07-03.
  assert.is(json(await get('/api/macro/yield-curve?date=2025-07-05')).date, '2025-07-03');
  assert.is(json(await get(`/api/macro/yield-curve?date=${newest}&as_of=2025-07-09`)).date, '2025-07-09');
  const csv = json(await get('/api/macro/yield-curve?date=2022-12-31'));
  assert.equal([csv.date, csv.points.map((p: { tenor: string; value: number }) => [p.tenor, p.value])], ['2022-12-30', curveOf(CURVE_2022, '2022-12-30')]);
  assert.not.ok(curveOf(CURVE_2022, '2022-10-18').some(([t]) => t === '4M'), 'the file has no 4-month yield before 2022-10-19');
  assert.not.ok(json(await get('/api/macro/yield-curve?date=2022-10-18')).points.some((p: { tenor: string }) => p.tenor === '4M'));
  // The XML feed of 2020: its first day, read from the file.
  const xml = sampleBytes('home.treasury.gov/daily_treasury_yield_curve/2020.xml').toString('utf8');
  const first = /<m:properties>([\s\S]*?)<\/m:properties>/.exec(xml)![1]!;
  const day = /<d:NEW_DATE[^>]*>(\d{4}-\d{2}-\d{2})/.exec(first)![1]!;
  const ten = Number(/<d:BC_10YEAR[^>]*>([\d.]+)</.exec(first)![1]);
  const c2020 = json(await get(`/api/macro/yield-curve?date=${day}`));
  assert.equal([c2020.date, c2020.points.find((p: { tenor: string }) => p.tenor === '10Y').value, c2020.provenance.document], [day, ten, 'home.treasury.gov/daily_treasury_yield_curve/2020.xml']);
  // 1990 (the XML feed without 1, 2 month and 20 year tenors) is the oldest curve.
  const c1990 = json(await get('/api/macro/yield-curve?date=1990-12-31'));
  assert.equal(c1990.points.map((p: { tenor: string }) => p.tenor).filter((t: string) => ['1M', '2M', '20Y'].includes(t)), []);
  assert.is((await get('/api/macro/yield-curve?date=1989-12-31')).statusCode, 404);
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
  // No curve of 2023 or 2024 is bundled: the latest earlier one is the last of the 2022 CSV.
  const served = CURVE_2022.rows[0]![0]!;
  const res = json(await get('/api/macro/yield-curve?date=2024-06-03'));
  assert.is(res.date, served);
  assert.equal(res.fallback, { requested: '2024-06-03', served, reason: 'no curve published on the requested date (weekend, holiday or not loaded): the latest earlier one' });
  assert.equal(res.provenance, {
    source: 'U.S. Treasury',
    document: 'home.treasury.gov/daily_treasury_yield_curve/2022.csv',
    url: 'https://home.treasury.gov/resource-center/data-chart-center/interest-rates/daily-treasury-rates.csv/2022/all?type=daily_treasury_yield_curve&field_tdr_date_value=2022&page&_format=csv',
    accession: null,
    synthetic: false,
  });
  assert.is(await flagged('yield_curve', 'home.treasury.gov/daily_treasury_yield_curve/2022.csv'), false, 'a real Treasury file');
  assert.is(res.dataThrough, served);
  assert.is(res.fetchedAt, await ledgerFetch());
  assert.ok(new Date(`${res.fetchedAt}Z`) < started, 'fetchedAt is the ledger time, before this request');
  // A day with a curve: no fallback.
  const exact = json(await get('/api/macro/yield-curve?date=2025-07-09'));
  assert.is(exact.date, '2025-07-09');
  assert.is(exact.fallback, undefined);
  assert.is(json(await get('/api/macro/yield-curve')).fallback, undefined, 'no date asked: nothing to fall back from');
  const asOf = json(await get('/api/macro/yield-curve?date=2025-07-11&as_of=2025-07-09'));
  assert.equal(asOf.fallback, { requested: '2025-07-11', served: '2025-07-09', reason: 'as_of 2025-07-09 is before the requested date: the latest curve known then' });
});

macro('series: dataThrough is the newest observation served, fetchedAt the ledger time', async () => {
  const res = json(await get('/api/macro/series?id=DGS10&start=2024-07-03&end=2024-07-05'));
  assert.is(res.dataThrough, '2024-07-05');
  assert.is(res.fetchedAt, await ledgerFetch());
});

macro.run();
