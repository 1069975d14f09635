/** `/api/bond-search` (spec 4.4, 8.4). */
import { ErrorBody } from '../../schema/common.ts';
import { BondSearchQuery, BondSearchResult } from '../../schema/funds.ts';
import { bondSearch } from '../../warehouse/queries/bonds.ts';
import { defineRoute, resource } from '../route.ts';

export const bonds = resource('Funds', [
  defineRoute({
    method: 'GET',
    path: '/bond-search',
    capability: 'bond_search',
    summary: 'Search bonds by issuer name or CUSIP',
    description:
      'Bonds held by funds (N-PORT debt holdings) whose issuer name or title contains `q`, or whose CUSIP or ISIN starts with it, with coupon, ' +
      'maturity, default flags and the number of fund holders. A query shorter than two characters returns an empty list. A row combines ' +
      'several funds\' filings: `provenance` names the one its descriptive fields come from, `sources` every one it sums. The answer\'s ' +
      '`dataThrough` (newest report period listed) and `fetchedAt` are the X-Data-Through and X-Fetched-At headers (the body stays a list).',
    query: BondSearchQuery,
    responses: {
      200: { description: 'matching bonds (empty when q has fewer than 2 characters)', schema: BondSearchResult, freshnessHeaders: true },
      400: { description: 'q missing', schema: ErrorBody },
    },
    handler: async ({ query, services }) => {
      return bondSearch(services.warehouse, query.q, query.limit);
    },
  }),
]);
