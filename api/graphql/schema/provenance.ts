/** Provenance, date fallbacks and freshness (schema/provenance.ts), shared by every data type. */
import type { DateFallbackData, ProvenanceData } from '../../../schema/provenance.ts';
import { catalogDatasets, catalogStats } from '../../../warehouse/queries/catalog.ts';
import { builder } from '../builder.ts';
import { JsonScalar } from './scalars.ts';

export const ProvenanceRef = builder.objectRef<ProvenanceData>('Provenance');
ProvenanceRef.implement({
  description: 'Where a served row came from.',
  fields: (t) => ({
    source: t.exposeString('source', { description: 'the publisher (SEC EDGAR, U.S. Treasury, FRED, FDIC, USAspending.gov, vendor file)' }),
    document: t.exposeString('document', { nullable: true, description: 'the document key (host/path) the row was loaded from' }),
    url: t.exposeString('url', { nullable: true, description: 'where the document is published; null for vendor files' }),
    accession: t.exposeString('accession', { nullable: true, description: 'SEC accession number, for rows from a filing' }),
    synthetic: t.exposeBoolean('synthetic', { description: 'true when the row was generated, not taken from the source' }),
  }),
});

export const DateFallbackRef = builder.objectRef<DateFallbackData>('DateFallback');
DateFallbackRef.implement({
  description: 'The date asked, the date served (earlier) and why.',
  fields: (t) => ({ requested: t.exposeString('requested'), served: t.exposeString('served'), reason: t.exposeString('reason') }),
});

export const FETCHED_AT_DESCRIPTION = 'When Almanac last fetched the source successfully (run ledger), ISO 8601 UTC without zone; never the request time.';
export const DATA_THROUGH_DESCRIPTION = 'The newest date (YYYY-MM-DD) the data of this answer covers.';

builder.queryFields((t) => ({
  coverage: t.field({
    type: JsonScalar,
    description: 'Coverage and freshness of every dataset, exactly as GET /api/coverage serves it.',
    resolve: async (_r, _a, ctx) => ({
      snapshot: ctx.services.warehouse.version,
      datasets: catalogDatasets(await catalogStats(ctx.services.warehouse), ctx.services.config.schedules),
    }),
  }),
}));
