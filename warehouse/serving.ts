/**
 * The read-optimised serving layer (issue 15): the point lookups of one snapshot answered from
 * process memory instead of an analytical DuckDB query per request.
 *
 * Built once per snapshot version by the reader (warehouse/reader.ts) right after it attaches the
 * file and before it routes queries to it, and swapped with it atomically: a query either sees the
 * old snapshot and its index or the new snapshot and its index, never a mix. Snapshots are
 * immutable, so nothing here is ever invalidated within a version.
 *
 * - Companies (ticker -> company, search keys) and every point-in-time statement version with its
 *   metrics are loaded eagerly in three scans (`loadServing`). The PIT rules of
 *   warehouse/queries/fundamentals.ts are applied in JS to these rows; metrics are computed by the
 *   same SQL expressions at load time, so the values are bit-identical to the SQL path (proved for
 *   every sample company at every filing-date boundary by test/warehouse/serving.test.ts).
 * - Per-ticker rows that do not depend on a date (latest price, profile, recent filings, latest
 *   technicals, price target) are memoised lazily per snapshot in a bounded LRU (`memo`): the
 *   first request of a ticker runs the SQL, the next ones are a map access.
 *
 * Memory: see README "Serving layer" for the figure measured on the 5,000-company bench warehouse.
 */
import { LRUCache } from 'lru-cache';
import { utcDay } from '../schema/common.ts';
import { STANDARD_ITEM_NAMES, itemColumn } from '../schema/fundamentals.ts';
import type { Db } from './db.ts';
import type {
  BulkSourceRow,
  Fundamentals,
  HistoryEntry,
  LatestFundamentals,
  Metrics,
  PitStatement,
  UniverseRow,
  ValueSource,
} from './queries/fundamentals.ts';
import { bulkRow } from './queries/fundamentals.ts';
import type { CompanyRow } from './queries/companies.ts';

/** One version of one fiscal period's statement, as loaded from `fund_statements`. */
interface StatementRec {
  fiscalYear: number;
  fiscalPeriod: PitStatement['fiscalPeriod'];
  periodEnd: string;
  knownFrom: string;
  knownTo: string | null;
  /** `known_from` of the period's `fund_periods` row (null when the period row is missing). */
  periodKnown: string | null;
  accession: string;
  form: string;
  values: (number | null)[];
  metrics: Metrics;
  sourcesJson: string;
  sources: Record<string, ValueSource> | null;
}

interface PeriodRec {
  fiscalYear: number;
  fiscalPeriod: string;
  periodEnd: string;
  knownFrom: string;
}

interface CompanyFundamentals {
  /** Non-Q4 periods in the order the SQL picks "the latest": period end desc, FY first, known_from desc. */
  periods: PeriodRec[];
  statements: StatementRec[];
}

interface CompanyEntry extends CompanyRow {
  rank: number;
  lowerName: string;
  /** ' ' + name lowered with every run of non [a-z0-9] replaced by one space (the "word start" key). */
  wordKey: string;
}

const ITEM_COLS = STANDARD_ITEM_NAMES.map(itemColumn);

const known = (s: StatementRec, asOf: string): boolean => s.knownFrom <= asOf && (s.knownTo === null || s.knownTo > asOf);

/** Rows kept by the per-(ticker, date) latest-row cache of a snapshot's serving layer. */
const LATEST_ROWS = 20_000;

/** `date - days` as YYYY-MM-DD (UTC calendar arithmetic). */
function minusDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

/** DuckDB's round(x, 6): half away from zero, input kept when the result is not finite. */
function round6(x: number): number {
  const r = (Math.sign(x) * Math.round(Math.abs(x) * 1e6)) / 1e6;
  return Number.isFinite(r) ? r : x;
}

export interface ServingStats {
  companies: number;
  statements: number;
  periods: number;
  buildMs: number;
}

