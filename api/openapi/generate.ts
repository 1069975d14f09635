/**
 * OpenAPI 3.1 generated from the route definitions (api/route.ts): every REST resource's routes,
 * their zod schemas (query, path, body, each documented response), and the generic parts that
 * follow from route metadata rather than from hand-written docs:
 *
 * - `access.auth` -> security requirements (X-API-Key, session cookie) and 401;
 * - `access.tier` -> 402 with the tier payload (spec 7);
 * - `access.csrf` -> the X-CSRF-Token header parameter and 403;
 * - metered routes -> X-SVC-Per-Call-Cost on every response (`0` unless billed) and the overage 402 (spec 2.7, 3);
 * - every API route -> 429 with Retry-After and the RateLimit headers (spec 8), 400 when it takes
 *   input, 500 and 503;
 * - `/api` and `/api/v1` (spec 9) -> two server entries with the same paths.
 *
 * Nothing here is maintained by hand per route: a new route appears once it is in RESOURCES.
 *
 * @example
 * const doc = buildOpenApi(RESOURCES, { publicUrl: 'https://almanac.example' });
 * doc.paths['/ticker-search'].get.responses['200'];
 */
import { readFileSync } from 'node:fs';
import { z, type ZodType } from 'zod';
import { CSRF_HEADER, SESSION_COOKIE } from '../../schema/accounts.ts';
import { ErrorBody, TierRequiredBody } from '../../schema/common.ts';
import { AllowanceBody, OverageCapBody, RateLimitedBody } from '../../schema/billing.ts';
import { TIER_LABELS, TIERS, type TierId } from '../../schema/tiers.ts';
import { FRESHNESS_HEADERS } from '../../schema/provenance.ts';
import { PER_CALL_COST_HEADER } from '../limits/hooks.ts';
import { routeMetered, routeWeight as policyWeight } from '../limits/policies.ts';
import { billingUrl, upgradeUrl } from '../limits/tier.ts';
import type { AnyRoute, Resource } from '../route.ts';

export { PER_CALL_COST_HEADER };

/** A JSON Schema (2020-12) or OpenAPI object: plain JSON. */
export type Json = Record<string, unknown>;

export interface OpenApiDocument extends Json {
  openapi: string;
  info: Json;
  servers: Json[];
  paths: Record<string, Record<string, Json>>;
  components: { schemas: Record<string, Json>; securitySchemes: Json; headers: Json; responses: Json; parameters: Json };
}

export interface OpenApiOptions {
  /** Base URL of the service (config.publicUrl), without a trailing slash. */
  publicUrl: string;
  /** info.version; defaults to the package version. */
  version?: string;
}

/** One documented operation (one method of one route). */
export interface Operation {
  method: string;
  /** Path under the API prefixes in OpenAPI form (`/keys/{id}`), or the root path for root routes. */
  path: string;
  root: boolean;
  def: AnyRoute;
  operationId: string;
  metered: boolean;
}

/** Whether a route is billed per call (the enforcement's own rule, api/limits/policies.ts). */
export const isMetered = (def: AnyRoute): boolean => routeMetered(def);

/** Cost units of a route in the request budget (spec 8.2), as the limits step counts them. */
export const routeWeight = (def: AnyRoute): number => policyWeight(def);

/** `/keys/:id` -> `/keys/{id}`. */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function operationId(method: string, path: string): string {
  const words = path
    .replace(/\{([^}]+)\}/g, 'by $1')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}

/** Every documented operation of `resources`, in declaration order. */
export function listOperations(resources: Resource[]): Operation[] {
  const ops: Operation[] = [];
  const seen = new Set<string>();
  for (const res of resources) {
    for (const def of res.routes) {
      if (def.hidden) continue;
      const methods = (Array.isArray(def.method) ? def.method : [def.method]).map((m) => m.toUpperCase()).filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
      const path = openApiPath(def.path);
      for (const method of methods) {
        let id = operationId(method, path);
        for (let n = 2; seen.has(id); n++) id = `${operationId(method, path)}${n}`;
        seen.add(id);
        ops.push({ method, path, root: def.root === true, def, operationId: id, metered: isMetered(def) });
      }
    }
  }
  return ops;
}

// --- JSON Schema conversion -------------------------------------------------------------------

