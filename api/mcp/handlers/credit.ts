/** Handlers of the BDC tools (schema/mcp/credit.ts). */
import { LIST_LIMITS } from '../../../schema/limits.ts';
import type { CREDIT_TOOLS } from '../../../schema/mcp/credit.ts';
import { bdcCreditQuality, bdcHoldings, bdcList, searchBorrowers } from '../../../warehouse/queries/bdc.ts';
import { listFreshness } from '../../../warehouse/queries/freshness.ts';
import { NotFoundError } from '../../errors.ts';
import type { HandlerMap } from '../context.ts';

export const creditHandlers: HandlerMap<typeof CREDIT_TOOLS> = {
  get_bdc_list: async ({ asOf }, { services }) => {
    const items = await bdcList(services.warehouse, asOf);
    return { ...(await listFreshness(services.warehouse, ['bdc'], items.map((r) => r.latestFiled))), items };
  },
  search_bdc_borrower: async ({ q, asOf }, { services }) => {
    const items = await searchBorrowers(services.warehouse, q, { asOf, limit: LIST_LIMITS.borrowerSearch.max });
    return { ...(await listFreshness(services.warehouse, ['bdc'], items.map((r) => r.filed))), items };
  },
  get_bdc_holdings: async ({ cik, period, asOf }, { services }) => {
    const rows = await bdcHoldings(services.warehouse, cik, { period, asOf, limit: LIST_LIMITS.bdcHoldings.max });
    if (rows.length === 0) throw new NotFoundError(`no BDC holdings of CIK ${cik}${period ? ` for ${period}` : ''}: see get_bdc_list`);
    return { ...(await listFreshness(services.warehouse, ['bdc'], rows.map((r) => r.filed))), items: rows.map(({ bdcCik: _c, bdcName: _n, ...r }) => r) };
  },
  alm_bdc_credit_quality: async ({ cik, asOf }, { services }) => {
    const rows = await bdcCreditQuality(services.warehouse, cik, asOf);
    if (rows.length === 0) throw new NotFoundError(`no BDC holdings of CIK ${cik}: see get_bdc_list`);
    return { ...(await listFreshness(services.warehouse, ['bdc'], rows.map((r) => r.filed))), items: rows };
  },
};
