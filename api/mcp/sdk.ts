/**
 * The MCP SDK's side of the endpoint (api/mcp/plugin.ts): a fresh SDK server and Streamable HTTP
 * transport per HTTP request. Its own module, loaded by the first MCP request or just after the
 * server starts listening, so that the SDK (~0.2 s of CPU to load) is not part of a start and an
 * app that never serves MCP (most test suites) never loads it.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { CallToolRequestSchema, ErrorCode, JSONRPCMessageSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { callTool, knownTool } from './call.ts';
import type { ToolContext } from './context.ts';
import { listTools } from './listing.ts';

export { SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';

const INSTRUCTIONS =
  'Almanac: SEC-derived fundamentals (point in time), filings, insiders, 13F, funds, BDC credit, macro, news, glossary and LEARN. ' +
  'Educational data, not investment advice. Tools marked [paged] take cursor and limit (1-100, default 20) and answer { items, nextCursor, total }: pass nextCursor back as cursor. Send X-API-Key for keyed tools.';

interface ZodLikeError {
  issues: { path: PropertyKey[]; message: string }[];
}

function isZodError(err: unknown): err is ZodLikeError {
  return err instanceof Error && /^\$?ZodError$/.test(err.name) && Array.isArray((err as Partial<ZodLikeError>).issues);
}

/**
 * A malformed JSON-RPC request (`params.name` not a string, `arguments` not an object ...) as the
 * SDK's schemas refuse it: JSON-RPC -32602 "Invalid params" with one short sentence naming the
 * parameter, instead of -32603 with the raw zod issue list.
 */
export function invalidParams(method: string, err: ZodLikeError): Error & { code: number } {
  const issue = err.issues[0];
  const path = (issue?.path ?? []).map(String).filter((p, i) => !(i === 0 && p === 'params'));
  const name = path.join('.') || 'params';
  const detail = (issue?.message ?? 'invalid').replace(/^Invalid input: /, '').replace(/\brecord\b/g, 'an object');
  const message = /received undefined$/.test(detail) ? `${method}: missing required parameter '${name}'` : `${method}: invalid parameter '${name}': ${detail}`;
  // Not an McpError: its message would carry an "MCP error -32602:" prefix.
  return Object.assign(new Error(message), { code: ErrorCode.InvalidParams });
}

/** The SDK server, with malformed requests answered as -32602 (see `invalidParams`). */
class AlmanacServer extends Server {
  override setRequestHandler(...args: Parameters<Server['setRequestHandler']>): void {
    super.setRequestHandler(...args);
    const handlers = (this as unknown as { _requestHandlers: Map<string, (request: { method: string }, extra: unknown) => Promise<unknown>> })._requestHandlers;
    for (const [method, handler] of handlers) {
      if ((handler as { almanacWrapped?: boolean }).almanacWrapped) continue;
      const wrapped = async (request: { method: string }, extra: unknown): Promise<unknown> => {
        try {
          return await handler(request, extra);
        } catch (err) {
          throw isZodError(err) ? invalidParams(method, err) : err;
        }
      };
      handlers.set(method, Object.assign(wrapped, { almanacWrapped: true }));
    }
  }
}

/**
 * One JSON Schema validator for every per-request server: the SDK builds a new Ajv instance per
 * `Server` unless given one (issue 15: ~13 % of the CPU of get_fundamentals calls under load went
 * to constructing Ajv). It only compiles elicitation schemas, which this server never sends.
 */
const SCHEMA_VALIDATOR = new AjvJsonSchemaValidator();

function mcpServer(ctx: ToolContext): Server {
  const server = new AlmanacServer(
    { name: 'almanac', version: '1.0.0' },
    { capabilities: { tools: {} }, instructions: INSTRUCTIONS, jsonSchemaValidator: SCHEMA_VALIDATOR },
  );
  // One page: no cursor is ever issued, so any cursor given is not one of ours (-32602, as the MCP
  // specification's pagination says of an invalid cursor; it used to be ignored).
  server.setRequestHandler(ListToolsRequestSchema, async (request) => {
    if (request.params?.cursor !== undefined) throw Object.assign(new Error("tools/list: invalid parameter 'cursor': tools/list answers in one page and issues no cursor"), { code: ErrorCode.InvalidParams });
    return { tools: listTools() };
  });
  // An unknown tool is a protocol error, -32602 (MCP specification, tools: error handling), not a
  // tool's result: nothing ran, and nothing is counted.
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const name = request.params.name;
    if (!knownTool(name)) {
      // An answer that no limit refused: a batch holding it is not a 429 (api/mcp/answer-limits.ts).
      ctx.answer?.outcome({ limited: false });
      throw Object.assign(new Error(`tools/call: unknown tool '${name}': tools/list names every tool`), { code: ErrorCode.InvalidParams });
    }
    return callTool(name, request.params.arguments ?? {}, ctx);
  });
  return server;
}

