/** Request and result shapes of the company-list routes. */
import { z } from 'zod';
import { listLimit, missing } from './common.ts';
import { LIST_LIMITS } from './limits.ts';

export const CompanyResult = z.object({
  ticker: z.string(),
  name: z.string(),
  exchange: z.string().nullable(),
  cik: z.number().int(),
});

export const TickerSearchQuery = z.object({
  q: z.string({ error: missing('missing required parameter \'q\' (company name or symbol)') }).trim().min(1, "parameter 'q' must not be empty").max(100),
  limit: listLimit(LIST_LIMITS.tickerSearch),
});

export const TickerSearchResult = z.array(CompanyResult);