export class Serving {
  private readonly byTicker = new Map<string, CompanyEntry>();
  /** Companies in (rank, ticker) order: the search's tie order. */
  private readonly ranked: CompanyEntry[];
  /** Companies in ticker order (universe answers). */
  private readonly byTickerOrder: CompanyEntry[];
  /** Primary listing (lowest rank) per CIK. */
  private readonly primary = new Map<number, CompanyEntry>();
  private readonly fundamentals = new Map<number, CompanyFundamentals>();
  /** Splits per ticker (prices' split_ratio other than 1), for per-share values on one basis. */
  private readonly splits: Map<string, { date: string; ratio: number }[]>;
  private readonly cache: LRUCache<string, { value: unknown }>;
  /** Memo entries keyed by what callers choose freely (`MemoOptions.callerKeyed`). */
  private readonly callerKeyed: LRUCache<string, { value: unknown }>;
  /** Serialised large answers (universe), bounded by their total size. */
  private readonly bodies: LRUCache<string, string | Buffer>;
  /** Bodies being built (`body`), by key. */
  private readonly building = new Map<string, Promise<string | Buffer>>();
  /**
   * `latestRow` per (ticker, date) for ticker lists (`/api/data`, bulk lists, GraphQL, MCP): within
   * a snapshot a row depends on nothing else, and working it out (the company's statements
   * filtered and sorted for the trailing four quarters) was 8-12 µs of an uncached `/api/data`
   * answer (issue 15, a profile at a paced 4,000 req/s). Rows are frozen: callers share them.
   */
  private readonly latestRows = new LRUCache<string, { row: LatestFundamentals | null }>({ max: LATEST_ROWS });

  /**
   * The universe as known on a date, for the few dates asked most recently: its pages (REST
   * `limit`/`offset`, MCP cursors) are slices of one list, not one whole-universe pass each (a
   * review found every page's first ask working out the whole universe). Bounded by dates, not by
   * pages: a date's list is one row per company with fundamentals (~1 MB on 5,000 companies).
   */
  private readonly universes = new LRUCache<string, readonly UniverseRow[]>({ max: UNIVERSE_DATES });

  constructor(
    readonly version: string,
    companies: CompanyEntry[],
    fundamentals: Map<number, CompanyFundamentals>,
    readonly stats: ServingStats,
    memoEntries: number,
    splits: Map<string, { date: string; ratio: number }[]> = new Map(),
  ) {
    this.splits = splits;
    for (const c of companies) if (!this.byTicker.has(c.ticker)) this.byTicker.set(c.ticker, c);
    this.ranked = [...companies].sort((a, b) => a.rank - b.rank || (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0));
    for (const c of this.ranked) if (!this.primary.has(c.cik)) this.primary.set(c.cik, c);
    this.byTickerOrder = [...companies].sort((a, b) => (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0));
    this.fundamentals = fundamentals;
    this.cache = new LRUCache({ max: Math.max(1, memoEntries) });
    this.callerKeyed = new LRUCache({ max: Math.max(1, Math.min(memoEntries, CALLER_KEYED_ENTRIES)) });
    this.bodies = new LRUCache<string, string | Buffer>({ maxSize: BODY_CACHE_BYTES, sizeCalculation: bodySize });
  }

  /**
   * A serialised answer cached per snapshot under `key` (the key must name every parameter the
   * answer depends on); at most 64 MB of bodies per snapshot, least recently used evicted.
   */
  body<T extends string | Buffer>(key: string, build: () => Promise<T>): Promise<T> {
    // A build under way is that same promise (Promise.resolve returns a promise as it is).
    return Promise.resolve(this.bodyNow(key, build));
  }

  /** `body`, but a body held is answered as it is: a hit costs no promise and no turn of the microtask queue. */
  bodyNow<T extends string | Buffer>(key: string, build: () => Promise<T>): T | Promise<T> {
    const hit = this.bodies.get(key);
    if (hit !== undefined) return hit as T;
    // Concurrent first asks share one build, as `memo`'s do: a burst on a cold key (a new day's
    // universe, after a swap) built and serialised the answer once per request (a review found 8
    // builds for 8 concurrent asks). A failed build is not kept.
    let building = this.building.get(key);
    if (building === undefined) {
      // Started a microtask later, so a build that throws at once rejects like one that fails later.
      const started = Promise.resolve().then(build).then((built) => {
        const s = Buffer.isBuffer(built) ? unpooled(built) : built;
        if (bodySize(s) <= BODY_CACHE_BYTES) {
          this.bodies.set(key, s);
          if (Buffer.isBuffer(s)) bodyOrigins.set(s, { serving: this, key, formKeys: {} });
        }
        return s;
      });
      building = started;
      this.building.set(key, started);
      const done = (): void => {
        if (this.building.get(key) === started) this.building.delete(key);
      };
      started.then(done, done);
    }
    return building as Promise<T>;
  }

