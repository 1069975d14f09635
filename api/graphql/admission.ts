/**
 * Limits and metering of GraphQL requests: the SINGLE integration point with the limits/billing
 * issue (issue 5), like api/mcp/admission.ts. Identity is the REST pipeline's (`req.caller`). A
 * request is one metered call, weighted by its query cost in the cost-weighted request budget
 * (spec 8.2): `graphqlWeight(cost)` units. Until issue 5's functions exist this records nothing.
 */
import { GRAPHQL_LIMITS } from '../../schema/graphql.ts';
import type { GraphQLContext } from './context.ts';

/** Budget units a GraphQL request of estimated `cost` is metered at (1 .. maxWeight). */
export function graphqlWeight(cost: number): number {
  return Math.min(GRAPHQL_LIMITS.maxWeight, Math.max(1, Math.ceil(cost / GRAPHQL_LIMITS.costPerWeightUnit)));
}

/** Admits the request (throws an ApiError when a limit is reached) and records its weight. */
export async function admitGraphqlRequest(_ctx: GraphQLContext, _weight: number): Promise<void> {
  // issue 5: admit(caller, { weight }) and, on success, bill(caller, { requestId, units: 1 })
}
