/**
 * The public web surface (spec 1, 4.5): site pages, account pages, the machine-readable paths and
 * the static assets, served by the API server itself (no CDN; the app works offline). Every page
 * is a root route definition (`root: true`, capability `site_page`: public, not metered), so the request
 * pipeline's per-IP limits apply to it like any other route.
 *
 * @example
 * const app = await buildServer({ services, plugins: [webPlugin()] });
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorBody } from '../../schema/common.ts';
import { GRAPHQL_PATHS } from '../../schema/graphql.ts';
import { NotFoundError } from '../errors.ts';
import { RESOURCES } from '../rest/index.ts';
import { defineRoute, resource, rootPlugin, type AnyRoute, type Resource } from '../route.ts';
import { loginPage, logoutPage, settingsPage, signupPage, verifyPage } from './account.ts';
import { apiDocsPage } from './api-docs.ts';
import { CatalogCache, dataCatalogJsonLd, datasetsPage } from './datasets.ts';
import { htmlErrors, PAGE } from './explorer/common.ts';
import { explorerRoutes, EXPLORER_PAGES } from './explorer/index.ts';
import { glossaryRoutes } from './glossary.ts';
import { homePage } from './home.ts';
import { learnRoutes } from './learn.ts';
import { dailyUsage } from '../billing/daily.ts';
import { usageChart } from './usage-chart.ts';
import { machineRoutes, OpenApiCache } from './machine.ts';

export interface WebOptions {
  /** The REST resources the OpenAPI description, docs and llms.txt describe (default RESOURCES). */
  resources?: Resource[];
  /**
   * More site pages from other capabilities (glossary, LEARN, `/mcp`): root route definitions
   * registered with the rest, and listed in the sitemap when they have no path parameters.
   */
  pages?: AnyRoute[];
}

const ASSET_DIR = path.resolve(import.meta.dirname, 'assets');
const ASSET_TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
};
/** The files under /assets/ (a fixed list: nothing else on disk is reachable). */
export const ASSETS = ['site.css', 'account.js', 'favicon.svg', 'graphiql-start.js', 'graphiql-page.css', 'site.js'] as const;

interface Asset {
  body: Buffer;
  type: string;
  etag: string;
}

