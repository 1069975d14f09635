/** Shapes shared by every route: the error body and the spec's 402 payloads (spec section 7). */
import { z } from 'zod';

export const ErrorBody = z.object({ error: z.string() }).passthrough();

/** 402 when a feature needs a higher tier; not transient (no Retry-After). */
export const TierRequiredBody = z.object({
  error: z.string(),
  requiredTier: z.string(),
  currentTier: z.string(),
  upgrade_url: z.string(),
});
