/** Handlers of the insider, 13F and security-master tools (schema/mcp/ownership.ts). */
import type { OWNERSHIP_TOOLS } from '../../../schema/mcp/ownership.ts';
import { insiderTrades, recentInsiderBuys } from '../../../warehouse/queries/insiders.ts';
import { filerAnalytics, fundHoldings, institutionalHolders } from '../../../warehouse/queries/institutions.ts';
import { cusipsForTicker, lookupSecurity } from '../../../warehouse/queries/securities.ts';
import { NotFoundError } from '../../errors.ts';
import type { HandlerMap } from '../context.ts';
import { requireCompany } from './common.ts';
import { listFreshness } from '../../../warehouse/queries/freshness.ts';

export const ownershipHandlers: HandlerMap<typeof OWNERSHIP_TOOLS> = {
  get_insider_trades: async ({ ticker, owner, codes, from, to, asOf }, { services }) => {
    if (ticker) await requireCompany(services.warehouse, ticker);
    const items = await insiderTrades(services.warehouse, { ticker, owner: owner?.toLowerCase(), codes, from, to, asOf, limit: 500 });
    return { ...(await listFreshness(services.warehouse, ['insiders'], items.map((r) => r.filed))), items };
  },
  alm_recent_insider_buys: async ({ days, minValueUsd, asOf }, { services }) => {
    const items = await recentInsiderBuys(services.warehouse, { days, minValueUsd, asOf, limit: 200 });
    return { ...(await listFreshness(services.warehouse, ['insiders'], items.map((r) => r.filed))), items };
  },
  get_institutional_holders: async ({ ticker, quarter, asOf }, { services }) => {
    await requireCompany(services.warehouse, ticker);
    const cusips = await cusipsForTicker(services.warehouse, ticker);
    const result = cusips.length ? await institutionalHolders(services.warehouse, { ticker, cusips, quarter, asOf, limit: 100 }) : null;
    if (!result) throw new NotFoundError(`no 13F holdings of ${ticker}${quarter ? ` in ${quarter}` : ''} are loaded`);
    const { holders, ...meta } = result;
    return { ...meta, items: holders };
  },
  get_13f_holdings: async ({ cik, quarter, asOf }, { services }) => {
    const result = await fundHoldings(services.warehouse, { cik, quarter, maxHoldings: 100_000, asOf });
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
