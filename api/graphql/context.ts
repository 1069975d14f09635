/** What every GraphQL resolver receives: the caller (same identity as REST), services and loaders. */
import type { Caller } from '../caller.ts';
import { UnauthorizedError } from '../errors.ts';
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
  /**
   * What the request read: `metered` once a field of a metered capability answered a value (the
   * request is billed only then, as the REST route or MCP tool of what it read would be).
   */
  reads: { metered: boolean; mutated: boolean };
}

/** The signed-in account (key or session), or an authentication error. */
export function requireAccount(ctx: GraphQLContext): string {
  if (!ctx.caller.accountId) throw new UnauthorizedError('sign in or send X-API-Key to read your own data');
  return ctx.caller.accountId;
}
