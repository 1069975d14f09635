/**
 * The machine-readable paths of spec 4.5: `/openapi.yaml` (and `/.well-known/openapi.yaml`,
 * `/openapi.json`), `/llms.txt` and `/robots.txt`. The OpenAPI document is generated from the
 * mounted resources on first request and cached (routes do not change while the server runs).
 * No `/.well-known/oauth-*` document exists (spec 1): those paths fall through to the JSON 404.
 */
import { stringify } from 'yaml';
import { AUTH_THROTTLES, CSRF_HEADER, POW_DIFFICULTY, TRIAL_KEY_DAILY_CALLS, TRIAL_KEY_DAYS } from '../../schema/accounts.ts';
import { DATASETS } from '../../schema/datasets.ts';
import { GRAPHQL_EXAMPLE, GRAPHQL_PATHS } from '../../schema/graphql.ts';
import { TOOL_CATALOG } from '../../schema/mcp/index.ts';
import { LIMIT_COMPOSITION, LIMIT_POLICIES, type LimitWindow } from '../../schema/limits.ts';
import { formatUsd, PLAN_TABLE } from '../../schema/plans.ts';
import { TIER_LABELS, TIERS } from '../../schema/tiers.ts';
import { buildOpenApi, listOperations, PER_CALL_COST_HEADER, type OpenApiDocument } from '../openapi/generate.ts';
import { defineRoute, type AnyRoute, type Resource } from '../route.ts';
import { DISCLAIMER } from './html.ts';

/** Lazily built OpenAPI document (YAML and JSON) for one set of resources and base URL. */
export class OpenApiCache {
  #doc: OpenApiDocument | null = null;
  #yaml: string | null = null;
  constructor(
    private readonly resources: Resource[],
    private readonly publicUrl: string,
  ) {}
  get document(): OpenApiDocument {
    this.#doc ??= buildOpenApi(this.resources, { publicUrl: this.publicUrl });
    return this.#doc;
  }
  get yaml(): string {
    this.#yaml ??= stringify(this.document, { aliasDuplicateObjects: false, lineWidth: 0 });
    return this.#yaml;
  }
}

const WINDOW_WORDS: Record<LimitWindow, string> = { burst5s: '5 seconds', minute: 'minute', hour: 'hour', day: 'UTC day', month: 'calendar month (UTC)' };

const PUBLIC_PAGE = { capability: 'site_page' as const, root: true, hidden: true };

