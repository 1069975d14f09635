/** Handlers of the BDC tools (schema/mcp/credit.ts). */
import { LIST_LIMITS } from '../../../schema/limits.ts';
import type { CREDIT_TOOLS } from '../../../schema/mcp/credit.ts';
import { bdcCreditQuality, bdcHoldings, bdcList, searchBorrowers } from '../../../warehouse/queries/bdc.ts';
import { NotFoundError } from '../../errors.ts';
import type { HandlerMap } from '../context.ts';

export const creditHandlers: HandlerMap<typeof CREDIT_TOOLS> = {
  // Lists: dated by each tool's rule and its datasets' jobs (api/mcp/call.ts), as every data tool.
  get_bdc_list: ({ asOf }, { services }) => bdcList(services.warehouse, asOf),
  search_bdc_borrower: ({ q, asOf }, { services }) => searchBorrowers(services.warehouse, q, { asOf, limit: LIST_LIMITS.borrowerSearch.max }),
  get_bdc_holdings: async ({ cik, period, asOf }, { services }) => {
    const rows = await bdcHoldings(services.warehouse, cik, { period, asOf, limit: LIST_LIMITS.bdcHoldings.max });
    if (rows.length === 0) throw new NotFoundError(`no BDC holdings of CIK ${cik}${period ? ` for ${period}` : ''}: see get_bdc_list`);
    return rows.map(({ bdcCik: _c, bdcName: _n, ...r }) => r);
  },
  alm_bdc_credit_quality: async ({ cik, asOf }, { services }) => {
    const rows = await bdcCreditQuality(services.warehouse, cik, asOf);
    if (rows.length === 0) throw new NotFoundError(`no BDC holdings of CIK ${cik}: see get_bdc_list`);
    return rows;
  },
};
