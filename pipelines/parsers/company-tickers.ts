/**
 * SEC company lists:
 * - `company_tickers_exchange.json`: `{"fields":["cik","name","ticker","exchange"],"data":[[...], ...]}`
 *   (exchange may be null);
 * - `company_tickers.json`: `{"0":{"cik_str":320193,"ticker":"AAPL","title":"Apple Inc."}, ...}`.
 * The order of each file is the SEC's (largest first); a CIK with several symbols lists its primary
 * one first, so `rank` keeps that order.
 */
import { QuarantineError } from '../jobs/interface.ts';
import { cikNumber } from './values.ts';

export interface CompanyRecord {
  cik: number;
  ticker: string;
  name: string;
  exchange: string | null;
  rank: number;
}

function cikOf(value: unknown): number {
  const n = cikNumber(value);
  if (n === null) throw new QuarantineError(`invalid cik: ${String(value)}`);
  return n;
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new QuarantineError(`missing ${what}`);
  return value.trim();
}

/** Parses either company list format; tickers are upper-cased, duplicates keep the first. */
export function parseCompanyTickers(json: unknown): CompanyRecord[] {
  if (typeof json !== 'object' || json === null) throw new QuarantineError('company list is not a JSON object');
  const out: CompanyRecord[] = [];
  const seen = new Set<string>();
  const push = (cik: unknown, name: unknown, ticker: unknown, exchange: unknown): void => {
    const t = text(ticker, 'ticker').toUpperCase();
    if (seen.has(t)) return;
    seen.add(t);
    out.push({ cik: cikOf(cik), name: text(name, 'name'), ticker: t, exchange: typeof exchange === 'string' && exchange ? exchange : null, rank: out.length });
  };
  const obj = json as Record<string, unknown>;
  if (Array.isArray(obj.fields) && Array.isArray(obj.data)) {
    const fields = obj.fields as string[];
    const at = (name: string): number => {
      const i = fields.indexOf(name);
      if (i < 0) throw new QuarantineError(`company list has no "${name}" field`);
      return i;
    };
    const [ci, ni, ti, ei] = [at('cik'), at('name'), at('ticker'), fields.indexOf('exchange')];
    for (const row of obj.data as unknown[][]) {
      if (!Array.isArray(row)) throw new QuarantineError('company list row is not an array');
      push(row[ci], row[ni], row[ti], ei >= 0 ? row[ei] : null);
    }
    return out;
  }
  for (const value of Object.values(obj)) {
    const r = value as Record<string, unknown>;
    if (typeof r !== 'object' || r === null) throw new QuarantineError('company list entry is not an object');
    push(r.cik_str ?? r.cik, r.title ?? r.name, r.ticker, r.exchange ?? null);
  }
  return out;
}
