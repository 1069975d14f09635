/**
 * The dataset catalog (spec 1, 4.5 `/datasets`): what each dataset is, where it comes from, how
 * often it is refreshed, which warehouse tables measure its coverage, and which endpoints serve it.
 * One definition feeds the `/datasets` page (HTML and schema.org DataCatalog JSON-LD), llms.txt and
 * the docs.
 */
import { z } from 'zod';

/** A warehouse table that measures a dataset's coverage. */
export interface CoverageTable {
  table: string;
  /** DATE column whose min/max give the temporal coverage. */
  dateColumn?: string;
  /** Column whose distinct count is reported (companies, series, funds...). */
  entityColumn?: string;
  /** What the distinct entities are, for display ("companies", "series"). */
  entityLabel?: string;
}

export interface DatasetEntry {
  /** Stable id, used in URLs (`/datasets#<id>`) and JSON-LD `identifier`. */
  id: string;
  name: string;
  description: string;
  keywords: string[];
  /** Where the data comes from (creator / provider in JSON-LD). */
  source: string;
  sourceUrl: string;
  /** Pipeline jobs that build it (their last successful run dates the dataset). */
  jobs: string[];
  /** Refresh cadence, in words; the cron of each job is in schema/schedules.ts. */
  schedule: string;
  coverage: CoverageTable[];
  /**
   * REST endpoints that serve it (paths under /api), first = the main one. A route listed here
   * answers with `dataThrough` and `fetchedAt` (the ledger times of the jobs of every dataset that
   * lists it; api/freshness.ts).
   */
  endpoints: string[];
  /** MCP tools (spec 4.6) that serve it. */
  mcpTools?: string[];
  /** Minimum tier for any part of it, when one applies (spec 4.4). */
  note?: string;
}

/** Terms every dataset is served under (spec 1). */
export const DATA_TERMS =
  'Educational use. The data is not investment advice: no buy, hold or sell ratings are served. SEC EDGAR data is public information of the U.S. Securities and Exchange Commission; Almanac adds point-in-time normalisation. Redistribution of vendor-sourced fields (prices, news) is not permitted.';

