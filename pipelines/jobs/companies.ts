/** `companies`: the SEC company list -> `companies` (cik, ticker, name, exchange). */
import { appendRows } from '../../warehouse/load.ts';
import { parseCompanyTickers, type CompanyRecord } from '../parsers/company-tickers.ts';
import type { Job } from './interface.ts';
import { JOB_SCHEDULES } from '../../schema/schedules.ts';

export const EXCHANGE_LIST = 'www.sec.gov/files/company_tickers_exchange.json';
export const TICKER_LIST = 'www.sec.gov/files/company_tickers.json';

export const companiesJob: Job<CompanyRecord[]> = {
  name: 'companies',
  description: 'SEC company list (company_tickers_exchange.json, else company_tickers.json) into companies',
  // The SEC refreshes the lists during the US night; run after that, before the filings job.
  schedule: JOB_SCHEDULES['companies'],
  async documents(ctx) {
    const listed = await ctx.source.list('www.sec.gov/files');
    if (listed === null) return [EXCHANGE_LIST];
    if (listed.includes(EXCHANGE_LIST)) return [EXCHANGE_LIST];
    return listed.includes(TICKER_LIST) ? [TICKER_LIST] : [EXCHANGE_LIST];
  },
  parse(doc) {
    return parseCompanyTickers(JSON.parse(doc.bytes.toString('utf8')));
  },
  async load(records, ctx) {
    // The list is complete each time: it replaces the table (one transaction, so never half-written).
    await ctx.db.run('DELETE FROM companies');
    const rowsOut = await appendRows(
      ctx.conn,
      'companies',
      records.map((r) => [r.cik, r.ticker, r.name, r.exchange, r.rank]),
    );
    return { rowsIn: records.length, rowsOut };
  },
};
