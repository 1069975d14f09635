/**
 * `/api/federal-contracts` and `/api/federal-contracts/totals`: US federal prime contract awards
 * (job `contracts`, USAspending; the capabilities of MCP `alm_federal_contracts` and
 * `get_federal_contract_totals`).
 */
import { ErrorBody } from '../../schema/common.ts';
import { ContractsQuery, ContractsResult, ContractTotalsQuery, ContractTotalsResult } from '../../schema/public.ts';
import { contractTotals, federalContracts } from '../../warehouse/queries/contracts.ts';
import { defineRoute, resource } from '../route.ts';

const FILTERS =
  'Give at least one of `ticker` (the listed company that is the recipient or its parent, matched by name), `recipient` (name contains), ' +
  '`agency` (awarding agency or sub-agency contains) or `fiscal_year`.';

export const contracts = resource('Contracts', [
  defineRoute({
    method: 'GET',
    path: '/federal-contracts',
    capability: 'federal_contracts',
    summary: 'US federal prime contract awards by company, recipient, agency or fiscal year',
    description: `Prime award summaries from USAspending, each award once (its latest modification), largest obligation first. ${FILTERS} Amounts in US dollars. Each row carries its \`provenance\`; the answer's \`dataThrough\` (newest latest-action date listed) and \`fetchedAt\` are the X-Data-Through and X-Fetched-At headers (the body stays a list).`,
    query: ContractsQuery,
    responses: {
      200: { description: 'matching awards (possibly none)', schema: ContractsResult, freshnessHeaders: true },
      400: { description: 'no filter given, or an invalid parameter', schema: ErrorBody },
    },
    handler: async ({ query, services }) => {
      return federalContracts(services.warehouse, { ticker: query.ticker, recipient: query.recipient, agency: query.agency, fiscalYear: query.fiscal_year, limit: query.limit, offset: query.offset });
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/federal-contracts/totals',
    capability: 'federal_contract_totals',
    summary: 'Totals of federal contract awards by agency and fiscal year',
    description: `Count, obligated and potential value of the matching awards, overall, per awarding agency and per fiscal year. ${FILTERS} \`synthetic\` is true when any matching award's figures were generated; \`dataThrough\` is the newest latest-action date of the matching awards, \`fetchedAt\` the contracts job's last successful run (run ledger).`,
    query: ContractTotalsQuery,
    responses: {
      200: { description: 'the totals', schema: ContractTotalsResult },
      400: { description: 'no filter given, or an invalid parameter', schema: ErrorBody },
    },
    handler: ({ query, services }) =>
      contractTotals(services.warehouse, { ticker: query.ticker, recipient: query.recipient, agency: query.agency, fiscalYear: query.fiscal_year }),
  }),
]);
