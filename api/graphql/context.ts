/** What every GraphQL resolver receives: the caller (same identity as REST), services and loaders. */
import type { TierId } from '../../schema/tiers.ts';
import type { Caller } from '../caller.ts';
import { UnauthorizedError } from '../errors.ts';
import { requireTier as requireCallerTier } from '../limits/tier.ts';
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
export function requireTier(ctx: GraphQLContext, tier: TierId, what = 'this field'): void {
  requireCallerTier(ctx.caller, tier, ctx.services.config.publicUrl, what);
}

/** The signed-in account (key or session), or an authentication error. */
export function requireAccount(ctx: GraphQLContext): string {
  if (!ctx.caller.accountId) throw new UnauthorizedError('sign in or send X-API-Key to read your own data');
  return ctx.caller.accountId;
}
