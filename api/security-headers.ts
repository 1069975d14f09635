/**
 * Security headers on every response (issue 13.8), by helmet; pages get the set below, answers under
 * `/api/` (as the router matched the path: request-path.ts) the part of it that applies to a
 * response no browser renders (`options`):
 * - Content-Security-Policy: scripts, styles, fonts, images and connections from this origin only,
 *   no inline script (the pages load `/assets/*.js`; JSON-LD data blocks are not scripts), no
 *   plugins, `frame-ancestors 'none'`, `base-uri 'none'`, `form-action 'self'`;
 * - X-Frame-Options: DENY (older browsers' frame-ancestors), X-Content-Type-Options: nosniff,
 *   Referrer-Policy: no-referrer (verification links carry tokens in the URL);
 * - Strict-Transport-Security in production only (a development server is plain HTTP on localhost);
 * - helmet's cross-origin defaults (COOP same-origin, CORP same-origin).
 * The first onRequest hook sets them, so every refusal carries them; the router's own errors and
 * malformed HTTP (api/server.ts) use `securityHeaderList`. GraphiQL (development only) is served
 * from installed assets with a bootstrap file: on a route with `config.graphiql`, a GET asking for
 * HTML (the page itself) gets a policy that also admits inline styles and data: fonts; its JSON
 * answers get the strict one.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../schema/config.ts';
import { isApiRequest, routeConfig } from './request-path.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route serves GraphiQL (development): its CSP admits inline styles and data: fonts. */
    graphiql?: boolean;
  }
  interface FastifyInstance {
    /** The `/api/` answers' security headers, for a reply written without Fastify (a hijacked one). */
    answerSecurityHeaders: readonly [string, string][];
  }
}

const DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
};

/**
 * GraphiQL's page (development only): scripts from this origin only, like every page (its bundle is
 * served from the installed package, api/graphql/graphiql.ts); its editor components add <style>
 * elements at run time and its stylesheet embeds fonts as data: URLs.
 */
const GRAPHIQL_DIRECTIVES = { ...DIRECTIVES, styleSrc: ["'self'", "'unsafe-inline'"], fontSrc: ["'self'", 'data:'] };

/**
 * helmet's options: a page's (`DIRECTIVES`, or GraphiQL's), or (`answer`) those of an answer under
 * `/api/` -- JSON, CSV, Parquet: never a page a browser renders. An answer gets the headers that
 * protect such a response (OWASP REST Security Cheat Sheet): a policy that loads and runs nothing
 * (`default-src 'none'; frame-ancestors 'none'`), X-Frame-Options, nosniff, no referrer,
 * Cross-Origin-Resource-Policy (no cross-origin embedding of an answer a session cookie unlocked),
 * HSTS in production; not those that only govern documents (COOP, Origin-Agent-Cluster, DNS
 * prefetch, IE's download prompt, Flash/PDF cross-domain policies, the retired XSS auditor). Half a
 * page's header bytes: issue 15 measured /api/health at 0.46x bare Fastify with the page set and
 * 0.59x with this one (`writev` of ~900 bytes of headers was a third of its CPU).
 */
function options(config: Config, directives: Record<string, string[]>, answer = false): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: { ...directives, ...(config.env === 'production' ? { upgradeInsecureRequests: [] } : {}) } },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginOpenerPolicy: !answer,
    originAgentCluster: !answer,
    // helmet's older option names, as `frameguard` (its types refuse a mix of old and new names).
    dnsPrefetchControl: !answer,
    ieNoOpen: !answer,
    permittedCrossDomainPolicies: !answer,
    xssFilter: !answer,
  };
}

/** An answer's policy: nothing to load, no framing. */
const ANSWER_DIRECTIVES = { defaultSrc: ["'none'"], frameAncestors: ["'none'"] };

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * The headers helmet would set, as a list: a page's (also for responses written without Fastify's
 * hooks) or an `/api/` answer's.
 */
export function securityHeaderList(config: Config, kind: 'page' | 'api' = 'page'): [string, string][] {
  const headers = new Map<string, string>();
  const collector = { setHeader: (k: string, v: string) => headers.set(k, String(v)), removeHeader: (k: string) => headers.delete(k) };
  (helmet(kind === 'api' ? options(config, ANSWER_DIRECTIVES, true) : options(config, DIRECTIVES)) as Middleware)({} as IncomingMessage, collector as unknown as ServerResponse, () => undefined);
  return [...headers];
}

/** Installs the headers as the first onRequest hook of `app` (call before any other hook). */
export function installSecurityHeaders(app: FastifyInstance): void {
  const config = app.services.config;
  // Every page and answer gets the same headers: computed once by helmet and set as a list (issue
  // 15: running helmet's dozen middlewares per request, the CSP string rebuilt each time, was a few
  // per cent of a cached answer's CPU).
  const pages = securityHeaderList(config);
  const answers = securityHeaderList(config, 'api');
  const graphiql = helmet(options(config, GRAPHIQL_DIRECTIVES)) as Middleware;
  // Only the GraphiQL page itself (a browser's GET asking for HTML) gets the wider policy; the
  // route's JSON answers keep the strict one.
  const servesGraphiql = (req: FastifyRequest): boolean => routeConfig(req).graphiql === true && req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
  app.decorate('answerSecurityHeaders', answers);
  // Reply headers, not `res.setHeader`: a header set on Node's response before `writeHead` sends
  // every header of the answer down Node's merging path (each one validated, lower-cased and
  // stored again, then written); with none there, `writeHead` writes Fastify's headers in one
  // pass. Saturation rps, three A/B pairs: /api/health 26,029-31,437 against 23,656-24,333.
  app.addHook('onRequest', (req, reply, done) => {
    // An answer first: most requests are, and GraphiQL is never under /api/.
    const api = isApiRequest(req);
    if (!api && servesGraphiql(req)) return graphiql(req.raw, reply.raw, (err) => done(err as Error | undefined));
    for (const [name, value] of api ? answers : pages) reply.header(name, value);
    done();
  });
}
