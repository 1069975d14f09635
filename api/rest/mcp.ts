/** `/api/mcp/tools.json` (spec 4.5): the MCP tool catalog, always current (generated from schema/mcp). */
import { ToolsJsonResult } from '../../schema/mcp/tool.ts';
import { toolsJson, type ToolsJson } from '../mcp/listing.ts';
import { defineRoute, resource } from '../route.ts';

let cached: { url: string; doc: ToolsJson } | null = null;

export const mcpTools = resource('MCP', [
  defineRoute({
    method: 'GET',
    path: '/mcp/tools.json',
    capability: 'mcp_catalog',
    summary: 'The MCP tool list',
    description:
      'Every tool of the MCP server at /api/mcp (Streamable HTTP): name, title, description, minimum tier, whether it answers without a key, ' +
      'heavy and paged flags, the JSON Schema of its arguments and the shape of its result. Browsable at /mcp.',
    responses: { 200: { description: 'the catalog', schema: ToolsJsonResult } },
    handler: ({ services, reply }) => {
      reply.header('Cache-Control', 'public, max-age=300');
      if (cached?.url !== services.config.publicUrl) cached = { url: services.config.publicUrl, doc: toolsJson(services.config.publicUrl) };
      return cached.doc;
    },
  }),
]);
