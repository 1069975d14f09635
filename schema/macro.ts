/** Request and result shapes of the macro routes (`/api/macro/*`). */
import { z } from 'zod';
import { IsoDate, missing } from './common.ts';
import { DateFallback, FRESHNESS, newestOf, Provenance } from './provenance.ts';

const date = IsoDate;

export const SeriesQuery = z.object({
  id: z
    .string({ error: missing("missing required parameter 'id' (a FRED series id, e.g. DGS10)") })
    .trim()
    .regex(/^[A-Za-z0-9_]{1,40}$/, 'must be a FRED series id such as DGS10')
    .toUpperCase(),
  start: date.optional(),
  end: date.optional(),
  as_of: date.optional().describe('serve values as known on this date (vintages); default: latest'),
});

/** What `vintaged` says of an observation (OpenAPI, GraphQL). */
export const VINTAGED_DESCRIPTION =
  "true: realtimeStart is the day the publisher's vintages (ALFRED) say this value was first published, and the value is the one known from then. " +
  'false: the series has no vintages here (no FRED_API_KEY, or a series not in ALMANAC_ALFRED_SERIES): realtimeStart is the observation date and the value is the latest revision; ' +
  'for a monthly or quarterly series that date is before the release, so the value is not a point-in-time figure.';

export const Observation = z.object({ date: z.string(), value: z.number().nullable(), realtimeStart: z.string(), vintaged: z.boolean().describe(VINTAGED_DESCRIPTION), provenance: Provenance });

export const SeriesResult = z.object({
  id: z.string(),
  asOf: z.string().nullable(),
  observations: z.array(Observation),
  ...FRESHNESS,
});

export const SeriesList = z.array(z.object({ id: z.string(), observations: z.number().int(), first: z.string(), last: z.string(), vintaged: z.boolean() }));

export const YieldCurveQuery = z.object({
  date: date.optional().describe('curve date; the latest business day on or before it is served; default latest'),
  as_of: date.optional().describe('as known on this date: a curve after as_of is not known yet'),
});

export const YieldCurveResult = z.object({
  date: z.string().describe('the business day of the curve served'),
  points: z.array(z.object({ tenor: z.string(), months: z.number(), value: z.number() })),
  provenance: Provenance,
  fallback: DateFallback.optional(),
  ...FRESHNESS,
});

/** `dataThrough` of the series list: the newest last observation of the series listed. */
export const seriesListThrough = newestOf('last');
