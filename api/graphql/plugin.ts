/**
 * GraphQL at `/graphql` (graphql-yoga over the Pothos schema), mounted as a Fastify route so the
 * request pipeline (identity, User-Agent rule, limits) runs exactly as for REST.
 *
 * - Limits: the admission step parses the query with a token cap and measures it once
 *   (api/graphql/limits.ts) before it is metered; a document over any limit is refused without
 *   graphql-js validation, one within them is validated under a wall-clock budget. Batched
 *   operations are off, so one request is one operation.
 * - Errors: domain errors (ApiError) keep their message and carry `extensions.code` and `status`
 *   (402 tier errors also `requiredTier`, `currentTier`, `upgrade_url`); anything else is masked.
 * - CSRF: a request authenticated by the session cookie must be a POST carrying `X-CSRF-Token`
 *   (the same token as the REST account routes; GET /api/auth/csrf); key and anonymous callers
 *   need none (no ambient credential). Mutations are never accepted over GET.
 * - GraphiQL and introspection in development and test only (off when NODE_ENV=production).
 * - Start-up: graphql-yoga and the Pothos schema (~0.5 s of CPU to load) are loaded by the first
 *   GraphQL request, or just after the server starts listening (an `onListen` hook), so a start
 *   does not wait for them and an app that never serves GraphQL (most test suites) never loads them.
 */
import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { stripHeadBody } from '../server.ts';
import { GraphQLError, NoSchemaIntrospectionCustomRule, specifiedRules, type DocumentNode, type GraphQLSchema } from 'graphql';
import type { Plugin, YogaServerInstance } from 'graphql-yoga';
import { LRUCache } from 'lru-cache';
import { WarehouseUnavailableError } from '../../warehouse/reader.ts';
import { keptOn, sendKept } from '../encoding.ts';
import { ApiError, ForbiddenError } from '../errors.ts';
import { loadOnce, warmWhenListening } from '../first-use.ts';
import { csrfBinding } from '../identity/identify.ts';
import { verifyCsrfToken } from '../identity/csrf.ts';
import { utcDay } from '../../schema/common.ts';
import { formatUsd } from '../../schema/plans.ts';
import { PER_CALL_COST_HEADER } from '../limits/hooks.ts';
import { admitGraphqlRequest, admitMutationRequest, graphqlWeight, settleGraphqlRequest } from './admission.ts';
import type { GraphQLContext, MutationCalls } from './context.ts';
import type { Admission } from '../limits/limiter.ts';
import { boundedParse, executedOperation, inspectQuery, validateWithinBudget, type Inspection } from './limits.ts';
import { graphiqlPage, registerGraphiqlAssets } from './graphiql.ts';
import { createLoaders } from './loaders.ts';
import { ANSWERS, answerKey, cacheableDocument } from './response-cache.ts';

interface ServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

