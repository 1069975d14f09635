/**
 * Macro series and the Treasury yield curve (spec section 1, "macro series"):
 * `GET /api/macro/series?id=&start=&end=&as_of=`, `GET /api/macro/series-list`,
 * `GET /api/macro/yield-curve?date=&as_of=`. GraphQL and MCP (`get_yield_curve`) call the same
 * query functions (warehouse/queries/macro.ts).
 */
import { ErrorBody } from '../../schema/common.ts';
import { SeriesList, SeriesQuery, SeriesResult, YieldCurveQuery, YieldCurveResult } from '../../schema/macro.ts';
import { listSeries, macroFreshness, noCurveMessage, seriesObservations, yieldCurve } from '../../warehouse/queries/macro.ts';
import { BadRequestError, NotFoundError } from '../errors.ts';
import { defineRoute, resource } from '../route.ts';

export const macro = resource('Macro', [
  defineRoute({
    method: 'GET',
    path: '/macro/series',
    capability: 'macro_series',
    summary: 'Observations of a macro series (FRED), as known on a date',
    description:
      'Values of a FRED series such as DGS10, DGS2, FEDFUNDS, CPIAUCSL, UNRATE or GDP between start and end. With as_of, ' +
      'a revised (vintaged, ALFRED) observation is served only from its realtime start; without it, the latest vintage. ' +
      'Missing days are null, never zero. Each observation carries its provenance (FRED document, synthetic flag); `dataThrough` is the newest ' +
      'observation date, `fetchedAt` the last successful fetch of the macro job (run ledger).',
    query: SeriesQuery,
    responses: {
      200: { description: 'the observations, oldest first', schema: SeriesResult },
      400: { description: 'id missing or a date invalid, or start after end', schema: ErrorBody },
      404: { description: 'no such series', schema: ErrorBody },
    },
    handler: async ({ query, services }) => {
      if (query.start && query.end && query.start > query.end) throw new BadRequestError("parameter 'start' is after 'end'");
      const observations = await seriesObservations(services.warehouse, query.id, { start: query.start, end: query.end, asOf: query.as_of });
      if (observations.length === 0) {
        const known = (await listSeries(services.warehouse)).some((s) => s.id === query.id);
        if (!known) throw new NotFoundError(`unknown series: ${query.id}`);
      }
      return { id: query.id, asOf: query.as_of ?? null, observations, ...(await macroFreshness(services.warehouse, observations)) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/macro/series-list',
    capability: 'macro_series_list',
    summary: 'Every macro series in the warehouse',
    description: 'X-Data-Through (the newest last observation listed) and X-Fetched-At (the macro job’s last successful run) say how fresh the list is.',
    responses: { 200: { description: 'series with their coverage', schema: SeriesList } },
    handler: ({ services }) => listSeries(services.warehouse),
  }),
  defineRoute({
    method: 'GET',
    path: '/macro/yield-curve',
    capability: 'yield_curve',
    summary: 'The US Treasury daily par yield curve on a date, as known on a date',
    description:
      'Serves the curve of the latest business day on or before date (and as_of). Tenors 1M..30Y in percent, ordered by maturity; tenors the Treasury did not publish that day are absent. ' +
      'When the curve served is of an earlier day than `date`, `fallback` says so: `{requested, served, reason}`. `provenance` names the Treasury document; ' +
      '`fetchedAt` is when the macro job last fetched the Treasury successfully (run ledger), `dataThrough` the curve date.',
    query: YieldCurveQuery,
    responses: {
      200: { description: 'the curve', schema: YieldCurveResult },
      400: { description: 'a date is invalid', schema: ErrorBody },
      404: { description: 'no curve on or before the date', schema: ErrorBody },
    },
    handler: async ({ query, services }) => {
      const curve = await yieldCurve(services.warehouse, query.date ?? null, query.as_of ?? null);
      if (!curve) throw new NotFoundError(noCurveMessage(query.date ?? null, query.as_of ?? null, 'as_of'));
      return curve;
    },
  }),
]);