/** The text of /llms.txt (https://llmstxt.org layout: title, summary, sections of links). */
export function llmsText(resources: Resource[], publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  const ops = listOperations(resources).filter((o) => !o.root);
  const plans = Object.values(PLAN_TABLE);
  const fmt = (n: number) => n.toLocaleString('en-US');
  const keyLimits = LIMIT_POLICIES.filter((p) => 'keyKind' in p.when).map((p) => `- ${p.spec.replace(/^8\.1 /, '')}`);
  const ipLimits = LIMIT_POLICIES.filter((p) => p.spec.startsWith('8.2') && !('mcpTier' in p.when)).map((p) => `- ${p.spec.replace(/^8\.2 /, '')}`);
  const mcpLimits = LIMIT_POLICIES.filter((p) => 'mcpTier' in p.when && p.when.mcpTier !== 'plan').map((p) => p.spec.replace(/^8\.2 MCP and agent-to-agent tool calls: /, '').replace(/ per caller per hour$/, ''));
  const tiered = ops.filter((o) => o.def.access?.tier);
  const anonymousTools = TOOL_CATALOG.filter((t) => t.anonymous && t.tier === 'learner').length;
  return [
    '# Almanac',
    '',
    `> Financial data and financial education over a JSON REST API (${base}/api/*, also ${base}/api/v1/*), GraphQL (${base}${GRAPHQL_PATHS.endpoint}) and MCP (${base}/api/mcp): company fundamentals from SEC filings (point in time), insider transactions, institutional (13F) ownership, fund and ETF holdings, a private-credit (BDC) corpus, prices, macro series, news, a glossary and a structured curriculum (LEARN).`,
    '',
    `${DISCLAIMER} A mean analyst price target appears only with its source and the date it was fetched. Use the data for education and research, and say so when you present it.`,
    '',
    '## Getting a key',
    '',
    '- A human user supplies the email address, the password and the consent to create an account. Do not invent credentials or register accounts no user asked for.',
    `- Sign up at ${base}/signup (the browser solves the proof of work), or over the API: GET /api/auth/csrf (keep the cookie it sets), GET /api/auth/challenge, compute \`solution\` so that SHA-256(challenge + solution) in hex begins with \`${'0'.repeat(POW_DIFFICULTY)}\`, then POST /api/auth/register with header \`${CSRF_HEADER}\`. Registration is rate-limited per client IP (${AUTH_THROTTLES.registerPerIp.limit} per hour).`,
    '- The user follows the verification link mailed to them. Email verification is required before any key can be issued.',
    `- Sign in (POST /api/auth/login: HttpOnly session cookie), then create a key in the account settings panel (${base}/account) or with POST /api/keys (session + \`${CSRF_HEADER}\`). The raw key is shown once; store it safely.`,
    `- Trial key: one per account lifetime, ${TRIAL_KEY_DAYS} days, ${TRIAL_KEY_DAILY_CALLS} calls per day, verified email required (POST /api/keys/trial).`,
    '',
    '## Authentication rules',
    '',
    '- Send the key in the header `X-API-Key: <API_KEY>` on every API call. It is the only header that carries a key; never put a key in a URL or a cookie.',
    '- `Authorization: Bearer` is reserved for OAuth access tokens. A key sent as a Bearer token is treated as anonymous.',
    '- Send a descriptive `User-Agent` (name, version, contact). Bare default agents of command-line and scripting HTTP clients are refused on /api/* when no credential is sent.',
    '- 401: not authenticated, or the key is missing, invalid, revoked or expired. 403: CSRF failure or an admin surface.',
    '- The service publishes no OAuth metadata and has no dynamic client registration. Do not probe /.well-known/oauth-* documents; their absence is intentional.',
    '',
    '## Credentials: never invent them',
    '',
    '- Never make up an API key, an email address or a password, and never register an account no user asked for. A key comes only from the user (who created it in the account settings) or from the key endpoints called for that user.',
    `- Without a key, send no \`X-API-Key\` header at all (not a placeholder, not a guessed value) and use the anonymous surface: every public REST route, GraphQL without a key, and the ${anonymousTools} MCP tools that answer without a key (\`anonymous: true\` and \`minimumTier: "Learner"\` in ${base}/api/mcp/tools.json; \`anonymous: true\` alone means no key is asked for, and a higher \`minimumTier\` still needs an account of that tier). A call that needs a key answers 401 with how the user gets one; say so to the user instead of retrying.`,
    '',
    '## MCP',
    '',
    `Streamable HTTP (stateless JSON-RPC over POST) at ${base}/api/mcp (also ${base}/api/v1/mcp), ${TOOL_CATALOG.length} tools. Configuration for MCP hosts that connect over HTTP (\`mcpServers\` format; other hosts take the same URL and header):`,
    '',
    '```json',
    mcpHttpConfig(base),
    '```',
    '',
    'Replace `<API_KEY>` with a key the user gave you, or delete the `headers` entry to use the anonymous tools; never put an invented value there.',
    '',
    `Without an MCP client (curl, a plain HTTP library): POST one JSON-RPC message (or a batch) with \`Content-Type: application/json\` and \`Accept: application/json, text/event-stream\` (the Streamable HTTP transport answers 406 without both), e.g. \`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_fundamentals","arguments":{"ticker":"AAPL"}}}\`; the answer is JSON.`,
    '',
    '## GraphQL',
    '',
    `- Endpoint: POST ${base}${GRAPHQL_PATHS.endpoint} with JSON \`{"query": "...", "variables": {...}}\` (GET works for queries). The same \`X-API-Key\`, tiers and limits as REST; a query is one metered call, weighted by its cost; a mutation is one call per root field that runs, as REST counts each. Every list is a Relay connection (\`first\`/\`after\`, at most 100).`,
    `- Schema (SDL): ${base}${GRAPHQL_PATHS.sdl} (stable; introspection is off in production).`,
    `- GraphiQL: open ${base}${GRAPHQL_PATHS.endpoint} in a browser (development servers only).`,
    `- Example: \`curl -X POST '${base}${GRAPHQL_PATHS.endpoint}' -H 'Content-Type: application/json' -H 'User-Agent: my-agent/1.0 (me@example.com)' -d '${JSON.stringify({ query: GRAPHQL_EXAMPLE })}'\``,
    '',
    '## Clients',
    '',
    'Client packages in the Almanac repository (`clients/`) send `X-API-Key` on every call, back off on 429 after `Retry-After` and surface 402 without retrying:',
    '',
    '- TypeScript (`clients/typescript`, `@almanac/client`): typed from the OpenAPI description; async iteration over paged endpoints; bulk as JSON, CSV, Arrow or Parquet.',
    '- Python (`clients/python`, `almanac_client`): standard library only, typed with TypedDicts.',
    `- MCP stdio bridge (\`clients/mcp\`, \`almanac-mcp\`): for desktop hosts that only launch local MCP servers; forwards every tool of ${base}/api/mcp with the key. It refuses to start without \`ALMANAC_URL\` (it has no standalone mode). Configuration:`,
    '',
    '```json',
    mcpHostConfig(base),
    '```',
    '',
    '## Provenance and freshness',
    '',
    '- Data answers carry `fetchedAt` (when Almanac last fetched their source successfully, UTC; never the request time) and `dataThrough` (the newest date the data covers).',
    '- Rows name where they came from: `provenance: {source, document, url, accession, synthetic}`. `synthetic: true` marks generated sample data: say so when you present it.',
    '- A date without data of its own is answered from the latest date before it, and the answer says so: `fallback: {requested, served, reason}`.',
    '- Point-in-time fundamentals name the filing of each value: REST `statement.sources[item]` = `{accession, form, filed, concept, derived}`, GraphQL `Statement.sources`, MCP `get_fundamentals` and `get_fundamentals_history` with `withSources: true` (left out by default to keep answers small).',
    '',
    '## Limits',
    '',
    'Per key:',
    ...keyLimits,
    '',
    'Per IP and per account:',
    ...ipLimits,
    `- MCP and agent-to-agent tool calls per caller per hour: ${mcpLimits.join(', ')}.`,
    '',
    'How they combine: a key is governed by its own allowance (the request budget is for callers without a key), the per-account limit counts all keys and sessions of an account together, and the per-IP limits apply to everyone. What binds first:',
    ...LIMIT_COMPOSITION.map((r) => `- ${r.caller}: ${fmt(r.limit)} per ${WINDOW_WORDS[r.window]}`),
    '- In `RateLimit-Policy`, `w` is the window in seconds; for the monthly policies it is the seconds until the month resets (00:00 UTC on the 1st).',
    '',
    '- 429 carries `Retry-After` (whole seconds) and `RateLimit-Policy`/`RateLimit` headers naming the limit that refused it (a busy MCP heavy tool: `Retry-After: 1` only, and the call keeps your hourly allowance): back off, do not retry at once. Anonymous limits are not guaranteed.',
    `- 402 is a fact about the account (tier, included monthly calls, extra-call cap): surface it to the user, do not retry. The tier payload has \`requiredTier\`, \`currentTier\`, \`upgrade_url\`; the cap payload has \`reason: "overage_cap"\`.`,
    `- Tiers, ascending: ${TIERS.map((t) => TIER_LABELS[t]).join(', ')}.${tiered.length ? ` Tier-gated endpoints: ${tiered.map((o) => `${o.method} /api${o.path} (${TIER_LABELS[o.def.access!.tier!]})`).join('; ')}.` : ''}`,
    `- Developer plans: ${plans.map((p) => `${p.label} $${formatUsd(p.priceMicros)}/month, ${fmt(p.includedCalls)} calls included, extra calls $${formatUsd(p.rateMicros)} each when turned on (default cap $${formatUsd(p.defaultCapMicros)}, maximum $${formatUsd(p.maxCapMicros)}: 4 times the price)`).join('; ')}. Extra calls are off by default. Every metered response carries its price in \`${PER_CALL_COST_HEADER}\`; only successful calls are billed.`,
    '',
    '## Docs',
    '',
    `- [OpenAPI description](${base}/openapi.yaml): every REST path, parameter, response and error (also ${base}/.well-known/openapi.yaml)`,
    `- [API documentation](${base}/api-docs): the same, for people`,
    `- [MCP tools](${base}/api/mcp/tools.json): the machine-readable tool list (browsable at ${base}/mcp)`,
    `- [GraphQL schema](${base}${GRAPHQL_PATHS.sdl}): the SDL of ${base}${GRAPHQL_PATHS.endpoint}`,
    `- [Datasets](${base}/datasets): what each dataset covers, its update schedule and terms (schema.org DataCatalog)`,
    `- [Glossary](${base}/glossary) and [LEARN](${base}/learn): terms and the curriculum`,
    '',
    '## Endpoints',
    '',
    ...ops.map((o) => `- ${o.method} /api${o.path.replace(/\{(\w+)\}/g, ':$1')}: ${o.def.summary}${o.def.access?.auth && o.def.access.auth !== 'public' ? ` (${o.def.access.auth === 'session' ? 'signed-in session' : 'key or session'})` : ''}`),
    '',
    '## Optional',
    '',
    ...DATASETS.map((d) => `- [${d.name}](${base}/datasets#${d.id}): ${d.description}`),
    '',
  ].join('\n');
}