const CODES: Record<number, string> = { 400: 'BAD_REQUEST', 401: 'UNAUTHENTICATED', 402: 'TIER_REQUIRED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 429: 'RATE_LIMITED', 503: 'UNAVAILABLE' };

/** Domain errors keep their message and carry a code; anything else becomes `message` (masked). */
export function maskGraphqlError(err: unknown, message: string): GraphQLError {
  return domainError(err) ?? new GraphQLError(message, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
}

/** graphql-js's message when a scalar or enum cannot serialise a resolved value. */
const OUTPUT_COERCION = /^(Int|Float|String|Boolean|ID|Enum "[^"]+") cannot represent /;

function domainError(err: unknown): GraphQLError | null {
  const original = err instanceof GraphQLError ? err.originalError : err;
  if (original instanceof ApiError) {
    return new GraphQLError(original.message, {
      nodes: err instanceof GraphQLError ? err.nodes : undefined,
      path: err instanceof GraphQLError ? err.path : undefined,
      extensions: { code: CODES[original.status] ?? `HTTP_${original.status}`, status: original.status, ...original.extra },
    });
  }
  if (original instanceof WarehouseUnavailableError) {
    return new GraphQLError(original.message, { path: err instanceof GraphQLError ? err.path : undefined, extensions: { code: 'UNAVAILABLE', status: 503 } });
  }
  // Validation and syntax errors, and variables that are missing or not of their type: the
  // client's request, BAD_REQUEST unless they already say what they are.
  if (err instanceof GraphQLError && !err.originalError) {
    return err.extensions?.code ? err : new GraphQLError(err.message, { nodes: err.nodes, path: err.path, extensions: { ...err.extensions, code: 'BAD_REQUEST' } });
  }
  // A value of the answer failing its own type as graphql-js serialises it (a NaN for a Float, an
  // Int past 2^31): raised on the field's path, the service's fault, masked and logged. (Input
  // coercion says the same words but is raised before execution, on no path.)
  if (err instanceof GraphQLError && original instanceof GraphQLError && err.path !== undefined && OUTPUT_COERCION.test(original.message)) return null;
  if (err instanceof GraphQLError && original instanceof GraphQLError) {
    // graphql-js's own input coercion (a variable that is not a 32-bit Int, a bad enum), and the
    // paging plugin's argument checks: the client's input.
    return new GraphQLError(err.message, { nodes: err.nodes, path: err.path, extensions: { ...original.extensions, code: 'BAD_REQUEST', status: 400 } });
  }
  return null;
}

/** The admission step's inspection of each request's query (api/graphql/limits.ts). */
const inspections = new WeakMap<FastifyRequest, Inspection>();

/**
 * Inspections of recent (query, variables) pairs (issue 15: agents repeat a handful of query
 * texts; parsing, measuring and validating each again was ~20 % of a small query's CPU). An
 * inspection is a pure function of the text and the variables; only those within every limit
 * are kept (a refusal, budget refusals included, is recomputed: no error object is shared
 * between requests). Documents are shared read-only (graphql-js never changes them). Bounded by
 * entries and by the size of the keys.
 */
const INSPECTIONS = new LRUCache<string, Inspection>({ max: 1000, maxSize: 16 * 1024 * 1024, sizeCalculation: (_v, k) => Math.max(1, k.length) });

function inspectCached(schema: GraphQLSchema, source: string, variables: unknown): Inspection {
  let vars: string;
  try {
    vars = variables === undefined ? '' : JSON.stringify(variables);
  } catch {
    return inspectQuery(schema, source, variables);
  }
  const key = `${vars.length}:${vars}${source}`;
  const hit = INSPECTIONS.get(key);
  if (hit) return hit;
  const fresh = inspectQuery(schema, source, variables);
  if (fresh.errors.length === 0 && fresh.document) INSPECTIONS.set(key, fresh);
  return fresh;
}

/**
 * Limits run before graphql-js: the document yoga executes is the one the admission step parsed
 * (with the token cap) and measured; a document over any limit skips graphql-js validation, and
 * one within them is validated under the request's wall-clock budget. In production,
 * introspection (`__schema`, `__type`) is refused as a validation error.
 */
function limitsPlugin(schema: GraphQLSchema, introspection: boolean): Plugin<{ req?: FastifyRequest; params?: { query?: unknown; variables?: unknown } }> {
  const inspectionOf = (ctx: { req?: FastifyRequest; params?: { query?: unknown; variables?: unknown } }, source: string): Inspection => {
    const known = ctx.req ? inspections.get(ctx.req) : undefined;
    if (known && known.source === source) return known;
    const fresh = inspectCached(schema, source, ctx.params?.variables);
    if (ctx.req) inspections.set(ctx.req, fresh);
    return fresh;
  };
  const valid = new WeakSet<DocumentNode>();
  return {
    onParse({ context, params, setParsedDocument, setParseFn }) {
      const source = typeof params.source === 'string' ? params.source : String(params.source?.body ?? '');
      const inspection = inspectionOf(context, source);
      if (inspection.document) setParsedDocument(inspection.document);
      else setParseFn(() => boundedParse(source)); // a refusal or a syntax error, as a parse error
    },
    onValidate({ context, setResult, setValidationFn, addValidationRule }) {
      const source = typeof context.params?.query === 'string' ? context.params.query : '';
      const inspection = inspectionOf(context, source);
      if (inspection.errors.length > 0) return void setResult(inspection.errors);
      if (!introspection) addValidationRule(NoSchemaIntrospectionCustomRule);
      setValidationFn((s, doc, rules) => {
        // A document's validation against this schema and rule set is kept with the document
        // (cached above with its inspection) when it found nothing to report.
        if (valid.has(doc)) return [];
        const errors = validateWithinBudget(s, doc, rules ?? specifiedRules);
        if (errors.length === 0) valid.add(doc);
        return errors;
      });
    },
  };
}

/**
 * Errors the answer will mask (anything but a domain error, a validation error or an input
 * coercion) are logged at error level with the request's id, and answered as the masked error
 * carrying that id, so an operator can find the cause from what the client saw. The masking alone
 * logged nothing (an attacker pass found 13F quarters failing in DuckDB with no trace in the log).
 */
function internalErrorsPlugin(): Plugin<{ req?: FastifyRequest }> {
  return {
    onExecute: ({ args }) => ({
      onExecuteDone: ({ result, setResult }) => {
        if (!('errors' in result) || !result.errors?.length) return;
        const req = (args.contextValue as { req?: FastifyRequest }).req;
        let logged = false;
        const errors = result.errors.map((err) => {
          if (domainError(err)) return err;
          logged = true;
          req?.log.error({ err: err.originalError ?? err, path: err.path }, 'graphql resolver error');
          return new GraphQLError('Unexpected error.', { nodes: err.nodes, path: err.path, extensions: { code: 'INTERNAL_SERVER_ERROR', requestId: req?.id } });
        });
        if (logged) setResult({ ...result, errors });
      },
    }),
  };
}

/** GET, and HEAD, which answers as GET does without the body (README: every GET path answers HEAD). */
const byQuery = (req: FastifyRequest): boolean => req.method === 'GET' || req.method === 'HEAD';

/** Where a request's GraphQL parameters are: a GET's (or HEAD's) query string, else the JSON body. */
function requestParams(req: FastifyRequest): Record<string, unknown> | undefined {
  return byQuery(req) ? (req.query as Record<string, unknown>) : (req.body as Record<string, unknown> | undefined);
}

/** The operation's query text, variables and operation name from a GET query string or a POST JSON body. */
function requestQuery(req: FastifyRequest): { text: string; variables: unknown; operationName: unknown; extensions: unknown } | null {
  const from = requestParams(req);
  if (typeof from?.query !== 'string') return null;
  let variables = from.variables;
  // Text that is not JSON never gets here (unusableJsonParameter refuses it first).
  if (typeof variables === 'string' && variables !== '') variables = JSON.parse(variables);
  return { text: from.query, variables, operationName: from.operationName, extensions: from.extensions };
}

/** The key of the request's answer in `ANSWERS`, or null when its answer is not kept (response-cache.ts). */
function answerKeyOf(req: FastifyRequest, schema: GraphQLSchema, inspection: Inspection | null, today: string): string | null {
  if (!inspection?.document || inspection.errors.length > 0 || req.method === 'OPTIONS') return null;
  const q = requestQuery(req);
  if (!q || q.text !== inspection.source || q.extensions !== undefined) return null;
  if (!cacheableDocument(schema, inspection.document)) return null;
  return answerKey({
    version: req.server.services.warehouse.version,
    today,
    caller: req.caller,
    method: req.method,
    accept: req.headers.accept,
    operationName: q.operationName,
    variables: q.variables,
    text: q.text,
  });
}

/** The request's inspection (limits, cost); null without a query text (yoga answers those). */
function inspectRequest(req: FastifyRequest, schema: GraphQLSchema): Inspection | null {
  const q = requestQuery(req);
  if (!q) return null;
  const inspection = inspectCached(schema, q.text, q.variables);
  inspections.set(req, inspection);
  return inspection;
}

/** A value holds data: a scalar, or a list or object with an item or field that holds data (an empty list, or only nulls, does not). */
const holdsData = (v: unknown): boolean =>
  v !== null && v !== undefined && (typeof v !== 'object' || (Array.isArray(v) ? v.some(holdsData) : Object.values(v).some(holdsData)));

/**
 * What an answer carried: `errors` (a non-empty errors member), `data` (some field of `data`
 * holds a value: the caller received data, not only nulls where refused fields were) and
 * `requestError` (errors and no `data` member at all: execution never began, as when a variable
 * fails its type). Most answers have no "errors" text anywhere and are read without a parse.
 */
function answerOutcome(body: Buffer): { errors: boolean; data: boolean; requestError: boolean } {
  if (body.indexOf('"errors"') < 0) return { errors: false, data: true, requestError: false };
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { errors?: unknown[]; data?: unknown };
    const errors = Array.isArray(parsed.errors) && parsed.errors.length > 0;
    return { errors, data: holdsData(parsed.data), requestError: errors && !('data' in parsed) };
  } catch {
    return { errors: false, data: false, requestError: false }; // GraphiQL HTML
  }
}

/**
 * The status of an answer: a request error (no `data`) answered 200 by yoga, as it answers a
 * variable that fails its type (`$t: String!` given 5), is a 400 to a client that takes
 * application/graphql-response+json, as GraphQL over HTTP asks and as every other request error
 * already was here (a missing variable, a parse error). An application/json client keeps its 200.
 */
function answerStatus(status: number, headers: [string, string][], requestError: boolean): number {
  if (status !== 200 || !requestError) return status;
  return headers.some(([k, v]) => k === 'content-type' && v.includes('application/graphql-response+json')) ? 400 : status;
}

/**
 * Headers of yoga's answer that describe how it framed its own bytes, not the answer: the body is
 * read whole and sent again, so Fastify frames it (Content-Length from what is sent: a refusal's body
 * may be ours, not yoga's). Yoga's `Transfer-Encoding: chunked` on a streamed answer (an
 * `Accept: multipart/mixed` one) beside that Content-Length made a response no HTTP client can read.
 * The hop-by-hop headers of RFC 9110 section 7.6.1, and Content-Length.
 */
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'upgrade']);

