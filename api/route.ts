/**
 * Route definitions: one object per route holds its zod schemas (from `schema/`), documentation,
 * access rule (auth, minimum tier, CSRF), cost weight and handler. The same object registers the
 * Fastify route, validates input, and feeds the OpenAPI generator, so they cannot disagree.
 *
 * @example
 * export const tickers = resource('Tickers', [
 *   defineRoute({ method: 'GET', path: '/random-ticker', summary: 'A random ticker',
 *     responses: { 200: { description: 'a ticker', schema: TickerRow } },
 *     handler: ({ services }) => randomTicker(services.warehouse) }),
 * ]);
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z, type ZodType } from 'zod';
import { CAPABILITIES, type AccessRule, type CapabilityId } from '../schema/access.ts';
import { controlCharacterMessage, inputFault, MAX_INPUT_DEPTH } from '../schema/common.ts';
import type { DataThrough } from '../schema/provenance.ts';
import type { TierId } from '../schema/tiers.ts';
import { frozen } from '../warehouse/serving.ts';
import type { Caller } from './caller.ts';
import { ApiError, BadRequestError } from './errors.ts';
import { datingTool, documentFreshness, routeJobs, takesFreshness, withFreshness } from './freshness.ts';
import type { Services } from './services.ts';

export interface ResponseDoc {
  description: string;
  schema?: ZodType;
  /** Non-JSON representations this status can take (e.g. text/csv), by media type. */
  contentTypes?: string[];
  /** The answer carries `dataThrough` / `fetchedAt` as the X-Data-Through / X-Fetched-At headers (api/freshness.ts). */
  freshnessHeaders?: boolean;
  /** The answer says in `X-Cache` whether it came from the answer cache (HIT, MISS, BYPASS). */
  cacheHeader?: boolean;
}

export interface Access {
  /**
   * `public`: anyone (anonymous included); `account`: a key or a session; `session`: a signed-in
   * browser session only (account management).
   */
  auth: 'public' | 'account' | 'session';
  /** Minimum tier (spec section 1); below it the request is refused with 402. */
  tier?: TierId;
  /** State-changing account/key routes: `X-CSRF-Token` bound to the session (spec section 5.5). */
  csrf?: boolean;
}

export interface RouteContext<Q, B, P> {
  query: Q;
  body: B;
  params: P;
  req: FastifyRequest;
  reply: FastifyReply;
  caller: Caller;
  services: Services;
  /**
   * The answer with its freshness (api/freshness.ts), for a handler that sends its body itself (a
   * cached body): the route layer cannot see that answer. The answer unchanged on a route the
   * dataset catalog does not list.
   */
  fresh<T>(answer: T): Promise<T>;
}

export interface RouteDef<Q extends ZodType = ZodType, B extends ZodType = ZodType, P extends ZodType = ZodType> {
  method: HTTPMethods | HTTPMethods[];
  /** Path under the API prefix (`/api` and `/api/v1`), e.g. `/ticker-search` or `/keys/:id`. */
  path: string;
  summary: string;
  description?: string;
  /** Filled in by `resource()` when omitted. */
  tags?: string[];
  query?: Q;
  body?: B;
  params?: P;
  responses: Record<number, ResponseDoc>;
  /** The capability this route serves: its access rule, weight and metering (schema/access.ts). */
  capability: CapabilityId;
  /** From the capability (filled by `defineRoute`). */
  access: Access;
  /** Units in the cost-weighted request budget (spec 8.2), from the capability. */
  weight: number;
  /** Counts as a billable API call (metering, X-SVC-Per-Call-Cost), from the capability. */
  metered: boolean;
  /** Retired (410 Gone; per-IP limits only), from the capability (schema/access.ts `retired`). */
  retired?: true;
  /** Do not parse the body at all (e.g. retired endpoints: nothing sent is parsed). */
  ignoreBody?: boolean;
  /** With `ignoreBody`: answer every HTTP method the server supports (retired endpoints), not only `method` (which stays what OpenAPI documents). */
  anyMethod?: boolean;
  /** The body reaches the handler as a Buffer, exactly as sent, whatever its type (webhook signatures are over the raw bytes). */
  rawBody?: boolean;
  /** Serve at the site root rather than under the API prefixes (e.g. `/openapi.yaml`). */
  root?: boolean;
  /** Leave out of the OpenAPI description. */
  hidden?: boolean;
  /**
   * How the answer's `dataThrough` is found, when the answer does not say it itself. Read only for
   * a route whose path the dataset catalog lists: such a route answers with its freshness
   * (api/freshness.ts).
   */
  dataThrough?: DataThrough;
  /**
   * Answers a 400 of the route's own input checks (its query, params or body refused before the
   * handler runs) instead of the server's JSON `{ error }`: the explorer's HTML pages, whose bad
   * parameters are HTML 400 pages (api/web/explorer/common.ts).
   */
  badInput?: (reply: FastifyReply, err: ApiError) => unknown;
  handler(ctx: RouteContext<z.output<Q>, z.output<B>, z.output<P>>): unknown;
}