  /**
   * The value of `load()` for `key`, computed once per snapshot (concurrent first calls share one
   * load; a failed load is not kept). Callers must treat the value as immutable.
   */
  memo<T>(key: string, load: () => Promise<T>, options?: MemoOptions): Promise<T> {
    const cache = options?.callerKeyed ? this.callerKeyed : this.cache;
    const hit = cache.get(key);
    if (hit) return hit.value as Promise<T>;
    const value = load();
    cache.set(key, { value });
    value.catch(() => {
      if (cache.get(key)?.value === value) cache.delete(key);
    });
    return value;
  }

  /**
   * Keys of the shared memo (not the caller-keyed one) that `wanted` takes, most recently used
   * first, at most `max`: what a new snapshot warms before it is routed to (reader.ts `warm`).
   */
  memoKeys(wanted: (key: string) => boolean, max: number): string[] {
    const out: string[] = [];
    for (const key of this.cache.keys()) {
      if (out.length >= max) break;
      if (wanted(key)) out.push(key);
    }
    return out;
  }

  /** Whether the shared memo holds `key` (a batch reads together only what it does not). */
  hasMemo(key: string): boolean {
    return this.cache.has(key);
  }

  /** Whether the snapshot lists `ticker` (`company` without making the row). */
  lists(ticker: string): boolean {
    return this.byTicker.has(ticker.toUpperCase());
  }

  company(ticker: string): CompanyRow | null {
    const c = this.byTicker.get(ticker.toUpperCase());
    return c ? { ticker: c.ticker, name: c.name, exchange: c.exchange, cik: c.cik } : null;
  }

  /** `companiesByTickers`: the companies listed under `tickers` (unknown left out), by rank. */
  companiesByTickers(tickers: string[]): CompanyRow[] {
    const set = new Set(tickers.map((t) => t.toUpperCase()));
    return this.pick([...set].flatMap((t) => this.byTicker.get(t) ?? []));
  }

  /** `companiesByCiks`: the primary listing of each CIK (unknown left out), by rank. */
  companiesByCiks(ciks: number[]): CompanyRow[] {
    return this.pick([...new Set(ciks)].flatMap((c) => this.primary.get(c) ?? []));
  }

  private pick(list: CompanyEntry[]): CompanyRow[] {
    return list.sort((a, b) => a.rank - b.rank || cmp(a.ticker, b.ticker)).map((c) => ({ ticker: c.ticker, name: c.name, exchange: c.exchange, cik: c.cik }));
  }

  /** Same ranking as the SQL of `searchTickers`. */
  search(q: string, limit: number, offset: number): CompanyRow[] {
    const sym = q.trim().toUpperCase();
    const text = q.trim().toLowerCase();
    if (!text) return [];
    const buckets: CompanyEntry[][] = [[], [], [], [], []];
    const word = ' ' + text;
    for (const c of this.ranked) {
      const score =
        c.ticker === sym ? 0
        : c.ticker.startsWith(sym) ? 1
        : c.lowerName.startsWith(text) ? 2
        : c.wordKey.includes(word) ? 3
        : c.lowerName.includes(text) ? 4
        : -1;
      if (score >= 0) buckets[score]!.push(c);
    }
    const out: CompanyRow[] = [];
    let skip = offset;
    for (const b of buckets) {
      for (const c of b) {
        if (skip > 0) {
          skip--;
          continue;
        }
        if (out.length >= limit) return out;
        out.push({ ticker: c.ticker, name: c.name, exchange: c.exchange, cik: c.cik });
      }
    }
    return out;
  }