/**
 * Yoga's response headers as sent, without its framing (`FRAMING_HEADERS`), named in lower case:
 * its Headers keep the case they were set in (`Transfer-Encoding`), so a test of the name as given
 * missed them.
 */
function responseHeaders(response: Response): [string, string][] {
  const out: [string, string][] = [];
  response.headers.forEach((value, key) => {
    const name = key.toLowerCase();
    // Yoga marks an event stream `Content-Encoding: none` (to keep proxies from compressing it):
    // not a registered coding (RFC 9110 8.4.1), and the body here is sent whole.
    if (!FRAMING_HEADERS.has(name) && !(name === 'content-encoding' && value.trim().toLowerCase() === 'none')) out.push([name, value]);
  });
  return out;
}

function sendResponse(reply: FastifyReply, status: number, headers: [string, string][], payload: Buffer | null): FastifyReply {
  for (const [k, v] of headers) reply.header(k, v);
  reply.status(status);
  if (status >= 400 && payload && !headers.some(([k, v]) => k === 'content-type' && v.includes('json'))) reply.type('application/json; charset=utf-8');
  return reply.send(payload);
}

/** The day a request is answered for (`today` in its context, and in its answer's cache key). */
const requestDay = new WeakMap<FastifyRequest, string>();
/** What each request's resolvers read (`GraphQLContext.reads`), for its billing. */
const requestReads = new WeakMap<FastifyRequest, GraphQLContext['reads']>();

