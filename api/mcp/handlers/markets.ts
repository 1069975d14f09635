/** Handlers of the market tools (schema/mcp/markets.ts). */
import type { MARKET_TOOLS } from '../../../schema/mcp/markets.ts';
import { latestQuote, priceCoverage, priceHistory } from '../../../warehouse/queries/prices.ts';
import { latestTechnicals, technicalsHistory } from '../../../warehouse/queries/technicals.ts';
import { NotFoundError } from '../../errors.ts';
import type { HandlerMap } from '../context.ts';

export const marketHandlers: HandlerMap<typeof MARKET_TOOLS> = {
  get_quote: async ({ ticker, asOf }, { services }) => {
    const quote = await latestQuote(services.warehouse, ticker, asOf ?? null);
    if (!quote) throw new NotFoundError(`no prices for ${ticker}${asOf ? ` on or before ${asOf}` : ''}: see list_priced_tickers`);
    return quote;
  },
  get_price_history: ({ ticker, start, end }, { services }) => priceHistory(services.warehouse, ticker, start ?? null, end ?? null),
  list_priced_tickers: (_args, { services }) => priceCoverage(services.warehouse),
  get_technicals: async ({ ticker, asOf }, { services }) => {
    const row = await latestTechnicals(services.warehouse, ticker, asOf ?? null);
    if (!row) throw new NotFoundError(`no technicals for ${ticker}${asOf ? ` on or before ${asOf}` : ''}: see list_priced_tickers`);
    return { ticker, ...row };
  },
  get_technicals_history: ({ ticker, start, end }, { services }) => technicalsHistory(services.warehouse, ticker, start ?? null, end ?? null),
};
