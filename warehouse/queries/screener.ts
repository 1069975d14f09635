/**
 * The screener (`/api/screener`): every ticker with a latest price, joined with its point-in-time
 * fundamentals (as known today), sector and dividend yield; filtered and sorted in one pass.
 */
import type { ScreenerRowData, ScreenerSortField } from '../../schema/market.ts';
import type { Db } from '../db.ts';
import { latestFundamentals } from './fundamentals.ts';
import { valuation } from './snapshot.ts';

export interface ScreenerFilters {
  mktcapMin?: number;
  peMax?: number;
  /** Percent. */
  divYieldMin?: number;
  sector?: string;
  sort: { field: ScreenerSortField; direction: 'asc' | 'desc' };
  /** YYYY-MM-DD point-in-time date of the fundamentals (default today). */
  asOf?: string;
}

interface Universe {
  ticker: string;
  name: string;
  exchange: string | null;
  sector: string | null;
  industry: string | null;
  date: string;
  close: number;
  change_percent: number | null;
  dividend_ttm: number;
}

/** Parses `field`, `field:asc|desc` or `-field` (default direction: descending, ascending for ticker/name). */
export function parseSort(sort: string): ScreenerFilters['sort'] {
  const desc = sort.startsWith('-');
  const [field, dir] = sort.replace(/^-/, '').split(':') as [ScreenerSortField, string | undefined];
  const direction = dir === 'asc' || dir === 'desc' ? dir : desc ? 'desc' : field === 'ticker' || field === 'name' ? 'asc' : 'desc';
  return { field, direction };
}

/**
 * All matching rows, sorted (nulls last, ties by ticker). A filter on a metric excludes rows
 * where that metric is null. The caller slices the page (and applies the tier rule).
 */
export async function screen(db: Db, f: ScreenerFilters): Promise<ScreenerRowData[]> {
  const asOf = f.asOf ?? new Date().toISOString().slice(0, 10);
  const [universe, fundamentals] = await Promise.all([
    db.all<Universe>(
      `SELECT l.ticker, c.name, c.exchange, p.sector, p.industry, strftime(l.date, '%Y-%m-%d') AS date, l.close, l.change_percent, l.dividend_ttm
       FROM price_latest l JOIN companies c USING (ticker)
       LEFT JOIN (SELECT cik, any_value(sector) AS sector, any_value(industry) AS industry FROM company_profiles GROUP BY cik) p USING (cik)
       WHERE $sector::VARCHAR IS NULL OR lower(p.sector) = lower($sector::VARCHAR)`,
      { sector: f.sector ?? null },
    ),
    latestFundamentals(db, null, asOf),
  ]);
  const byTicker = new Map(fundamentals.map((x) => [x.ticker, x]));
  const rows: ScreenerRowData[] = [];
  for (const u of universe) {
    const fu = byTicker.get(u.ticker) ?? null;
    const v = valuation(u.close, fu, u.dividend_ttm);
    if (f.mktcapMin !== undefined && (v.marketCap === null || v.marketCap < f.mktcapMin)) continue;
    if (f.peMax !== undefined && (v.pe === null || v.pe > f.peMax)) continue;
    if (f.divYieldMin !== undefined && (v.dividendYield === null || v.dividendYield < f.divYieldMin)) continue;
    rows.push({
      ticker: u.ticker,
      name: u.name,
      sector: u.sector,
      industry: u.industry,
      exchange: u.exchange,
      price: u.close,
      priceDate: u.date,
      changePercent: u.change_percent === null ? null : Math.round(u.change_percent * 1e4) / 1e4,
      marketCap: v.marketCap,
      pe: v.pe,
      eps: fu?.epsDilutedTtm ?? null,
      dividendYield: v.dividendYield,
      revenue: fu?.revenue ?? null,
      netMargin: fu?.netMargin === null || fu?.netMargin === undefined ? null : Math.round(fu.netMargin * 1e4) / 1e4,
      roe: fu?.roe === null || fu?.roe === undefined ? null : Math.round(fu.roe * 1e4) / 1e4,
      fiscalYear: fu?.fiscalYear ?? null,
      periodEnd: fu?.periodEnd ?? null,
      filingDate: fu?.filingDate ?? null,
    });
  }
  const { field, direction } = f.sort;
  const sign = direction === 'asc' ? 1 : -1;
  rows.sort((a, b) => {
    const x = a[field];
    const y = b[field];
    if (x === null && y !== null) return 1;
    if (y === null && x !== null) return -1;
    if (x !== null && y !== null && x !== y) return (x < y ? -1 : 1) * sign;
    return a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0;
  });
  return rows;
}
