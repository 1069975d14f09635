/**
 * The MCP server (spec 4.5, 4.6): Streamable HTTP at `/api/mcp` (and `/api/v1/mcp`), stateless
 * (a fresh SDK server and transport per HTTP request, JSON responses), and the `/mcp` page
 * (`/api/mcp/tools.json` is the REST resource api/rest/mcp.ts, so OpenAPI documents it). The caller is the one the request pipeline identified (`req.caller`:
 * `X-API-Key`, else the session cookie, else anonymous), exactly as for REST. A malformed JSON-RPC
 * request is -32602 naming the parameter; a request whose every tool call hit a limit is HTTP 429.
 * The SDK's side is api/mcp/sdk.ts, loaded on first use.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ServerResponse } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { utcDay } from '../../schema/common.ts';
import { COMPRESS_THRESHOLD, compressedForSending, preferredEncoding } from '../encoding.ts';
import { formatUsd } from '../../schema/plans.ts';
import { loadOnce, warmWhenListening } from '../first-use.ts';
import { verifyCsrfToken } from '../identity/csrf.ts';
import { csrfBinding } from '../identity/identify.ts';
import { PER_CALL_COST_HEADER, takeAdmission } from '../limits/hooks.ts';
import { API_PREFIXES, bodyRefusal, markRefusalRoutes } from '../server.ts';
import { AnswerLimits } from './answer-limits.ts';
import { callTool, knownTool } from './call.ts';
import { QUOTED_TEXT, type ToolAnswer, type ToolContext } from './context.ts';
import type { BatchSplit } from './sdk.ts';
import type { CounterState } from '../limits/interface.ts';
import { toolsJson, type ToolsJson } from './listing.ts';
import { renderMcpPage } from './page.ts';

export { renderMcpPage } from './page.ts';
export { toolsJson } from './listing.ts';

/** The fast path's switch (tests compare its answers with the SDK's by turning it off). */
export const MCP_FAST_PATH = { enabled: true };

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/**
 * The one request shape agents send most, answered without the SDK (issue 15: a fresh SDK server,
 * transport and web-standard Request/Response per HTTP request cost more than the tool itself):
 * a single JSON-RPC `tools/call` with `params` exactly `{ name, arguments? }`, passing every check
 * the SDK's transport makes (Accept lists application/json and text/event-stream, Content-Type is
 * application/json, a supported MCP-Protocol-Version if any). Anything else (initialize,
 * tools/list, batches, notifications, `_meta`, malformed or refused requests) goes to the SDK. The
 * answer is the SDK's byte for byte (test/api/mcp/fast-path.test.ts compares them).
 */
export function plainToolCall(req: FastifyRequest, supportedVersions: readonly string[]): { id: string | number; name: string; args: Record<string, unknown> } | null {
  if (!takesMessages(req)) return null;
  const version = req.headers['mcp-protocol-version'];
  if (version !== undefined && !(typeof version === 'string' && supportedVersions.includes(version))) return null;
  const body = req.body;
  if (!isPlainObject(body) || body.jsonrpc !== '2.0' || body.method !== 'tools/call') return null;
  const id = body.id;
  if (!(typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)))) return null;
  for (const k in body) if (k !== 'jsonrpc' && k !== 'id' && k !== 'method' && k !== 'params') return null;
  const params = body.params;
  // An unknown tool goes to the SDK, which answers the protocol error (api/mcp/sdk.ts).
  if (!isPlainObject(params) || typeof params.name !== 'string' || !knownTool(params.name)) return null;
  for (const k in params) if (k !== 'name' && k !== 'arguments') return null;
  const args = params.arguments;
  if (args !== undefined && !isPlainObject(args)) return null;
  return { id, name: params.name, args: args ?? {} };
}

/** Headers the SDK's transport accepts JSON-RPC messages with: Accept lists application/json and text/event-stream, Content-Type is application/json. */
function takesMessages(req: FastifyRequest): boolean {
  const accept = req.headers.accept;
  if (typeof accept !== 'string' || !accept.includes('application/json') || !accept.includes('text/event-stream')) return false;
  const type = req.headers['content-type'];
  return type === 'application/json' || (typeof type === 'string' && /^application\/json\s*(;|$)/i.test(type.trim()));
}

/** The SDK's side (api/mcp/sdk.ts), loaded once on first use. */
const mcpSdk = loadOnce(() => import('./sdk.ts'));

/** The start of a one-text-item JSON-RPC result, up to the text (the SDK's key order). */
const RESULT_TEXT_OPEN = Buffer.from('{"result":{"content":[{"type":"text","text":');