/** What a route file writes: everything but the parts its capability decides. */
export type RouteInput<Q extends ZodType = ZodType, B extends ZodType = ZodType, P extends ZodType = ZodType> = Omit<RouteDef<Q, B, P>, 'access' | 'weight' | 'metered' | 'retired'>;

/** The access of a capability as a REST route applies it (auth, tier, CSRF). */
export function capabilityAccess(id: CapabilityId): Access {
  const rule = CAPABILITIES[id];
  return { auth: rule.auth, ...(rule.tier !== 'learner' ? { tier: rule.tier } : {}), ...('csrf' in rule && rule.csrf ? { csrf: true } : {}) };
}

/**
 * A route definition: its access, weight and metering come from its capability (schema/access.ts);
 * a metered route whose path the dataset catalog lists answers with its freshness, documented in OpenAPI
 * (api/freshness.ts), at every door that runs its handler.
 */
export function defineRoute<Q extends ZodType = ZodType, B extends ZodType = ZodType, P extends ZodType = ZodType>(def: RouteInput<Q, B, P>): RouteDef<Q, B, P> {
  const rule = CAPABILITIES[def.capability];
  if (!rule) throw new Error(`route ${def.path}: unknown capability ${String(def.capability)}`);
  const retired = (rule as AccessRule).retired === true;
  // Retired means answered 410 on every method without reading the body, never a route that still
  // serves data (it would be limited as a page and never metered).
  if (retired && !(def.ignoreBody && def.anyMethod)) throw new Error(`route ${def.path}: capability ${def.capability} is retired, so the route must answer 410 on every method (ignoreBody, anyMethod)`);
  const route = { ...def, access: capabilityAccess(def.capability), weight: rule.weight, metered: rule.metered, ...(retired ? { retired: true as const } : {}) };
  // Only a data answer (a metered capability) says how fresh it is: renaming a watchlist whose
  // view is listed serves none.
  const jobs = rule.metered ? routeJobs(def.path) : undefined;
  const success = Object.keys(def.responses).map(Number).filter((s) => s >= 200 && s < 300).sort()[0];
  // A route whose answer documents its freshness already says it itself (and may leave it out on
  // purpose: `/data?fields=` answers only the fields named).
  const doc = success === undefined ? undefined : def.responses[success]!;
  const documented = doc && documentFreshness(doc);
  // A list answer is dated here too when its response already lists the headers: its handler
  // returns the rows, and the route layer sets the headers from the jobs of the route's path, as
  // for any other catalog route (ten list handlers each named their own path to do it).
  if (!jobs || !doc || (documented === doc && !doc.freshnessHeaders)) return route;
  // A list's `dataThrough` is the capability's, declared once on its MCP list tool (whose rule is
  // applied to the same rows), unless the route declares its own.
  const tool = datingTool(def.capability);
  const dating = def.dataThrough ?? (documented!.freshnessHeaders && tool?.list ? tool.dataThrough : undefined);
  return {
    ...route,
    responses: { ...def.responses, [success!]: documented! },
    handler: async (ctx) => {
      // Bound rather than a closure: run through tsx (not the bundle npm start runs), every closure
      // made per request is named with Object.defineProperty.
      const fresh = freshAnswer.bind({ db: ctx.services.warehouse, jobs, rule: dating, reply: ctx.reply }) as RouteContext<ZodType, ZodType, ZodType>['fresh'];
      // The context is this call's own (made for it by the route layer or a door): given its
      // `fresh` in place rather than copied.
      ctx.fresh = fresh;
      // A cached body the handler sent itself (ticker search, the universe) comes back as the
      // reply: answered as it is, without another turn through withFreshness per request.
      const answer = await def.handler(ctx);
      return takesFreshness(answer) ? fresh(answer) : answer;
    },
  };
}