  /** The latest period known on `asOf` and its current statement version (the SQL's LATEST_CTE). */
  private current(cik: number, asOf: string): { fund: CompanyFundamentals; period: PeriodRec; st: StatementRec } | null {
    const fund = this.fundamentals.get(cik);
    if (!fund) return null;
    const period = fund.periods.find((p) => p.knownFrom <= asOf);
    if (!period) return null;
    const st = fund.statements.find(
      (s) => s.fiscalYear === period.fiscalYear && s.fiscalPeriod === period.fiscalPeriod && s.periodEnd === period.periodEnd && known(s, asOf),
    );
    return st ? { fund, period, st } : null;
  }

  private statement(s: StatementRec, restated: boolean, withSources = true): PitStatement {
    const fundamentals = {} as Fundamentals;
    for (let i = 0; i < STANDARD_ITEM_NAMES.length; i++) fundamentals[STANDARD_ITEM_NAMES[i]!] = s.values[i]!;
    if (withSources) s.sources ??= JSON.parse(s.sourcesJson) as Record<string, ValueSource>;
    return {
      fiscalYear: s.fiscalYear,
      fiscalPeriod: s.fiscalPeriod,
      periodEnd: s.periodEnd,
      filingDate: s.knownFrom,
      accession: s.accession,
      form: s.form,
      restated,
      fundamentals,
      metrics: { ...s.metrics },
      sources: withSources ? s.sources! : {},
    };
  }

  pitStatement(cik: number, asOf: string): PitStatement | null {
    const cur = this.current(cik, asOf);
    return cur ? this.statement(cur.st, cur.st.knownFrom > cur.period.knownFrom) : null;
  }

  private latestRow(c: CompanyEntry, asOf: string): LatestFundamentals | null {
    const cur = this.current(c.cik, asOf);
    if (!cur) return null;
    const { fund, period, st } = cur;
    const lower = minusDays(period.periodEnd, 380);
    const quarters = fund.statements
      .filter((s) => QUARTERS.has(s.fiscalPeriod) && s.periodEnd <= period.periodEnd && s.periodEnd > lower && known(s, asOf))
      .sort((a, b) => (a.periodEnd < b.periodEnd ? 1 : a.periodEnd > b.periodEnd ? -1 : 0))
      .slice(0, 4);
    // On the share basis of asOf: divided by the ticker's splits after the value was filed (as the SQL path).
    const splits = this.splits.get(c.ticker);
    const eps = (s: StatementRec): number | null => {
      const v = s.values[EPS_DILUTED]!;
      if (v === null || !splits) return v;
      let factor = 1;
      for (const sp of splits) if (sp.date > s.knownFrom && sp.date <= asOf) factor *= sp.ratio;
      return v / factor;
    };
    let ttm: number | null = null;
    if (quarters.length === 4 && quarters.every((q) => eps(q) !== null)) ttm = round6(quarters.reduce((sum, q) => sum + eps(q)!, 0));
    if (ttm === null) {
      let fy: StatementRec | null = null;
      for (const s of fund.statements) {
        if (s.fiscalPeriod === 'FY' && s.periodEnd <= period.periodEnd && known(s, asOf) && (!fy || s.periodEnd > fy.periodEnd)) fy = s;
      }
      const v = fy ? eps(fy) : null;
      ttm = v === null ? null : round6(v);
    }
    const v = (col: string): number | null => st.values[ITEM_INDEX.get(col)!]!;
    return {
      ticker: c.ticker,
      cik: c.cik,
      fiscalYear: st.fiscalYear,
      fiscalPeriod: st.fiscalPeriod,
      periodEnd: st.periodEnd,
      filingDate: st.knownFrom,
      accession: st.accession,
      form: st.form,
      revenue: v('revenue'),
      netIncome: v('net_income'),
      totalAssets: v('total_assets'),
      totalLiabilities: v('total_liabilities'),
      stockholdersEquity: v('stockholders_equity'),
      operatingCashFlow: v('operating_cash_flow'),
      epsBasic: v('eps_basic'),
      epsDiluted: v('eps_diluted'),
      epsDilutedTtm: ttm,
      longTermDebt: v('long_term_debt'),
      sharesOutstanding: v('shares_outstanding'),
      ...st.metrics,
      dividendsPerShare: v('dividends_per_share'),
    };
  }

