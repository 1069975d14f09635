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
 *
 * Also here: the step refusing a malformed request target or Host before anything classifies the
 * request (`requestTargetStep`), and what valid percent-encoding is (`PERCENT_ENCODING_RULE`).
 */
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import { BadRequestError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** `requestPath`'s answer, worked out once per request (see `installRequestPath`). */
    matchedPath: string | null;
    /** `routeConfig`'s answer, read once per request. */
    matchedRoute: (FastifyContextConfig & { url?: string }) | null;
  }
}

/**
 * Declares the per-request fields `requestPath` and `routeConfig` keep their answers in, so every
 * request object has them from the start (issue 15: a WeakMap entry per request, and properties
 * added after construction, each cost the hot path).
 */
export function installRequestPath(app: FastifyInstance): void {
  app.decorateRequest('matchedPath', null);
  app.decorateRequest('matchedRoute', null);
}

/** The config of a request no route matched (a 404). */
const NO_CONFIG: FastifyContextConfig & { url?: string } = Object.freeze({});

/**
 * The matched route's config (its `def`, `url` and `method` included). Fastify's
 * `req.routeOptions` builds a new object of thirteen fields on every read, and the pipeline asks
 * for the route's config in several steps of every request (issue 15).
 */
export function routeConfig(req: FastifyRequest): FastifyContextConfig & { url?: string } {
  return (req.matchedRoute ??= req.routeOptions.config as FastifyContextConfig & { url?: string }) ?? NO_CONFIG;
}

/** The paths of routes without parameters: the pattern is the path, the same for every request. */
const fixedPaths = new WeakMap<object, string>();

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
  const config = routeConfig(req);
  const pattern = config.url;
  if (pattern !== undefined && pattern !== '') {
    // Most routes have no parameters: the pattern is the path, worked out once per route.
    if (!pattern.includes(':') && !pattern.includes('*')) {
      let fixed = fixedPaths.get(config);
      if (fixed === undefined) fixedPaths.set(config, (fixed = normaliseApiPrefix(pattern)));
      return fixed;
    }
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
  return (req.matchedPath ??= compute(req));
}

/** True when the request is for the API (`/api/*` or `/api/v1/*` as the router matched it). */
export function isApiRequest(req: FastifyRequest): boolean {
  return isApiPath(requestPath(req));
}

/**
 * `Host` or `Content-Type` when the request's header has that field more than once, else null.
 * `rawHeaders` alternates names and values as sent; only names of those two lengths are compared.
 */
function repeatedField(rawHeaders: string[]): 'Host' | 'Content-Type' | null {
  let hosts = 0;
  let types = 0;
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i]!;
    if (name.length === 4 && name.toLowerCase() === 'host' && ++hosts > 1) return 'Host';
    if (name.length === 12 && name.toLowerCase() === 'content-type' && ++types > 1) return 'Content-Type';
  }
  return null;
}

/** What valid percent-encoding is, for the 400s of a path or a query string that is not. */
export const PERCENT_ENCODING_RULE = 'each % must be followed by two hex digits, and the bytes they give must be UTF-8';

/**
 * Step: a request whose target or Host is malformed -> 400 `{ error }`, before any limit counts it
 * (as a malformed path is not counted: the router refuses it first).
 * - A query string that is not valid percent-encoded UTF-8 (`?q=%ZZ`, `?q=%C0%AE`, a truncated
 *   `%E0%A4%A`), as the router answers such a path. The query parser kept the bytes as sent, and a
 *   search for them answered 200 with nothing found. A query without `%` is not decoded here.
 * - An HTTP/1.1 request without Host (RFC 9112 3.2). Node refused it itself, with an empty body and
 *   none of the security headers (`requireHostHeader: false` in api/server.ts hands it here).
 * - More than one Host (RFC 9112 3.2: a 400) or Content-Type field line (`repeatedField`). Node
 *   keeps the first of each and drops the others, so the request was served for a host, or its
 *   body read as a type, that a proxy in front may have taken from the other line.
 * - The asterisk-form target (`GET * HTTP/1.1`) with any method but OPTIONS (RFC 9112 3.2.4): it
 *   was answered 200 with the home page.
 * - A `#` in the target (no request target holds a fragment, RFC 9112 3.2): the router read it as
 *   the start of the query, so `/api/health#frag` was refused for a parameter `frag` and
 *   `/universe#limit=1` answered a page.
 * Found by probing from outside. The common request costs two `indexOf`, a comparison of each
 * header name's length and a few more comparisons.
 */
export function requestTargetStep(req: FastifyRequest): void {
  const url = req.url;
  if (url === '*' && req.method !== 'OPTIONS') throw new BadRequestError('the request target * is for OPTIONS only: name a path');
  if (req.headers.host === undefined && req.raw.httpVersion === '1.1') throw new BadRequestError('an HTTP/1.1 request must carry a Host header');
  const repeated = repeatedField(req.raw.rawHeaders);
  if (repeated) throw new BadRequestError(`the request has more than one ${repeated} header field; send it once`);
  if (url.includes('#')) throw new BadRequestError('invalid request target: it holds a #, and a fragment is never sent to a server (RFC 9112); a # in a value is written %23');
  const q = url.indexOf('?');
  if (q < 0 || url.indexOf('%', q) < 0) return;
  try {
    decodeURIComponent(url.slice(q + 1));
  } catch {
    throw new BadRequestError(`the query string is not valid percent-encoded UTF-8: ${PERCENT_ENCODING_RULE}`);
  }
}