export const DATASETS: DatasetEntry[] = [
  {
    id: 'companies',
    name: 'Company list',
    description: 'Every SEC-registered company with a ticker: CIK, name, symbols and exchange, from the SEC company ticker files.',
    keywords: ['tickers', 'CIK', 'exchange', 'SEC'],
    source: 'U.S. Securities and Exchange Commission (company_tickers_exchange.json)',
    sourceUrl: 'https://www.sec.gov/files/company_tickers_exchange.json',
    jobs: ['companies'],
    schedule: 'daily at 06:15 UTC',
    coverage: [{ table: 'companies', entityColumn: 'cik', entityLabel: 'companies' }],
    endpoints: ['/ticker-search', '/random-ticker'],
    mcpTools: ['search_tickers', 'get_random_ticker'],
  },
  {
    id: 'filings',
    name: 'SEC filing index',
    description: 'The filing history of each company (form, filing date, acceptance time, report date, documents) and company profiles (SIC sector, fiscal year end, former names) from EDGAR submissions.',
    keywords: ['10-K', '10-Q', '8-K', 'EDGAR', 'filings'],
    source: 'SEC EDGAR submissions API (data.sec.gov/submissions)',
    sourceUrl: 'https://data.sec.gov/submissions/',
    jobs: ['filings'],
    schedule: 'daily at 06:30 UTC',
    coverage: [{ table: 'filings', dateColumn: 'filing_date', entityColumn: 'cik', entityLabel: 'companies' }],
    endpoints: ['/data', '/screener', '/screens/{id}/run'],
    mcpTools: ['get_sec_filings', 'get_filing_facts', 'get_company_profile', 'get_ticker_snapshot'],
  },
  {
    id: 'fundamentals',
    name: 'Point-in-time fundamentals',
    description:
      'Standardized financial statements (revenue, net income, assets, liabilities, equity, cash flows, EPS, long-term debt) and ratios derived from XBRL company facts, each value dated by the filing that made it public, so "as known on D" never looks ahead. Restatements appear on the date they were filed.',
    keywords: ['XBRL', 'fundamentals', 'point in time', 'financial statements', 'ratios'],
    source: 'SEC EDGAR XBRL company facts (data.sec.gov/api/xbrl/companyfacts)',
    sourceUrl: 'https://data.sec.gov/api/xbrl/companyfacts/',
    jobs: ['fundamentals'],
    schedule: 'daily at 06:45 UTC',
    coverage: [
      { table: 'fund_statements', dateColumn: 'known_from', entityColumn: 'cik', entityLabel: 'companies' },
      { table: 'facts', dateColumn: 'filed', entityColumn: 'concept', entityLabel: 'concepts' },
    ],
    endpoints: ['/fundamentals-pit', '/fundamentals-history', '/fundamentals-pit/universe', '/fundamentals-pit/stats', '/data/bulk', '/screener', '/screens/{id}/run'],
    mcpTools: ['get_fundamentals', 'get_fundamentals_history', 'get_fundamentals_universe', 'get_fundamentals_stats', 'get_bulk_fundamentals', 'alm_peer_fundamentals', 'alm_intrinsic_value', 'get_ticker_snapshot', 'run_screener'],
    note: 'Bulk export (/api/data/bulk) needs the Investor tier.',
  },
  {
    id: 'prices',
    name: 'Daily prices and technicals',
    description: 'Daily open, high, low, close, adjusted close, volume, dividends and splits, with locally computed technicals (moving averages, RSI, MACD, 52-week range, volatility).',
    keywords: ['prices', 'OHLCV', 'technicals', 'RSI', 'MACD'],
    source: 'End-of-day price provider: Stooq by default (ALMANAC_PRICES_PROVIDER); the sample corpus\'s prices are generated and marked synthetic',
    sourceUrl: 'https://stooq.com/',
    jobs: ['prices', 'technicals'],
    schedule: 'weekdays at 23:30 UTC (technicals at 23:45 UTC)',
    coverage: [{ table: 'prices', dateColumn: 'date', entityColumn: 'ticker', entityLabel: 'tickers' }],
    endpoints: [
      '/price-history',
      '/corporate-actions',
      '/data',
      '/screener',
      '/etf-data',
      '/screens/{id}/run',
      '/watchlists/{id}',
      '/portfolio-positions',
      '/portfolio-history',
      '/portfolio/benchmark',
      '/paper/account',
      '/paper/orders',
      '/paper/orders/{id}',
    ],
    mcpTools: [
      'get_price_history',
      'get_quote',
      'get_technicals',
      'get_technicals_history',
      'list_priced_tickers',
      'get_price_performance',
      'alm_intrinsic_value',
      'get_ticker_snapshot',
      'run_screener',
      'list_portfolio_positions',
      'add_portfolio_position',
      'remove_portfolio_position',
      'get_portfolio_history',
      'get_portfolio_benchmark',
      'get_paper_account',
      'place_paper_order',
    ],
  },
  {
    id: 'macro',
    name: 'Macro series and the Treasury yield curve',
    description: 'Macroeconomic series with their real-time vintages (what was known when) and the daily U.S. Treasury par yield curve.',
    keywords: ['macro', 'FRED', 'yield curve', 'Treasury', 'rates'],
    source: 'U.S. Department of the Treasury; Federal Reserve Economic Data',
    sourceUrl: 'https://home.treasury.gov/',
    jobs: ['macro'],
    schedule: 'weekdays at 22:00 UTC',
    coverage: [
      { table: 'macro_observations', dateColumn: 'date', entityColumn: 'series_id', entityLabel: 'series' },
      { table: 'yield_curve', dateColumn: 'date', entityColumn: 'tenor', entityLabel: 'tenors' },
    ],
    endpoints: ['/macro/series', '/macro/yield-curve', '/macro/series-list'],
    mcpTools: ['get_yield_curve', 'get_macro_series', 'list_macro_series'],
  },
  {
    id: 'news',
    name: 'News',
    description: 'Headlines from public feeds with sentiment scores, industry tags and ticker associations, searchable in full text.',
    keywords: ['news', 'sentiment', 'headlines'],
    source: 'Public RSS feeds (SEC press releases and others)',
    sourceUrl: 'https://www.sec.gov/news/pressreleases.rss',
    jobs: ['news'],
    schedule: 'every 30 minutes',
    coverage: [{ table: 'news_items', dateColumn: 'published_at' }],
    endpoints: ['/news/search', '/news/ticker', '/news/stats'],
    mcpTools: ['search_news', 'get_ticker_news', 'get_news_stats'],
  },
  {
    id: 'insiders',
    name: 'Insider transactions (Forms 3, 4, 5)',
    description: 'Transactions and holdings reported by officers, directors and 10% owners, with the reporting owners and their relationships.',
    keywords: ['insider trading', 'Form 4', 'Form 3', 'Form 5'],
    source: 'SEC EDGAR ownership filings',
    sourceUrl: 'https://www.sec.gov/cgi-bin/browse-edgar?action=getcurrent&type=4',
    jobs: ['insiders'],
    schedule: 'every 30 minutes',
    coverage: [{ table: 'insider_transactions', dateColumn: 'transaction_date' }],
    endpoints: ['/insiders', '/insiders/recent-buys'],
    mcpTools: ['get_insider_trades', 'alm_recent_insider_buys'],
  },
  {
    id: 'institutional',
    name: 'Institutional ownership (13F)',
    description: 'Quarterly 13F-HR holdings of institutional investment managers: issuer, CUSIP, value, shares and voting authority; values normalised to dollars across the 2023 reporting change.',
    keywords: ['13F', 'institutional ownership', 'hedge funds', 'holdings'],
    source: 'SEC EDGAR Form 13F-HR',
    sourceUrl: 'https://www.sec.gov/divisions/investment/13ffaq',
    jobs: ['13f'],
    schedule: 'every 2 hours',
    coverage: [{ table: 'f13_holdings', dateColumn: 'period', entityColumn: 'cik', entityLabel: 'managers' }],
    endpoints: ['/fund-holdings', '/institutional-holders', '/institutions/{cik}'],
    mcpTools: ['get_institutional_holders', 'get_13f_holdings', 'alm_13f_filer_analytics'],
  },
  {
    id: 'funds',
    name: 'Fund and ETF holdings (N-PORT)',
    description: 'Monthly portfolio holdings of registered funds and ETFs from Form N-PORT: securities, amounts, asset categories, and a security master linking CUSIPs, ISINs and tickers.',
    keywords: ['N-PORT', 'ETF', 'mutual funds', 'holdings', 'bonds'],
    source: 'SEC EDGAR Form N-PORT',
    sourceUrl: 'https://www.sec.gov/dera/data/form-n-port-data-sets',
    jobs: ['nport', 'security-master'],
    schedule: 'every 4 hours (security master daily at 08:00 UTC)',
    coverage: [{ table: 'nport_holdings', dateColumn: 'period', entityColumn: 'reg_cik', entityLabel: 'fund registrants' }],
    endpoints: ['/etf-data', '/etf-compare', '/etf-list', '/fund-holders', '/bond-search'],
    mcpTools: ['get_etf_data', 'compare_etfs', 'list_etfs', 'get_funds_holding', 'search_bonds', 'lookup_security'],
  },
  {
    id: 'bdc',
    name: 'Private credit (BDC) holdings',
    description: 'Loan-level schedules of investments of business development companies: borrower, industry, instrument, rate, maturity, principal, cost and fair value.',
    keywords: ['BDC', 'private credit', 'loans', 'schedule of investments'],
    source: 'SEC DERA BDC financial statement data sets',
    sourceUrl: 'https://www.sec.gov/dera/data',
    jobs: ['bdc'],
    schedule: 'daily at 07:00 UTC',
    coverage: [{ table: 'bdc_holdings', dateColumn: 'period', entityColumn: 'cik', entityLabel: 'BDCs' }],
    endpoints: ['/credit/bdc', '/credit/borrowers', '/credit/bdc/{cik}/holdings', '/credit/bdc/{cik}/quality'],
    mcpTools: ['get_bdc_list', 'search_bdc_borrower', 'get_bdc_holdings', 'alm_bdc_credit_quality'],
  },
  {
    id: 'banks',
    name: 'FDIC-insured banks',
    description: 'Every FDIC-insured institution with its latest Call Report figures: total assets, deposits, net income, ROA, ROE, offices, status and holding company (matched to its listed ticker).',
    keywords: ['banks', 'FDIC', 'Call Report', 'deposits'],
    source: 'Federal Deposit Insurance Corporation (BankFind Suite)',
    sourceUrl: 'https://banks.data.fdic.gov/',
    jobs: ['banks'],
    schedule: 'daily at 07:30 UTC',
    coverage: [{ table: 'fdic_institutions', dateColumn: 'report_date', entityColumn: 'cert', entityLabel: 'institutions' }],
    endpoints: ['/banks'],
    mcpTools: ['alm_bank_lookup'],
  },
  {
    id: 'contracts',
    name: 'Federal contract awards',
    description: 'U.S. federal prime contract awards: agency, recipient and its listed parent, obligated and potential value, dates, NAICS and product codes.',
    keywords: ['federal contracts', 'USAspending', 'government spending', 'awards'],
    source: 'USAspending.gov (prime award summaries)',
    sourceUrl: 'https://www.usaspending.gov/',
    jobs: ['contracts'],
    schedule: 'daily at 07:45 UTC',
    coverage: [{ table: 'federal_awards', dateColumn: 'latest_action_date', entityColumn: 'award_key', entityLabel: 'awards' }],
    endpoints: ['/federal-contracts', '/federal-contracts/totals'],
    mcpTools: ['alm_federal_contracts', 'get_federal_contract_totals'],
  },
];