  /** `latestFundamentals` in memory: one row per requested ticker with data, by ticker. */
  latestFundamentals(tickers: string[] | null, asOf: string): LatestFundamentals[] {
    const out: LatestFundamentals[] = [];
    if (tickers === null) {
      // The universe: worked out whole (its callers keep their answers per day), not through the
      // per-row cache, which it would empty.
      for (const c of this.byTickerOrder) {
        const row = this.latestRow(c, asOf);
        if (row) out.push(row);
      }
      return out;
    }
    const set = new Set(tickers.map((t) => t.toUpperCase()));
    const companies = [...set].flatMap((t) => this.byTicker.get(t) ?? []).sort((a, b) => (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0));
    for (const c of companies) {
      const key = `${c.ticker}|${asOf}`;
      let hit = this.latestRows.get(key);
      if (hit === undefined) {
        const row = this.latestRow(c, asOf);
        this.latestRows.set(key, (hit = { row: row && Object.freeze(row) }));
      }
      if (hit.row) out.push(hit.row);
    }
    return out;
  }

  fundamentalsHistory(cik: number, start: string, end: string): HistoryEntry[] {
    const fund = this.fundamentals.get(cik);
    if (!fund) return [];
    const rows = fund.statements.filter((s) => s.periodKnown !== null && s.knownFrom >= start && s.knownFrom <= end).sort(historyOrder);
    const entries: HistoryEntry[] = [];
    for (const s of rows) {
      const st = this.statement(s, s.knownFrom > s.periodKnown!);
      const last = entries.at(-1);
      if (last && last.filingDate === st.filingDate && last.accession === st.accession) last.statements.push(st);
      else entries.push({ filingDate: st.filingDate, accession: st.accession, form: st.form, statements: [st] });
    }
    return entries;
  }

  /** Every ticker with point-in-time fundamentals on `asOf`, by ticker: frozen, shared by its callers. */
  pitUniverse(asOf: string): readonly UniverseRow[] {
    let kept = this.universes.get(asOf);
    if (!kept) this.universes.set(asOf, (kept = frozen(this.workOutUniverse(asOf))));
    return kept;
  }

  private workOutUniverse(asOf: string): UniverseRow[] {
    const out: UniverseRow[] = [];
    for (const c of this.byTickerOrder) {
      const cur = this.current(c.cik, asOf);
      if (cur) {
        const s = cur.st;
        out.push({ ticker: c.ticker, cik: c.cik, fiscalYear: s.fiscalYear, fiscalPeriod: s.fiscalPeriod, periodEnd: s.periodEnd, filingDate: s.knownFrom });
      }
    }
    return out;
  }

  bulkFundamentals(tickers: string[], asOf: string): BulkSourceRow[] {
    return tickers.map((ticker): BulkSourceRow => {
      const c = this.byTicker.get(ticker);
      if (!c) return { ticker, status: 'unknown' };
      const cur = this.current(c.cik, asOf);
      if (!cur) return { ticker, status: 'no-data' };
      return bulkRow(ticker, c.cik, this.statement(cur.st, false, false));
    });
  }
}

const BODY_CACHE_BYTES = 64 * 1024 * 1024;
const bodySize = (s: string | Buffer): number => Math.max(1, typeof s === 'string' ? s.length * 2 : s.length);
const QUARTERS = new Set(['Q1', 'Q2', 'Q3', 'Q4']);
const ITEM_INDEX = new Map(ITEM_COLS.map((c, i) => [c, i]));
const EPS_DILUTED = ITEM_INDEX.get('eps_diluted')!;

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** ORDER BY known_from, accession, period_end DESC, fiscal_period = 'FY' DESC, fiscal_period DESC */
function historyOrder(a: StatementRec, b: StatementRec): number {
  return (
    cmp(a.knownFrom, b.knownFrom) ||
    cmp(a.accession, b.accession) ||
    cmp(b.periodEnd, a.periodEnd) ||
    (b.fiscalPeriod === 'FY' ? 1 : 0) - (a.fiscalPeriod === 'FY' ? 1 : 0) ||
    cmp(b.fiscalPeriod, a.fiscalPeriod)
  );
}

