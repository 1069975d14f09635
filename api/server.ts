/**
 * The Fastify server: every REST resource mounted once under `/api` and once under `/api/v1`
 * (spec section 9), one error handler that writes `{ "error": "..." }`, JSON 404s, request ids and
 * structured logs. `buildServer` takes its dependencies; `api/main.ts` wires the real ones.
 */
import { randomUUID } from 'node:crypto';
import { constants as zlib } from 'node:zlib';
import secureJson from 'secure-json-parse';
import compress from '@fastify/compress';
import { STATUS_CODES } from 'node:http';
import Fastify, { errorCodes, LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions, type HookHandlerDoneFunction } from 'fastify';
import { WarehouseUnavailableError } from '../warehouse/reader.ts';
import type { Caller } from './caller.ts';
import { CODINGS, COMPRESS_THRESHOLD, SENT_BROTLI_QUALITY } from './encoding.ts';
import { ApiError, BadRequestError } from './errors.ts';
import { installRequestPipeline } from './pipeline.ts';
import { installRequestPath, isApiPath, PERCENT_ENCODING_RULE } from './request-path.ts';
import { installSecurityHeaders, securityHeaderList } from './security-headers.ts';
import { RESOURCES } from './rest/index.ts';
import { rootPlugin, type AnyRoute, type Resource } from './route.ts';
import { redactingLogger } from './identity/redact.ts';
import { lazyChildLogger } from './request-logger.ts';
import type { Services } from './services.ts';
import { coalesceWrites, type WriteCoalescing } from './write-coalescing.ts';
import { errorPage } from './web/explorer/common.ts';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** What the write coalescer did (null when `coalesceWrites` is off). */
    writeCoalescing: WriteCoalescing | null;
  }
  interface FastifyRequest {
    caller: Caller;
  }
  interface FastifyReply {
    /** `reply.send` was called: the onSend hooks started (see `replied` in route.ts). */
    sending: boolean;
  }
  interface FastifyContextConfig {
    def?: AnyRoute;
  }
}

/** The API prefixes: `/api/v1/*` routes to the same handlers as `/api/*`. */
export const API_PREFIXES = ['/api', '/api/v1'] as const;

export interface ServerOptions {
  services: Services;
  /** Pino options, or false for silence (tests). */
  logger?: FastifyServerOptions['logger'];
  resources?: Resource[];
  /** Extra plugins registered at the root (GraphQL, MCP, web pages). */
  plugins?: ((app: FastifyInstance) => Promise<void>)[];
  trustProxy?: boolean;
  /**
   * How long a client has to send a whole request, headers and body (ms); past it the answer is
   * 408 and the connection is closed. Default `REQUEST_TIMEOUT_MS`.
   */
  requestTimeoutMs?: number;
}

/**
 * A request's headers and body must arrive within 30 s (bodies are at most 1 MB). Fastify's default
 * is no limit: a client that sent a Content-Length and part of the body held its connection open
 * for good (found by an attacker pass: 330 s and counting), so slow clients could pile up
 * connections. Checked every `connectionsCheckingInterval`, so a 408 comes within 2 s after.
 */
export const REQUEST_TIMEOUT_MS = 30_000;

/** The longest path parameter the router hands to a route (whose schema then says what is wrong with it). */
const MAX_PARAM_LENGTH = 1_000;

const REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/;

const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);

/** A store we depend on is unreachable (socket errors, PostgreSQL connection-class SQLSTATEs). */
// pg's pool and client raise these without a code when no connection is free in time or a
// connection attempt times out (a saturated pool on a busy machine): a 503, not a 500.
const POOL_TIMEOUT = /^(timeout exceeded when trying to connect|Connection terminated due to connection timeout|Connection terminated unexpectedly)$/;

export function isInfrastructureFault(err: unknown): boolean {
  const code = (err as { code?: unknown }).code;
  if (code === undefined && err instanceof Error && POOL_TIMEOUT.test(err.message)) return true;
  if (typeof code !== 'string') return false;
  return NETWORK_CODES.has(code) || code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03';
}

function clientError(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'the request body is empty but Content-Type says JSON';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return `unsupported Content-Type: send application/json`;
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'the request body is too large';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'the Content-Length header does not match the body';
    default:
      if (err instanceof SyntaxError || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return `the request body is not valid JSON: ${err.message}`;
      return err.message;
  }
}

/** Errors the JSON body parser raised (the body is not JSON, not UTF-8, or holds `__proto__`). */
const BODY_ERRORS = new WeakSet<Error>();

