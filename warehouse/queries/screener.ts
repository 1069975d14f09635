/**
 * The screener (`/api/screener`): every ticker with a latest price, joined with its point-in-time
 * fundamentals (as known today), sector and dividend yield; then filtered and sorted.
 */
import { utcDay } from '../../schema/common.ts';
import type { ScreenerRowData, ScreenerSortField } from '../../schema/market.ts';
import { filingIndexProvenance, provenanceOf } from '../../schema/provenance.ts';
import type { Db } from '../db.ts';
import { memoized } from '../serving.ts';
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
  source: string | null;
  synthetic: boolean;
}

/** Parses `field`, `field:asc|desc` or `-field` (default direction: descending, ascending for ticker/name). */
export function parseSort(sort: string): ScreenerFilters['sort'] {
  const desc = sort.startsWith('-');
  const [field, dir] = sort.replace(/^-/, '').split(':') as [ScreenerSortField, string | undefined];
  const direction = dir === 'asc' || dir === 'desc' ? dir : desc ? 'desc' : field === 'ticker' || field === 'name' ? 'asc' : 'desc';
  return { field, direction };
}

/**
 * The screener universe: every ticker with a latest price and its key metrics (point-in-time
 * fundamentals as known on `asOf`, default today). Unfiltered and unsorted; one price query and one
 * `latestFundamentals` call, memoised per snapshot and `asOf` when the snapshot has a serving layer
 * (issue 15: the MCP tool `run_screener` built it on every call). The rows are shared: callers
 * copy before changing them.
 */
export function screenerUniverse(db: Db, asOf: string = utcDay()): Promise<ScreenerRowData[]> {
  return memoized(db, `screener-universe:${asOf}`, () => buildUniverse(db, asOf));
}

async function buildUniverse(db: Db, asOf: string): Promise<ScreenerRowData[]> {
  const [universe, fundamentals] = await Promise.all([
    db.all<Universe>(
      `SELECT l.ticker, c.name, c.exchange, p.sector, p.industry, strftime(l.date, '%Y-%m-%d') AS date, l.close, l.change_percent, l.dividend_ttm,
              pr.source, coalesce(pr.synthetic, l.synthetic) AS synthetic
       FROM price_latest l JOIN companies c USING (ticker)
       LEFT JOIN prices pr ON pr.ticker = l.ticker AND pr.date = l.date
       LEFT JOIN (SELECT cik, any_value(sector) AS sector, any_value(industry) AS industry FROM company_profiles GROUP BY cik) p USING (cik)`,
    ),
    latestFundamentals(db, null, asOf),
  ]);
  const byTicker = new Map(fundamentals.map((x) => [x.ticker, x]));
  const r4 = (n: number | null | undefined): number | null => (n === null || n === undefined ? null : Math.round(n * 1e4) / 1e4);
  return universe.map((u) => {
    const fu = byTicker.get(u.ticker) ?? null;
    const v = valuation(u.close, fu, u.dividend_ttm);
    return {
      ticker: u.ticker,
      name: u.name,
      sector: u.sector,
      industry: u.industry,
      exchange: u.exchange,
      price: u.close,
      priceDate: u.date,
      changePercent: r4(u.change_percent),
      marketCap: v.marketCap,
      pe: v.pe,
      eps: fu?.epsDilutedTtm ?? null,
      dividendYield: v.dividendYield,
      revenue: fu?.revenue ?? null,
      netMargin: r4(fu?.netMargin),
      roe: r4(fu?.roe),
      fiscalYear: fu?.fiscalYear ?? null,
      periodEnd: fu?.periodEnd ?? null,
      filingDate: fu?.filingDate ?? null,
      priceProvenance: provenanceOf(u.source, u.synthetic),
      fundamentalsProvenance: fu?.accession ? filingIndexProvenance(fu.cik, fu.accession, false) : null,
    };
  });
}

/**
 * Filters and sorts universe rows (nulls last, ties by ticker). A filter on a metric excludes rows
 * where that metric is null; `sector` is a case-insensitive exact match.
 */
export function applyScreen(universe: readonly ScreenerRowData[], f: ScreenerFilters): ScreenerRowData[] {
  const sector = f.sector?.toLowerCase();
  // The order is total (ties by ticker), so filtering the universe pre-sorted by the key gives the
  // same rows as sorting the matches: each (universe, sort key) is sorted once (issue 15).
  return sortedBy(universe, f.sort).filter(
    (r) =>
      (sector === undefined || r.sector?.toLowerCase() === sector) &&
      (f.mktcapMin === undefined || (r.marketCap !== null && r.marketCap >= f.mktcapMin)) &&
      (f.peMax === undefined || (r.pe !== null && r.pe <= f.peMax)) &&
      (f.divYieldMin === undefined || (r.dividendYield !== null && r.dividendYield >= f.divYieldMin)),
  );
}

/** Per universe array (one per snapshot and day), its rows sorted by each key asked for so far. */
const SORTED = new WeakMap<readonly ScreenerRowData[], Map<string, ScreenerRowData[]>>();

/** `universe` sorted by `sort` (nulls last, ties by ticker), computed once per universe and key. */
export function sortedBy(universe: readonly ScreenerRowData[], sort: ScreenerFilters['sort']): readonly ScreenerRowData[] {
  let byKey = SORTED.get(universe);
  if (!byKey) SORTED.set(universe, (byKey = new Map()));
  const key = `${sort.field}:${sort.direction}`;
  let rows = byKey.get(key);
  if (!rows) {
    const { field, direction } = sort;
    const sign = direction === 'asc' ? 1 : -1;
    rows = [...universe].sort((a, b) => {
      const x = a[field];
      const y = b[field];
      if (x === null && y !== null) return 1;
      if (y === null && x !== null) return -1;
      if (x !== null && y !== null && x !== y) return (x < y ? -1 : 1) * sign;
      return a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0;
    });
    byKey.set(key, rows);
  }
  return rows;
}

/** All matching rows, sorted: `applyScreen(await screenerUniverse(db, asOf), f)`. */
export async function screen(db: Db, f: ScreenerFilters): Promise<ScreenerRowData[]> {
  return applyScreen(await screenerUniverse(db, f.asOf), f);
}
