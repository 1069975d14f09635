/**
 * The limits, tier and billing steps of the REST request pipeline (installed in order by
 * `api/pipeline.ts`):
 * - `limitsStep` (onRequest, after identify and the User-Agent rule): every applicable limit and
 *   the plan meter in one round trip (`Limiter.admit`); 429 / 402 / 503 are thrown from here;
 * - `tierStep` (preHandler, after the access check): the route's `access.tier` -> 402 below it;
 * - `billingStep` (onSend): bills a successful metered call before its response leaves (ledger
 *   row committed), releases the reservation of any other outcome, and sets
 *   `X-SVC-Per-Call-Cost` on every metered response and the RateLimit headers on admitted ones.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formatUsd } from '../../schema/plans.ts';
import { ApiError } from '../errors.ts';
import type { Admission, AdmitOptions } from './limiter.ts';
import { isApiPath, requestPath, routeConfig } from '../request-path.ts';
import { routeMetered, routeWeight } from './policies.ts';
import { requireTier } from './tier.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the limits step for admitted `/api/*` requests. */
    admission: Admission | null;
  }
}

export const PER_CALL_COST_HEADER = 'X-SVC-Per-Call-Cost';

/** The MCP transport (Streamable HTTP) after `/api/v1` normalisation. */
const MCP_TRANSPORT_PATH = '/api/mcp';

/** Step: limits (one atomic round trip; nothing to wait for when limits are off). */
export function limitsStep(req: FastifyRequest): Promise<void> | void {
  const limits = req.server.services.limits;
  if (!limits) return;
  const path = requestPath(req);
  let options: AdmitOptions;
  if (!isApiPath(path)) {
    // Public pages are rate-limited per client IP too (spec 1); GraphQL admits itself per query.
    if (path === '/graphql') return;
    options = { path, site: true, metered: false };
  } else if (path === MCP_TRANSPORT_PATH) {
    // The MCP HTTP request counts once against the per-IP limits; each tool call inside it is then
    // admitted (key, account, budget, hourly MCP limits, plan meter) and billed by api/mcp.
    options = { path, site: true, metered: false };
  } else {
    const def = routeConfig(req).def;
    // A retired path (410 Gone) counts against the per-IP limits only (schema/access.ts `retired`).
    options = def?.retired ? { path, site: true, metered: false } : { path, weight: routeWeight(def), metered: routeMetered(def) };
  }
  return limits.admit(req.caller, options).then((admission) => {
    req.admission = admission;
  });
}

/** Step: the route's minimum tier (spec 7: 402 with requiredTier, currentTier, upgrade_url). */
export function tierStep(req: FastifyRequest): void {
  const tier = routeConfig(req).def?.access?.tier;
  if (tier) requireTier(req.caller, tier, req.server.services.config.publicUrl);
}

/**
 * The request's admission, taken (it is settled once), with its RateLimit headers written by
 * `setHeader` when given; null when the request was not admitted by the limits step. The billing
 * step's, and the MCP endpoint's, whose hijacked reply skips that step.
 */
export function takeAdmission(req: FastifyRequest, setHeader?: (name: string, value: string) => void): Admission | null {
  const adm = req.admission;
  if (!adm) return null;
  req.admission = null;
  if (setHeader) for (const [k, v] of Object.entries(adm.headers)) setHeader(k, v);
  return adm;
}

/**
 * True when the response answers for calls of a metered capability, so carries their price (spec:
 * every metered response): a metered REST route's, and GraphQL's and the MCP endpoint's, whose
 * calls are admitted and metered inside them. Without an admission such a response was refused or
 * failed before any call was billed, on every door alike: `0` (GraphQL's own answers and the MCP
 * answers it writes set the price themselves, and are left as they are).
 */
function answersMeteredCalls(req: FastifyRequest): boolean {
  const path = requestPath(req);
  if (path === '/graphql' || path === MCP_TRANSPORT_PATH) return true;
  return isApiPath(path) && routeMetered(routeConfig(req).def);
}

/**
 * Step: bill successful metered calls and write the metering headers. Returns the payload, or a
 * promise of it when there is something to wait for (a usage record, the ledger row's commit).
 */
export function billingStep(req: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
  // A 429 here was refused after the limits step admitted the request (a sign-in throttle ...): it
  // describes the limit that refused it with its own headers, never the admission's window (which
  // would say quota is left: `"budget-requests";r=197` beside `Retry-After: 50`).
  const adm = takeAdmission(req, reply.statusCode === 429 ? undefined : (k, v) => reply.header(k, v));
  const { limits } = req.server.services;
  if (!adm) {
    if (limits && answersMeteredCalls(req) && !reply.hasHeader(PER_CALL_COST_HEADER)) reply.header(PER_CALL_COST_HEADER, '0');
    return payload;
  }
  // A keyed call's usage record is durable before its response leaves (issue 13.9): awaited here,
  // or by billing.settle with the ledger row's commit (metered calls).
  if (!adm.metered) return adm.recorded ? adm.recorded.then(() => payload) : payload;
  return settleStep(req, reply, adm, payload);
}

async function settleStep(req: FastifyRequest, reply: FastifyReply, adm: Admission, payload: unknown): Promise<unknown> {
  const { limits, billing } = req.server.services;
  try {
    const settled = billing ? await billing.settle(adm, reply.statusCode, limits!) : (await adm.recorded, { costMicros: 0 });
    reply.header(PER_CALL_COST_HEADER, formatUsd(settled.costMicros));
    return payload;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    reply.code(err.status);
    for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
    reply.header(PER_CALL_COST_HEADER, '0');
    reply.header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify({ error: err.message, ...err.extra });
  }
}
