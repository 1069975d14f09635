/** Handlers of the company tools (schema/mcp/companies.ts). */
import { LIST_LIMITS } from '../../../schema/limits.ts';
import type { COMPANY_TOOLS } from '../../../schema/mcp/companies.ts';
import { randomTicker, searchTickers } from '../../../warehouse/queries/companies.ts';
import { companyProfile } from '../../../warehouse/queries/filings.ts';
import { factsByAccessions, filingsByCiks } from '../../../warehouse/queries/filings-extra.ts';
import { NotFoundError } from '../../errors.ts';
import type { HandlerMap } from '../context.ts';
import { requireCompany } from './common.ts';

export const companyHandlers: HandlerMap<typeof COMPANY_TOOLS> = {
  search_tickers: ({ q }, { services }) => searchTickers(services.warehouse, q, LIST_LIMITS.tickerSearch.max),
  get_random_ticker: async (_args, { services }) => {
    const row = await randomTicker(services.warehouse);
    if (!row) throw new NotFoundError('the ticker universe is empty');
    return row;
  },
  get_company_profile: async ({ ticker }, { services }) => {
    const profile = await companyProfile(services.warehouse, ticker);
    if (!profile) throw new NotFoundError(`unknown ticker ${ticker}: try search_tickers`);
    return { ticker, ...profile };
  },
  get_sec_filings: async ({ ticker, form, asOf }, { services }) => {
    const company = await requireCompany(services.warehouse, ticker);
    const rows = await filingsByCiks(services.warehouse, [company.cik], { form: form?.toUpperCase() ?? null, asOf: asOf ?? null, limit: 1000 });
    return rows.map(({ cik: _cik, ...r }) => r);
  },
  get_filing_facts: async ({ accession, concept }, { services }) => {
    const rows = await factsByAccessions(services.warehouse, [accession], concept ?? null);
    if (rows.length === 0) throw new NotFoundError(`no XBRL facts loaded for filing ${accession}${concept ? ` and concept ${concept}` : ''}`);
    return rows.map(({ accession: _a, cik: _c, frame: _f, ...r }) => r);
  },
};
