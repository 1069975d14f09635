/** `/api/institutional-holders` (spec 4.4). */
import { ErrorBody } from '../../schema/common.ts';
import { InstitutionalHoldersQuery, InstitutionalHoldersResult } from '../../schema/ownership.ts';
import { holdersOfTicker, type InstitutionalHolders } from '../../warehouse/queries/institutions.ts';
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
      const { cusips, result } = await holdersOfTicker(services.warehouse, { ticker: query.ticker, quarter: query.quarter, asOf: query.as_of, limit: query.limit });
      return requireHolders(query.ticker, query.quarter, cusips, result);
    },
  }),
]);

/** The holders, or the not-found error REST and MCP answer alike (no CUSIP for the ticker; no holder in the quarter). */
export function requireHolders(ticker: string, quarter: string | undefined, cusips: string[], result: InstitutionalHolders | null): InstitutionalHolders {
  if (cusips.length === 0) throw new NotFoundError(`no security master entry (CUSIP) for ticker ${ticker}`);
  if (!result) throw new NotFoundError(`no 13F holders of ${ticker}${quarter ? ` in ${quarter}` : ''}`);
  return result;
}
