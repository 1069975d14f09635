/**
 * Macro queries: FRED series observations and the Treasury par yield curve, each "as known on" a
 * date. A vintaged observation (ALFRED realtime period) is served only from its realtime_start
 * and until its realtime_end; a series without vintages is served as published, each value from
 * its own date. When a series has both, vintaged rows win.
 */
import type { Db } from '../db.ts';

export interface Observation {
  date: string;
  value: number | null;
  /** The first day this value was known (vintages), or the observation date. */
  realtimeStart: string;
}

export interface SeriesOptions {
  start?: string | null;
  end?: string | null;
  /** Serve the values as known on this day (default: today, i.e. the latest vintage). */
  asOf?: string | null;
}

/** Observations of series `id` (case-insensitive) in [start, end] as known on `asOf`, oldest first. */
export async function seriesObservations(db: Db, id: string, opts: SeriesOptions = {}): Promise<Observation[]> {
  return db.all<Observation>(
    `SELECT strftime(date, '%Y-%m-%d') AS date, value, strftime(realtime_start, '%Y-%m-%d') AS "realtimeStart"
     FROM macro_observations
     WHERE series_id = $id
       AND ($start::DATE IS NULL OR date >= $start::DATE) AND ($end::DATE IS NULL OR date <= $end::DATE)
       AND realtime_start <= coalesce($asOf::DATE, DATE '9999-12-30') AND realtime_end > coalesce($asOf::DATE, DATE '9999-12-30')
     QUALIFY row_number() OVER (PARTITION BY date ORDER BY vintaged DESC, realtime_start DESC) = 1
     ORDER BY date`,
    { id: id.toUpperCase(), start: opts.start ?? null, end: opts.end ?? null, asOf: opts.asOf ?? null },
  );
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
}

/**
 * The Treasury par yield curve on `date` (default: latest) as known on `asOf`: the curve of the
 * latest business day on or before both (a curve is published at the end of its own day, so a
 * date after `asOf` cannot be known yet). Null when there is none.
 */
export async function yieldCurve(db: Db, date: string | null = null, asOf: string | null = null): Promise<YieldCurve | null> {
  const limit = [date, asOf].filter((d): d is string => !!d).sort()[0] ?? null;
  const rows = await db.all<{ date: string; tenor: string; months: number; value: number }>(
    `WITH d AS (SELECT max(date) AS date FROM yield_curve WHERE $1::DATE IS NULL OR date <= $1::DATE)
     SELECT strftime(y.date, '%Y-%m-%d') AS date, tenor, months, value FROM yield_curve y JOIN d USING (date) ORDER BY months`,
    [limit],
  );
  if (rows.length === 0) return null;
  return { date: rows[0]!.date, points: rows.map(({ tenor, months, value }) => ({ tenor, months, value })) };
}
