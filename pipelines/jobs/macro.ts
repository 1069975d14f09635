/**
 * `macro`: the Treasury daily par yield curve (`home.treasury.gov/daily_treasury_yield_curve/<YYYY>.xml`,
 * the Treasury's XML feed, or `.csv`, its CSV download) -> `yield_curve`; FRED series
 * (`fred.stlouisfed.org/series/<ID>.csv`) and ALFRED-style vintages
 * (`fred.stlouisfed.org/vintages/<ID>.csv`) -> `macro_observations`.
 * A curve document owns the dates it contains; a FRED document owns its rows.
 */
import { appendRows } from '../../warehouse/load.ts';
import { parseFredCsv, seriesFromPath, type MacroObservation } from '../parsers/fred-csv.ts';
import { parseTreasuryCsv } from '../parsers/treasury-csv.ts';
import { parseTreasuryXml, type CurvePoint } from '../parsers/treasury-xml.ts';
import type { Job } from './interface.ts';

export const TREASURY_PREFIX = 'home.treasury.gov/daily_treasury_yield_curve';
export const FRED_PREFIX = 'fred.stlouisfed.org';

type Parsed = { kind: 'curve'; points: CurvePoint[] } | { kind: 'fred'; observations: MacroObservation[] };

export const macroJob: Job<Parsed> = {
  name: 'macro',
  description: 'Treasury daily par yield curve (XML feed or CSV) and FRED/ALFRED series (CSV) with vintages',
  // The Treasury posts the day's curve in the US afternoon; FRED updates overnight.
  schedule: '0 22 * * 1-5',
  async documents(ctx) {
    const curve = await ctx.source.list(TREASURY_PREFIX);
    const fred = await ctx.source.list(FRED_PREFIX);
    if (curve === null || fred === null) ctx.log('the source cannot list folders: macro files come from a mirror (mirror:<dir> or landing)');
    return [...(curve ?? []).filter((p) => /\.(xml|csv)$/i.test(p)), ...(fred ?? []).filter((p) => /\.csv$/i.test(p))];
  },
  parse(doc) {
    if (doc.path.startsWith(`${TREASURY_PREFIX}/`)) {
      const points = doc.path.toLowerCase().endsWith('.xml') ? parseTreasuryXml(doc.bytes) : parseTreasuryCsv(doc.bytes.toString('utf8'));
      return { kind: 'curve', points };
    }
    return { kind: 'fred', observations: parseFredCsv(doc.bytes.toString('utf8'), seriesFromPath(doc.path)) };
  },
  async load(parsed, ctx, doc) {
    if (parsed.kind === 'curve') {
      const dates = [...new Set(parsed.points.map((p) => p.date))];
      await ctx.db.run('DELETE FROM yield_curve WHERE source = $1 OR date IN (SELECT unnest($2::VARCHAR[])::DATE)', [doc.path, dates]);
      const rowsOut = await appendRows(ctx.conn, 'yield_curve', parsed.points.map((p) => [p.date, p.tenor, p.months, p.value, doc.path]));
      return { rowsIn: parsed.points.length, rowsOut, watermark: dates.sort().pop() };
    }
    await ctx.db.run('DELETE FROM macro_observations WHERE source = $1', [doc.path]);
    const rowsOut = await appendRows(
      ctx.conn,
      'macro_observations',
      parsed.observations.map((o) => [o.seriesId, o.date, o.value, o.realtimeStart, o.realtimeEnd, o.vintaged, doc.path]),
    );
    return { rowsIn: parsed.observations.length, rowsOut, watermark: parsed.observations.map((o) => o.date).sort().pop() };
  },
};