/** Schemas shared by many operations, referenced from components. */
const NAMED = new Map<ZodType, string>([
  [ErrorBody, 'Error'],
  [TierRequiredBody, 'TierRequired'],
  [AllowanceBody, 'AllowanceExhausted'],
  [OverageCapBody, 'OverageCap'],
  [RateLimitedBody, 'RateLimited'],
]);

class SchemaConverter {
  readonly components: Record<string, Json> = {};
  private readonly byName = new Map<string, ZodType>();

  /** Converts for `io` ('input' for parameters and bodies, 'output' for responses). */
  convert(schema: ZodType, io: 'input' | 'output'): Json {
    const named = NAMED.get(schema) ?? (z.globalRegistry.get(schema)?.id as string | undefined);
    if (named) {
      const name = this.componentName(named, schema, io);
      return { $ref: `#/components/schemas/${name}` };
    }
    return this.raw(schema, io);
  }

  private componentName(named: string, schema: ZodType, io: 'input' | 'output'): string {
    const name = io === 'output' ? named : `${named}Input`;
    if (!this.byName.has(name)) {
      this.byName.set(name, schema);
      this.components[name] = {};
      this.components[name] = this.raw(schema, io, name);
    }
    return name;
  }

  private raw(schema: ZodType, io: 'input' | 'output', self?: string): Json {
    const js = z.toJSONSchema(schema, {
      target: 'draft-2020-12',
      io,
      unrepresentable: 'any',
      reused: 'inline',
      cycles: 'ref',
      override: (ctx) => {
        const def = (ctx.zodSchema as { _zod?: { def?: { type?: string } } })._zod?.def;
        if (def?.type === 'date') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
      },
    }) as Json;
    delete js.$schema;
    // Hoist $defs (recursive or registered sub-schemas) into components and point refs there.
    const defs = (js.$defs ?? {}) as Record<string, Json>;
    delete js.$defs;
    const rename = new Map<string, string>();
    for (const key of Object.keys(defs)) {
      let name = key === '__schema0' && self ? self : key.replace(/[^A-Za-z0-9._-]/g, '_');
      for (let n = 2; this.components[name] && name !== self; n++) name = `${key}${n}`;
      rename.set(key, name);
    }
    const rewrite = (node: unknown): unknown => {
      if (Array.isArray(node)) return node.map(rewrite);
      if (!node || typeof node !== 'object') return node;
      const out: Json = {};
      for (const [k, v] of Object.entries(node)) {
        if (k === '$ref' && typeof v === 'string') {
          if (v === '#') out[k] = self ? `#/components/schemas/${self}` : v;
          else if (v.startsWith('#/$defs/')) out[k] = `#/components/schemas/${rename.get(v.slice(8)) ?? v.slice(8)}`;
          else out[k] = v;
        } else if ((k === 'minimum' && v === Number.MIN_SAFE_INTEGER) || (k === 'maximum' && v === Number.MAX_SAFE_INTEGER)) {
          // z.number().int() bounds: noise for readers, implied by "integer".
        } else out[k] = rewrite(v);
      }
      return out;
    };
    for (const [key, def] of Object.entries(defs)) this.components[rename.get(key)!] = rewrite(def) as Json;
    return rewrite(js) as Json;
  }
}

// --- Generic parts ----------------------------------------------------------------------------

