/**
 * The request pipeline (DESIGN.md, "Identity, limits, billing"), in this order:
 * identify the caller -> User-Agent rule -> limits (one atomic round trip) -> tier/plan checks ->
 * handler -> bill successful calls and set X-SVC-Per-Call-Cost.
 * Each step is a Fastify hook installed here, so the order is written down in one place.
 */
import type { FastifyInstance } from 'fastify';
import { anonymousCaller } from './caller.ts';

export function installRequestPipeline(app: FastifyInstance): void {
  // 1. Identify: anonymous until the identity step recognises a key or a session.
  app.addHook('onRequest', async (req) => {
    req.caller = anonymousCaller(req.ip, String(req.headers['user-agent'] ?? ''));
  });
}
