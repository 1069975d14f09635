/**
 * Macro queries: FRED series observations and the Treasury par yield curve, each "as known on" a
 * date. A vintaged observation (ALFRED realtime period) is served only from its realtime_start
 * and until its realtime_end; a series without vintages is served as published, each value from
 * its own date. When a series has both, vintaged rows win.
 */
import { fallback, provenanceOf, type DateFallbackData, type ProvenanceData } from '../../schema/provenance.ts';
import type { Db } from '../db.ts';
import { fetchedAt } from './freshness.ts';

export interface Observation {
  date: string;
  value: number | null;
  /** The first day this value was known (vintages), or the observation date. */
  realtimeStart: string;
  /**
   * Whether `realtimeStart` comes from the publisher's vintages; false: the observation date, and
   * the value is the latest revision (a series without vintages here), not a point-in-time figure.
   */
  vintaged: boolean;
  provenance: ProvenanceData;
}

export interface SeriesOptions {
  start?: string | null;
  end?: string | null;
  /** Serve the values as known on this day (default: today, i.e. the latest vintage). */
  asOf?: string | null;
}

/**
 * Observations of series `id` (case-insensitive) in [start, end] as known on `asOf`, oldest first.
 * The current vintage runs to 9999-12-31 (exclusive, FRED's convention), so a later `asOf` than
 * 9999-12-30, the last day one can ask, is read as that day: the latest values, not none.
 */
export async function seriesObservations(db: Db, id: string, opts: SeriesOptions = {}): Promise<Observation[]> {
  const rows = await db.all<Omit<Observation, 'provenance'> & { source: string; synthetic: boolean }>(
    `SELECT strftime(date, '%Y-%m-%d') AS date, value, strftime(realtime_start, '%Y-%m-%d') AS "realtimeStart", vintaged, source, synthetic
     FROM macro_observations
     WHERE series_id = $id
       AND ($start::DATE IS NULL OR date >= $start::DATE) AND ($end::DATE IS NULL OR date <= $end::DATE)
       AND realtime_start <= least(coalesce($asOf::DATE, DATE '9999-12-30'), DATE '9999-12-30')
       AND realtime_end > least(coalesce($asOf::DATE, DATE '9999-12-30'), DATE '9999-12-30')
     QUALIFY row_number() OVER (PARTITION BY date ORDER BY vintaged DESC, realtime_start DESC) = 1
     ORDER BY date`,
    { id: id.toUpperCase(), start: opts.start ?? null, end: opts.end ?? null, asOf: opts.asOf ?? null },
  );
  return rows.map(({ source, synthetic, ...o }) => ({ ...o, provenance: provenanceOf(source, synthetic) }));
}

/** `dataThrough` and `fetchedAt` of macro answers (job `macro`). */
export async function macroFreshness(db: Db, observations: readonly { date: string }[]): Promise<{ dataThrough: string | null; fetchedAt: string | null }> {
  return { dataThrough: observations.at(-1)?.date ?? null, fetchedAt: await fetchedAt(db, ['macro']) };
}

export interface SeriesInfo {
  id: string;
  observations: number;
  first: string;
  last: string;
  vintaged: boolean;
}

/** Every series in the warehouse. */
export async function listSeries(db: Db): Promise<SeriesInfo[]> {
  return db.all<SeriesInfo>(
    `SELECT series_id AS id, count(DISTINCT date)::INTEGER AS observations, strftime(min(date), '%Y-%m-%d') AS first,
            strftime(max(date), '%Y-%m-%d') AS last, bool_or(vintaged) AS vintaged
     FROM macro_observations GROUP BY series_id ORDER BY series_id`,
  );
}

export interface CurvePoint {
  tenor: string;
  months: number;
  value: number;
}

export interface YieldCurve {
  /** The curve's business day: the latest on or before the requested date (and asOf). */
  date: string;
  points: CurvePoint[];
  /** The Treasury document the curve of that day was loaded from. */
  provenance: ProvenanceData;
  /** Present when `date` is earlier than the date asked. */
  fallback?: DateFallbackData;
  dataThrough: string;
  fetchedAt: string | null;
}

/**
 * What an ask with no curve is told, naming the bound that left none: the date, or the as-of date
 * (`asOfName`, as the door spells it) when that is the earlier. An as-of before every curve was told
 * "no yield curve on or before <date>" (an outside pass).
 */
export function noCurveMessage(date: string | null, asOf: string | null, asOfName: string): string {
  if (asOf && (!date || asOf < date)) return `no yield curve known as of ${asOfName} ${asOf}: the first curve was published later`;
  return `no yield curve on or before ${date ?? 'today'}`;
}

/**
 * The Treasury par yield curve on `date` (default: latest) as known on `asOf`: the curve of the
 * latest business day on or before both (a curve is published at the end of its own day, so a
 * date after `asOf` cannot be known yet). Null when there is none.
 */
export async function yieldCurve(db: Db, date: string | null = null, asOf: string | null = null): Promise<YieldCurve | null> {
  const limit = [date, asOf].filter((d): d is string => !!d).sort()[0] ?? null;
  const rows = await db.all<{ date: string; tenor: string; months: number; value: number; source: string; synthetic: boolean }>(
    `WITH d AS (SELECT max(date) AS date FROM yield_curve WHERE $1::DATE IS NULL OR date <= $1::DATE)
     SELECT strftime(y.date, '%Y-%m-%d') AS date, tenor, months, value, source, synthetic FROM yield_curve y JOIN d USING (date) ORDER BY months, source`,
    [limit],
  );
  if (rows.length === 0) return null;
  const first = rows[0]!;
  const curve: YieldCurve = {
    date: first.date,
    points: rows.map(({ tenor, months, value }) => ({ tenor, months, value })),
    provenance: provenanceOf(first.source, rows.some((r) => r.synthetic)),
    dataThrough: first.date,
    fetchedAt: await fetchedAt(db, ['macro']),
  };
  const note = date
    ? fallback(date, first.date, date > (asOf ?? date) ? `as_of ${asOf} is before the requested date: the latest curve known then` : 'no curve published on the requested date (weekend, holiday or not loaded): the latest earlier one')
    : undefined;
  if (note) curve.fallback = note;
  return curve;
}