const HEADERS: Json = {
  RetryAfter: {
    description: 'Whole seconds to wait before retrying (spec 8: back off, do not retry at once).',
    required: true,
    schema: { type: 'integer', minimum: 1 },
    example: 30,
  },
  RateLimitPolicy: {
    description:
      'Every limit that applies, IETF RateLimit header fields draft (e.g. `"key-standard-minute";q=60;w=60`): `q` the quota, `w` the window in seconds; for the calendar-month policies (`key-*-month`) `w` is the seconds until the month resets (00:00 UTC on the 1st). On a 429 refused after admission by a limit of its own (a sign-in throttle such as `"login-per-ip";q=30;w=900`), that limit.',
    schema: { type: 'string' },
    example: '"key-standard-minute";q=60;w=60, "key-standard-month";q=10000;w=1209600',
  },
  RateLimit: {
    description:
      'IETF RateLimit header fields draft: on a 429, the limit that refused the request, with nothing left until `t` = `Retry-After` (e.g. `"key-standard-minute";r=0;t=30`, `"login-per-ip";r=0;t=600`), never another limit that admitted it; otherwise what is left of the tightest limit that applies.',
    schema: { type: 'string' },
    example: '"key-standard-minute";r=59;t=30',
  },
  Cache: {
    description: "Whether the answer came from the service's answer cache: `HIT`, `MISS` (computed now), or `BYPASS` (computed now because `nocache` was asked).",
    schema: { type: 'string', enum: ['HIT', 'MISS', 'BYPASS'] },
  },
  PerCallCost: {
    description: 'The price of this call in US dollars (spec 2.7); `0` when the call is not billed (refusals and errors included).',
    required: true,
    schema: { type: 'string', pattern: '^[0-9]+(\\.[0-9]+)?$' },
    example: '0.002',
  },
  RequestId: {
    description: 'The request id (echoes a well-formed `X-Request-Id` sent by the client); quote it in support requests.',
    schema: { type: 'string' },
  },
  DataThrough: {
    description:
      'The newest date (YYYY-MM-DD) the listed rows cover (issue 16). Sent beside answers whose body is a bare list; absent when the list is empty.',
    schema: { type: 'string', format: 'date' },
    example: '2024-06-30',
  },
  FetchedAt: {
    description:
      "When Almanac last fetched this data's source successfully: the finish time of the last successful pipeline run in the run ledger, ISO 8601 UTC " +
      'without zone; never the request time. Absent when the ledger has no successful run.',
    schema: { type: 'string' },
    example: '2026-11-24T07:01:08',
  },
};

const ERROR_EXAMPLE = (message: string) => ({ error: message });

function jsonContent(schema: Json, example?: unknown): Json {
  return { 'application/json': example === undefined ? { schema } : { schema, example } };
}

function errorResponse(description: string, example: string, headers?: Json): Json {
  return { description, content: jsonContent({ $ref: '#/components/schemas/Error' }, ERROR_EXAMPLE(example)), ...(headers ? { headers } : {}) };
}

const RESPONSES: Json = {
  BadRequest: errorResponse('A missing or invalid parameter; the message names it.', "missing required parameter 'ticker'"),
  Unauthorized: errorResponse(
    'Not authenticated: the key is missing, invalid, revoked or expired (spec 5.6). A key sent as `Authorization: Bearer` is ignored (anonymous).',
    'invalid API key',
  ),
  Forbidden: errorResponse(`CSRF failure: send the token from GET /api/auth/csrf in \`${CSRF_HEADER}\` with \`Content-Type: application/json\`.`, 'CSRF token missing or invalid'),
  TooManyRequests: {
    description: 'A rate limit or the monthly budget was reached (spec 8). Wait `Retry-After` seconds; do not retry at once. `policy` names the limit, as `RateLimit` does (see `RateLimit-Policy`).',
    headers: {
      'Retry-After': { $ref: '#/components/headers/RetryAfter' },
      'RateLimit-Policy': { $ref: '#/components/headers/RateLimitPolicy' },
      RateLimit: { $ref: '#/components/headers/RateLimit' },
    },
    content: jsonContent(
      { anyOf: [{ $ref: '#/components/schemas/RateLimited' }, { $ref: '#/components/schemas/Error' }] },
      { error: 'rate limit exceeded (8.1 Standard key: 60 per minute); retry after 30 s', policy: 'key-standard-minute', limit: 60, retry_after_seconds: 30 },
    ),
  },
  UriTooLong: errorResponse('A path parameter is longer than 100 characters.', 'URI Too Long'),
  PayloadTooLarge: errorResponse('The request body is larger than 1 MiB.', 'the request body is too large'),
  UnsupportedMediaType: errorResponse('The body must be JSON: send `Content-Type: application/json`.', 'unsupported Content-Type: send application/json'),
  ServerError: {
    description: 'Server error; the body carries the request id.',
    content: jsonContent({ $ref: '#/components/schemas/Error' }, { error: 'internal server error', requestId: '6f1c0d3e-9a57-4a8e-b7f2-0c1d2e3f4a5b' }),
  },
  Unavailable: errorResponse('The data warehouse or a store is temporarily unavailable; retry after `Retry-After` seconds. Never billed.', 'the data warehouse is not available yet', {
    'Retry-After': { $ref: '#/components/headers/RetryAfter' },
  }),
};

function tierExample(tier: TierId, publicUrl: string): Json {
  return {
    error: `this endpoint needs the ${TIER_LABELS[tier]} tier or above`,
    requiredTier: TIER_LABELS[tier],
    currentTier: TIER_LABELS.learner,
    upgrade_url: upgradeUrl(publicUrl, tier),
  };
}