/**
 * Why a POST body that parsed as JSON is not a JSON-RPC 2.0 message (or batch of them) the SDK
 * would take, by the SDK's own schema; null when it is. The SDK answers such a body -32700 "Parse
 * error" (the JSON parsed: JSON-RPC 2.0 calls it -32600 "Invalid Request") and an empty batch
 * 202 with no body (JSON-RPC 2.0: one Invalid Request error); found by probing from outside.
 */
export function invalidRequest(body: unknown): string | null {
  if (Array.isArray(body)) {
    if (body.length === 0) return 'Invalid Request: an empty batch';
    // The SDK's own cap, applied before anything is read member by member (a 1 MB body of a
    // half-million members cost seconds of CPU and an 86 MB answer once each got its own error).
    if (body.length > MAX_BATCH) return `Invalid Request: a batch of ${body.length} messages; at most ${MAX_BATCH}`;
    // Each member is judged by `splitBatch`, once.
    return null;
  }
  return JSONRPCMessageSchema.safeParse(body).success ? null : 'Invalid Request: not a JSON-RPC 2.0 request, notification or response (jsonrpc "2.0", a method, an id that is a string or an integer)';
}

/** Messages in one batch, the SDK's cap (`MAX_BATCH_SIZE` of its transport). */
const MAX_BATCH = 100;

/** The id of a member that is no JSON-RPC message, when it is one an answer can carry; else null. */
function usableId(m: unknown): string | number | null {
  const id = typeof m === 'object' && m !== null && !Array.isArray(m) ? (m as { id?: unknown }).id : undefined;
  return typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)) ? id : null;
}


/** A batch split as JSON-RPC 2.0 answers one (section 6): each member on its own. */
export interface BatchSplit {
  /** The members the SDK takes (requests, notifications, responses), in order. */
  messages: unknown[];
  /** An Invalid Request error for each member that is none of those, with its id when it has one. */
  errors: { jsonrpc: '2.0'; error: { code: number; message: string }; id: string | number | null }[];
  /** Some member is a request (it gets an answer), not only notifications or responses. */
  requests: boolean;
  /**
   * Why the whole batch is refused when two members share an id: the SDK keys a batch's answers
   * by id, so a second request with the same id ran and was billed but only one answer came back
   * (found by probing from outside). The ids of members that are no message count too (their
   * errors carry them). Null otherwise.
   */
  duplicate: string | null;
}

/** Splits a batch `invalidRequest` took into what the SDK answers and the errors of the rest; each member parsed once. */
export function splitBatch(batch: unknown[]): BatchSplit {
  const out: BatchSplit = { messages: [], errors: [], requests: false, duplicate: null };
  const ids = new Set<string | number>();
  const take = (id: string | number | null): void => {
    if (id === null || out.duplicate !== null) return;
    if (ids.has(id)) out.duplicate = `Invalid Request: the id ${JSON.stringify(id)} is given to more than one request of the batch; each request needs an id of its own`;
    ids.add(id);
  };
  batch.forEach((m, i) => {
    if (JSONRPCMessageSchema.safeParse(m).success) {
      out.messages.push(m);
      // A request (a method and an id), as opposed to a notification or a response.
      if ('method' in (m as object) && 'id' in (m as object)) {
        out.requests = true;
        take((m as { id: string | number }).id);
      }
      return;
    }
    const id = usableId(m);
    take(id);
    out.errors.push({
      jsonrpc: '2.0',
      error: { code: ErrorCode.InvalidRequest, message: `Invalid Request: message ${i + 1} of the batch is not a JSON-RPC 2.0 request, notification or response` },
      id,
    });
  });
  return out;
}

/**
 * Answers one HTTP request (the plugin has hijacked the reply) with a fresh SDK server and
 * transport, both closed with the response.
 */
export async function serveWithSdk(req: FastifyRequest, raw: ServerResponse, ctx: ToolContext): Promise<void> {
  const server = mcpServer(ctx);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  raw.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req.raw, raw, req.body);
}