/**
 * The pipeline jobs behind each name a dataset lists (its `endpoints`, or its `mcpTools`): the
 * jobs of every dataset that lists it, whose ledger times date an answer (`fetchedAt`, the oldest).
 * @example jobsByListing((d) => d.endpoints).get('/banks') // ['banks']
 */
export function jobsByListing(listed: (d: DatasetEntry) => readonly string[] | undefined): Map<string, string[]> {
  const jobs = new Map<string, string[]>();
  for (const d of DATASETS) for (const name of listed(d) ?? []) jobs.set(name, [...new Set([...(jobs.get(name) ?? []), ...d.jobs])]);
  return jobs;
}

/** The statistics of one coverage table in the served snapshot. */
export const TableCoverage = z.object({
  table: z.string(),
  rows: z.number().int(),
  syntheticRows: z.number().int().describe('rows flagged synthetic (generated, not taken from the source); 0 for tables without the flag'),
  from: z.string().nullable().describe('earliest date (YYYY-MM-DD)'),
  to: z.string().nullable().describe('latest date (YYYY-MM-DD)'),
  entities: z.number().int().nullable(),
  entityLabel: z.string().nullable(),
});
export type TableCoverage = z.output<typeof TableCoverage>;

/** One pipeline job of a dataset: its schedule, last successful fetch and next scheduled one. */
export const JobFreshness = z.object({
  job: z.string(),
  cron: z.string().nullable().describe('the cron expression (UTC) the scheduler runs the job on (its ALMANAC_SCHEDULES override, or the default)'),
  lastFetchedAt: z.string().nullable().describe('finish time of the last successful run in the ledger of the served snapshot, ISO 8601 UTC without zone'),
  nextFetchAt: z.string().nullable().describe('the next time the cron expression fires after now, ISO 8601 UTC without zone'),
});

