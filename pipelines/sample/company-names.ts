/**
 * Company names from the sample's company list (`www.sec.gov/files/company_tickers_exchange.json`,
 * itself derived from the SEC's list): the generator scripts name a listed company through this
 * file, never by typing its name, so the generated rows link to the sample's companies exactly as
 * the queries match names.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const LIST = path.resolve(import.meta.dirname, 'www.sec.gov/files/company_tickers_exchange.json');

/** The SEC's name of the listed company with `ticker` (throws when the list has no such ticker). */
export function companyName(ticker: string): string {
  const list = JSON.parse(readFileSync(LIST, 'utf8')) as { fields: string[]; data: unknown[][] };
  const [nameAt, tickerAt] = [list.fields.indexOf('name'), list.fields.indexOf('ticker')];
  const row = list.data.find((r) => r[tickerAt] === ticker);
  if (!row) throw new Error(`${ticker} is not in ${LIST}`);
  return String(row[nameAt]);
}
