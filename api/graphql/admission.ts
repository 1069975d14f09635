/**
 * Limits and metering of GraphQL requests through the same functions as REST (api/limits,
 * api/billing). `/graphql` is outside `/api/*`, so the REST limits step does not see it: the
 * request is admitted here, once, before execution — one metered call, weighted by its query cost
 * in the cost-weighted request budget (spec 8.2) — and billed after execution when it produced no
 * errors (an error response is never billed).
 */
import { GRAPHQL_LIMITS } from '../../schema/graphql.ts';
import type { Admission } from '../limits/limiter.ts';
import type { Caller } from '../caller.ts';
import type { Services } from '../services.ts';

/** Budget units a GraphQL request of estimated `cost` is metered at (1 .. maxWeight). */
export function graphqlWeight(cost: number): number {
  return Math.min(GRAPHQL_LIMITS.maxWeight, Math.max(1, Math.ceil(cost / GRAPHQL_LIMITS.costPerWeightUnit)));
}

/**
 * Admits the request (throws the REST limit errors when refused). `dataPaths`: it reads a
 * capability REST serves on a data path, so the per-IP data-path limit counts it (api/data-paths.ts).
 */
export async function admitGraphqlRequest(services: Services, caller: Caller, weight: number, dataPaths = false): Promise<Admission | null> {
  if (!services.limits) return null;
  return services.limits.admit(caller, { path: '/graphql', weight, metered: true, dataPaths });
}

/** Bills a successful request or releases its reservation; the price in micro-dollars. */
export async function settleGraphqlRequest(services: Services, admission: Admission | null, ok: boolean): Promise<number> {
  if (!admission || !services.billing) return 0;
  return (await services.billing.settle(admission, ok ? 200 : 500, services.limits)).costMicros;
}