/**
 * Refusals of the request itself, before any GraphQL work: a body that is not JSON (text/plain
 * has a Fastify parser, so it reached yoga, which answered 415 with a `null` body) is the same
 * 415 `{ error }` as on every JSON route; JSON that is not a request object (`{}`, `[]`, `null`,
 * a number) is a GraphQL BAD_REQUEST naming `query` (yoga called it "invalid JSON" and showed its
 * SyntaxError). A non-empty array stays yoga's "Batching is not supported".
 */
function refuseUnusableBody(req: FastifyRequest, reply: FastifyReply): FastifyReply | null {
  const unusable = unusableJsonParameter(req);
  if (unusable) return reply.code(400).type('application/json; charset=utf-8').send({ errors: [{ message: unusable, extensions: { code: 'BAD_REQUEST' } }] });
  if (req.method !== 'POST') return null;
  const body = req.body;
  const json = /^application\/(?:[\w.+-]*\+)?json\b/i.test(String(req.headers['content-type'] ?? ''));
  if (!json) throw new ApiError(415, 'unsupported Content-Type: send application/json');
  const requestObject = body !== null && typeof body === 'object' && (Array.isArray(body) ? body.length > 0 : Object.keys(body).length > 0);
  if (requestObject) return null;
  const message = 'the POST body must be a JSON object with a string "query" (optional "variables", "operationName"), e.g. {"query":"{ __typename }"}';
  return reply.code(400).type('application/json; charset=utf-8').send({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] });
}