/** ORDER BY period_end DESC, fiscal_period = 'FY' DESC, known_from DESC (fiscal_year DESC for a stable tie). */
function periodOrder(a: PeriodRec, b: PeriodRec): number {
  return (
    cmp(b.periodEnd, a.periodEnd) ||
    (b.fiscalPeriod === 'FY' ? 1 : 0) - (a.fiscalPeriod === 'FY' ? 1 : 0) ||
    cmp(b.knownFrom, a.knownFrom) ||
    b.fiscalYear - a.fiscalYear
  );
}

export interface ServingOptions {
  /** Entries of the per-snapshot memo (per-ticker rows); default 50,000. */
  memoEntries?: number;
}

/**
 * Loads the serving layer of the snapshot `db` reads (three scans: companies, periods,
 * statements with their metrics). Throws when a table is missing (the reader then serves by SQL).
 */
export async function loadServing(db: Db, version: string, options: ServingOptions = {}): Promise<Serving> {
  const t0 = performance.now();
  const companyRows = await db.all<CompanyRow & { rank: number }>('SELECT ticker, name, exchange, cik, rank FROM companies');
  const companies: CompanyEntry[] = companyRows.map((c) => {
    const lowerName = c.name.toLowerCase();
    return { ...c, lowerName, wordKey: ' ' + lowerName.replace(/[^a-z0-9]+/g, ' ') };
  });
  const periods = await db.all<PeriodRec & { cik: number }>(
    `SELECT cik, fiscal_year AS "fiscalYear", fiscal_period AS "fiscalPeriod", strftime(period_end, '%Y-%m-%d') AS "periodEnd",
       strftime(known_from, '%Y-%m-%d') AS "knownFrom"
     FROM fund_periods WHERE fiscal_period <> 'Q4'`,
  );
  const statements = await db.all<Record<string, unknown>>(
    `SELECT s.cik, s.fiscal_year, s.fiscal_period, strftime(s.period_end, '%Y-%m-%d') AS period_end,
       strftime(s.known_from, '%Y-%m-%d') AS known_from, strftime(s.known_to, '%Y-%m-%d') AS known_to,
       strftime(p.known_from, '%Y-%m-%d') AS period_known, s.accession, s.form, s.sources,
       ${ITEM_COLS.map((c) => `s.${c}`).join(', ')},
       coalesce(s.gross_profit, s.revenue - s.cost_of_revenue) / NULLIF(s.revenue, 0) AS gross_margin,
       s.operating_income / NULLIF(s.revenue, 0) AS operating_margin,
       s.net_income / NULLIF(s.revenue, 0) AS net_margin,
       s.net_income / NULLIF(s.total_assets, 0) AS roa,
       s.net_income / NULLIF(s.stockholders_equity, 0) AS roe,
       s.current_assets / NULLIF(s.current_liabilities, 0) AS current_ratio
     FROM fund_statements s
     LEFT JOIN (SELECT cik, fiscal_year, fiscal_period, period_end, max(known_from) AS known_from FROM fund_periods GROUP BY ALL) p
       USING (cik, fiscal_year, fiscal_period, period_end)`,
  );
  const fundamentals = new Map<number, CompanyFundamentals>();
  const of = (cik: number): CompanyFundamentals => {
    let f = fundamentals.get(cik);
    if (!f) fundamentals.set(cik, (f = { periods: [], statements: [] }));
    return f;
  };
  for (const p of periods) of(p.cik).periods.push({ fiscalYear: p.fiscalYear, fiscalPeriod: p.fiscalPeriod, periodEnd: p.periodEnd, knownFrom: p.knownFrom });
  for (const r of statements) {
    of(r.cik as number).statements.push({
      fiscalYear: r.fiscal_year as number,
      fiscalPeriod: r.fiscal_period as PitStatement['fiscalPeriod'],
      periodEnd: r.period_end as string,
      knownFrom: r.known_from as string,
      knownTo: (r.known_to as string | null) ?? null,
      periodKnown: (r.period_known as string | null) ?? null,
      accession: r.accession as string,
      form: r.form as string,
      values: ITEM_COLS.map((c) => (r[c] as number | null) ?? null),
      metrics: {
        grossMargin: r.gross_margin as number | null,
        operatingMargin: r.operating_margin as number | null,
        netMargin: r.net_margin as number | null,
        roa: r.roa as number | null,
        roe: r.roe as number | null,
        currentRatio: r.current_ratio as number | null,
      },
      sourcesJson: r.sources as string,
      sources: null,
    });
  }
  for (const f of fundamentals.values()) f.periods.sort(periodOrder);
  const splits = new Map<string, { date: string; ratio: number }[]>();
  for (const r of await db.all<{ ticker: string; date: string; ratio: number }>(
    `SELECT ticker, strftime(date, '%Y-%m-%d') AS date, split_ratio AS ratio FROM prices WHERE split_ratio > 0 AND split_ratio <> 1 ORDER BY ticker, date`,
  )) {
    const list = splits.get(r.ticker) ?? [];
    list.push({ date: r.date, ratio: r.ratio });
    splits.set(r.ticker, list);
  }
  const stats = { companies: companies.length, statements: statements.length, periods: periods.length, buildMs: Math.round(performance.now() - t0) };
  return new Serving(version, companies, fundamentals, stats, options.memoEntries ?? 50_000, splits);
}

