/**
 * The MCP server (spec 4.5, 4.6): Streamable HTTP at `/api/mcp` (and `/api/v1/mcp`), stateless
 * (a fresh SDK server and transport per HTTP request, JSON responses), and the `/mcp` page
 * (`/api/mcp/tools.json` is the REST resource api/rest/mcp.ts, so OpenAPI documents it). The caller is the one the request pipeline identified (`req.caller`:
 * `X-API-Key`, else anonymous), exactly as for REST.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { formatUsd } from '../../schema/plans.ts';
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

function mcpServer(ctx: ToolContext): Server {
  const server = new Server({ name: 'almanac', version: '1.0.0' }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: listTools() }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => callTool(request.params.name, request.params.arguments ?? {}, ctx));
  return server;
}

async function handle(req: FastifyRequest, reply: FastifyReply): Promise<void> {
  let priceMicros = 0;
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
  };
  const server = mcpServer(ctx);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  reply.hijack();
  reply.raw.setHeader('X-Request-Id', req.id);
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