/** `fresh` of a route the catalog lists, bound to one request's warehouse, jobs and reply. */
function freshAnswer(this: { db: Services['warehouse']; jobs: readonly string[]; rule: DataThrough | undefined; reply: FastifyReply }, answer: unknown): Promise<unknown> {
  return withFreshness(answer, this.db, this.jobs, this.rule, this.reply);
}

export type AnyRoute = RouteDef<ZodType, ZodType, ZodType>;

/** A REST resource: a Fastify plugin plus the route definitions it registers (read by OpenAPI). */
export interface Resource {
  name: string;
  routes: AnyRoute[];
  plugin: FastifyPluginAsync;
}

const DEFAULT_MESSAGE = /^(Invalid|Too small|Too big|Expected|Unrecognized)/;

function issueMessage(issue: z.core.$ZodIssue, raw: unknown, where: 'parameter' | 'body field' | 'argument'): string {
  const name = issue.path.map(String).join('.');
  if (!name) return where === 'body field' ? `invalid request body: ${issue.message}` : issue.message;
  const top = issue.path[0];
  const given = raw && typeof raw === 'object' ? (raw as Record<PropertyKey, unknown>)[top as PropertyKey] : undefined;
  // A schema's "missing required ..." type message, for a value that is present but of the wrong
  // type (a repeated query parameter arrives as an array).
  if (issue.code === 'invalid_type' && issue.path.length === 1 && given !== undefined && /^missing required/.test(issue.message)) {
    const received = given === null ? 'null' : Array.isArray(given) ? 'array' : typeof given;
    return `invalid ${where} '${name}': expected ${issue.expected}, received ${received}`;
  }
  // Not given at all: missing, whatever the schema's type message says ("must be a number" read as
  // if a value had been sent), and naming a key given that spells the same name another way
  // (`costBasis` for REST's `cost_basis`).
  // (A schema's own "missing ..." message is kept: it may say more.)
  if (given === undefined && issue.path.length === 1 && (issue.code === 'invalid_type' || DEFAULT_MESSAGE.test(issue.message)) && !/missing/i.test(issue.message)) {
    const squash = (k: string): string => k.replace(/[_-]/g, '').toLowerCase();
    const near = raw && typeof raw === 'object' ? Object.keys(raw).find((k) => k !== name && squash(k) === squash(name)) : undefined;
    return `missing required ${where} '${name}'${near ? ` (given as '${near}': here it is spelled '${name}')` : ''}`;
  }
  if (!DEFAULT_MESSAGE.test(issue.message)) {
    return issue.message.includes(`'${name}'`) ? issue.message : `invalid ${where} '${name}': ${issue.message}`;
  }
  if (issue.code === 'unrecognized_keys') return unknownKeys(issue, where);
  // A number parameter given text: zod's coercion reads it as NaN ("received NaN"); say what came.
  if (issue.code === 'invalid_type' && issue.expected === 'number' && issue.path.length === 1 && typeof given === 'string') {
    return `invalid ${where} '${name}': expected a number, received ${JSON.stringify(given.length > 40 ? `${given.slice(0, 40)}…` : given)}`;
  }
  // A number that is not whole where a whole one is taken: zod says "expected int, received number".
  if (issue.code === 'invalid_type' && issue.expected === 'int') return `invalid ${where} '${name}': must be a whole number`;
  // A bound a schema left zod's words for ("Too big: expected number to be <=100"), in the words
  // the bounded schemas use (a new-user pass found both spellings beside each other).
  if (issue.code === 'too_small' || issue.code === 'too_big') {
    const bound = boundWords(issue);
    if (bound) return `invalid ${where} '${name}': must be ${bound}`;
  }
  // A value outside an enum a schema left zod's words for ('expected one of "1M"|"3M"|...'), in
  // the words REST's own enum messages use: MCP and GraphQL refused `period` so, REST as
  // "must be one of 1M, 3M, ..." (a review of the doors).
  if (issue.code === 'invalid_value' && issue.values.length > 0) return `invalid ${where} '${name}': must be one of ${issue.values.map(String).join(', ')}`;
  return `invalid ${where} '${name}': ${issue.message.replace(/^Invalid input: /, '').replace(/^Invalid option: /, '')}`;
}

