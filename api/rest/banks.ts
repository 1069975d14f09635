/** `/api/banks`: FDIC-insured institutions (job `banks`; the capability of MCP `alm_bank_lookup`). */
import { ErrorBody } from '../../schema/common.ts';
import { BanksQuery, BanksResult } from '../../schema/public.ts';
import { bankLookup } from '../../warehouse/queries/banks.ts';
import { defineRoute, resource } from '../route.ts';

export const banks = resource('Banks', [
  defineRoute({
    method: 'GET',
    path: '/banks',
    capability: 'bank_lookup',
    summary: 'FDIC-insured banks by name, holding company, city, state, certificate or ticker',
    description:
      'Institutions from the FDIC BankFind Suite, each once (its latest Call Report), largest total assets first. Give at least one of `q` ' +
      '(name, holding company or city), `cert`, `state` or `ticker` (the holding company\'s listed ticker, matched by name). Amounts in US ' +
      'dollars; ROA and ROE in percent as the FDIC publishes them. Each row carries its `provenance`; the answer\'s `dataThrough` (newest report date listed) and ' +
      '`fetchedAt` are the X-Data-Through and X-Fetched-At headers (the body stays a list).',
    query: BanksQuery,
    responses: {
      200: { description: 'matching institutions (possibly none)', schema: BanksResult, freshnessHeaders: true },
      400: { description: 'no filter given, or an invalid parameter', schema: ErrorBody },
    },
    handler: async ({ query, services }) => {
      const rows = await bankLookup(services.warehouse, {
        q: query.q,
        cert: query.cert,
        state: query.state,
        ticker: query.ticker,
        activeOnly: query.active_only === '1' || query.active_only === 'true',
        limit: query.limit,
        offset: query.offset,
      });
      return rows;
    },
  }),
]);