/** The `mcpServers` entry of an MCP host that connects over Streamable HTTP, with the key header. */
export function mcpHttpConfig(publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  return JSON.stringify({ mcpServers: { almanac: { type: 'http', url: `${base}/api/mcp`, headers: { 'X-API-Key': '<API_KEY>' } } } }, null, 2);
}

/** The `mcpServers` entry desktop MCP hosts read, for the stdio bridge (clients/mcp) pointed at `publicUrl`. */
export function mcpHostConfig(publicUrl: string): string {
  const env = { ALMANAC_URL: publicUrl.replace(/\/+$/, ''), ALMANAC_API_KEY: '<API_KEY>' };
  return JSON.stringify({ mcpServers: { almanac: { command: 'almanac-mcp', env } } }, null, 2);
}

/**
 * The crawl policy: public pages allowed, the API and account pages not, except the machine-readable
 * documents published under them (the GraphQL SDL, the MCP tool list of spec 4.5: the longer rule
 * wins, RFC 9309).
 */
export function robotsText(publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  const published = [GRAPHQL_PATHS.sdl, '/api/mcp/tools.json', '/api/v1/mcp/tools.json'].map((p) => `Allow: ${p}`);
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /account', 'Disallow: /verify-email', 'Disallow: /graphql', ...published, '', `Sitemap: ${base}/sitemap.xml`, ''].join('\n');
}

