/**
 * The request pipeline (DESIGN.md, "Identity, limits, billing"), in this order:
 * identify the caller -> User-Agent rule -> limits (one atomic round trip) -> tier/plan checks ->
 * handler -> bill successful calls and set X-SVC-Per-Call-Cost.
 * The steps of each stage are one Fastify hook installed here, run in order, so the order is
 * written down in one place.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { corsStep } from './cors.ts';
import { enforceAccess, identify, userAgentRule } from './identity/identify.ts';
import { billingStep, limitsStep, tierStep } from './limits/hooks.ts';
import { requestTargetStep } from './request-path.ts';

type Step = (req: FastifyRequest, reply: FastifyReply) => Promise<void> | void;

/**
 * Steps run in order as one callback-style hook: a step that returns without waiting (most steps
 * of a cached answer: CORS off /graphql, an anonymous caller, limits off) costs no promise and no
 * microtask turn, where an async hook cost both on every request (issue 15, cached /api/data
 * profile); and one hook for the steps of a stage, not one each, costs one turn of Fastify's hook
 * runner. The first step that throws or rejects ends the stage with its error (the steps after it
 * do not run), as Fastify's runner would.
 */
export function stage(...steps: Step[]) {
  return (req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => runSteps(steps, 0, req, reply, done);
}

function runSteps(steps: readonly Step[], from: number, req: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  for (let i = from; i < steps.length; i++) {
    let pending: Promise<void> | void;
    try {
      pending = steps[i]!(req, reply);
    } catch (err) {
      done(err as Error);
      return;
    }
    if (pending) {
      pending.then(() => runSteps(steps, i + 1, req, reply, done), done);
      return;
    }
  }
  done();
}

/** `billingStep` as a callback-style onSend hook (same reason as `stage`). */
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
  app.decorateRequest('admission', null);
  app.addHook(
    'onRequest',
    stage(
      // 0. CORS first, so refusals from any later step are readable by a configured origin's page.
      corsStep,
      // 0b. A malformed target or Host (a query string that is not valid percent-encoded UTF-8, no
      //     Host in HTTP/1.1, more than one Host or Content-Type field line, `*` but for OPTIONS)
      //     -> 400, as the router answers a malformed path.
      requestTargetStep,
      // 1. Identify: X-API-Key -> key caller (unknown, revoked or expired key -> 401, never anonymous);
      //    else the alm_session cookie -> session caller; else anonymous (a key sent as Bearer included).
      identify,
      // 2. User-Agent rule: no credential + missing or bare default client User-Agent on /api/* -> 400.
      userAgentRule,
      // 3. Limits: every applicable limit and the plan meter in one atomic round trip -> 429 / 402 / 503.
      limitsStep,
    ),
  );
  app.addHook(
    'preHandler',
    stage(
      // 4. Access declared by the route: auth 'account'/'session' -> 401, csrf -> 403; then tier/plan checks.
      enforceAccess,
      // 5. The route's minimum tier -> 402 { error, requiredTier, currentTier, upgrade_url }.
      tierStep,
    ),
  );
  // 6. After the handler: bill successful metered calls (ledger row committed before the response
  //    leaves), release the reservation of the others, X-SVC-Per-Call-Cost and RateLimit headers.
  app.addHook('onSend', billingHook);
}
