/** Request and result shapes of `/api/screens` (saved screener parameters, issue 8). */
import { z } from 'zod';
import { boundedNumber, Name } from './common.ts';
import { SCREEN_BOUNDS, ScreenerQuery, ScreenerResult } from './market.ts';

/** The screener parameters a screen stores (the `/api/screener` query minus nothing). */
export const ScreenParams = z
  .object({
    mktcap_min: boundedNumber({ ...SCREEN_BOUNDS.mktcap_min, coerce: false }).optional(),
    pe_max: boundedNumber({ ...SCREEN_BOUNDS.pe_max, coerce: false }).optional(),
    div_yield_min: boundedNumber({ ...SCREEN_BOUNDS.div_yield_min, coerce: false }).optional(),
    sector: Name(80).optional(),
    sort: z.string().trim().max(40).optional(),
    limit: boundedNumber({ min: 1, max: Number.MAX_SAFE_INTEGER, int: true, coerce: false }).optional(),
  })
  .strict();
export type ScreenParams = z.infer<typeof ScreenParams>;

export const ScreenName = Name(80);
export const CreateScreenBody = z.object({ name: ScreenName, params: ScreenParams }).strict();
export const UpdateScreenBody = z.object({ name: ScreenName.optional(), params: ScreenParams.optional() }).strict();
export const ScreenIdParams = z.object({ id: z.string().max(64) });

export const SavedScreen = z.object({
  id: z.string(),
  name: z.string(),
  params: ScreenParams,
  createdAt: z.string(),
  updatedAt: z.string(),
  lastRunAt: z.string().nullable(),
});
export const SavedScreenList = z.array(SavedScreen);

export const ScreenRunResult = z.object({ screen: SavedScreen, result: ScreenerResult });

/** Checks stored parameters the way `/api/screener` checks its query (numbers as strings there). */
export function screenerQueryOf(params: ScreenParams): z.output<typeof ScreenerQuery> {
  const raw: Record<string, string> = {};
  for (const [k, v] of Object.entries(params)) if (v !== undefined) raw[k] = String(v);
  return ScreenerQuery.parse(raw);
}
