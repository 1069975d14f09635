/** Handlers of the fund, ETF and bond tools (schema/mcp/funds.ts). */
import { LIST_LIMITS } from '../../../schema/limits.ts';
import type { FUND_TOOLS } from '../../../schema/mcp/funds.ts';
import { bondSearch } from '../../../warehouse/queries/bonds.ts';
import { etfCompare, etfData, etfList, fundsHoldingSecurity, pricePerformance } from '../../../warehouse/queries/funds.ts';
import { NotFoundError } from '../../errors.ts';
import type { HandlerMap } from '../context.ts';
import { EVERY_HOLDING } from './common.ts';

export const fundHandlers: HandlerMap<typeof FUND_TOOLS> = {
  get_etf_data: async ({ symbol, maxHoldings }, { services }) => {
    const data = await etfData(services.warehouse, symbol, maxHoldings ?? EVERY_HOLDING);
    if (!data) throw new NotFoundError(`no N-PORT filing for ${symbol}: see list_etfs`);
    const { holdings, ...meta } = data;
    return { ...meta, items: holdings };
  },
  compare_etfs: ({ symbols }, { services }) => etfCompare(services.warehouse, [...new Set(symbols)]),
  list_etfs: (_args, { services }) => etfList(services.warehouse),
  get_funds_holding: ({ id }, { services }) => fundsHoldingSecurity(services.warehouse, id, LIST_LIMITS.fundHolders.max),
  search_bonds: ({ q }, { services }) => bondSearch(services.warehouse, q, LIST_LIMITS.bondSearch.max),
  get_price_performance: async ({ symbol }, { services }) => {
    const perf = await pricePerformance(services.warehouse, symbol);
    if (!perf) throw new NotFoundError(`no prices for ${symbol}: see list_priced_tickers`);
    return { symbol, ...perf };
  },
};