/**
 * "unknown body field(s): a, b", each key under the object that holds it (`params.nope` for a key
 * of a saved screen's `params`, which read as a body field of its own).
 */
function unknownKeys(issue: z.core.$ZodIssueUnrecognizedKeys, where: string): string {
  const under = issue.path.map(String).join('.');
  return `unknown ${where}(s): ${issue.keys.map((k) => (under ? `${under}.${k}` : k)).join(', ')}`;
}

/** "at most 100", "at least 2 characters", "more than 0": a size issue's bound; null for another origin. */
function boundWords(issue: z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig): string | null {
  const small = issue.code === 'too_small';
  const limit = Number(small ? (issue as z.core.$ZodIssueTooSmall).minimum : (issue as z.core.$ZodIssueTooBig).maximum);
  const unit = issue.origin === 'string' ? (limit === 1 ? ' character' : ' characters') : issue.origin === 'array' || issue.origin === 'set' ? (limit === 1 ? ' item' : ' items') : '';
  if (!unit && issue.origin !== 'number' && issue.origin !== 'int' && issue.origin !== 'bigint') return null;
  const inclusive = issue.inclusive !== false;
  const words = issue.exact ? 'exactly' : small ? (inclusive ? 'at least' : 'more than') : inclusive ? 'at most' : 'less than';
  return `${words} ${limit}${unit}`;
}

/** Decimal notation: `12`, `-3.5`, `1e3`. */
const DECIMAL = /^-?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

interface QueryForms {
  /** Parameters the schema declares (others are `refuseUnknown`'s, or left to pages that ignore them). */
  declared: Set<string>;
  /** Parameters whose schema is a number. */
  numbers: Set<string>;
  /** Of them, those whose schema takes only whole numbers. */
  integers: Set<string>;
  /** Parameters whose schema takes a list (the query string may repeat them). */
  lists: Set<string>;
}

/** What a route's query parameters take, worked out once when it is registered. */
function queryStringForms(schema: ZodType): QueryForms | null {
  const keys = declaredKeys(schema);
  const shape = (schema as unknown as { shape?: Record<string, ZodType> }).shape;
  if (!keys || !shape) return null;
  const forms: QueryForms = { declared: keys, numbers: new Set(), integers: new Set(), lists: new Set() };
  for (const key of keys) {
    const field = shape[key];
    if (!field) continue;
    if (isType(field, 'array')) forms.lists.add(key);
    else if (isType(field, 'number')) {
      forms.numbers.add(key);
      if (isType(field, 'integer')) forms.integers.add(key);
    }
  }
  return forms;
}

/** A zod schema's definition (its `type` and parts). */
const defOf = (schema: ZodType): Record<string, unknown> => (schema as unknown as { _zod: { def: Record<string, unknown> } })._zod.def;

/** Schemas that only wrap `innerType` (what it reads is what the inner one reads). */
const WRAPPERS = new Set(['optional', 'default', 'prefault', 'nullable']);

