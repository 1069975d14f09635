/** Handlers of the market tools (schema/mcp/markets.ts). */
import { SCREENER_DEFAULTS } from '../../../schema/market.ts';
import type { MARKET_EXTRA_TOOLS, MARKET_TOOLS } from '../../../schema/mcp/markets.ts';
import { runScreener } from '../../rest/screener.ts';
import { tickerSnapshot } from '../../../warehouse/queries/snapshot.ts';
import { hasPrices, latestQuote, priceCoverage, priceHistory, priceHistoryMeta } from '../../../warehouse/queries/prices.ts';
import { latestTechnicals, technicalsHistory } from '../../../warehouse/queries/technicals.ts';
import { NotFoundError } from '../../errors.ts';
import type { HandlerMap } from '../context.ts';

const noPrices = (ticker: string) => new NotFoundError(`no prices for ${ticker}: see list_priced_tickers`);

export const marketHandlers: HandlerMap<typeof MARKET_TOOLS> = {
  get_quote: async ({ ticker, asOf }, { services }) => {
    const quote = await latestQuote(services.warehouse, ticker, asOf ?? null);
    if (!quote) throw new NotFoundError(`no prices for ${ticker}${asOf ? ` on or before ${asOf}` : ''}: see list_priced_tickers`);
    return quote;
  },
  get_price_history: async ({ ticker, start, end, interval }, { services }) => {
    const bars = await priceHistory(services.warehouse, ticker, start ?? null, end ?? null, interval ?? 'day');
    // A ticker without prices is a 404 (never billed), as on REST: it was an empty list, billed.
    if (bars.length === 0 && !(await hasPrices(services.warehouse, ticker))) throw noPrices(ticker);
    // The price file the bars come from, as REST's answer names it (an outside pass found it only there).
    return { ...(await priceHistoryMeta(services.warehouse, ticker, bars)), items: bars };
  },
  list_priced_tickers: (_args, { services }) => priceCoverage(services.warehouse),
  get_technicals: async ({ ticker, asOf }, { services }) => {
    const row = await latestTechnicals(services.warehouse, ticker, asOf ?? null);
    if (!row) throw new NotFoundError(`no technicals for ${ticker}${asOf ? ` on or before ${asOf}` : ''}: see list_priced_tickers`);
    return { ticker, ...row };
  },
  get_technicals_history: async ({ ticker, start, end }, { services }) => {
    const rows = await technicalsHistory(services.warehouse, ticker, start ?? null, end ?? null);
    if (rows.length === 0 && !(await hasPrices(services.warehouse, ticker))) throw noPrices(ticker);
    return rows;
  },
};

export const marketExtraHandlers: HandlerMap<typeof MARKET_EXTRA_TOOLS> = {
  get_ticker_snapshot: async ({ ticker }, { services }) => {
    const snapshot = await tickerSnapshot(services.warehouse, ticker);
    if (!snapshot) throw new NotFoundError(`unknown ticker ${ticker}: try search_tickers`);
    return snapshot;
  },
  // GET /api/screener's own function (spec 2.5: below Researcher the top three and locked_total),
  // so the rows, their provenance and freshness are the REST answer's.
  run_screener: async ({ mktcapMin, peMax, divYieldMin, sector, sort, limit, offset }, { services, caller }) =>
    // `sort` and `limit` were checked by the screener's own rules (schema/market.ts); its defaults are the REST query's.
    runScreener(
      services.warehouse,
      { mktcap_min: mktcapMin, pe_max: peMax, div_yield_min: divYieldMin, sector, sort: sort ?? SCREENER_DEFAULTS.sort, limit: limit ?? SCREENER_DEFAULTS.limit, offset },
      caller.tier,
    ),
};