/**
 * A request body refused before any handler ran (not JSON, empty, too large, not UTF-8, another
 * media type): its HTTP status and message, as the `{ error }` answer gives them; null for any
 * other error. MCP answers these as JSON-RPC errors (api/mcp/plugin.ts).
 */
export function bodyRefusal(err: unknown): { status: number; message: string } | null {
  const e = err as FastifyError;
  // The content-type parser's errors, and the compress plugin's for a body it cannot inflate.
  const parsing = typeof e.code === 'string' && (e.code.startsWith('FST_ERR_CTP_') || e.code.startsWith('FST_CP_ERR_INVALID_CONTENT'));
  if (!(err instanceof Error) || !(BODY_ERRORS.has(err) || parsing)) return null;
  return { status: (err as { status?: number }).status ?? e.statusCode ?? 400, message: clientError(e) };
}

/** The `{ error }` for a request Node's HTTP parser refused (it never reaches Fastify). */
function malformedRequestMessage(code: string | undefined): string {
  switch (code) {
    case 'HPE_INVALID_METHOD':
      return 'unknown HTTP method';
    case 'HPE_HEADER_OVERFLOW':
      return 'request headers too large';
    case 'HPE_INVALID_URL':
      return 'invalid request target: send an absolute path such as /api/health';
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return 'request timed out';
    default:
      return 'malformed HTTP request';
  }
}

/** Decodes UTF-8, throwing on any byte sequence that is not (a lone surrogate's bytes, `\xff`). */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });
/** The charset parameter of a Content-Type. */
const JSON_CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)/i;

/** The methods a route can be served with, in the order an `Allow` header lists them. */
const ROUTE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * `METHOD path` pairs routed only to be refused with a reason of their own (the MCP endpoint's
 * GET, PUT, ...): the 405 of any other method on the path names what it serves, not these (a TRACE
 * on /api/mcp was told to use GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS; a GET there, POST).
 */
const REFUSAL_ROUTES = new Set<string>();

/** Marks `methods` on `path` as routed only to be refused (see REFUSAL_ROUTES). */
export function markRefusalRoutes(methods: readonly string[], path: string): void {
  for (const m of methods) REFUSAL_ROUTES.add(`${m} ${withoutTrailingSlash(path)}`);
}

/** The router ignores a trailing slash: so do the refusal routes (`/api/mcp/` is `/api/mcp`). */
const withoutTrailingSlash = (path: string): string => (path.length > 1 ? path.replace(/\/+$/, '') : path);

const MALFORMED_STATUS: Record<string, number> = { HPE_HEADER_OVERFLOW: 431, ERR_HTTP_REQUEST_TIMEOUT: 408 };

/**
 * Whether what Node's parser held when the header limit was passed is a request line that had not
 * ended: it starts with a method and a target, and holds no line break in its first 8 KB.
 */
function requestLineOverflowed(packet: unknown): boolean {
  if (!Buffer.isBuffer(packet) || !/^[A-Z]+ \S/.test(packet.subarray(0, 32).toString('latin1'))) return false;
  const end = packet.indexOf('\r\n');
  return end < 0 ? packet.length >= 8192 : end >= 8192;
}

/**
 * onSend of a route that takes HEAD in its own method list (Fastify adds its HEAD handler only to the
 * HEAD routes it makes from GET routes): a HEAD answers its GET's headers, its Content-Length that of
 * the body a GET gets after the encoding asked for (`buildServer` runs it after the compress
 * plugin's hook), and no body. Other methods pass through.
 */