/** The schema reads a value of `type` (through optional, default, nullable and pipes); `integer`: a number schema taking whole numbers only. */
function isType(schema: ZodType, type: 'number' | 'integer' | 'array'): boolean {
  const def = defOf(schema);
  if (WRAPPERS.has(def.type as string)) return isType(def.innerType as ZodType, type);
  switch (def.type) {
    case type:
      return true;
    case 'number':
      return type === 'integer' && (schema as unknown as { isInt?: boolean }).isInt === true;
    case 'pipe':
      return isType(def.in as ZodType, type) || isType(def.out as ZodType, type);
    default:
      return false;
  }
}

/**
 * A parameter given more than once where one value is taken, and a number parameter not in decimal
 * notation, are a 400 that says so. (An attacker pass found `limit=0x10` read as 16, `limit=+5` as 5
 * and `limit=` as 0, which zod's coercion does, and `limit=5&limit=5` refused as "expected number,
 * received NaN".)
 */
function refuseMisshapen(forms: QueryForms, query: Record<string, unknown>, where: 'query' | 'path' = 'query'): void {
  for (const key in query) {
    if (!forms.declared.has(key)) continue;
    const value = query[key];
    if (Array.isArray(value) && !forms.lists.has(key)) throw new BadRequestError(`invalid parameter '${key}': given ${value.length} times; give it once`);
    // A number in the path is an identifier (a CIK): digits only, as MCP's tools take it.
    if (typeof value === 'string' && forms.numbers.has(key) && !(where === 'path' ? DIGITS : DECIMAL).test(value)) {
      const shown = JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
      // Text JavaScript reads as a number all the same (`0x10`, ` 5`, ``) is told the notation.
      const notation = value.trim() === '' || !Number.isFinite(Number(value)) ? '' : where === 'path' ? ' in digits (such as 1067983)' : ' in decimal notation (such as 25 or 1.5e9)';
      throw new BadRequestError(`invalid parameter '${key}': expected a number${notation}, received ${shown}`);
    }
    // A whole number written with a fraction or an exponent is read exactly: `1.00000000000000001`
    // and `0.99999999999999999` are 1 as a double, and were taken as 1 where `1.5` was refused.
    if (typeof value === 'string' && forms.integers.has(key) && /[.eE]/.test(value) && !isWholeNumberText(value)) {
      throw new BadRequestError(`invalid parameter '${key}': must be a whole number`);
    }
  }
}

const DIGITS = /^[0-9]+$/;

/**
 * Decimal notation (`DECIMAL`) naming a whole number exactly, worked out on the digits rather than
 * a double: `12`, `1.0`, `1.`, `.1e1`, `1.5e3` are whole; `1.00000000000000001`, `0.99999999999999999`
 * and `15e-1` are not.
 */
export function isWholeNumberText(text: string): boolean {
  const m = /^[+-]?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return false;
  const digits = `${m[1]}${m[2] ?? ''}`;
  // The point sits after `m[1].length + exponent` digits; every digit after it must be 0.
  const point = m[1]!.length + Number(m[3] ?? 0);
  return /^0*$/.test(digits.slice(Math.max(0, point)));
}

/** Validates `raw` with `schema`; a failure is a 400 naming the parameter. */
export function parseInput<T extends ZodType>(schema: T, raw: unknown, where: 'parameter' | 'body field' | 'argument'): z.output<T> {
  // No input string (or key) holds a control character: a NUL byte is refused by PostgreSQL text
  // columns (a 500), and none is meaningful in a name, symbol or parameter (issue 13.12). Nor does
  // input nest deeper than any schema reads (MAX_INPUT_DEPTH).
  const fault = inputFault(raw);
  if (fault?.problem === 'control character') throw new BadRequestError(`invalid ${where} '${fault.at}': ${controlCharacterMessage(fault)}`);
  if (fault) throw new BadRequestError(`invalid ${where} '${fault.at}': nested more than ${MAX_INPUT_DEPTH} levels deep`);
  const result = schema.safeParse(raw ?? {});
  if (result.success) return result.data;
  const issue = mainIssue(result.error.issues);
  if (issue.code === 'unrecognized_keys') throw new BadRequestError(unknownKeys(issue, where));
  throw new BadRequestError(issueMessage(issue, raw, where));
}

