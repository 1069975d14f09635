/**
 * The catalog as clients see it: the MCP `tools/list` answer (lean: agents have small context
 * windows) and `/api/mcp/tools.json` (everything, for people and tools). Both are generated from
 * `schema/mcp/` and cached (the catalog is constant for the life of the process).
 */
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { MAX_RESULT_BYTES, TOOL_CATALOG, TOOL_GROUPS, type ToolSpec } from '../../schema/mcp/index.ts';
import { TIER_LABELS } from '../../schema/tiers.ts';

type Json = Record<string, unknown>;

const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$';

/**
 * JSON Schema of a tool's arguments. `lean` (the tools/list answer) drops what costs bytes and
 * tells a model little — string lengths, the ticker pattern, the digits alternative of a CIK —
 * and writes dates as `format: date`; the server still validates the full schema, and a refused
 * argument is an error naming it. tools.json carries the full schema.
 */
export function inputSchema(tool: ToolSpec, lean = false): Json {
  const schema = z.toJSONSchema(tool.input, { io: 'input', unrepresentable: 'any' }) as Json;
  delete schema.$schema;
  const strip = (node: unknown): void => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(strip);
    const o = node as Json;
    if (o.maximum === Number.MAX_SAFE_INTEGER) delete o.maximum;
    if (o.minimum === Number.MIN_SAFE_INTEGER) delete o.minimum;
    if (o.additionalProperties === false && o !== schema) delete o.additionalProperties;
    if (lean) {
      if (o.pattern === DATE_PATTERN) {
        delete o.pattern;
        o.format = 'date';
      }
      if (o.type === 'string') {
        delete o.minLength;
        delete o.maxLength;
        // The symbol and name character sets (a ticker, a portfolio name).
        if (typeof o.pattern === 'string' && o.pattern.startsWith('^[A-Za-z0-9')) delete o.pattern;
      }
      const any = o.anyOf as Json[] | undefined;
      if (any && any.length === 2 && any[0]!.type === 'integer' && any[1]!.type === 'string') {
        delete o.anyOf;
        o.type = 'integer';
      }
    }
    for (const v of Object.values(o)) strip(v);
  };
  strip(schema);
  const props = schema.properties as Record<string, Json>;
  if (lean && tool.list) {
    // Paging is explained once (server instructions, "[paged]" in the description).
    delete props.cursor!.description;
    delete props.limit!.description;
  }
  // A deprecated alias takes what its declared name takes: listed, it says only which name to use
  // (tools.json keeps its schema and the full note, schema/door-arguments.ts).
  if (lean) for (const alias of tool.aliases) props[alias.name] = { description: `Deprecated: use '${alias.for}'`, deprecated: true };
  return schema;
}

/** The access note appended to a description: what an agent must know before calling. */
export function accessNote(tool: ToolSpec): string {
  const notes: string[] = [];
  if (!tool.anonymous) notes.push('needs API key');
  if (tool.tier !== 'learner') notes.push(`${TIER_LABELS[tool.tier]} tier+`);
  if (tool.heavy) notes.push('heavy');
  if (tool.list) notes.push('paged');
  return notes.length ? ` [${notes.join('; ')}]` : '';
}

let listed: Tool[] | null = null;

/** The `tools/list` answer. */
export function listTools(): Tool[] {
  listed ??= TOOL_CATALOG.map((t) => ({
    name: t.name,
    title: t.title,
    description: t.description + accessNote(t),
    inputSchema: inputSchema(t, true) as Tool['inputSchema'],
  }));
  return listed;
}

export interface ToolsJson {
  name: string;
  description: string;
  endpoint: string;
  transport: 'streamable-http';
  authentication: string;
  maxResultBytes: number;
  pagination: string;
  count: number;
  anonymous: number;
  groups: Record<string, string>;
  tools: {
    name: string;
    title: string;
    group: string;
    description: string;
    minimumTier: string;
    anonymous: boolean;
    heavy: boolean;
    paginated: boolean;
    inputSchema: Json;
    output: string;
  }[];
}

/** `/api/mcp/tools.json`: the always-current machine-readable list (spec 4.5). */
export function toolsJson(publicUrl: string): ToolsJson {
  const base = publicUrl.replace(/\/$/, '');
  return {
    name: 'almanac',
    description: 'Almanac MCP tools: SEC fundamentals, filings, insiders, 13F, funds, BDC credit, macro, news, glossary and LEARN. Educational data, not investment advice.',
    endpoint: `${base}/api/mcp`,
    transport: 'streamable-http',
    authentication: 'Optional X-API-Key header on the MCP HTTP request; tools marked anonymous: false need it, and minimumTier applies to the key\'s account.',
    maxResultBytes: MAX_RESULT_BYTES,
    pagination: 'List tools take cursor and limit (1-100, default 20) and answer { ...header fields, items, nextCursor, total, truncated? }; pass nextCursor back to continue.',
    count: TOOL_CATALOG.length,
    anonymous: TOOL_CATALOG.filter((t) => t.anonymous && t.tier === 'learner').length,
    groups: { ...TOOL_GROUPS },
    tools: TOOL_CATALOG.map((t) => ({
      name: t.name,
      title: t.title,
      group: t.group,
      description: t.description,
      minimumTier: TIER_LABELS[t.tier],
      anonymous: t.anonymous,
      heavy: t.heavy,
      paginated: t.list,
      inputSchema: inputSchema(t),
      output: t.output,
    })),
  };
}
