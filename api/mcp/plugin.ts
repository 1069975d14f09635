/**
 * The MCP server (spec 4.5, 4.6): Streamable HTTP at `/api/mcp` (and `/api/v1/mcp`), stateless
 * (a fresh SDK server and transport per HTTP request, JSON responses), and the `/mcp` page
 * (`/api/mcp/tools.json` is the REST resource api/rest/mcp.ts, so OpenAPI documents it). The caller is the one the request pipeline identified (`req.caller`:
 * `X-API-Key`, else the session cookie, else anonymous), exactly as for REST. A malformed JSON-RPC
 * request is -32602 naming the parameter; a request whose every tool call hit a limit is HTTP 429.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatUsd } from '../../schema/plans.ts';
import { verifyCsrfToken } from '../identity/csrf.ts';
import { csrfBinding } from '../identity/identify.ts';
import { PER_CALL_COST_HEADER } from '../limits/hooks.ts';
import { API_PREFIXES } from '../server.ts';
import { callTool } from './call.ts';
import type { ToolContext } from './context.ts';
import { listTools, toolsJson, type ToolsJson } from './listing.ts';
import { renderMcpPage } from './page.ts';

export { renderMcpPage } from './page.ts';
export { toolsJson } from './listing.ts';

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

function mcpServer(ctx: ToolContext): Server {
  const server = new AlmanacServer({ name: 'almanac', version: '1.0.0' }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listTools() }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => callTool(request.params.name, request.params.arguments ?? {}, ctx));
  return server;
}

async function handle(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  let priceMicros = 0;
  // Spec 8.2, issue 13.15: when every tool call of the HTTP request was refused by a limit, the
  // request itself answers 429 with Retry-After (the longest wait of its calls), so a client sees
  // it without reading the JSON-RPC results; otherwise 200 with each call's result.
  let calls = 0;
  let limited = 0;
  let retryAfter = 1;
  const identity = req.server.services.identity;
  const ctx: ToolContext = {
    services: req.server.services,
    caller: req.caller,
    today: new Date().toISOString().slice(0, 10),
    requestId: req.id,
    // Spec 2.7: a metered response carries the price of the call (the sum, for a JSON-RPC batch).
    onPrice: (micros) => {
      priceMicros += micros;
      if (!reply.raw.headersSent) reply.raw.setHeader(PER_CALL_COST_HEADER, formatUsd(priceMicros));
    },
    csrfVerified: req.caller.kind === 'session' && !!identity && verifyCsrfToken(identity.secret, csrfBinding(req), req.headers['x-csrf-token']),
    onOutcome: (o) => {
      calls += 1;
      if (!o.limited) return;
      limited += 1;
      retryAfter = Math.max(retryAfter, o.retryAfterSeconds ?? 1);
    },
  };
  const server = mcpServer(ctx);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  reply.hijack();
  reply.raw.setHeader('X-Request-Id', req.id);
  const raw = reply.raw;
  const writeHead = raw.writeHead.bind(raw) as (status: number, ...rest: unknown[]) => typeof raw;
  raw.writeHead = ((status: number, ...rest: unknown[]) => {
    if (status !== 200 || calls === 0 || limited < calls) return writeHead(status, ...rest);
    raw.setHeader('Retry-After', String(retryAfter));
    return writeHead(429, ...(typeof rest[0] === 'string' ? rest.slice(1) : rest));
  }) as typeof raw.writeHead;
  reply.raw.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req.raw, reply.raw, req.body);
}

export interface McpPluginOptions {
  /** Also serve the `/mcp` HTML page (off when the web pages register it themselves). */
  page?: boolean;
}

/** Registers the MCP endpoint and (optionally) the `/mcp` page. */
export function mcpPlugin(options: McpPluginOptions = {}) {
  return async (app: FastifyInstance): Promise<void> => {
    let json: ToolsJson | null = null;
    const catalog = (): ToolsJson => (json ??= toolsJson(app.services.config.publicUrl));
    for (const prefix of API_PREFIXES) {
      app.post(`${prefix}/mcp`, handle);
      // Stateless server: no server-to-client stream and no session to delete.
      app.route({
        method: ['GET', 'DELETE'],
        url: `${prefix}/mcp`,
        handler: async (_req, reply) =>
          reply.code(405).header('Allow', 'POST').send({ error: 'the MCP endpoint is stateless: POST JSON-RPC messages (Streamable HTTP)' }),
      });
    }
    if (options.page !== false) {
      let html: string | null = null;
      app.get('/mcp', async (_req, reply) => reply.type('text/html; charset=utf-8').send((html ??= renderMcpPage(catalog()))));
    }
  };
}
