/** Request and result shapes of the company-list routes. */
import { z } from 'zod';
import { missing } from './common.ts';

export const CompanyResult = z.object({
  ticker: z.string(),
  name: z.string(),
  exchange: z.string().nullable(),
  cik: z.number().int(),
});

export const TickerSearchQuery = z.object({
  q: z.string({ error: missing('missing required parameter \'q\' (company name or symbol)') }).trim().min(1, "parameter 'q' must not be empty").max(100),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const TickerSearchResult = z.array(CompanyResult);
