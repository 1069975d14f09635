/**
 * Writes the sample's company list `www.sec.gov/files/company_tickers_exchange.json`: the rows of
 * the SEC's real list (`../shared/data/sec_xbrl_json/tickers/company_tickers_exchange.json`, see
 * README.md) whose ticker is in TICKERS, unchanged and in the SEC's order, in the SEC's compact
 * layout. Nothing is typed by hand; rerun to reproduce the file byte for byte:
 *
 *   node --import tsx pipelines/sample/derive-company-list.ts [path/to/company_tickers_exchange.json]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The sample's companies: those with real filings here (AAPL, NVDA, MRVL, TSM: companyfacts and
 * submissions; TSLA: submissions and Forms 4/5; BRK-B: submissions, held in the Kahn Brothers 13F;
 * MSFT: a Form 4, held in the LTS One 13F; AMZN: held in the LTS One 13F; XOM: held in the Kahn
 * Brothers 13F) and those the generated prices, news and BDC files name. */
export const TICKERS = ['AAPL', 'NVDA', 'MRVL', 'TSM', 'TSLA', 'BRK-B', 'MSFT', 'AMZN', 'GOOGL', 'GOOG', 'JPM', 'SPY', 'XOM', 'ORCL', 'JNJ', 'KO', 'A', 'IT', 'ARCC', 'MAIN'];

type Row = [number, string, string, string | null];

export function deriveCompanyList(real: string, tickers: readonly string[] = TICKERS): string {
  const list = JSON.parse(real) as { fields: string[]; data: Row[] };
  const want = new Set(tickers);
  return JSON.stringify({ fields: list.fields, data: list.data.filter((r) => want.has(r[2])) });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = path.resolve(import.meta.dirname, '../..');
  const from = process.argv[2] ?? path.join(process.env.ALMANAC_SHARED_DATA ?? path.join(root, '../shared/data'), 'sec_xbrl_json/tickers/company_tickers_exchange.json');
  writeFileSync(path.join(import.meta.dirname, 'www.sec.gov/files/company_tickers_exchange.json'), deriveCompanyList(readFileSync(from, 'utf8')));
}
