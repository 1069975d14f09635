/** MCP tools: Treasury yield curve and FRED series. */
import { z } from 'zod';
import { orderedRange } from '../common.ts';
import { SeriesQuery, seriesListThrough } from '../macro.ts';
import { newestOf } from '../provenance.ts';
import { defineTools } from './tool.ts';
import { asOf, date } from './params.ts';

export const MACRO_TOOLS = defineTools('macro', {
  get_yield_curve: {
    capability: 'yield_curve',
    title: 'Treasury yield curve',
    description:
      'US Treasury par yield curve (percent) on a date (latest business day on or before), as known on asOf. fallback {requested,served,reason} says when the curve is of an earlier day than asked; fetchedAt is the last successful fetch of the source (run ledger).',
    input: z.object({ date: date.optional(), asOf }),
    output: '{date,points:{tenor,months,value}[],provenance:{source,document,url,accession,synthetic},fallback?:{requested,served,reason},dataThrough,fetchedAt}',
  },
  get_macro_series: {
    // The newest observation's date, as REST's series answer says.
    dataThrough: newestOf('date'),
    capability: 'macro_series',
    title: 'Macro series',
    description: 'Observations of a FRED series (e.g. UNRATE, CPIAUCSL, DGS10) in [start, end], values as known on asOf.',
    // The series id by REST's rule: a malformed one is a 400 on every door, not an unknown series here.
    input: z.object({ id: SeriesQuery.shape.id, start: date.optional(), end: date.optional(), asOf }).refine(...orderedRange('start', 'end')),
    output: '{date,value,realtimeStart,vintaged,provenance:{source,document,url,accession,synthetic}}[] (vintaged false: realtimeStart is the observation date and the value the latest revision, not a point-in-time figure)',
    list: true,
  },
  list_macro_series: {
    dataThrough: seriesListThrough,
    capability: 'macro_series_list',
    title: 'Macro series list',
    description: 'Every macro series available, with observation counts and date range.',
    output: '{id,observations,first,last,vintaged}[]',
    list: true,
  },
});