/**
 * `load()` memoised per snapshot under `key` when `db` has a serving layer (the value must depend
 * only on the snapshot and the key, never on the clock); run every time otherwise. The value is
 * shared between requests: callers copy before changing it.
 */
export function memoized<T>(db: Db, key: string, load: () => Promise<T>, options?: MemoOptions): Promise<T> {
  const serving = db.serving?.();
  return serving ? serving.memo(key, load, options) : load();
}

/** The column naming each row's ticker in a `seedPerTicker` query (dropped from the rows kept). */
export const SEED_TICKER = '__ticker';

/**
 * A per-ticker query's filter on `column`, to one ticker ($1) or, `many`, to the list of tickers
 * $1 with the ticker as an extra last column (`select`, for `seedPerTicker`): one SQL text for both.
 */
export function tickerFilter(column: string, many: boolean): { where: string; select: string } {
  return many ? { where: `${column} IN (SELECT unnest($1::VARCHAR[]))`, select: `, ${column} AS ${SEED_TICKER}` } : { where: `${column} = $1`, select: '' };
}

/**
 * The per-ticker memo entries `key(t)` of many tickers from one query: `sql` takes the tickers as
 * the list $1 and returns each row with its ticker in a last column `SEED_TICKER`; every ticker gets
 * its rows (none: an empty list), in the query's order, as the entry the one-ticker query under
 * that key would have made. Entries already there are left as they are. Nothing without a serving
 * layer. The tickers must be listed by the snapshot (a ticker of a caller's choosing is kept apart:
 * `callerKeyedTicker`).
 */
export async function seedPerTicker(db: Db, tickers: string[], key: (ticker: string) => string, sql: string): Promise<void> {
  const serving = db.serving?.();
  if (!serving || tickers.length === 0) return;
  const rows = await db.all<Record<string, unknown>>(sql, [tickers]);
  const byTicker = new Map<string, Record<string, unknown>[]>(tickers.map((t) => [t, []]));
  for (const row of rows) {
    const ticker = row[SEED_TICKER] as string;
    delete row[SEED_TICKER];
    byTicker.get(ticker)?.push(row);
  }
  for (const [ticker, list] of byTicker) void serving.memo(key(ticker), () => Promise.resolve(list));
}

export interface MemoOptions {
  /**
   * The key holds what a caller chooses freely (a search text, a list of tickers, any date): kept
   * in an LRU of its own of `CALLER_KEYED_ENTRIES`, so callers' choices neither push out the
   * entries every answer shares (a ticker's snapshot, the screener universe, the run ledger) nor
   * grow the memo with them.
   */
  callerKeyed?: boolean;
}