function loadAssets(): Map<string, Asset> {
  const out = new Map<string, Asset>();
  for (const name of ASSETS) {
    const body = readFileSync(path.join(ASSET_DIR, name));
    out.set(name, { body, type: ASSET_TYPES[path.extname(name)]!, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"` });
  }
  return out;
}

const HTML_200 = { 200: { description: 'HTML page', contentTypes: ['text/html'] } };

function sendHtml(reply: FastifyReply, body: string, cache = 'public, max-age=60'): string {
  // Security headers (CSP, frame-ancestors, nosniff, Referrer-Policy) are global: api/security-headers.ts.
  reply.type('text/html; charset=utf-8').header('Cache-Control', cache);
  return body;
}

/** Account pages are never cached by shared caches (no page is ever framed: api/security-headers.ts). */
function privateHtml(reply: FastifyReply, body: string): string {
  return sendHtml(reply, body, 'no-store');
}

function wantsJsonLd(req: FastifyRequest): boolean {
  const accept = String(req.headers.accept ?? '');
  return /application\/(ld\+)?json/.test(accept) && !/text\/html/.test(accept);
}

/** The web routes (exported for tests and for the sitemap). */
export function webRoutes(options: WebOptions = {}): AnyRoute[] {
  const resources = options.resources ?? RESOURCES;
  const assets = loadAssets();
  const catalog = new CatalogCache();
  let openapi: OpenApiCache | null = null;
  let docsHtml: string | null = null;
  let home: string | null = null;
  let sdl: { body: string; etag: string } | null = null;
  const staticPages = [signupPage, loginPage, logoutPage, verifyPage, settingsPage].map((f) => f());

  const routes: AnyRoute[] = [
    defineRoute({
      ...PAGE,
      method: 'GET',
      path: '/',
      summary: 'Home',
      responses: HTML_200,
      handler: ({ services, reply }) => sendHtml(reply, (home ??= homePage(services.config.publicUrl))),
    }),
    defineRoute({
      ...PAGE,
      method: 'GET',
      path: '/datasets',
      summary: 'Data catalog (HTML with schema.org DataCatalog JSON-LD; JSON-LD alone with Accept: application/ld+json)',
      responses: { 200: { description: 'the catalog', contentTypes: ['text/html', 'application/ld+json'] } },
      handler: async ({ services, req, reply }) => {
        const datasets = await catalog.get(services.warehouse, services.config.schedules);
        if (wantsJsonLd(req)) {
          reply.type('application/ld+json; charset=utf-8').header('Vary', 'Accept');
          return dataCatalogJsonLd(datasets, resources, services.config.publicUrl);
        }
        reply.header('Vary', 'Accept');
        return sendHtml(reply, datasetsPage(datasets, resources, services.config.publicUrl));
      },
    }),
    defineRoute({
      ...PAGE,
      method: 'GET',
      path: '/datasets.jsonld',
      summary: 'Data catalog (schema.org DataCatalog, JSON-LD)',
      responses: { 200: { description: 'the catalog', contentTypes: ['application/ld+json'] } },
      handler: async ({ services, reply }) => {
        const datasets = await catalog.get(services.warehouse, services.config.schedules);
        reply.type('application/ld+json; charset=utf-8').header('Access-Control-Allow-Origin', '*');
        return dataCatalogJsonLd(datasets, resources, services.config.publicUrl);
      },
    }),
    defineRoute({
      ...PAGE,
      method: 'GET',
      path: '/api-docs',
      summary: 'API documentation',
      responses: HTML_200,
      handler: ({ services, reply }) => {
        openapi ??= new OpenApiCache(resources, services.config.publicUrl);
        return sendHtml(reply, (docsHtml ??= apiDocsPage(openapi.document)), 'public, max-age=300');
      },
    }),
    defineRoute({ ...PAGE, method: 'GET', path: '/signup', summary: 'Sign up', responses: HTML_200, handler: ({ reply }) => privateHtml(reply, staticPages[0]!) }),
    defineRoute({ ...PAGE, method: 'GET', path: '/login', summary: 'Sign in', responses: HTML_200, handler: ({ reply }) => privateHtml(reply, staticPages[1]!) }),
    defineRoute({ ...PAGE, method: 'GET', path: '/logout', summary: 'Sign out', responses: HTML_200, handler: ({ reply }) => privateHtml(reply, staticPages[2]!) }),
    defineRoute({
      ...PAGE,
      method: 'GET',
      path: '/verify-email',
      summary: 'Email verification landing page',
      responses: HTML_200,
      // The token is in the URL: Referrer-Policy no-referrer (global) keeps it out of Referer headers.
      handler: ({ reply }) => privateHtml(reply, staticPages[3]!),
    }),
    htmlErrors(
      defineRoute({
        ...PAGE,
        method: 'GET',
        path: '/account',
        summary: 'Account settings',
        // `upgrade_url` of every 402 is `/account?upgrade=<tier>#plans`: the script highlights that tier.
        query: z.object({ upgrade: z.string().max(40).optional() }),
        responses: HTML_200,
        handler: ({ reply }) => privateHtml(reply, staticPages[4]!),
      }),
    ),
    defineRoute({
      capability: 'billing_daily_usage',
      root: true,
      hidden: true,
      method: 'GET',
      path: '/account/usage-chart',
      summary: 'The settings panel\'s usage chart (an HTML fragment: SVG chart, data table, calls per key)',
      query: z.object({ key: z.uuid({ error: 'must be the id of one of your keys' }).optional() }).strict(),
      responses: { 200: { description: 'HTML fragment', contentTypes: ['text/html'] }, 401: { description: 'not signed in', schema: ErrorBody }, 404: { description: 'no such key', schema: ErrorBody } },
      handler: async ({ services, caller, query, reply }) => {
        const usage = await dailyUsage(services, caller.accountId!, caller.plan, query.key ?? null);
        return privateHtml(reply, usageChart(usage).toString());
      },
    }),
    htmlErrors(
      defineRoute({
        ...PAGE,
        method: 'GET',
        path: '/settings',
        summary: 'Old address of the account settings panel',
        query: z.object({ upgrade: z.string().max(40).optional() }),
        responses: { 301: { description: 'moved to /account' } },
        // Earlier upgrade_url values pointed here: keep them working.
        handler: ({ query, reply }) => reply.redirect(`/account${query.upgrade ? `?upgrade=${encodeURIComponent(query.upgrade)}` : ''}`, 301),
      }),
    ),
    defineRoute({
      ...PAGE,
      method: 'GET',
      path: '/assets/:name',
      summary: 'Static assets',
      params: z.object({ name: z.string() }),
      responses: { 200: { description: 'the file', contentTypes: Object.values(ASSET_TYPES) }, 404: { description: 'no such asset', schema: ErrorBody } },
      handler: ({ params, req, reply }) => {
        const asset = assets.get(params.name);
        if (!asset) throw new NotFoundError(`not found: /assets/${params.name}`);
        reply.header('ETag', asset.etag).header('Cache-Control', params.name === 'favicon.svg' ? 'public, max-age=86400' : 'public, max-age=3600');
        if (req.headers['if-none-match'] === asset.etag) return reply.code(304).send();
        reply.type(asset.type);
        return asset.body;
      },
    }),
    defineRoute({
      ...PAGE,
      method: 'GET',
      path: '/favicon.ico',
      summary: 'The site icon where a client looks for it without reading the page (the layout links /assets/favicon.svg)',
      responses: { 200: { description: 'the icon (SVG)', contentTypes: ['image/svg+xml'] } },
      handler: ({ req, reply }) => {
        const icon = assets.get('favicon.svg')!;
        reply.header('ETag', icon.etag).header('Cache-Control', 'public, max-age=86400');
        if (req.headers['if-none-match'] === icon.etag) return reply.code(304).send();
        return reply.type(icon.type).send(icon.body);
      },
    }),
    defineRoute({
      ...PAGE,
      method: 'GET',
      path: GRAPHQL_PATHS.sdl,
      summary: 'The GraphQL schema (SDL)',
      responses: { 200: { description: 'the SDL of /graphql', contentTypes: ['text/plain'] } },
      // Served in production too, where introspection is off: it is how clients learn the schema.
      // The schema loads on first use (api/graphql/plugin.ts: not at start-up).
      handler: async ({ req, reply }) => {
        if (!sdl) {
          const body = (await import('../graphql/sdl.ts')).printSdl();
          sdl = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"` };
        }
        reply.header('ETag', sdl.etag).header('Cache-Control', 'public, max-age=300').header('Access-Control-Allow-Origin', '*');
        if (req.headers['if-none-match'] === sdl.etag) return reply.code(304).send();
        reply.type('text/plain; charset=utf-8');
        return sdl.body;
      },
    }),
    ...machineRoutes(resources),
    ...glossaryRoutes(),
    ...learnRoutes(),
    ...explorerRoutes(),
    ...(options.pages ?? []),
  ];

  const sitemapPaths = ['/', '/datasets', '/api-docs', '/glossary', '/learn', '/mcp', '/llms.txt', '/openapi.yaml', GRAPHQL_PATHS.sdl, '/signup', '/login', ...EXPLORER_PAGES.filter((p) => p !== '/search'), ...(options.pages ?? []).filter((p) => !p.path.includes(':')).map((p) => p.path)];
  routes.push(
    defineRoute({
      ...PAGE,
      method: 'GET',
      path: '/sitemap.xml',
      summary: 'Sitemap',
      responses: { 200: { description: 'sitemap', contentTypes: ['application/xml'] } },
      handler: ({ services, reply }) => {
        const base = services.config.publicUrl.replace(/\/+$/, '');
        reply.type('application/xml; charset=utf-8');
        return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemapPaths.map((p) => `  <url><loc>${base}${p}</loc></url>`).join('\n')}\n</urlset>\n`;
      },
    }),
  );
  return routes;
}

/** The Fastify plugin registering every web route at the site root. */
export function webPlugin(options: WebOptions = {}): (app: FastifyInstance) => Promise<void> {
  return async (app) => {
    await app.register(rootPlugin(resource('Web', webRoutes(options))));
  };
}