/**
 * The issue a refusal names: the first, unless it is zod's own safe-integer bound of an `.int()`
 * and the parameter's own bound follows it (`limit=1e20` said "expected int to be
 * <=9007199254740991" where the limit is 100).
 */
function mainIssue(issues: z.core.$ZodIssue[]): z.core.$ZodIssue {
  const first = issues[0]!;
  const safeBound = (i: z.core.$ZodIssue): boolean => (i.code === 'too_big' || i.code === 'too_small') && i.origin === 'int';
  if (!safeBound(first)) return first;
  const key = first.path.join('.');
  return issues.find((i) => i !== first && i.path.join('.') === key && (i.code === 'too_big' || i.code === 'too_small') && !safeBound(i)) ?? first;
}

/** The top-level names an input schema declares; null when its shape is not an object (nothing checked). */
export function declaredKeys(schema: ZodType | undefined): Set<string> | null {
  if (!schema) return new Set();
  const def = defOf(schema);
  if (WRAPPERS.has(def.type as string)) return declaredKeys(def.innerType as ZodType);
  switch (def.type) {
    case 'object':
      return new Set(Object.keys(def.shape as object));
    case 'pipe':
      return declaredKeys(def.in as ZodType);
    case 'union': {
      const all = new Set<string>();
      for (const option of def.options as ZodType[]) {
        const keys = declaredKeys(option);
        if (!keys) return null;
        for (const k of keys) all.add(k);
      }
      return all;
    }
    case 'intersection': {
      const left = declaredKeys(def.left as ZodType);
      const right = declaredKeys(def.right as ZodType);
      return left && right ? new Set([...left, ...right]) : null;
    }
    default:
      return null;
  }
}

/** `declaredKeys`, worked out once per schema (schemas are built at import and never change). */
const DECLARED = new WeakMap<ZodType, Set<string> | null>();
export function declaredKeysOf(schema: ZodType | undefined): Set<string> | null {
  if (!schema) return declaredKeys(schema);
  let keys = DECLARED.get(schema);
  if (keys === undefined) DECLARED.set(schema, (keys = declaredKeys(schema)));
  return keys;
}

/**
 * Unknown parameters are a 400 naming them, on every API route's query and every MCP tool's
 * arguments (issue 13.13): a misspelt or foreign parameter (`as_of` where a route took only
 * `date`) must not be silently ignored, or a backtest gets today's data.
 */
export function refuseUnknown(schema: ZodType | undefined, raw: unknown): void {
  const declared = declaredKeysOf(schema);
  if (!declared || !raw || typeof raw !== 'object') return;
  const unknown = Object.keys(raw).filter((k) => !declared.has(k));
  if (unknown.length === 0) return;
  const accepted = [...declared];
  // The names as sent, each cut to 64 characters and at most 10 of them: a 10 KB name, or 1,000
  // unknown ones, came back whole in a 10 KB message (found by probing from outside).
  const named = unknown.slice(0, MAX_NAMED).map((k) => `'${k.length > 64 ? `${k.slice(0, 64)}…` : k}'`).join(', ') + (unknown.length > MAX_NAMED ? ` and ${unknown.length - MAX_NAMED} more` : '');
  throw new BadRequestError(
    `unknown parameter${unknown.length > 1 ? 's' : ''}: ${named} (${accepted.length ? `accepted: ${accepted.map((k) => `'${k}'`).join(', ')}` : 'none are accepted here'})`,
  );
}

/** Unknown parameters a refusal names; the rest are counted. */
const MAX_NAMED = 10;

/**
 * Nothing more to send: the reply went out (or started to), or the handler sent it itself. Such a
 * handler returns the reply, and a reply is a thenable that settles (undefined) when the response
 * finishes or its socket closes: after a client left mid-body (or before the onSend hooks
 * finished) the reply is neither `sent` nor `headersSent`, and sending it again wrote headers
 * twice (ERR_HTTP_HEADERS_SENT, issue 15) and ran the billing step twice. `reply.sending` is set
 * by the first onSend hook (api/server.ts), which every `reply.send` runs; it replaced a
 * `reply.send` wrapper made for each request, which also changed every reply's shape.
 */
