/**
 * Security headers on every response, pages and API alike (issue 13.8), by helmet:
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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route serves GraphiQL (development): its CSP admits inline styles and data: fonts. */
    graphiql?: boolean;
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

function options(config: Config, directives: Record<string, string[]>): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: { ...directives, ...(config.env === 'production' ? { upgradeInsecureRequests: [] } : {}) } },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: config.env === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  };
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/** The headers helmet would set, as a list (for responses written without Fastify's hooks). */
export function securityHeaderList(config: Config): [string, string][] {
  const headers = new Map<string, string>();
  const collector = { setHeader: (k: string, v: string) => headers.set(k, String(v)), removeHeader: (k: string) => headers.delete(k) };
  (helmet(options(config, DIRECTIVES)) as Middleware)({} as IncomingMessage, collector as unknown as ServerResponse, () => undefined);
  return [...headers];
}

/** Installs the headers as the first onRequest hook of `app` (call before any other hook). */
export function installSecurityHeaders(app: FastifyInstance): void {
  const config = app.services.config;
  // Every page and answer gets the same headers: computed once by helmet and set as a list (issue
  // 15: running helmet's dozen middlewares per request, the CSP string rebuilt each time, was a few
  // per cent of a cached answer's CPU).
  const pages = securityHeaderList(config);
  const graphiql = helmet(options(config, GRAPHIQL_DIRECTIVES)) as Middleware;
  // Only the GraphiQL page itself (a browser's GET asking for HTML) gets the wider policy; the
  // route's JSON answers keep the strict one.
  const servesGraphiql = (req: FastifyRequest): boolean => req.routeOptions.config?.graphiql === true && req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
  app.addHook('onRequest', (req, reply, done) => {
    if (servesGraphiql(req)) return graphiql(req.raw, reply.raw, (err) => done(err as Error | undefined));
    const res = reply.raw;
    for (const [name, value] of pages) res.setHeader(name, value);
    done();
  });
}
