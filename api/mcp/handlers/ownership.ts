/** Handlers of the insider, 13F and security-master tools (schema/mcp/ownership.ts). */
import type { OWNERSHIP_TOOLS } from '../../../schema/mcp/ownership.ts';
import { LIST_LIMITS } from '../../../schema/limits.ts';
import { InsiderTradesQuery } from '../../../schema/ownership.ts';
import { insiderTradeFilter, insiderTrades, recentInsiderBuys } from '../../../warehouse/queries/insiders.ts';
import { filerAnalytics, fundHoldings, holdersOfTicker } from '../../../warehouse/queries/institutions.ts';
import { lookupSecurity } from '../../../warehouse/queries/securities.ts';
import { NotFoundError } from '../../errors.ts';
import { requireHolders } from '../../rest/institutional-holders.ts';
import { parseInput } from '../../route.ts';
import type { HandlerMap } from '../context.ts';
import { EVERY_HOLDING } from './common.ts';

export const ownershipHandlers: HandlerMap<typeof OWNERSHIP_TOOLS> = {
  get_insider_trades: async ({ ticker, ownerCik, owner, code, from, to, asOf, includeHoldings }, { services }) => {
    // The parameters of /api/insiders, read by the same schema and filter (one answer at every door).
    const query = parseInput(
      InsiderTradesQuery,
      { ticker, owner_cik: ownerCik, owner, code: code?.join(','), from, to, as_of: asOf, include_holdings: includeHoldings ? '1' : undefined, limit: LIST_LIMITS.insiderTrades.max },
      'parameter',
    );
    return insiderTrades(services.warehouse, insiderTradeFilter(query));
  },
  alm_recent_insider_buys: async ({ days, minValue, asOf }, { services }) => {
    return recentInsiderBuys(services.warehouse, { days, minValueUsd: minValue, asOf, limit: LIST_LIMITS.recentInsiderBuys.max });
  },
  get_institutional_holders: async ({ ticker, quarter, asOf }, { services }) => {
    const { cusips, result } = await holdersOfTicker(services.warehouse, { ticker, quarter, asOf, limit: LIST_LIMITS.institutionalHolders.max });
    const { holders, ...meta } = requireHolders(ticker, quarter, cusips, result);
    return { ...meta, items: holders };
  },
  get_13f_holdings: async ({ cik, maxHoldings, quarter, asOf }, { services }) => {
    const result = await fundHoldings(services.warehouse, { cik, quarter, maxHoldings: maxHoldings ?? EVERY_HOLDING, asOf });
    if (!result) throw new NotFoundError(`no 13F filing of CIK ${cik}${quarter ? ` for ${quarter}` : ''} is loaded`);
    const { holdings, ...meta } = result;
    return { ...meta, items: holdings };
  },
  alm_13f_filer_analytics: async ({ cik, asOf }, { services }) => {
    const result = await filerAnalytics(services.warehouse, cik, asOf);
    if (!result) throw new NotFoundError(`no 13F filing of CIK ${cik} is loaded`);
    return result;
  },
  lookup_security: async ({ id }, { services }) => {
    const row = await lookupSecurity(services.warehouse, id);
    if (!row) throw new NotFoundError(`unknown security ${id}`);
    const { sources: _s, ...rest } = row;
    return rest;
  },
};