const replied = (reply: FastifyReply): boolean => reply.sending || reply.sent || reply.raw.headersSent;

/** `fresh` of a route the catalog does not list (defineRoute binds it for one that it lists). */
export const unchanged = async <T>(answer: T): Promise<T> => answer;

/**
 * A data route (a public, metered capability) keeps the queries it validated, keyed by the parsed
 * query the checks and zod read (`req.query` as JSON: its values are strings or lists of strings,
 * so two queries share a key only when they are the same): the same parsed query always gives the
 * same answer or the same refusal, so a query asked again skips the checks and zod's parse (issue
 * 15: 3-4 % of a cached screener answer's CPU). Keyed by what was parsed, not by the request
 * target's text: the router also splits a query off at `#` (`/api/screener#sector=Energy` is asked
 * with `sector`), so a key taken from the text after `?` let one request's query be kept for
 * another's (a review found it). Only queries that passed are kept, frozen since requests share
 * them, at most `QUERY_MEMO_ENTRIES` per route (emptied when full, as `preferredEncoding` keeps
 * Accept-Encoding values) and none whose key is longer than `QUERY_MEMO_KEY`: a few hundred KB per
 * route at most, however many distinct queries a client sends. Account, key and user-state routes
 * keep none (no verification token stays in memory).
 */
export const QUERY_MEMO_ENTRIES = 256;
const QUERY_MEMO_KEY = 256;
const QUERY_MEMOS = new WeakMap<AnyRoute, Map<string, unknown>>();

/** A data route definition's memo: one, shared by its `/api` and `/api/v1` registrations; null for any other route. */
function queryMemo(def: AnyRoute): Map<string, unknown> | null {
  if (!def.metered || def.access.auth !== 'public') return null;
  let memo = QUERY_MEMOS.get(def);
  if (!memo) QUERY_MEMOS.set(def, (memo = new Map()));
  return memo;
}

/**
 * The body of a route that takes none: nothing, or `{}` (an empty object says nothing), else a 400.
 * Such a body was never read, so `POST /api/paper/reset` with `{"zzz":1}` or a body nested 20,000
 * deep reset the account and answered 200 (found by probing from outside).
 */
function noBody(raw: unknown): undefined {
  if (raw === undefined || (typeof raw === 'object' && raw !== null && !Array.isArray(raw) && Object.keys(raw).length === 0)) return undefined;
  throw new BadRequestError('this route takes no request body: send none');
}

/**
 * A route's body by its schema. A JSON `null` is refused, as any body that is not what the schema
 * takes: only an empty body is no body (it was read as `{}`, so `null` turned on extra billed calls
 * at their defaults on POST /api/billing/agent-plan/overage).
 */
function bodyOf(schema: ZodType, raw: unknown): unknown {
  if (raw === null) throw new BadRequestError('invalid request body: null; send a JSON object, or no body');
  return parseInput(schema, raw, 'body field');
}