/** The parameters of a GraphQL request over GET (GraphQL over HTTP), each to be given once. */
const GET_PARAMETERS = ['query', 'variables', 'operationName', 'extensions'] as const;

/**
 * A GET parameter given more than once (`?variables={}&variables={}`: the query parser makes it a
 * list, which yoga masked as an internal error), or `variables` or `extensions` given as text (a
 * GET's query string, or a string in a POST body) that is not a JSON object: what to say, else
 * null. Yoga masked a malformed one as an internal error, and a malformed `variables` was read as
 * none, so a kept answer to the same query without variables answered it (found by probing from
 * outside).
 */
function unusableJsonParameter(req: FastifyRequest): string | null {
  const from = requestParams(req);
  if (!from || typeof from !== 'object' || Array.isArray(from)) return null;
  if (byQuery(req)) for (const name of GET_PARAMETERS) if (Array.isArray(from[name])) return `parameter '${name}' given more than once: give each of ${GET_PARAMETERS.join(', ')} once`;
  for (const name of ['variables', 'extensions'] as const) {
    const text = from[name];
    if (typeof text !== 'string' || text === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      return `invalid parameter '${name}': not valid JSON (${(err as Error).message})`;
    }
    if (value !== null && (typeof value !== 'object' || Array.isArray(value))) return `invalid parameter '${name}': must be a JSON object`;
  }
  return null;
}

/** Yoga answers some refusals with no body (406 for an Accept it cannot serve): give them `{ error }`. */
function emptyRefusalBody(status: number, body: Buffer | null): Buffer | null {
  const text = body?.toString('utf8').trim() ?? '';
  if (status < 400 || (text !== '' && text !== 'null')) return body;
  const message =
    status === 406
      ? // What yoga serves, all of it (an outside pass was served text/event-stream and multipart/mixed where this named JSON only).
        'not acceptable: /graphql answers application/json, application/graphql-response+json, text/event-stream or multipart/mixed (send Accept: application/json)'
      : status === 415
        ? 'unsupported Content-Type: send application/json'
        : `the GraphQL request was refused (${status} ${STATUS_CODES[status] ?? ''})`.replace(' )', ')');
  return Buffer.from(JSON.stringify({ error: message }));
}

interface Graphql {
  schema: GraphQLSchema;
  yoga: YogaServerInstance<ServerContext, GraphQLContext>;
}

/** The Pothos schema and the yoga server over it, both loaded on first use (see the start-up note above). */
async function loadGraphql(dev: boolean): Promise<Graphql> {
  const [{ createYoga }, { schema }] = await Promise.all([import('graphql-yoga'), import('./schema/index.ts')]);
  const yoga = createYoga<ServerContext, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    graphiql: dev,
    // Installed assets, not yoga's unpkg.com page (api/graphql/graphiql.ts).
    renderGraphiQL: () => graphiqlPage(),
    landingPage: false,
    batching: false,
    logging: false,
    // CORS is the pipeline's (api/cors.ts): yoga's default reflects any Origin with credentials.
    cors: false,
    parserAndValidationCache: false,
    plugins: [limitsPlugin(schema, dev), internalErrorsPlugin()],
    maskedErrors: {
      maskError: (error, message) => maskGraphqlError(error, message),
    },
    context: ({ req }): GraphQLContext => ({
      services: req.server.services,
      caller: req.caller,
      requestId: req.id,
      today: requestDay.get(req) ?? utcDay(),
      loaders: createLoaders(req.server.services.warehouse),
      reads: requestReads.get(req) ?? { metered: false, mutated: false },
    }),
  });
  return { schema, yoga };
}

