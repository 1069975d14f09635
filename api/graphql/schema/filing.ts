/** Filings and the XBRL facts reported in them. */
import { resolveArrayConnection } from '@pothos/plugin-relay';
import type { FactRow, FilingRow } from '../../../warehouse/queries/filings-extra.ts';
import { builder } from '../builder.ts';
import { CompanyRef } from './company.ts';
import { datedConnection } from './provenance.ts';
import { PAGE } from './scalars.ts';

export const FactRef = builder.objectRef<FactRow>('Fact');
FactRef.implement({
  description: 'One XBRL fact as filed (companyfacts): value of a concept for a period, in a unit.',
  fields: (t) => ({
    taxonomy: t.exposeString('taxonomy'),
    concept: t.exposeString('concept'),
    unit: t.exposeString('unit'),
    periodStart: t.exposeString('periodStart', { description: 'null for instants' }),
    periodEnd: t.exposeString('periodEnd'),
    value: t.exposeFloat('value'),
    form: t.exposeString('form'),
    filed: t.exposeString('filed'),
    frame: t.exposeString('frame'),
  }),
});

export const FilingRef = builder.objectRef<FilingRow>('Filing');
FilingRef.implement({
  description: 'An SEC filing of a company (submissions JSON).',
  fields: (t) => ({
    accession: t.exposeString('accession'),
    form: t.exposeString('form'),
    filed: t.exposeString('filed'),
    reportDate: t.exposeString('reportDate'),
    primaryDocument: t.exposeString('primaryDocument'),
    company: t.field({ type: CompanyRef, resolve: (f, _args, ctx) => ctx.loaders.companyByCik.load(f.cik) }),
    facts: t.connection({
      type: FactRef,
      description: 'XBRL facts reported in this filing, optionally one concept (e.g. Revenues).',
      args: { concept: t.arg.string() },
      resolve: async (f, args, ctx) => resolveArrayConnection({ args, ...PAGE }, await ctx.loaders.facts(args.concept ?? null).load(f.accession)),
    }, datedConnection('FilingFactsConnection', 'filing_facts')),
  }),
});
