/**
 * Generated from the Almanac OpenAPI description (API version 0.1.0) by `npm run clients:generate`.
 * Do not edit: a test fails when this file no longer matches the API.
 */
import type { paths } from './openapi.ts';

export const API_VERSION = "0.1.0";

/** Offset-paginated GET operations: where the items are, the largest page and offset each accepts. */
export const PAGED = {
  "/fundamentals-pit/universe": { items: "tickers", maxLimit: 10000, maxOffset: 1000000 },
  "/screener": { items: "results", maxLimit: 100, maxOffset: 10000000 },
  "/news/search": { items: "items", maxLimit: 200, maxOffset: 100000 },
  "/insiders": { items: null, maxLimit: 500, maxOffset: 100000 },
  "/banks": { items: null, maxLimit: 500, maxOffset: 100000 },
  "/federal-contracts": { items: null, maxLimit: 500, maxOffset: 100000 },
  "/glossary": { items: "terms", maxLimit: 200, maxOffset: 10000 },
} as const satisfies Partial<Record<keyof paths, { items: string | null; maxLimit: number; maxOffset: number }>>;

export type PagedPath = keyof typeof PAGED;