/** `rawBody`: the route's own registration inside its raw-body context (`def.rawBody`). */
function register(app: FastifyInstance, def: AnyRoute, rawBody = false): void {
  if (def.ignoreBody) {
    // Answer before the body is read, so nothing sent is parsed (a huge or malformed body included).
    app.route({
      // HEAD comes with GET (exposeHeadRoutes).
      method: def.anyMethod ? app.supportedMethods.filter((m) => m !== 'HEAD') : def.method,
      url: def.path,
      config: { def },
      onRequest: async (req, reply) => {
        const result = await def.handler({ query: undefined, body: undefined, params: undefined, req, reply, caller: req.caller, services: app.services, fresh: unchanged });
        if (!replied(reply)) await reply.send(result);
      },
      handler: async () => undefined,
    });
    return;
  }
  if (def.rawBody) {
    // Its own encapsulation context, so this body parser applies to this route alone.
    void app.register(
      named(async (child) => {
        child.removeAllContentTypeParsers();
        child.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
        register(child, { ...def, rawBody: false, body: undefined }, true);
      }, `raw body of ${def.path}`),
    );
    return;
  }
  const queryForms = def.query ? queryStringForms(def.query) : null;
  // Path parameters are text too: a number among them takes the same decimal notation
  // (`/api/credit/bdc/0x16889d/holdings` answered GOLUB's holdings).
  const paramForms = def.params ? queryStringForms(def.params) : null;
  const queries = queryMemo(def);
  /** The request's query as the route takes it (refused with a 400 naming the fault), kept in `queries`. */
  const validQuery = (req: FastifyRequest, schema: ZodType): unknown => {
    const key = queries ? JSON.stringify(req.query) : '';
    const kept = key.length <= QUERY_MEMO_KEY ? queries?.get(key) : undefined;
    if (kept !== undefined) return kept;
    if (!def.root) refuseUnknown(schema, req.query);
    if (queryForms) refuseMisshapen(queryForms, req.query as Record<string, unknown>);
    const query = parseInput(schema, req.query, 'parameter');
    if (queries && key.length <= QUERY_MEMO_KEY) {
      if (queries.size >= QUERY_MEMO_ENTRIES) queries.clear();
      queries.set(key, frozen(query));
    }
    return query;
  };
  // A caller's own data (keys, watchlists, paper account ...) is never kept by a shared cache:
  // `X-API-Key` is not `Authorization`, whose answers caches already keep private.
  const personal = def.access.auth !== 'public';
  app.route({
    method: def.method,
    url: def.path,
    config: { def },
    handler: async (req, reply) => {
      if (personal) reply.header('Cache-Control', 'private, no-store');
      let query: unknown, params: unknown, body: unknown;
      try {
        // A route without query parameters refuses any it is given.
        if (!def.query && !def.root) refuseUnknown(undefined, req.query);
        query = def.query ? validQuery(req, def.query) : undefined;
        if (paramForms) refuseMisshapen(paramForms, req.params as Record<string, unknown>, 'path');
        params = def.params ? parseInput(def.params, req.params, 'parameter') : undefined;
        body = def.body ? bodyOf(def.body, req.body) : rawBody ? undefined : noBody(req.body);
      } catch (err) {
        if (def.badInput && err instanceof ApiError) return def.badInput(reply, err);
        throw err;
      }
      const result = await def.handler({ query, body, params, req, reply, caller: req.caller, services: app.services, fresh: unchanged });
      // A value answered to a client that already left is still sent: the onSend steps (billing,
      // releasing the reservation) run for it.
      if (replied(reply)) return reply;
      if (result === undefined) return reply.code(reply.statusCode === 200 ? 204 : reply.statusCode).send();
      // The value itself, for Fastify to send: returning `reply.send(result)` (the reply, a
      // thenable) kept this promise pending until the response finished, through end-of-stream
      // listeners added and removed on every response (issue 15: ~2 % of a point lookup's CPU).
      return result;
    },
  });
}

/**
 * `plugin` under the name Fastify shows for it. Without one, Fastify looks for the plugin among
 * the exports of every CommonJS module loaded (`require.cache`), once per registration: ~100
 * registrations a start (each resource under every API prefix and at the root), 40 ms of a test
 * suite's start in its CPU profile.
 */
export function named<T extends FastifyPluginAsync>(plugin: T, name: string): T {
  // `name` too, for avvio's own messages (a plugin timeout, `printPlugins`).
  Object.defineProperty(plugin, 'name', { value: name });
  return Object.assign(plugin, { [Symbol.for('fastify.display-name')]: name });
}

/** Groups route definitions into a resource (tag = `name`). */
export function resource(name: string, routes: AnyRoute[]): Resource {
  for (const r of routes) r.tags ??= [name];
  return {
    name,
    routes,
    plugin: named(async (app) => {
      for (const def of routes) if (!def.root) register(app, def);
    }, `resource ${name}`),
  };
}

/** Registers a resource's root-level routes (served outside the API prefixes). */
export const rootPlugin = (res: Resource): FastifyPluginAsync =>
  named(async (app) => {
    for (const def of res.routes) if (def.root) register(app, def);
  }, `resource ${res.name} (root routes)`);
