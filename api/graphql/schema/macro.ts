/** Macro series (FRED, vintaged) and the Treasury yield curve. */
import { VINTAGED_DESCRIPTION } from '../../../schema/macro.ts';
import { resolveArrayConnection } from '@pothos/plugin-relay';
import { listSeries, seriesObservations, yieldCurve, type CurvePoint, type Observation, type SeriesInfo, type YieldCurve } from '../../../warehouse/queries/macro.ts';
import { builder } from '../builder.ts';
import { date, range } from './company.ts';
import { CONNECTION_DATA_THROUGH, CONNECTION_FETCHED_AT, DATA_THROUGH_DESCRIPTION, DateFallbackRef, datedConnection, datedFields, FETCHED_AT_DESCRIPTION, ProvenanceRef, capabilityFreshness } from './provenance.ts';
import { PAGE } from './scalars.ts';

const ObservationRef = builder.objectRef<Observation>('Observation');
ObservationRef.implement({
  fields: (t) => ({
    date: t.exposeString('date'),
    value: t.exposeFloat('value'),
    realtimeStart: t.exposeString('realtimeStart'),
    vintaged: t.exposeBoolean('vintaged', { description: VINTAGED_DESCRIPTION }),
    provenance: t.expose('provenance', { type: ProvenanceRef }),
  }),
});

const MacroSeriesRef = builder.objectRef<SeriesInfo>('MacroSeries');
MacroSeriesRef.implement({
  fields: (t) => ({
    id: t.exposeString('id'),
    first: t.exposeString('first'),
    last: t.exposeString('last'),
    vintaged: t.exposeBoolean('vintaged'),
    observations: t.connection({
      type: ObservationRef,
      description: 'Observations in [start, end], values as known on asOf (vintages), oldest first.',
      args: { start: t.arg.string(), end: t.arg.string(), asOf: t.arg.string() },
      resolve: async (s, args, ctx) =>
        resolveArrayConnection(
          { args, ...PAGE },
          await seriesObservations(ctx.services.warehouse, s.id, { ...startEnd(range(args)), asOf: date(args.asOf, 'asOf') }),
        ),
    }, datedConnection('MacroSeriesObservationsConnection', 'macro_series')),
    // The series' newest observation loaded (as list_macro_series says it per series).
    ...datedFields(t, 'macro_series', (s) => ({ dataThrough: s.last ?? null })),
  }),
});

const startEnd = ([start, end]: [string | null, string | null]) => ({ start, end });

const CurvePointRef = builder.objectRef<CurvePoint>('CurvePoint');
CurvePointRef.implement({ fields: (t) => ({ tenor: t.exposeString('tenor'), months: t.exposeFloat('months'), value: t.exposeFloat('value') }) });

const YieldCurveRef = builder.objectRef<YieldCurve>('YieldCurve');
YieldCurveRef.implement({
  fields: (t) => ({
    date: t.exposeString('date'),
    points: t.field({ type: [CurvePointRef], resolve: (c) => c.points }),
    provenance: t.expose('provenance', { type: ProvenanceRef }),
    fallback: t.expose('fallback', { type: DateFallbackRef, nullable: true, description: 'Present when the curve is of an earlier day than the date asked.' }),
    dataThrough: t.exposeString('dataThrough', { description: DATA_THROUGH_DESCRIPTION }),
    fetchedAt: t.exposeString('fetchedAt', { nullable: true, description: FETCHED_AT_DESCRIPTION }),
  }),
});

builder.queryFields((t) => ({
  macroSeries: t.field({
    type: MacroSeriesRef,
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => (await listSeries(ctx.services.warehouse)).find((s) => s.id === args.id.trim().toUpperCase()) ?? null,
  }),
  macroSeriesList: t.connection(
    {
      type: MacroSeriesRef,
      resolve: async (_r, args, ctx) => {
        const rows = await listSeries(ctx.services.warehouse);
        return { ...resolveArrayConnection({ args, ...PAGE }, rows), ...(await capabilityFreshness(ctx.services.warehouse, 'macro_series_list', rows)) };
      },
    },
    { name: 'QueryMacroSeriesListConnection', fields: (c) => ({ dataThrough: c.string({ ...CONNECTION_DATA_THROUGH, description: `${DATA_THROUGH_DESCRIPTION} Here: the newest last observation of the series.` }), fetchedAt: c.string(CONNECTION_FETCHED_AT) }) },
  ),
  yieldCurve: t.field({
    type: YieldCurveRef,
    description: 'The par yield curve of the latest business day on or before date, as known on asOf.',
    args: { date: t.arg.string(), asOf: t.arg.string() },
    resolve: (_r, args, ctx) => yieldCurve(ctx.services.warehouse, date(args.date, 'date'), date(args.asOf, 'asOf')),
  }),
}));