/**
 * Whether a per-ticker memo entry is keyed by what a caller chose (`MemoOptions.callerKeyed`): a
 * ticker the snapshot does not list (any symbol may be asked, and each would stay in the shared memo
 * as an empty answer), or a date other than today's (the latest and today's are what answers share;
 * valuation asks for today's by date).
 */
export function callerKeyedTicker(db: Db, ticker: string, asOf: string | null = null): boolean {
  if (asOf !== null && asOf !== utcDay()) return true;
  const serving = db.serving?.();
  return serving !== null && serving !== undefined && !serving.lists(ticker);
}

/**
 * How many caller-keyed memo entries a snapshot keeps. In the memo's 50,000 they could take about
 * 0.7 GB (a review measured 13.7 KB per 100-ticker bulk entry on the 5,000-company warehouse) and
 * evict what every answer shares.
 */
export const CALLER_KEYED_ENTRIES = 4_096;

/** How many dates' universes (`Serving.pitUniverse`) a snapshot keeps. */
const UNIVERSE_DATES = 4;

/** `value` and every object and array in it, frozen: a value shared between requests (a caller that changed it would throw). */
export function frozen<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const v of Object.values(value)) frozen(v);
    Object.freeze(value);
  }
  return value;
}

/**
 * `bytes` in memory of their own. Node hands out small buffers (under 4 KB: `Buffer.from` of most
 * answers, zlib's output) as slices of a shared 8 KB pool, and a slice kept alive keeps its whole
 * pool alive: kept answers would pin up to 8 KB each whatever their size, beyond what the caches
 * count. A buffer that already owns its memory is returned as it is.
 */
export function unpooled(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}

/**
 * `build()`'s answer as JSON bytes, cached per snapshot under `key` (as `cachedBody`). An HTTP
 * answer is kept as bytes, not as a string: Node writes a string body by joining the header block
 * to it and copying the result into a fresh buffer sized for 3 bytes a character, every request,
 * where a Buffer goes to the socket as it is (issue 15: the cached screener answer, 2.6 KB, caused
 * 72 young-generation collections in 4 s at 4,000 req/s as a string, 26 as bytes, and its CPU per
 * request fell by 6-26 %).
 */
export function cachedJson(db: Db, key: string, build: () => Promise<unknown>): Promise<Buffer> {
  return cachedBody(db, key, async () => Buffer.from(JSON.stringify(await build())));
}

/**
 * Where each kept body came from: the snapshot's cache holding it and its key there. Its compressed
 * forms are kept in that same cache under the key and encoding (`keptWith`, api/encoding.ts), so
 * they are of that snapshot whatever is served when they are made, and they count in its 64 MB.
 */
const bodyOrigins = new WeakMap<Buffer, BodyOrigin>();

export interface BodyOrigin {
  serving: Serving;
  key: string;
  /** The keys of its compressed forms in that cache, by coding: made once, so their hash is worked out once. */
  formKeys: Record<string, string>;
}

/** The snapshot cache and key a kept body came from (`bodyOrigins`), or undefined. */
export function bodyOrigin(body: Buffer): BodyOrigin | undefined {
  return bodyOrigins.get(body);
}

/** `build()`'s serialised answer, cached per snapshot under `key` when `db` has a serving layer. */
export function cachedBody<T extends string | Buffer>(db: Db, key: string, build: () => Promise<T>): Promise<T> {
  const serving = db.serving?.();
  return serving ? serving.body(key, build) : build();
}

/**
 * `cachedBody` of the snapshot served now, for answers kept under several keys (an answer and a
 * form of it): all come from that one snapshot even when a swap lands between the lookups. Looked up
 * once per key instead, a swap between them kept the old snapshot's form in the new snapshot's
 * cache (a review found it in MCP `get_fundamentals`; the test reproduces it).
 */
export function snapshotBodies(db: Db): <T extends string | Buffer>(key: string, build: () => Promise<T>) => Promise<T> {
  const serving = db.serving?.();
  return (key, build) => (serving ? serving.body(key, build) : build());
}
