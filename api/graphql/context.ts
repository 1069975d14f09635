/** What every GraphQL resolver receives: the caller (same identity as REST), services and loaders. */
import type { Caller } from '../caller.ts';
import { UnauthorizedError, type ApiError } from '../errors.ts';
import type { Admission } from '../limits/limiter.ts';
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
   * `calls`: set when the request runs a mutation operation, whose every root field is a call of its
   * own (api/graphql/admission.ts, `mutationCall`).
   */
  reads: { metered: boolean; mutated: boolean; calls?: MutationCalls };
}

/**
 * The calls of a mutation operation: each root field is admitted, limited and billed as one call
 * of its capability when it runs (as the REST route or MCP tool of that capability would be).
 */
export interface MutationCalls {
  /** Budget units of the document's cost (`graphqlWeight`), carried by the first call. */
  documentWeight: number;
  /** Admissions of the fields that were admitted, in order. */
  admitted: Admission[];
  /** Fields a limit refused (429) or the allowance or cap refused (402). */
  refused: ApiError[];
  /** Summed price of the billed calls, micro-dollars. */
  priceMicros: number;
}

/** The signed-in account (key or session), or an authentication error. */
export function requireAccount(ctx: GraphQLContext): string {
  if (!ctx.caller.accountId) throw new UnauthorizedError('sign in or send X-API-Key to read your own data');
  return ctx.caller.accountId;
}
