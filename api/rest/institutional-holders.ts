/** `/api/institutional-holders` (spec 4.4). */
import { ErrorBody } from '../../schema/common.ts';
import { InstitutionalHoldersQuery, InstitutionalHoldersResult } from '../../schema/ownership.ts';
import { institutionalHolders } from '../../warehouse/queries/institutions.ts';
import { cusipsForTicker } from '../../warehouse/queries/securities.ts';
import { NotFoundError } from '../errors.ts';
import { defineRoute, resource } from '../route.ts';

export const institutionalHoldersResource = resource('Institutions', [
  defineRoute({
    method: 'GET',
    path: '/institutional-holders',
    capability: 'institutional_holders',
    summary: 'Managers holding a ticker (13F)',
    description:
      'Managers holding the ticker in the latest quarter (or `quarter`) with shares, value, percent of their portfolio and the change ' +
      'from the previous quarter. Split-aware: previous shares are scaled by any split between the two quarter ends (from the daily ' +
      'prices, else inferred from the holders), so a split is not reported as a purchase.',
    query: InstitutionalHoldersQuery,
    responses: {
      200: { description: 'holders, largest first', schema: InstitutionalHoldersResult },
      400: { description: 'ticker missing or quarter invalid', schema: ErrorBody },
      404: { description: 'no CUSIP known for the ticker, or no 13F holder in the quarter', schema: ErrorBody },
    },
    handler: async ({ query, services }) => {
      const cusips = await cusipsForTicker(services.warehouse, query.ticker);
      if (cusips.length === 0) throw new NotFoundError(`no security master entry (CUSIP) for ticker ${query.ticker}`);
      const result = await institutionalHolders(services.warehouse, { ticker: query.ticker, cusips, quarter: query.quarter, asOf: query.as_of, limit: query.limit });
      if (!result) throw new NotFoundError(`no 13F holders of ${query.ticker}${query.quarter ? ` in ${query.quarter}` : ''}`);
      return result;
    },
  }),
]);
