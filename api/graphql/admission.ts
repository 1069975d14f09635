/**
 * Limits and metering of GraphQL requests through the same functions as REST (api/limits,
 * api/billing). `/graphql` is outside `/api/*`, so the REST limits step does not see it: the
 * request is admitted here before execution.
 * - A query is one metered call, weighted by its query cost in the cost-weighted request budget
 *   (spec 8.2), billed after execution when it delivered data.
 * - A mutation operation is as many calls as it has root fields that run: the HTTP request is
 *   admitted once per client IP (`admitMutationRequest`, as an MCP HTTP request is), and each
 *   mutation field is admitted, limited and billed as one call of its capability when it runs
 *   (`mutationCall`), as its REST route or MCP tool is. Twenty aliased `placePaperOrder` fields are
 *   twenty calls, not one (an attacker pass found them counted and billed as one).
 */
import { getNamedType, isInterfaceType, isObjectType, Kind, type GraphQLNamedType, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import { ApiError } from '../errors.ts';
import { CAPABILITIES, type CapabilityId } from '../../schema/access.ts';
import { GRAPHQL_LIMITS } from '../../schema/graphql.ts';
import type { Admission } from '../limits/limiter.ts';
import type { Caller } from '../caller.ts';
import type { Services } from '../services.ts';
import { FIELD_CAPABILITIES } from './access.ts';
import type { GraphQLContext, MutationCalls } from './context.ts';
import { dataPathFields } from './limits.ts';

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

/** Admits the HTTP request of a mutation operation per client IP only (its fields are the calls). */
export async function admitMutationRequest(services: Services, caller: Caller): Promise<Admission | null> {
  if (!services.limits) return null;
  return services.limits.admit(caller, { path: '/graphql', site: true });
}

/**
 * What a field's selection reads below it: a field of a metered capability, a field of a data-path
 * capability (api/data-paths.ts). A mutation's answer can read on (`createWatchlist { companies {
 * fundamentals } }`): its call is metered and counted on the data paths as that read would be.
 */
export function selectionReads(info: GraphQLResolveInfo): { metered: boolean; dataPaths: boolean } {
  const out = { metered: false, dataPaths: false };
  const dataFields = dataPathFields();
  const spread = new Set<string>();
  const walk = (set: SelectionSetNode | undefined, type: GraphQLNamedType): void => {
    if (!set || (out.metered && out.dataPaths)) return;
    for (const sel of set.selections) {
      if (sel.kind === Kind.FIELD) {
        const def = isObjectType(type) || isInterfaceType(type) ? type.getFields()[sel.name.value] : undefined;
        if (!def) continue;
        const key = `${type.name}.${sel.name.value}`;
        const id = FIELD_CAPABILITIES[key];
        if (id && id !== 'parent' && CAPABILITIES[id].metered) out.metered = true;
        if (dataFields.has(key)) out.dataPaths = true;
        walk(sel.selectionSet, getNamedType(def.type));
      } else if (sel.kind === Kind.INLINE_FRAGMENT) {
        walk(sel.selectionSet, (sel.typeCondition && info.schema.getType(sel.typeCondition.name.value)) || type);
      } else if (!spread.has(sel.name.value)) {
        spread.add(sel.name.value);
        const fragment = info.fragments[sel.name.value];
        if (fragment) walk(fragment.selectionSet, info.schema.getType(fragment.typeCondition.name.value) ?? type);
      }
    }
  };
  const returned = getNamedType(info.returnType);
  for (const node of info.fieldNodes) walk(node.selectionSet, returned);
  return out;
}

/**
 * Runs one root field of a mutation operation as one call of its capability `id`: admitted with
 * the capability's weight and metering (the first call admitted also carries the document's
 * weight), metered and counted on the data paths too when its selection reads such a field
 * (`selectionReads`), then billed when the field took effect (a value), its reservation given
 * back otherwise. A refusal is the field's error (the REST 429 or 402 as a GraphQL error); the
 * other fields still run, each judged on its own, as separate REST requests would be.
 */
export async function mutationCall(ctx: GraphQLContext, info: GraphQLResolveInfo, calls: MutationCalls, id: CapabilityId, run: () => unknown): Promise<unknown> {
  const { limits, billing } = ctx.services;
  const rule = CAPABILITIES[id];
  let admission: Admission | null = null;
  if (limits) {
    // The document's weight goes with the first call admitted: a refused first field does not shed it.
    const first = calls.admitted.length === 0;
    const reads = selectionReads(info);
    try {
      admission = await limits.admit(ctx.caller, {
        path: '/graphql',
        weight: first ? Math.max(rule.weight, calls.documentWeight) : rule.weight,
        metered: rule.metered || reads.metered,
        dataPaths: reads.dataPaths,
        withinRequest: true,
      });
    } catch (err) {
      if (err instanceof ApiError && (err.status === 429 || err.status === 402)) calls.refused.push(err);
      throw err;
    }
    calls.admitted.push(admission);
  }
  let tookEffect = false;
  try {
    const value = await run();
    tookEffect = value !== null && value !== undefined;
    return value;
  } finally {
    if (admission && billing) calls.priceMicros += (await billing.settle(admission, tookEffect ? 200 : 500, limits)).costMicros;
  }
}
