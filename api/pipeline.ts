/**
 * The request pipeline (DESIGN.md, "Identity, limits, billing"), in this order:
 * identify the caller -> User-Agent rule -> limits (one atomic round trip) -> tier/plan checks ->
 * handler -> bill successful calls and set X-SVC-Per-Call-Cost.
 * Each step is a Fastify hook installed here, so the order is written down in one place.
 */
import type { FastifyInstance } from 'fastify';
import { corsStep } from './cors.ts';
import { enforceAccess, identify, userAgentRule } from './identity/identify.ts';
import { billingStep, limitsStep, tierStep } from './limits/hooks.ts';

export function installRequestPipeline(app: FastifyInstance): void {
  // 0. CORS first, so refusals from any later step are readable by a configured origin's page.
  app.addHook('onRequest', corsStep);
  // 1. Identify: X-API-Key -> key caller (unknown, revoked or expired key -> 401, never anonymous);
  //    else the alm_session cookie -> session caller; else anonymous (a key sent as Bearer included).
  app.addHook('onRequest', identify);
  // 2. User-Agent rule: no credential + missing or bare default client User-Agent on /api/* -> 400.
  app.addHook('onRequest', userAgentRule);
  // 3. Limits: every applicable limit and the plan meter in one atomic round trip -> 429 / 402 / 503.
  app.decorateRequest('admission', null);
  app.addHook('onRequest', limitsStep);
  // 4. Access declared by the route: auth 'account'/'session' -> 401, csrf -> 403; then tier/plan checks.
  app.addHook('preHandler', enforceAccess);
  // 5. The route's minimum tier -> 402 { error, requiredTier, currentTier, upgrade_url }.
  app.addHook('preHandler', tierStep);
  // 6. After the handler: bill successful metered calls (ledger row committed before the response
  //    leaves), release the reservation of the others, X-SVC-Per-Call-Cost and RateLimit headers.
  app.addHook('onSend', billingStep);
}
