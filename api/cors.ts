/**
 * CORS for `/graphql` (issue 13.5), the one surface that answers cross-origin requests with
 * credentials: a page of a configured origin (`CORS_ORIGINS`, default the origin of `PUBLIC_URL`)
 * gets its origin back with `Access-Control-Allow-Credentials: true`; any other origin gets no CORS
 * header at all, so a browser never lets a foreign page read a response (a credentialed one least
 * of all). Responses vary by Origin. The REST API and MCP send no CORS headers (the web app is
 * same-origin, agents are not browsers); the public machine-readable documents (`/openapi.yaml`,
 * `/datasets.jsonld`) are `Access-Control-Allow-Origin: *`, never with credentials.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { requestPath } from './request-path.ts';

/** The path that answers cross-origin requests. */
export const CORS_PATH = '/graphql';

const ALLOWED_METHODS = 'GET, POST, OPTIONS';
const ALLOWED_HEADERS = 'Content-Type, X-API-Key, X-CSRF-Token, X-Request-Id';
const EXPOSED_HEADERS = 'RateLimit, RateLimit-Policy, Retry-After, X-SVC-Per-Call-Cost, X-Request-Id';

/** The request's Origin when it is one of the configured origins, else null. */
export function allowedOrigin(req: FastifyRequest): string | null {
  const origin = req.headers.origin;
  if (typeof origin !== 'string') return null;
  return req.server.services.config.corsOrigins.includes(origin) ? origin : null;
}

/** Pipeline step: on `/graphql`, the CORS headers for a configured origin (nothing for any other); preflights also get the allowed methods and headers. */
export function corsStep(req: FastifyRequest, reply: FastifyReply): void {
  if (requestPath(req) !== CORS_PATH) return;
  const preflight = req.method === 'OPTIONS';
  reply.header('Vary', 'Origin');
  const origin = allowedOrigin(req);
  if (!origin) return;
  reply.header('Access-Control-Allow-Origin', origin);
  reply.header('Access-Control-Allow-Credentials', 'true');
  if (preflight) {
    reply.header('Access-Control-Allow-Methods', ALLOWED_METHODS);
    reply.header('Access-Control-Allow-Headers', ALLOWED_HEADERS);
    reply.header('Access-Control-Max-Age', '600');
  } else {
    reply.header('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  }
}
