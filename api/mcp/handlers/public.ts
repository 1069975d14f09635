/** Handlers of the bank and federal-contract tools (schema/mcp/public.ts). */
import type { PUBLIC_TOOLS } from '../../../schema/mcp/public.ts';
import { bankLookup } from '../../../warehouse/queries/banks.ts';
import { contractTotals, federalContracts } from '../../../warehouse/queries/contracts.ts';
import { BadRequestError } from '../../errors.ts';
import type { HandlerMap } from '../context.ts';

export const publicHandlers: HandlerMap<typeof PUBLIC_TOOLS> = {
  alm_bank_lookup: async (args, { services }) => {
    if (!args.q && !args.cert && !args.state && !args.ticker) throw new BadRequestError("pass at least one of 'q', 'cert', 'state' or 'ticker'");
    return bankLookup(services.warehouse, { ...args, limit: 1000 });
  },
  alm_federal_contracts: async (args, { services }) => {
    if (!args.ticker && !args.recipient && !args.agency && !args.fiscalYear) throw new BadRequestError("pass at least one of 'ticker', 'recipient', 'agency' or 'fiscalYear'");
    return federalContracts(services.warehouse, { ...args, limit: 1000 });
  },
  get_federal_contract_totals: async (args, { services }) => {
    if (!args.ticker && !args.recipient && !args.agency && !args.fiscalYear) throw new BadRequestError("pass at least one of 'ticker', 'recipient', 'agency' or 'fiscalYear'");
    return contractTotals(services.warehouse, args);
  },
};
