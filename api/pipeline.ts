/**
 * The request pipeline (DESIGN.md, "Identity, limits, billing"), in this order:
 * identify the caller -> User-Agent rule -> limits (one atomic round trip) -> tier/plan checks ->
 * handler -> bill successful calls and set X-SVC-Per-Call-Cost.
 * Each step is a Fastify hook installed here, so the order is written down in one place.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { corsStep } from './cors.ts';
import { enforceAccess, identify, userAgentRule } from './identity/identify.ts';
import { billingStep, limitsStep, tierStep } from './limits/hooks.ts';

type Step = (req: FastifyRequest, reply: FastifyReply) => Promise<void> | void;

/**
 * A step as a callback-style hook: a step that returns without waiting (most steps of a cached
 * answer: CORS off /graphql, an anonymous caller, limits off) costs no promise and no microtask
 * turn, where an async hook cost both on every request (issue 15, cached /api/data profile).
 */
function hook(step: Step) {
  return (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    let pending: Promise<void> | void;
    try {
      pending = step(req, reply);
    } catch (err) {
      done(err as Error);
      return;
    }
    if (pending) pending.then(() => done(), done);
    else done();
  };
}

/** `billingStep` as a callback-style onSend hook (same reason as `hook`). */
function billingHook(req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: Error | null, payload?: unknown) => void): void {
  let out: unknown;
  try {
    out = billingStep(req, reply, payload);
  } catch (err) {
    done(err as Error);
    return;
  }
  if (out instanceof Promise) out.then((p: unknown) => done(null, p), done);
  else done(null, out);
}

export function installRequestPipeline(app: FastifyInstance): void {
  // 0. CORS first, so refusals from any later step are readable by a configured origin's page.
  app.addHook('onRequest', hook(corsStep));
  // 1. Identify: X-API-Key -> key caller (unknown, revoked or expired key -> 401, never anonymous);
  //    else the alm_session cookie -> session caller; else anonymous (a key sent as Bearer included).
  app.addHook('onRequest', hook(identify));
  // 2. User-Agent rule: no credential + missing or bare default client User-Agent on /api/* -> 400.
  app.addHook('onRequest', hook(userAgentRule));
  // 3. Limits: every applicable limit and the plan meter in one atomic round trip -> 429 / 402 / 503.
  app.decorateRequest('admission', null);
  app.addHook('onRequest', hook(limitsStep));
  // 4. Access declared by the route: auth 'account'/'session' -> 401, csrf -> 403; then tier/plan checks.
  app.addHook('preHandler', hook(enforceAccess));
  // 5. The route's minimum tier -> 402 { error, requiredTier, currentTier, upgrade_url }.
  app.addHook('preHandler', hook(tierStep));
  // 6. After the handler: bill successful metered calls (ledger row committed before the response
  //    leaves), release the reservation of the others, X-SVC-Per-Call-Cost and RateLimit headers.
  app.addHook('onSend', billingHook);
}