/** Root routes of the machine-readable paths. */
export function machineRoutes(resources: Resource[]): AnyRoute[] {
  let cache: OpenApiCache | null = null;
  const openapi = (publicUrl: string) => (cache ??= new OpenApiCache(resources, publicUrl));
  let llms: string | null = null;
  const yamlRoute = (path: string): AnyRoute =>
    defineRoute({
      ...PUBLIC_PAGE,
      method: 'GET',
      path,
      summary: 'OpenAPI 3.1 description (YAML)',
      responses: { 200: { description: 'the OpenAPI description', contentTypes: ['application/yaml'] } },
      handler: ({ services, reply }) => {
        reply.type('application/yaml; charset=utf-8').header('Cache-Control', 'public, max-age=300').header('Access-Control-Allow-Origin', '*');
        return openapi(services.config.publicUrl).yaml;
      },
    });
  return [
    yamlRoute('/openapi.yaml'),
    yamlRoute('/.well-known/openapi.yaml'),
    defineRoute({
      ...PUBLIC_PAGE,
      method: 'GET',
      path: '/openapi.json',
      summary: 'OpenAPI 3.1 description (JSON)',
      responses: { 200: { description: 'the OpenAPI description' } },
      handler: ({ services, reply }) => {
        reply.header('Cache-Control', 'public, max-age=300').header('Access-Control-Allow-Origin', '*');
        return openapi(services.config.publicUrl).document;
      },
    }),
    defineRoute({
      ...PUBLIC_PAGE,
      method: 'GET',
      path: '/llms.txt',
      summary: 'Site context for AI clients',
      responses: { 200: { description: 'llms.txt', contentTypes: ['text/plain'] } },
      handler: ({ services, reply }) => {
        reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=300');
        llms ??= llmsText(resources, services.config.publicUrl);
        return llms;
      },
    }),
    // The API's base URLs (the OpenAPI `servers`, llms.txt) answer with where to go, not a 404.
    ...['/api', '/api/v1'].map((path) =>
      defineRoute({
        ...PUBLIC_PAGE,
        method: 'GET',
        path,
        summary: 'Where the API is described',
        responses: { 200: { description: 'links to the API description, the MCP and GraphQL endpoints and the health check' } },
        handler: ({ services, reply }) => {
          reply.header('Cache-Control', 'public, max-age=300');
          const base = services.config.publicUrl.replace(/\/+$/, '');
          return {
            name: 'Almanac API',
            openapi: `${base}/openapi.json`,
            llms: `${base}/llms.txt`,
            docs: `${base}/api-docs`,
            graphql: `${base}${GRAPHQL_PATHS.endpoint}`,
            mcp: `${base}/api/mcp`,
            mcpTools: `${base}/api/mcp/tools.json`,
            health: `${base}${path}/health`,
          };
        },
      }),
    ),
    defineRoute({
      ...PUBLIC_PAGE,
      method: 'GET',
      path: '/robots.txt',
      summary: 'Crawl policy',
      responses: { 200: { description: 'robots.txt', contentTypes: ['text/plain'] } },
      handler: ({ services, reply }) => {
        reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
        return robotsText(services.config.publicUrl);
      },
    }),
  ];
}