/**
 * One MCP HTTP request's answer as its tool calls report to it (`ToolAnswer`): the summed price of
 * its billed calls and their outcomes (`AnswerLimits`). `pending` holds the headers gathered for the
 * fast path's one writeHead; null once the SDK answers (then the price is set on the response).
 */
class McpAnswer extends AnswerLimits implements ToolAnswer {
  #priceMicros = 0;
  pending: Record<string, string | number> | null = null;

  constructor(
    admitted: CounterState[],
    private readonly raw: ServerResponse,
  ) {
    super(admitted);
  }

  price(micros: number): void {
    this.#priceMicros += micros;
    if (this.pending) this.pending[PER_CALL_COST_HEADER] = formatUsd(this.#priceMicros);
    else if (!this.raw.headersSent) this.raw.setHeader(PER_CALL_COST_HEADER, formatUsd(this.#priceMicros));
  }
}

/** The limit store's clock (tests move it), else the wall clock. */
const limitsNow = (req: FastifyRequest): number => req.server.services.limits?.now() ?? Date.now();

async function handle(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  // Spec 8.2, issue 13.15: when every tool call of the HTTP request was refused by a limit, the
  // request itself answers 429, described by the limit that refused (api/mcp/answer-limits.ts), so
  // a client sees it without reading the JSON-RPC results; otherwise 200 with each call's result.
  // The limits step admitted this HTTP request (per client IP); a hijacked reply skips the onSend
  // step that writes an admission's RateLimit headers on REST answers, so they are written here.
  const admission = takeAdmission(req);
  const answer = new McpAnswer(admission?.states ?? [], reply.raw);
  const identity = req.server.services.identity;
  const ctx: ToolContext = {
    services: req.server.services,
    caller: req.caller,
    today: utcDay(),
    requestId: req.id,
    // Spec 2.7: a metered response carries the price of the call (the sum, for a JSON-RPC batch).
    answer,
    csrfVerified: req.caller.kind === 'session' && !!identity && verifyCsrfToken(identity.secret, csrfBinding(req), req.headers['x-csrf-token']),
    log: req.log,
  };
  const sdk = await mcpSdk();
  const call = MCP_FAST_PATH.enabled ? plainToolCall(req, sdk.SUPPORTED_PROTOCOL_VERSIONS) : null;
  reply.hijack();
  const raw = reply.raw;
  // The answer's headers, gathered and handed to one writeHead on the fast path (issue 15: each
  // header set on the response beforehand sends every header of the answer down Node's merging
  // path, validated, lower-cased and stored again; REST answers avoid it the same way, as reply
  // headers). A hijacked reply writes none of the reply's headers: the security headers are here.
  const headers: Record<string, string | number> = {};
  for (const [name, value] of req.server.answerSecurityHeaders) headers[name] = value;
  headers['x-request-id'] = req.id;
  if (admission?.recorded) await admission.recorded;
  answer.pending = headers;
  if (call) {
    const result = await callTool(call.name, call.args, ctx);
    // The SDK's answer to one request in JSON response mode: the result as CallToolResultSchema
    // outputs it (content, then isError), then jsonrpc and id.
    const out: CallToolResult = result.isError === undefined ? { content: result.content } : { content: result.content, isError: result.isError };
    // A result kept serialised carries its text as a JSON string too (QUOTED_TEXT): the same bytes
    // as JSON.stringify gives, without escaping the text again.
    const item = result.content.length === 1 ? (result.content[0] as { type: string; [QUOTED_TEXT]?: Buffer }) : undefined;
    const quoted = result.isError === undefined && item?.type === 'text' ? item[QUOTED_TEXT] : undefined;
    // Bytes, not a string: Node copies a string body into a new buffer on every write (cachedJson).
    const body =
      quoted !== undefined
        ? Buffer.concat([RESULT_TEXT_OPEN, quoted, Buffer.from(`}]},"jsonrpc":"2.0","id":${JSON.stringify(call.id)}}`)])
        : Buffer.from(JSON.stringify({ result: out, jsonrpc: '2.0', id: call.id }));
    const { status, headers: limitHeaders } = answer.answer(200, limitsNow(req));
    Object.assign(headers, limitHeaders);
    headers['content-type'] = 'application/json';
    const sent = encoded(body, headers, req.headers['accept-encoding']);
    const bytes = sent instanceof Promise ? await sent : sent;
    raw.writeHead(status, headers);
    raw.end(bytes);
    return;
  }
  // JSON that is not a JSON-RPC message: -32600 Invalid Request, where the SDK says -32700.
  const messages = req.method === 'POST' && takesMessages(req);
  const invalid = messages ? sdk.invalidRequest(req.body) : null;
  const respond = async (status: number, value: unknown): Promise<void> => {
    Object.assign(headers, answer.answer(status, limitsNow(req)).headers);
    headers['content-type'] = 'application/json';
    const bytes = await encoded(Buffer.from(JSON.stringify(value)), headers, req.headers['accept-encoding']);
    raw.writeHead(status, headers);
    raw.end(bytes);
  };
  if (invalid) return respond(400, { jsonrpc: '2.0', error: { code: -32600, message: invalid }, id: null });
  // A batch is answered member by member (JSON-RPC 2.0 section 6), always as an array: a member
  // that is no message gets its own -32600 beside the others' answers (the SDK refused the whole
  // batch for it), and a batch of one is answered [ ... ], not bare (the SDK's way).
  let batchErrors: BatchSplit['errors'] | null = null;
  if (messages && Array.isArray(req.body)) {
    const split = sdk.splitBatch(req.body);
    if (split.duplicate) return respond(400, { jsonrpc: '2.0', error: { code: -32600, message: split.duplicate }, id: null });
    if (!split.messages.length) return respond(400, split.errors);
    if (!split.requests && split.errors.length) return respond(200, split.errors);
    batchErrors = split.errors;
    req.body = split.messages;
  }
  // The SDK writes its own headers: the gathered ones are set on the response first.
  answer.pending = null;
  for (const name in headers) raw.setHeader(name, headers[name]!);
  const asBatch = batchErrors === null ? undefined : (body: Buffer): Buffer => {
    const answered = JSON.parse(body.toString('utf8')) as unknown;
    return Buffer.from(JSON.stringify([...(Array.isArray(answered) ? answered : [answered]), ...batchErrors!]));
  };
  answerAsSdkWrites(raw, req.headers['accept-encoding'], (status) => answer.answer(status, limitsNow(req)), asBatch);
  await sdk.serveWithSdk(req, raw, ctx);
}

/**
 * An MCP answer's bytes as sent: compressed as the client asked when it is 1 KB or more (as the
 * compress plugin does REST answers; it never sees a hijacked reply), with Content-Encoding and
 * Vary set in `headers`, and its Content-Length.
 */
function encoded(body: Buffer, headers: Record<string, string | number>, acceptEncoding: string | undefined): Buffer | Promise<Buffer> {
  const enc = body.length >= COMPRESS_THRESHOLD ? preferredEncoding(acceptEncoding) : null;
  if (!enc) {
    headers['content-length'] = body.length;
    return body;
  }
  headers['content-encoding'] = enc;
  headers.vary = 'Accept-Encoding';
  const sized = (bytes: Buffer): Buffer => {
    headers['content-length'] = bytes.length;
    return bytes;
  };
  const bytes = compressedForSending(body, enc);
  return bytes instanceof Promise ? bytes.then(sized) : sized(bytes);
}

/**
 * The SDK's answer as it writes it to `raw`, with two changes. Its status and limit headers are
 * those `answer` gives once the calls are done (a 200 whose every tool call was refused by a limit
 * is a 429, `AnswerLimits`). A JSON answer is held until it ends and sent as `encoded` sends the
 * fast path's: the SDK writes one whole in JSON response mode (writeHead, then the body by write
 * and end). Any other answer passes as written.
 */
function answerAsSdkWrites(raw: ServerResponse, acceptEncoding: string | undefined, answer: (status: number) => { status: number; headers: Record<string, string> }, rewrite?: (body: Buffer) => Buffer): void {
  const writeHead = raw.writeHead.bind(raw) as (status: number, ...rest: unknown[]) => ServerResponse;
  const write = raw.write.bind(raw) as (...args: unknown[]) => boolean;
  const end = raw.end.bind(raw) as (...args: unknown[]) => ServerResponse;
  let held: { status: number; headers: Record<string, string | number>; rewrite: boolean } | null = null;
  const chunks: Buffer[] = [];
  const bytesOf = (chunk: unknown, encoding: unknown): Buffer =>
    typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8') : Buffer.from(chunk as Uint8Array);
  raw.writeHead = ((sdkStatus: number, ...rest: unknown[]) => {
    const { status, headers: limitHeaders } = answer(sdkStatus);
    for (const name in limitHeaders) raw.setHeader(name, limitHeaders[name]!);
    const args = typeof rest[0] === 'string' ? rest.slice(1) : rest;
    const given = args[0];
    if ((acceptEncoding || (rewrite && sdkStatus === 200)) && given && typeof given === 'object' && !Array.isArray(given)) {
      const headers: Record<string, string | number> = {};
      for (const [k, v] of Object.entries(given as Record<string, string | number>)) if (k.toLowerCase() !== 'content-length') headers[k.toLowerCase()] = v;
      const type = headers['content-type'] ?? raw.getHeader('content-type');
      if (typeof type === 'string' && /^application\/json/i.test(type)) {
        // Only a 200's body is the batch's answers (an SDK refusal of the request is not).
        held = { status, headers, rewrite: rewrite !== undefined && sdkStatus === 200 };
        return raw;
      }
    }
    return writeHead(status, ...args);
  }) as typeof raw.writeHead;
  raw.write = ((chunk: unknown, ...rest: unknown[]) => {
    if (!held) return write(chunk, ...rest);
    chunks.push(bytesOf(chunk, rest[0]));
    const done = rest.find((r) => typeof r === 'function') as (() => void) | undefined;
    if (done) process.nextTick(done);
    return true;
  }) as typeof raw.write;
  raw.end = ((...args: unknown[]) => {
    if (!held) return end(...args);
    const done = args.find((a) => typeof a === 'function');
    if (args[0] !== undefined && typeof args[0] !== 'function') chunks.push(bytesOf(args[0], args[1]));
    const { status, headers, rewrite: rewriting } = held;
    held = null;
    const send = (bytes: Buffer): ServerResponse => {
      writeHead(status, headers);
      return done ? end(bytes, done) : end(bytes);
    };
    const body = Buffer.concat(chunks);
    const out = encoded(rewriting ? rewrite!(body) : body, headers, acceptEncoding);
    if (!(out instanceof Promise)) return send(out);
    out.then(send, (err: unknown) => raw.destroy(err as Error));
    return raw;
  }) as typeof raw.end;
}

/**
 * A body refused before the handler ran (not JSON, empty, over 1 MB, another media type or
 * charset) is answered as JSON-RPC says, with the HTTP status REST gives it: -32700 Parse error
 * for a 400, -32600 Invalid Request otherwise, id null. Any other error goes on to the server's
 * error handler.
 */
function bodyRefused(err: FastifyError, req: FastifyRequest, reply: FastifyReply): FastifyReply {
  const refused = bodyRefusal(err);
  if (!refused) throw err;
  const code = refused.status === 400 ? -32700 : -32600;
  const message = `${code === -32700 ? 'Parse error' : 'Invalid Request'}: ${refused.message}`;
  return reply.code(refused.status).type('application/json').send({ jsonrpc: '2.0', error: { code, message }, id: null });
}

export interface McpPluginOptions {
  /** Also serve the `/mcp` HTML page (off when the web pages register it themselves). */
  page?: boolean;
}

/** Registers the MCP endpoint and (optionally) the `/mcp` page. */
export function mcpPlugin(options: McpPluginOptions = {}) {
  return async (app: FastifyInstance): Promise<void> => {
    warmWhenListening(app, 'the MCP SDK', mcpSdk);
    let json: ToolsJson | null = null;
    const catalog = (): ToolsJson => (json ??= toolsJson(app.services.config.publicUrl));
    for (const prefix of API_PREFIXES) {
      app.post(`${prefix}/mcp`, { errorHandler: bodyRefused }, handle);
      // Stateless server: no server-to-client stream and no session to delete; every other method
      // is refused here too, so the answer names POST alone.
      // Answered before the body is read: a PUT with a form body is the wrong method, not a 415.
      const refuse = async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
        if (req.method === 'OPTIONS') await reply.code(204).header('Allow', 'POST, OPTIONS').send();
        else await reply.code(405).header('Allow', 'POST, OPTIONS').send({ error: 'the MCP endpoint is stateless: POST JSON-RPC messages (Streamable HTTP)' });
      };
      app.route({ method: ['GET', 'DELETE', 'PUT', 'PATCH', 'OPTIONS'], url: `${prefix}/mcp`, onRequest: refuse, handler: refuse });
      markRefusalRoutes(['GET', 'HEAD', 'DELETE', 'PUT', 'PATCH'], `${prefix}/mcp`);
    }
    if (options.page !== false) {
      let html: string | null = null;
      app.get('/mcp', async (_req, reply) => reply.type('text/html; charset=utf-8').send((html ??= renderMcpPage(catalog()))));
    }
  };
}
