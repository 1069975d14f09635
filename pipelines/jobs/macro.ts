/**
 * `macro`: the Treasury daily par yield curve (`home.treasury.gov/daily_treasury_yield_curve/<YYYY>.xml`,
 * the Treasury's XML feed, or `.csv`, its CSV download) -> `yield_curve`; FRED series
 * (`fred.stlouisfed.org/series/<ID>.csv`) and ALFRED-style vintages
 * (`fred.stlouisfed.org/vintages/<ID>.csv`) -> `macro_observations`.
 * A curve document owns the dates it contains; a FRED document owns its rows.
 *
 * On the live source (which cannot list) the documents are (sources/http.ts maps keys to URLs):
 * - the Treasury XML feed: `<YYYY>.xml` for each whole year after the curve's watermark (cold
 *   start: `--since`, else January of last year), `<YYYYMM>.xml` for each month of the current year
 *   from the watermark's month (the month in progress changes daily: a conditional request, and
 *   an unchanged answer is not parsed again);
 * - FRED: `fred.stlouisfed.org/series/<ID>.csv` (`fredgraph.csv?id=`) for ALMANAC_FRED_SERIES;
 * - ALFRED: with FRED_API_KEY, `api.stlouisfed.org/fred/series/observations/<ID>.json` (every
 *   vintage) for ALMANAC_ALFRED_SERIES, which then are not fetched from fredgraph; without a key
 *   the run logs and notes that vintages are skipped.
 */
import { appendRows } from '../../warehouse/load.ts';
import { parseFredCsv, seriesFromPath, type MacroObservation } from '../parsers/fred-csv.ts';
import { parseTreasuryCsv } from '../parsers/treasury-csv.ts';
import { parseTreasuryXml, type CurvePoint } from '../parsers/treasury-xml.ts';
import { loadConfig } from '../../schema/config.ts';
import { parseFredApiObservations, seriesFromApiPath } from '../parsers/fred-api.ts';
import type { Job, JobContext } from './interface.ts';
import { JOB_SCHEDULES } from '../../schema/schedules.ts';

export const TREASURY_PREFIX = 'home.treasury.gov/daily_treasury_yield_curve';
export const FRED_PREFIX = 'fred.stlouisfed.org';
export const ALFRED_PREFIX = 'api.stlouisfed.org/fred/series/observations';

/** The live source's macro documents (see the header). */
export async function liveMacroDocuments(ctx: JobContext): Promise<string[]> {
  const config = loadConfig();
  const today = ctx.today ?? new Date().toISOString().slice(0, 10);
  const mark = (await ctx.db.all<{ d: string | null }>('SELECT max(date)::VARCHAR AS d FROM yield_curve'))[0]?.d ?? null;
  const start = mark ?? ctx.since ?? `${Number(today.slice(0, 4)) - 1}-01-01`;
  const [y0, m0] = [Number(start.slice(0, 4)), Number(start.slice(5, 7))];
  const [y1, m1] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  const curve: string[] = [];
  for (let y = y0; y < y1; y++) curve.push(`${TREASURY_PREFIX}/${y}.xml`);
  for (let m = y0 === y1 ? m0 : 1; m <= m1; m++) curve.push(`${TREASURY_PREFIX}/${y1}${String(m).padStart(2, '0')}.xml`);
  const vintaged = config.fredApiKey ? config.alfredSeries : [];
  if (!config.fredApiKey) {
    ctx.log('FRED_API_KEY is not set: ALFRED vintages are skipped (latest values only, from fredgraph.csv)');
    await ctx.note(ALFRED_PREFIX, 'vintages_skipped', 'FRED_API_KEY is not set: ALFRED vintages were not fetched');
  }
  const fred = config.fredSeries.filter((id) => !vintaged.includes(id)).map((id) => `${FRED_PREFIX}/series/${id}.csv`);
  return [...curve, ...fred, ...vintaged.map((id) => `${ALFRED_PREFIX}/${id}.json`)];
}

type Parsed = { kind: 'curve'; points: CurvePoint[] } | { kind: 'fred'; observations: MacroObservation[] };

export const macroJob: Job<Parsed> = {
  name: 'macro',
  description: 'Treasury daily par yield curve (XML feed or CSV) and FRED/ALFRED series (CSV) with vintages',
  // The Treasury posts the day's curve in the US afternoon; FRED updates overnight.
  schedule: JOB_SCHEDULES['macro'],
  async documents(ctx) {
    const curve = await ctx.source.list(TREASURY_PREFIX);
    const fred = await ctx.source.list(FRED_PREFIX);
    if (curve === null || fred === null) return liveMacroDocuments(ctx);
    return [...(curve ?? []).filter((p) => /\.(xml|csv)$/i.test(p)), ...(fred ?? []).filter((p) => /\.csv$/i.test(p))];
  },
  parse(doc) {
    if (doc.path.startsWith(`${TREASURY_PREFIX}/`)) {
      const points = doc.path.toLowerCase().endsWith('.xml') ? parseTreasuryXml(doc.bytes) : parseTreasuryCsv(doc.bytes.toString('utf8'));
      return { kind: 'curve', points };
    }
    if (doc.path.startsWith(`${ALFRED_PREFIX}/`)) return { kind: 'fred', observations: parseFredApiObservations(doc.bytes, seriesFromApiPath(doc.path)) };
    return { kind: 'fred', observations: parseFredCsv(doc.bytes.toString('utf8'), seriesFromPath(doc.path)) };
  },
  async load(parsed, ctx, doc) {
    if (parsed.kind === 'curve') {
      const dates = [...new Set(parsed.points.map((p) => p.date))];
      await ctx.db.run('DELETE FROM yield_curve WHERE source = $1 OR date IN (SELECT unnest($2::VARCHAR[])::DATE)', [doc.path, dates]);
      const rowsOut = await appendRows(ctx.conn, 'yield_curve', parsed.points.map((p) => [p.date, p.tenor, p.months, p.value, doc.path]), { synthetic: doc.synthetic });
      return { rowsIn: parsed.points.length, rowsOut, watermark: dates.sort().pop() };
    }
    await ctx.db.run('DELETE FROM macro_observations WHERE source = $1', [doc.path]);
    const rowsOut = await appendRows(
      ctx.conn,
      'macro_observations',
      parsed.observations.map((o) => [o.seriesId, o.date, o.value, o.realtimeStart, o.realtimeEnd, o.vintaged, doc.path]),
      { synthetic: doc.synthetic },
    );
    return { rowsIn: parsed.observations.length, rowsOut, watermark: parsed.observations.map((o) => o.date).sort().pop() };
  },
};