const OVERAGE_EXAMPLE = (publicUrl: string): Json => ({
  error: 'the extra-call cap for this month is reached ($50 of $50); raise the cap or wait for the month to reset',
  reason: 'overage_cap',
  overage_accrued_usd: 50,
  limit_usd: 50,
  resets_at: '2026-12-01T00:00:00.000Z',
  upgrade_url: billingUrl(publicUrl),
});

const ALLOWANCE_EXAMPLE = (publicUrl: string): Json => ({
  error: 'the 100,000 calls included in the Developer plan this month are used up; turn extra calls on or wait for the month to reset',
  reason: 'included_allowance',
  plan: 'developer',
  included_calls: 100000,
  calls_this_month: 100000,
  extra_calls_enabled: false,
  rate_usd: 0.002,
  resets_at: '2026-12-01T00:00:00.000Z',
  upgrade_url: billingUrl(publicUrl),
});

let cachedVersion: string | undefined;
function packageVersion(): string {
  cachedVersion ??= (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  return cachedVersion;
}

// --- The document -----------------------------------------------------------------------------

/**
 * Signed-in sessions need X-CSRF-Token on every state-changing call to an account route, declared
 * or not (api/identity/identify.ts); key callers never do.
 */
function sessionCsrf(def: AnyRoute, method: string): boolean {
  const auth = def.access?.auth ?? 'public';
  return !def.access?.csrf && auth !== 'public' && !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}

function describeAccess(def: AnyRoute, metered: boolean, method = 'GET'): string {
  const parts: string[] = [];
  const auth = def.access?.auth ?? 'public';
  if (auth === 'public') parts.push('Anonymous calls are allowed (rate-limited per IP); an `X-API-Key` raises the limits.');
  if (auth === 'account') parts.push('Requires an account: `X-API-Key` (or a signed-in browser session).');
  if (auth === 'session') parts.push('Requires a signed-in browser session (the `alm_session` cookie from POST /api/auth/login).');
  if (def.access?.tier) parts.push(`Requires the ${TIER_LABELS[def.access.tier]} tier or above (402 otherwise).`);
  if (def.access?.csrf) parts.push(`CSRF-protected: send \`${CSRF_HEADER}\` (from GET /api/auth/csrf) and \`Content-Type: application/json\`.`);
  if (sessionCsrf(def, method)) parts.push(`From a signed-in browser session, send \`${CSRF_HEADER}\` (from GET /api/auth/csrf); calls with \`X-API-Key\` need no token.`);
  if (metered) parts.push(`Metered: the price of the call is in \`${PER_CALL_COST_HEADER}\`; only successful calls are billed.`);
  const weight = routeWeight(def);
  if (weight !== 1) parts.push(`Counts ${weight} units of the cost-weighted request budget (spec 8.2).`);
  return parts.join(' ');
}

function security(def: AnyRoute): Json[] {
  const auth = def.access?.auth ?? 'public';
  if (auth === 'session') return [{ session: [] }];
  if (auth === 'account') return [{ apiKey: [] }, { session: [] }];
  return [{}, { apiKey: [] }, { session: [] }];
}

function parameters(conv: SchemaConverter, schema: ZodType | undefined, location: 'query' | 'path'): Json[] {
  if (!schema) return [];
  const js = conv.convert(schema, 'input');
  const props = (js.properties ?? {}) as Record<string, Json>;
  const required = new Set((js.required ?? []) as string[]);
  return Object.entries(props).map(([name, s]) => {
    const { description, examples, ...rest } = s as Json & { description?: string; examples?: unknown[] };
    return {
      name,
      in: location,
      required: location === 'path' || required.has(name),
      ...(description ? { description } : {}),
      schema: rest,
      ...(Array.isArray(examples) && examples.length ? { example: examples[0] } : {}),
    };
  });
}

/**
 * Sample values of the parameters and body fields whose schema gives no example, by name (`path
 * name` first: `id` names a different thing on each route). A value only the caller can have (a
 * password, an id the service issued) stays a placeholder.
 */
const SAMPLE_VALUES: Record<string, unknown> = {
  ticker: 'AAPL',
  tickers: 'AAPL,MSFT',
  q: 'apple',
  symbol: 'SPY',
  symbols: 'SPY,QQQ',
  // Kahn Brothers, a 13F filer in the sample corpus and on EDGAR.
  cik: '1039565',
  name: 'My list',
  email: 'you@example.com',
  '/institutional-holders ticker': 'XOM',
  '/credit/bdc/{cik}/holdings cik': '1396440',
  '/credit/bdc/{cik}/quality cik': '1396440',
  '/learn/lessons/{id}/quiz answers': [0, 0, 0],
  '/macro/series id': 'DGS10',
  // Values the sample warehouse holds, so each sample answers something (a new-user pass found
  // seven that listed nothing): a ticker with Form 4s, two of its funds' share classes (generated
  // symbols), an Apple note its funds hold, and words of its generated banks' and borrowers' names.
  '/insiders ticker': 'TSLA',
  '/etf-compare symbols': 'SYN000037818,SYN000202041',
  '/fund-holders id': '037833EK2',
  '/bond-search q': 'treasury',
  '/credit/borrowers q': 'borrower',
  '/banks q': 'sample bank',
  '/federal-contracts ticker': 'MSFT',
  '/federal-contracts/totals ticker': 'MSFT',
  // The sample's one open-market purchase is eleven months before its newest Form 4.
  '/insiders/recent-buys days': 365,
  '/glossary/{slug} slug': 'free-cash-flow',
  '/learn/lessons/{id} id': 'measuring-returns',
  '/learn/lessons/{id}/quiz id': 'measuring-returns',
};

/** A value of `schema` for a sample: its example, default, first enum value or const, else a placeholder built from its type. */
function sampleValue(conv: SchemaConverter, schema: Json | undefined, name: string, path = ''): unknown {
  const known = SAMPLE_VALUES[`${path} ${name}`] ?? SAMPLE_VALUES[name];
  if (known !== undefined && !(schema?.examples as unknown[] | undefined)?.length && schema?.example === undefined) return known;
  if (!schema) return `<${name.toUpperCase()}>`;
  const ref = schema.$ref as string | undefined;
  if (ref) return sampleValue(conv, conv.components[ref.replace('#/components/schemas/', '')], name, path);
  const examples = schema.examples as unknown[] | undefined;
  if (Array.isArray(examples) && examples.length) return examples[0];
  if (schema.example !== undefined) return schema.example;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length) return schema.enum[0];
  const alternatives = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (alternatives?.length) return sampleValue(conv, alternatives.find((a) => a.type !== 'null') ?? alternatives[0], name, path);
  if (schema.type === 'object' || schema.properties) {
    const props = (schema.properties ?? {}) as Record<string, Json>;
    const required = (schema.required ?? []) as string[];
    return Object.fromEntries(required.map((k) => [k, sampleValue(conv, props[k], k, path)]));
  }
  if (schema.type === 'array') return [sampleValue(conv, schema.items as Json | undefined, name, path)];
  if (schema.type === 'integer' || schema.type === 'number') return (schema.minimum as number | undefined) ?? 1;
  if (schema.type === 'boolean') return true;
  return `<${name.toUpperCase()}>`;
}