/**
 * The answer of a mutation operation, whose fields were calls of their own: the RateLimit headers
 * of the last call admitted (its counters' state after every call of the request), the summed price
 * of the billed ones, and 429 with Retry-After when a limit refused every field that asked (as an
 * MCP request whose every tool call was refused, spec 8.2), so a client sees it without reading
 * the errors.
 */
function sendMutationResponse(reply: FastifyReply, status: number, headers: [string, string][], body: Buffer | null, request: Admission | null, calls: MutationCalls) {
  const last = calls.admitted.at(-1) ?? request;
  const limited = calls.admitted.length === 0 && calls.refused.length > 0 && calls.refused.every((e) => e.status === 429);
  if (limited) {
    // The refusal that lasts longest decides when to retry.
    const longest = calls.refused.reduce((a, b) => (Number(b.headers['Retry-After'] ?? 0) > Number(a.headers['Retry-After'] ?? 0) ? b : a));
    for (const [k, v] of Object.entries(longest.headers)) reply.header(k, v);
  } else if (last) {
    for (const [k, v] of Object.entries(last.headers)) reply.header(k, v);
  }
  if (request || calls.admitted.length) reply.header(PER_CALL_COST_HEADER, formatUsd(calls.priceMicros));
  return sendResponse(reply, limited ? 429 : status, headers, body);
}

/** The methods `/graphql` serves (its OPTIONS answers them in `Allow`). */
const GRAPHQL_METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'] as const;