export function stripHeadBody(req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void): void {
  if (req.method !== 'HEAD') return done(null, payload);
  if ((typeof payload === 'string' || Buffer.isBuffer(payload)) && !reply.hasHeader('content-length')) reply.header('content-length', String(Buffer.byteLength(payload)));
  // A stream (an answer compressed as it is sent) is drained, as Fastify's own HEAD handler does:
  // its length is not known, so the HEAD has none, as its GET has none (chunked).
  const stream = payload as { resume?: () => void; on?: (event: 'error', fn: () => void) => void } | null;
  if (stream && typeof stream.resume === 'function') {
    stream.on?.('error', () => undefined);
    stream.resume();
  }
  done(null, null);
}

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  // Responses written outside Fastify's hooks (the router's and the HTTP parser's errors) still
  // carry the security headers.
  const security = securityHeaderList(options.services.config);
  const requestTimeout = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const app = Fastify({
    // Secrets (verification tokens in URLs, credential headers) never reach the log (issue 13.11).
    logger: options.logger ? redactingLogger(options.logger) : false,
    // One line per request, written by the onResponse hook below, instead of Fastify's info-level
    // pair (issue 15: the pair cost ~1 ms of CPU and 200 MB of logs per benchmark run).
    logController: new LogController({ disableRequestLogging: true }),
    // Each request's logger is made when it first logs (api/request-logger.ts). Without a logger
    // Fastify makes no per-request logger at all, unless a factory is given.
    ...(options.logger ? { childLoggerFactory: lazyChildLogger } : {}),
    trustProxy: options.trustProxy ?? false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 1024 * 1024,
    requestTimeout: requestTimeout,
    // requireHostHeader: false: a request without Host reaches the pipeline, which refuses it as
    // JSON with the security headers (requestTargetStep); Node's own refusal had neither.
    http: { requestTimeout, headersTimeout: requestTimeout, connectionsCheckingInterval: Math.max(10, Math.min(2_000, Math.floor(requestTimeout / 4))), requireHostHeader: false },
    return503OnClosing: true,
    // A path parameter up to 1,000 characters reaches its route, whose schema says what is wrong
    // with it: the router's own limit (100) answered a 414 in its own words for a glossary slug of
    // 101-120 characters, which the OpenAPI document allows.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // The router's own errors (a path that is not valid percent-encoding: `/api/nope%ZZ`) in the
    // `{ error }` shape (issue 13.12).
    frameworkErrors: (err, req, reply) => {
      for (const [k, v] of security) reply.header(k, v);
      reply.header('X-Request-Id', req.id);
      const bad = err.code === 'FST_ERR_BAD_URL';
      // A path parameter past the router's 1,000 characters: a 400 like any invalid parameter, not
      // the router's 414 echoing the whole path back (5.8 KB of it for a 5,000-character slug).
      if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') {
        const message = `invalid path parameter: longer than ${MAX_PARAM_LENGTH} characters (none of this API's is)`;
        // A page (`/glossary/<slug>`) answers a browser with its HTML error page, as for any bad parameter.
        if (!isApiPath(req.url)) void (reply as FastifyReply).send(errorPage(reply as FastifyReply, 400, message));
        else void (reply as FastifyReply).code(400).send({ error: message });
        return;
      }
      const status: number = bad ? 400 : ((err as FastifyError).statusCode ?? 400);
      void (reply as FastifyReply).code(status).send({ error: bad ? `the request path is not valid percent-encoded UTF-8: ${PERCENT_ENCODING_RULE}` : err.message });
    },
    // Requests Node's HTTP parser refuses (unknown methods such as BREW, malformed request lines,
    // oversized headers): a JSON `{ error }` too.
    clientErrorHandler: (err: NodeJS.ErrnoException & { rawPacket?: unknown }, socket) => {
      if (err.code === 'ECONNRESET' || !socket.writable) {
        socket.destroy();
        return;
      }
      // The request line alone past the limit (a long URL) is a 414, not "headers too large" (an
      // outside pass was told to shrink headers it never sent): Node's parser counts both together.
      if (err.code === 'HPE_HEADER_OVERFLOW' && requestLineOverflowed(err.rawPacket)) return refuseOnSocket(socket, 414, 'request target too long: the path and query string must fit in 16 KB with the headers; send long lists in a POST body where the route takes one (POST /api/data/bulk)');
      refuseOnSocket(socket, MALFORMED_STATUS[err.code ?? ''] ?? 400, malformedRequestMessage(err.code));
    },
  });
  /** A JSON `{ error }` answer written straight to the socket, which is then closed. */
  const refuseOnSocket = (socket: { end(text: string): unknown }, status: number, message: string): void => {
    const body = JSON.stringify({ error: message });
    const head = [`HTTP/1.1 ${status} ${STATUS_CODES[status]}`, 'Content-Type: application/json; charset=utf-8', `Content-Length: ${Buffer.byteLength(body)}`, 'Connection: close', ...security.map(([k, v]) => `${k}: ${v}`)];
    // A 405 names the methods that are served (RFC 9110 15.5.6).
    if (status === 405) head.push('Allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
    socket.end(`${head.join('\r\n')}\r\n\r\n${body}`);
  };
  // CONNECT never reaches Fastify (Node hands it to a 'connect' listener, and without one closes
  // the socket with no answer; found by probing from outside): this is not a proxy.
  app.server.on('connect', (_req, socket: { end(text: string): unknown }) => refuseOnSocket(socket, 405, 'CONNECT is not supported: this is an API server, not a proxy'));
  // Every header field is read: Node keeps the first 2,000 by default and drops the rest silently,
  // so an X-API-Key after 1,000 junk headers was never seen and the call ran anonymously (found by
  // probing from outside), where a bad or unreadable key must be a 401. The 16 KB header limit
  // (431) still bounds what a request can send.
  app.server.maxHeadersCount = 0;
  app.decorate('services', options.services);
  app.decorate('writeCoalescing', options.services.config.coalesceWrites === false ? null : coalesceWrites(app.server));
  app.decorateRequest('caller', null as unknown as Caller);
  app.decorateReply('sending', false);
  installRequestPath(app);
  // JSON request bodies are parsed as Fastify's own parser does (secure-json-parse: a `__proto__`
  // key or a `constructor.prototype` refused), but the 400 says why: Fastify's says only "Body is
  // not valid JSON", also for a well-formed body with such a key.
  // A body in any other media type is 415, text/plain included (Fastify parses text/plain by
  // default, and a JSON route then refused the string with a 400 about its type).
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    // An empty body under a JSON Content-Type (many clients set the header on every POST): on a
    // REST route it is no body, as if the header were absent, so a route whose body is optional
    // answers and one that needs fields names the first missing one. GraphQL and MCP, which always
    // need a document, say the body is empty.
    if (body.length === 0) return (req.routeOptions.config as { def?: AnyRoute }).def ? done(null, undefined) : done(new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY(), undefined);
    // JSON is UTF-8 (RFC 8259 8.1): a body declared in another charset is refused, not read as UTF-8.
    const charset = JSON_CHARSET.exec(String(req.headers['content-type']))?.[1];
    const refuse = (err: Error): void => {
      BODY_ERRORS.add(err);
      done(err, undefined);
    };
    if (charset && !/^(utf-?8|us-ascii)$/i.test(charset)) return refuse(new ApiError(415, `unsupported charset ${charset}: send JSON as UTF-8 (Content-Type: application/json or application/json; charset=utf-8)`));
    // Bytes that are not UTF-8 are refused, as they are in the path and the query string: read
    // with replacement characters, `bad\xff` was stored as "bad\uFFFD" (an outside pass).
    let text: string;
    try {
      text = STRICT_UTF8.decode(body as Buffer);
    } catch {
      return refuse(new BadRequestError('the request body is not valid UTF-8: JSON is sent as UTF-8 (RFC 8259 8.1)'));
    }
    try {
      done(null, secureJson.parse(text, { protoAction: 'error', constructorAction: 'error' }));
    } catch (err) {
      const poisoned = err instanceof SyntaxError && err.message === 'Object contains forbidden prototype property';
      refuse(new BadRequestError(poisoned ? 'the request body is refused: an object key named __proto__, or a constructor key holding prototype, is not accepted' : `the request body is not valid JSON: ${(err as Error).message}`));
    }
  });

  // Graceful shutdown: in-flight requests finish; their responses ask the client to close the
  // connection, so keep-alive sockets do not hold the process open until their timeout.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback style: an async hook cost a promise and a microtask turn on every response (issue 15).
  // The first onSend hook: it runs inside every `reply.send`, so it also marks the reply as being
  // sent (a handler that sent the reply itself is not answered twice: route.ts, `replied`). It
  // runs synchronously within `reply.send` only while every preSerialization and onError hook is
  // synchronous too (there are none today): an async one added later must keep that, or set the
  // mark itself.
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.sending = true;
    reply.header('X-Request-Id', req.id);
    if (closing) reply.header('Connection', 'close');
    done(null, payload);
  });

  // Request log: 5xx answers and slow requests at info (always visible), every other request at
  // debug (free at the default level). The request id is on every line (pino's reqId) and in the
  // X-Request-Id response header.
  if (options.logger) {
    const slowMs = options.services.config.logSlowMs ?? 500;
    app.addHook('onResponse', (req, reply, done) => {
      const ms = reply.elapsedTime;
      if (reply.statusCode >= 500 || ms >= slowMs) req.log.info({ req, res: reply, responseTime: ms, slow: ms >= slowMs }, 'request completed');
      else if (req.log.level === 'debug' || req.log.level === 'trace') req.log.debug({ req, res: reply, responseTime: ms }, 'request completed');
      done();
    });
  }

  installSecurityHeaders(app);
  installRequestPipeline(app);
  // Request bodies are decompressed (Content-Encoding) on routes that take one; on a GET-only route
  // the plugin's preParsing hook would run for nothing on every request.
  // Content coding names are case-insensitive (RFC 9110 8.4.1): the plugin knows them lower-cased
  // only, so `Content-Encoding: GZIP` was a 415. Read as written in lower case on the routes that
  // take a body (before the plugin's preParsing hook).
  app.addHook('onRoute', (route) => {
    if (route.decompress === undefined && [route.method].flat().every((m) => m === 'GET' || m === 'HEAD')) route.decompress = false;
    if (route.decompress === false) return;
    const own = route.onRequest ? [route.onRequest].flat() : [];
    route.onRequest = [...own, lowerCaseContentCoding];
  });
  // Answers of 1 KB or more are compressed when the client asks (Accept-Encoding: br, gzip or
  // deflate; br preferred, at quality 4: most of its size gain at a fraction of the default 11's
  // CPU). Vary: Accept-Encoding is set (README, "Compression").
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: [...CODINGS],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: SENT_BROTLI_QUALITY } },
  });
  // A HEAD answers the headers its GET would (RFC 9110 9.3.2): Fastify strips a HEAD's body in an
  // onSend hook placed before the plugin's, so the HEAD of an answer the plugin compresses said
  // identity and gave the uncompressed length (found by a new-user walkthrough). The body is
  // stripped last, once the plugin has encoded it.
  // The same for a route that takes HEAD in its own method list (GraphQL's), with `stripHeadBody`.
  app.addHook('onRoute', (route) => {
    const takesHead = route.method === 'HEAD' || (Array.isArray(route.method) && route.method.includes('HEAD'));
    if (!takesHead || !Array.isArray(route.onSend)) return;
    const strip = route.onSend.findIndex((hook) => hook === stripHeadBody || hook.name === 'headRouteOnSendHandler');
    if (strip >= 0 && strip < route.onSend.length - 1) route.onSend.push(...route.onSend.splice(strip, 1));
  });

  app.setErrorHandler((err: FastifyError | ApiError | Error, req, reply) => {
    if (err instanceof ApiError) {
      for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
      return reply.code(err.status).send({ error: err.message, ...err.extra });
    }
    if (err instanceof WarehouseUnavailableError) {
      return reply.code(503).header('Retry-After', '5').send({ error: err.message });
    }
    // The client went away before its request body was complete: the request's own stream fails
    // with ECONNRESET, which is not a store being unreachable (an attacker pass found every such
    // abort logged at error level as "store unreachable" and answered 503). Only an incomplete
    // request: one that arrived whole is marked aborted too once its client leaves, and a store
    // fault met while answering it must still be logged as one (a review found that).
    if (req.raw.complete === false && (req.raw.readableAborted || req.raw.aborted)) {
      req.log.info({ err: { message: err.message, code: (err as FastifyError).code } }, 'client closed the connection before the request was complete');
      return reply.code(400).send({ error: 'the connection was closed before the request body was complete' });
    }
    if (isInfrastructureFault(err)) {
      req.log.error({ err }, 'store unreachable');
      return reply.code(503).header('Retry-After', '5').send({ error: 'a backing store is unreachable; retry shortly' });
    }
    const status = (err as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send({ error: clientError(err as FastifyError) });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ error: 'internal server error', requestId: req.id });
  });

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0]!;
    // A path that is served, asked with a method it is not served with: 405 naming the methods
    // that are (RFC 9110 15.5.6), and OPTIONS answered with them; a 404 said the path did not
    // exist (found by an attacker pass: PUT /api/health).
    const allowed = ROUTE_METHODS.filter((m) => m !== req.method && !REFUSAL_ROUTES.has(`${m} ${withoutTrailingSlash(path)}`) && app.findRoute({ method: m, url: path }) !== null);
    if (allowed.length > 0) {
      // OPTIONS is answered here for every served path, so it is allowed too.
      if (!allowed.includes('OPTIONS')) allowed.push('OPTIONS');
      reply.header('Allow', allowed.join(', '));
      if (req.method === 'OPTIONS') return reply.code(204).send();
      return reply.code(405).send({ error: `${req.method} is not served on ${path}: use ${allowed.join(', ')}` });
    }
    return reply.code(404).send({ error: `not found: ${req.method} ${path}` });
  });

  const resources = options.resources ?? RESOURCES;
  for (const prefix of API_PREFIXES) {
    for (const res of resources) await app.register(res.plugin, { prefix });
  }
  for (const res of resources) await app.register(rootPlugin(res));
  for (const plugin of options.plugins ?? []) await plugin(app);
  return app;
}

/** Lower-cases the request's Content-Encoding (coding names are case-insensitive). */
function lowerCaseContentCoding(req: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const coding = req.headers['content-encoding'];
  if (coding !== undefined && coding !== coding.toLowerCase()) req.headers['content-encoding'] = coding.toLowerCase();
  done();
}