/** A dataset with its live coverage, as the catalog serves it. */
export const CatalogDataset = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  source: z.string(),
  sourceUrl: z.string(),
  schedule: z.string(),
  lastUpdated: z.string().nullable().describe('finish time of the newest last successful pipeline run of its jobs (ISO 8601)'),
  /** The dataset's main coverage table (the first): rows, entities and dates. */
  rows: z.number().int().describe('rows of the main coverage table'),
  syntheticRows: z.number().int().describe('of which flagged synthetic'),
  entities: z.number().int().nullable().describe('distinct companies, filers, series ... of the main coverage table'),
  entityLabel: z.string().nullable(),
  from: z.string().nullable().describe('earliest date over its coverage tables (YYYY-MM-DD)'),
  to: z.string().nullable().describe('latest date over its coverage tables (YYYY-MM-DD)'),
  lastFetchedAt: z.string().nullable().describe('the oldest last successful fetch of its jobs (as an answer’s fetchedAt), ISO 8601 UTC without zone'),
  nextFetchAt: z.string().nullable().describe('the earliest next scheduled run of its jobs, ISO 8601 UTC without zone'),
  jobs: z.array(JobFreshness),
  coverage: z.array(TableCoverage),
  endpoints: z.array(z.string()),
});
export type CatalogDataset = z.output<typeof CatalogDataset>;

/** `GET /api/coverage`. */
export const CoverageResult = z.object({
  snapshot: z.string().nullable().describe('the served snapshot version'),
  datasets: z.array(CatalogDataset),
});
