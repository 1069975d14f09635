/**
 * The one answer to "which path is this request for?", used by every step that classifies a
 * request (User-Agent rule, limits, data-path limit, metering, billing, CORS): the path the router
 * matched, never the raw `req.url`.
 *
 * Why: the router decodes percent-encoding (`/%61pi/ticker-search` matches `/api/ticker-search`)
 * and accepts the absolute form (`GET http://host/api/data`), while a prefix test on the raw URL
 * sees a web page there, so a request could reach an API handler past the API limits, metering and
 * billing (issue 13.1). Deriving the path from the route the router chose makes the two agree by
 * construction; double slashes, dot segments and case variants are whatever the router makes of
 * them (Fastify's router does not normalise them: `/api//data` and `/API/data` are not API routes,
 * and they are classified, and answered, as pages).
 *
 * - A matched route: its pattern with the decoded parameter values filled in
 *   (`/api/v1/data/:ticker` + `BRK%2EB` -> `/api/data/BRK.B`).
 * - No route (a 404): the percent-decoded path (undecodable bytes left as sent).
 * In both, the query string is dropped and `/api/v1/...` becomes `/api/...`.
 */
import type { FastifyRequest } from 'fastify';

const cache = new WeakMap<FastifyRequest, string>();

/** `/api/v1/x` -> `/api/x`; anything else unchanged. */
export function normaliseApiPrefix(path: string): string {
  return path === '/api/v1' || path.startsWith('/api/v1/') ? `/api${path.slice(7)}` : path;
}

/** True for `/api` and everything below it (after {@link normaliseApiPrefix}). */
export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Fills a route pattern's `:name` parameters and `*` wildcard with the matched values. */
function fill(pattern: string, params: Record<string, unknown>): string {
  return pattern
    .replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, (whole, name: string) => (typeof params[name] === 'string' ? (params[name] as string) : whole))
    .replace(/\*$/, () => (typeof params['*'] === 'string' ? (params['*'] as string) : '*'));
}

function compute(req: FastifyRequest): string {
  const pattern = req.routeOptions.url;
  if (pattern !== undefined && pattern !== '') {
    // Most routes have no parameters: the pattern is the path.
    if (!pattern.includes(':') && !pattern.includes('*')) return normaliseApiPrefix(pattern);
    const params = req.params && typeof req.params === 'object' ? (req.params as Record<string, unknown>) : {};
    return normaliseApiPrefix(fill(pattern, params));
  }
  let raw = req.url;
  // Absolute form (`GET http://host/path`): the path part.
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(raw);
  if (scheme) raw = raw.slice(scheme[0].length) || '/';
  const bare = raw.split(/[?#]/, 1)[0]!;
  return normaliseApiPrefix(bare.split('/').map(decodeSegment).join('/'));
}

/** The decoded, normalised path the router matched (see the module comment). */
export function requestPath(req: FastifyRequest): string {
  let path = cache.get(req);
  if (path === undefined) {
    path = compute(req);
    cache.set(req, path);
  }
  return path;
}

/** True when the request is for the API (`/api/*` or `/api/v1/*` as the router matched it). */
export function isApiRequest(req: FastifyRequest): boolean {
  return isApiPath(requestPath(req));
}