/**
 * The operation's curl sample, to be run as written once its credentials are filled in: the
 * required parameters with example values; the credential the route takes (none on a public route
 * a Learner may call: an anonymous call sends no `X-API-Key`, llms.txt); the cookie jar
 * (`-b/-c cookies.txt`: what `GET /api/auth/csrf` and `POST /api/auth/login` set) and the CSRF
 * token of the session and sign-in routes; a body of its required fields. What cannot be filled
 * in is an `<ANGLE_BRACKETED>` placeholder.
 */
function curlSample(op: Operation, conv: SchemaConverter, params: Json[], publicUrl: string): string {
  const auth = op.def.access?.auth ?? 'public';
  const sample = (p: Json): string => String(p.example ?? sampleValue(conv, p.schema as Json | undefined, p.name as string, op.path));
  // A placeholder stays readable in the URL (the caller replaces it); a value is encoded.
  const value = (p: Json): string => {
    const v = sample(p);
    return /^<[A-Z_]+>$/.test(v) ? v : encodeURIComponent(v);
  };
  let path = op.path;
  for (const p of params.filter((x) => x.in === 'path')) path = path.replace(`{${p.name as string}}`, value(p));
  // The required parameters; when the route asks for one of several (`give at least one of ...`),
  // the first optional one that satisfies its schema too.
  const inQuery = params.filter((x) => x.in === 'query');
  const chosen = inQuery.filter((p) => p.required);
  const raw = (list: Json[]): Record<string, string> => Object.fromEntries(list.map((p) => [p.name as string, sample(p)]));
  const query = op.def.query;
  if (query && !query.safeParse(raw(chosen)).success) {
    const extra = inQuery.find((p) => !p.required && query.safeParse(raw([...chosen, p])).success);
    if (extra) chosen.push(extra);
  }
  // An optional parameter with a sample value of this route's own (`/insiders/recent-buys days`).
  for (const p of inQuery) {
    if (chosen.includes(p) || SAMPLE_VALUES[`${op.path} ${p.name as string}`] === undefined) continue;
    if (query && !query.safeParse(raw([...chosen, p])).success) throw new Error(`OpenAPI sample of ${op.path}: '${p.name as string}' ${String(sample(p))} is refused by the route's schema`);
    chosen.push(p);
  }
  const search = chosen.map((p) => `${encodeURIComponent(p.name as string)}=${value(p)}`);
  const url = `${publicUrl}${op.root ? '' : '/api'}${path}${search.length ? `?${search.join('&')}` : ''}`;
  const lines = [`curl -X ${op.method} '${url}'`, `  -H 'User-Agent: my-agent/1.0 (me@example.com)'`];
  // A key route, or a public one above the Learner tier (anonymous callers are served at Learner).
  const tier = op.def.access?.tier;
  if (auth === 'account' || (auth === 'public' && tier !== undefined && tier !== 'learner')) lines.push(`  -H 'X-API-Key: <API_KEY>'`);
  const csrf = op.def.access?.csrf === true || (auth === 'session' && sessionCsrf(op.def, op.method));
  // The CSRF token's own call too: before sign-in its token is bound to the cookie it sets.
  if (auth === 'session' || csrf || op.def.capability === 'auth_csrf') lines.push(`  -b cookies.txt -c cookies.txt`);
  if (csrf) lines.push(`  -H '${CSRF_HEADER}: <CSRF_TOKEN>'`);
  if (op.def.body && !op.def.ignoreBody) {
    const body = JSON.stringify(sampleValue(conv, conv.convert(op.def.body, 'input'), 'body', op.path)).replace(/'/g, `'\\''`);
    lines.push(`  -H 'Content-Type: application/json' -d '${body}'`);
  }
  return lines.join(' \\\n');
}

function operationObject(op: Operation, conv: SchemaConverter, publicUrl: string): Json {
  const { def } = op;
  const params = [...parameters(conv, def.params, 'path'), ...parameters(conv, def.query, 'query')];
  for (const m of op.path.matchAll(/\{([^}]+)\}/g)) {
    if (!params.some((p) => p.in === 'path' && p.name === m[1])) params.unshift({ name: m[1], in: 'path', required: true, schema: { type: 'string' } });
  }
  if (def.access?.csrf) params.push({ $ref: '#/components/parameters/CsrfToken' });
  else if (sessionCsrf(def, op.method)) params.push({ $ref: '#/components/parameters/SessionCsrfToken' });

  const responses: Json = {};
  const success = Object.keys(def.responses).map(Number).filter((s) => s >= 200 && s < 300);
  for (const [code, doc] of Object.entries(def.responses)) {
    const content: Json = {};
    if (doc.schema) Object.assign(content, jsonContent(conv.convert(doc.schema, 'output')));
    for (const type of doc.contentTypes ?? []) content[type] = { schema: { type: 'string' } };
    const headers: Json = { 'X-Request-Id': { $ref: '#/components/headers/RequestId' } };
    // On every answer of a metered route, refusals included (`0`: not billed).
    if (op.metered) headers[PER_CALL_COST_HEADER] = { $ref: '#/components/headers/PerCallCost' };
    if (doc.freshnessHeaders) Object.assign(headers, { [FRESHNESS_HEADERS.dataThrough]: { $ref: '#/components/headers/DataThrough' }, [FRESHNESS_HEADERS.fetchedAt]: { $ref: '#/components/headers/FetchedAt' } });
    if (Number(code) === 429 || Number(code) === 503) headers['Retry-After'] = { $ref: '#/components/headers/RetryAfter' };
    // Every answer of an /api route the limits admitted carries both, errors included (a 429: the
    // limit that refused it); not `required`: a request refused before the limits were asked has none.
    if (!op.root) Object.assign(headers, { 'RateLimit-Policy': { $ref: '#/components/headers/RateLimitPolicy' }, RateLimit: { $ref: '#/components/headers/RateLimit' } });
    if (doc.cacheHeader && Number(code) === 200) headers['X-Cache'] = { $ref: '#/components/headers/Cache' };
    responses[code] = { description: doc.description, headers, ...(Object.keys(content).length ? { content } : {}) };
  }
  if (success.length === 0 && !def.responses[410]) responses['200'] = { description: 'success' };

  const documented = (s: number) => String(s) in responses;
  // Every API route refuses unknown query parameters (400 naming them).
  if ((!op.root || def.query || def.body || def.params) && !documented(400)) responses['400'] = { $ref: '#/components/responses/BadRequest' };
  if (!op.root && !documented(401)) responses['401'] = { $ref: '#/components/responses/Unauthorized' };
  const tier = def.access?.tier;
  if (tier || op.metered) {
    const variants: Json[] = [];
    const examples: Json = {};
    if (tier) {
      variants.push(conv.convert(TierRequiredBody, 'output'));
      examples.tier = { summary: 'the account is below the required tier (not transient: do not retry)', value: tierExample(tier, publicUrl) };
    }
    if (op.metered) {
      variants.push(conv.convert(AllowanceBody, 'output'), conv.convert(OverageCapBody, 'output'));
      examples.allowance = { summary: 'the plan\'s included calls are used up and extra calls are off (spec 3)', value: ALLOWANCE_EXAMPLE(publicUrl) };
      examples.overage = { summary: 'the extra-call cap is reached (spec 3)', value: OVERAGE_EXAMPLE(publicUrl) };
    }
    const generic = [
      tier ? `The account is below the ${TIER_LABELS[tier]} tier: \`requiredTier\`, \`currentTier\`, \`upgrade_url\`.` : '',
      op.metered ? 'The plan\'s included monthly calls are used up with extra calls off (`reason: "included_allowance"`), or the extra-call cap is reached (`reason: "overage_cap"`).' : '',
      'Not transient: surface it to the user; do not retry.',
    ].filter(Boolean);
    // A route that documents its own 402 keeps it; the generic payloads are added as alternatives.
    const own = responses['402'] as Json | undefined;
    const ownSchema = ((own?.content as Json | undefined)?.['application/json'] as Json | undefined)?.schema as Json | undefined;
    if (ownSchema && !variants.some((v) => JSON.stringify(v) === JSON.stringify(ownSchema))) variants.unshift(ownSchema);
    responses['402'] = {
      description: [own?.description as string | undefined, ...generic].filter(Boolean).join(' '),
      ...(own?.headers ? { headers: own.headers } : {}),
      content: { 'application/json': { schema: variants.length === 1 ? variants[0] : { anyOf: variants }, examples } },
    };
  }
  // Any method that may carry a body (a DELETE too) is parsed as JSON when it has one: any other
  // media type is a 415, text/plain included.
  if ((def.body || def.access?.csrf || (op.method !== 'GET' && op.method !== 'HEAD')) && !def.ignoreBody && !documented(415)) responses['415'] = { $ref: '#/components/responses/UnsupportedMediaType' };
  if (def.body && !def.ignoreBody && !documented(413)) responses['413'] = { $ref: '#/components/responses/PayloadTooLarge' };
  if (/\{/.test(op.path) && !documented(414)) responses['414'] = { $ref: '#/components/responses/UriTooLong' };
  if ((def.access?.csrf || def.access?.auth === 'session' || sessionCsrf(def, op.method)) && !documented(403)) responses['403'] = { $ref: '#/components/responses/Forbidden' };
  if (!op.root && !documented(429)) responses['429'] = { $ref: '#/components/responses/TooManyRequests' };
  if (!documented(500)) responses['500'] = { $ref: '#/components/responses/ServerError' };
  if (!op.root && !documented(503)) responses['503'] = { $ref: '#/components/responses/Unavailable' };

  const access = describeAccess(def, op.metered, op.method);
  const operation: Json = {
    operationId: op.operationId,
    summary: def.summary,
    description: [def.description, access].filter(Boolean).join('\n\n'),
    tags: def.tags ?? [],
    ...(params.length ? { parameters: params } : {}),
    responses,
    security: security(def),
    'x-access': { auth: def.access?.auth ?? 'public', ...(tier ? { tier, tierLabel: TIER_LABELS[tier] } : {}), csrf: def.access?.csrf === true },
    'x-metered': op.metered,
    'x-weight': routeWeight(def),
    'x-codeSamples': [{ lang: 'curl', label: 'curl', source: curlSample(op, conv, params, publicUrl) }],
  };
  if (def.body && !def.ignoreBody) {
    // A request without a body is parsed as `{}` (api/route.ts): the body is optional exactly when
    // its schema takes `{}` (the overage consent: `cap_usd` absent = the plan's default cap).
    operation.requestBody = { required: !def.body.safeParse({}).success, content: jsonContent(conv.convert(def.body, 'input')) };
  }
  return operation;
}

/** Builds the OpenAPI 3.1 description of `resources`. */
export function buildOpenApi(resources: Resource[], options: OpenApiOptions): OpenApiDocument {
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const conv = new SchemaConverter();
  conv.convert(ErrorBody, 'output');
  conv.convert(RateLimitedBody, 'output');
  const paths: Record<string, Record<string, Json>> = {};
  const ops = listOperations(resources);
  for (const op of ops) {
    const item = (paths[op.path] ??= {});
    if (op.root) (item as Json).servers = [{ url: publicUrl, description: 'site root' }];
    item[op.method.toLowerCase()] = operationObject(op, conv, publicUrl);
  }
  const tags = [...new Set(ops.flatMap((o) => o.def.tags ?? []))].map((name) => ({ name }));
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Almanac API',
      version: options.version ?? packageVersion(),
      summary: 'Financial data and education: SEC fundamentals (point in time), insider trades, 13F, funds, BDC credit, prices, macro, news, glossary and LEARN.',
      description: [
        'A JSON REST API for AI agents and the people they work for. Data is educational and is not investment advice.',
        '',
        `**Authentication.** Send your key in \`X-API-Key: <API_KEY>\` on every call; it is the only header that carries a key. \`Authorization: Bearer\` is reserved for OAuth access tokens, so a key sent there is treated as anonymous. Send a descriptive \`User-Agent\`: bare default agents of command-line and scripting HTTP clients are refused on \`/api/*\` when no credential is sent. Get a key in the account settings panel (${publicUrl}/account) after verifying your email.`,
        '',
        `**Versioning.** Every path is served under \`/api\` and under \`/api/v1\` (the two servers below); they are interchangeable.`,
        '',
        '**HEAD.** Every GET operation also answers HEAD (RFC 9110): the status and headers of the GET, `Content-Length` included, and no body. A HEAD does the work of its GET, so it is admitted, counted and billed as the GET is.',
        '',
        `**Errors** are JSON with an \`error\` message. 402 is a fact about the account (tier, included calls, extra-call cap): surface it, do not retry. 429 carries \`Retry-After\`: back off. Only successful calls are billed; the price of each metered call is in \`${PER_CALL_COST_HEADER}\`.`,
        '',
        `Tiers, ascending: ${TIERS.map((t) => TIER_LABELS[t]).join(', ')}.`,
      ].join('\n'),
      license: { name: 'Educational use; not investment advice', url: `${publicUrl}/datasets#terms` },
      contact: { name: 'Almanac', url: publicUrl },
    },
    servers: [
      { url: `${publicUrl}/api`, description: 'current API' },
      { url: `${publicUrl}/api/v1`, description: 'version 1 alias: the same handlers as /api (spec 9)' },
    ],
    tags,
    paths,
    components: {
      schemas: conv.components,
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Your API key (`alm_live_...` or `alm_trial_...`). The only header that carries a key.' },
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'HttpOnly session cookie set by POST /api/auth/login (browser sessions, account management).' },
      },
      headers: HEADERS,
      responses: RESPONSES,
      parameters: {
        CsrfToken: {
          name: CSRF_HEADER,
          in: 'header',
          required: true,
          description: 'CSRF token bound to the session, from GET /api/auth/csrf (also returned by POST /api/auth/login).',
          schema: { type: 'string' },
        },
        SessionCsrfToken: {
          name: CSRF_HEADER,
          in: 'header',
          required: false,
          description: 'Required when the call is made with a signed-in browser session (the token from GET /api/auth/csrf); not needed with X-API-Key.',
          schema: { type: 'string' },
        },
      },
    },
    externalDocs: { description: 'Human-readable documentation', url: `${publicUrl}/api-docs` },
  };
}