/** Registers `/graphql`. */
export function graphqlPlugin() {
  return async (app: FastifyInstance): Promise<void> => {
    // GraphiQL and introspection: development and test only; production clients read the
    // checked-in SDL (schema/graphql.schema.graphql).
    const dev = app.services.config.env !== 'production';
    const graphql = loadOnce(() => loadGraphql(dev));
    warmWhenListening(app, 'GraphQL', graphql);

    if (dev) registerGraphiqlAssets(app);
    app.route({
      url: '/graphql',
      method: [...GRAPHQL_METHODS],
      // GraphiQL (development): its page's policy admits inline styles (api/security-headers.ts).
      ...(dev ? { config: { graphiql: true } } : {}),
      // HEAD: the GET's answer, headers only (api/server.ts runs this after the compress plugin).
      onSend: stripHeadBody,
      handler: async (req, reply) => {
        // A browser opening GraphiQL (development) with its session cookie gets the page; the page
        // sends the CSRF token with every query it runs (api/web/assets/graphiql-start.js).
        const graphiqlPage = dev && req.method === 'GET' && String(req.headers.accept ?? '').includes('text/html');
        if (req.caller.kind === 'session' && req.method !== 'OPTIONS' && !graphiqlPage) {
          const identity = req.server.services.identity;
          const ok = req.method === 'POST' && identity && verifyCsrfToken(identity.secret, csrfBinding(req), req.headers['x-csrf-token']);
          if (!ok) throw new ForbiddenError('GraphQL with a session cookie needs POST with the X-CSRF-Token header (GET /api/auth/csrf gives the token); API keys need none');
        }
        if (req.method === 'OPTIONS') return reply.code(204).header('Allow', GRAPHQL_METHODS.join(', ')).send();
        // A signed-in caller's answer can hold their own data (`me`, their watchlists): never kept
        // by a shared cache, as REST's account routes (X-API-Key is no Authorization header).
        if (req.caller.accountId) reply.header('Cache-Control', 'private, no-store');
        const refused = refuseUnusableBody(req, reply);
        if (refused) return refused;
        // No document to run (`{"query": null}`, a GET without `query`, a persisted-query hash
        // alone): a 400, as every other malformed request is (yoga answered these 200).
        if (!graphiqlPage && !Array.isArray(req.body) && typeof requestParams(req)?.query !== 'string') {
          const message = 'missing "query": send the GraphQL document as a string in "query" (the POST JSON body or the GET query string), e.g. {"query":"{ __typename }"}; persisted queries are not supported';
          return reply.code(400).type('application/json; charset=utf-8').send({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] });
        }
        // One metered call per request, weighted by the query cost; refusals are REST's 429/402/503.
        const services = req.server.services;
        const { schema, yoga } = await graphql();
        const inspection = inspectRequest(req, schema);
        // A mutation operation is a call per root field that runs (api/graphql/admission.ts); the
        // HTTP request itself is admitted per client IP only.
        const mutation = inspection?.document && inspection.errors.length === 0 && executedOperation(inspection.document, requestParams(req)?.operationName) === 'mutation';
        const admission = mutation
          ? await admitMutationRequest(services, req.caller)
          : await admitGraphqlRequest(services, req.caller, graphqlWeight(inspection?.cost ?? 1), inspection?.dataPaths ?? false);
        const today = utcDay();
        requestDay.set(req, today);
        const calls: MutationCalls | undefined = mutation ? { documentWeight: graphqlWeight(inspection.cost), admitted: [], refused: [], priceMicros: 0 } : undefined;
        const reads: GraphQLContext['reads'] = calls ? { metered: false, mutated: false, calls } : { metered: false, mutated: false };
        requestReads.set(req, reads);
        // A kept answer is admitted, billed and sent exactly as when it was built (response-cache.ts).
        const key = answerKeyOf(req, schema, inspection, today);
        const kept = key === null ? undefined : ANSWERS.get(key);
        if (kept) {
          const price = await settleGraphqlRequest(services, admission, kept.metered);
          if (admission) {
            for (const [k, v] of Object.entries(admission.headers)) reply.header(k, v);
            reply.header(PER_CALL_COST_HEADER, formatUsd(kept.metered ? price : 0));
          }
          // Compressed once per encoding asked, not per request (api/encoding.ts).
          for (const [k, v] of kept.headers) reply.header(k, v);
          return sendKept(kept.body, req, reply, keptOn(kept), String(reply.getHeader('content-type')));
        }
        let body: Buffer | null = null;
        let response: Response;
        try {
          // Yoga matches its endpoint against the raw path: a spelling the router took as
          // /graphql (`/%67raphql`) is handed over as /graphql, its query string kept (issue 13.1).
          const raw = req.raw.url ?? '';
          const search = raw.includes('?') ? raw.slice(raw.indexOf('?')) : '';
          if (raw !== `/graphql${search}`) req.raw.url = `/graphql${search}`;
          // HEAD runs as GET (yoga refuses HEAD with a 405); Node sends a HEAD answer's headers only.
          const head = req.raw.method === 'HEAD';
          if (head) req.raw.method = 'GET';
          try {
            response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
          } finally {
            if (head) req.raw.method = 'HEAD';
          }
          body = emptyRefusalBody(response.status, response.body ? Buffer.from(await response.arrayBuffer()) : null);
        } catch (err) {
          await settleGraphqlRequest(services, admission, false).catch(() => undefined);
          throw err;
        }
        const outcome = response.status === 200 && body !== null ? answerOutcome(body) : { errors: true, data: false, requestError: false };
        const headers = responseHeaders(response);
        // Only a whole answer (no errors) is kept; any answer that delivered data is billed (spec 7:
        // only a successful call is billed), a partial one too: a query with one failing field
        // beside the fields it wanted was served, not refused (a failing field was a way to read
        // data unbilled). An answer with no value but nulls (refused, not found, not allowed) is not.
        // And only when it read a metered capability: the glossary, coverage or the caller's own
        // watchlists are free at REST's and MCP's doors, and were billed here.
        // A metered mutation that took effect is billed even when a field read after it failed (as
        // REST bills the change).
        const billed = reads.metered && (outcome.data || reads.mutated);
        if (!outcome.errors && key !== null) ANSWERS.set(key, { status: response.status, headers, body: body!, metered: reads.metered });
        const price = await settleGraphqlRequest(services, admission, billed);
        const status = answerStatus(response.status, headers, outcome.requestError);
        if (calls) return sendMutationResponse(reply, status, headers, body, admission, calls);
        if (admission) {
          for (const [k, v] of Object.entries(admission.headers)) reply.header(k, v);
          reply.header(PER_CALL_COST_HEADER, formatUsd(billed ? price : 0));
        }
        return sendResponse(reply, status, headers, body);
      },
    });
  };
}
