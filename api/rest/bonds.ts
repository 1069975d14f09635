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
      'maturity, default flags and the number of fund holders. A query shorter than two characters returns an empty list.',
    query: BondSearchQuery,
    responses: {
      200: { description: 'matching bonds (empty when q has fewer than 2 characters)', schema: BondSearchResult },
      400: { description: 'q missing', schema: ErrorBody },
    },
    handler: ({ query, services }) => bondSearch(services.warehouse, query.q, query.limit),
  }),
]);
