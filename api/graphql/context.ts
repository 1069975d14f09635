/** What every GraphQL resolver receives: the caller (same identity as REST), services and loaders. */
import { tierAtLeast, TIER_LABELS, type TierId } from '../../schema/tiers.ts';
import type { Caller } from '../caller.ts';
import { PaymentRequiredError, UnauthorizedError } from '../errors.ts';
import type { Services } from '../services.ts';
import type { Loaders } from './loaders.ts';

export interface GraphQLContext {
  services: Services;
  caller: Caller;
  requestId: string;
  /** Today's date `YYYY-MM-DD`, the default `asOf`. */
  today: string;
  /** Per-request DataLoaders (batching, no N+1). */
  loaders: Loaders;
}

/** The tier rule of a field: below `tier` the field is an error with the spec's 402 fields. */
export function requireTier(ctx: GraphQLContext, tier: TierId): void {
  if (tierAtLeast(ctx.caller.tier, tier)) return;
  const base = ctx.services.config.publicUrl.replace(/\/$/, '');
  throw new PaymentRequiredError(`this field needs the ${TIER_LABELS[tier]} tier`, {
    requiredTier: TIER_LABELS[tier],
    currentTier: TIER_LABELS[ctx.caller.tier],
    upgrade_url: `${base}/pricing`,
  });
}

/** The signed-in account (key or session), or an authentication error. */
export function requireAccount(ctx: GraphQLContext): string {
  if (!ctx.caller.accountId) throw new UnauthorizedError('sign in or send X-API-Key to read your own data');
  return ctx.caller.accountId;
}
