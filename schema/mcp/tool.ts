/**
 * The shape of one MCP tool in the catalog (spec 4.6). The catalog is data: the MCP server
 * (`api/mcp/`), `/api/mcp/tools.json`, the `/mcp` page and the tests all read the same entries.
 * Handlers live in `api/mcp/handlers/` (schema/ never imports the query layer); the type
 * `HandlerMap` there makes a catalog entry without a handler a compile error.
 */
import { z } from 'zod';
import { CAPABILITIES, type CapabilityId } from '../access.ts';
import type { DataThrough } from '../provenance.ts';
import { aliasesOf, deprecationNote, type DeprecatedArgument } from '../door-arguments.ts';
import type { TierId } from '../tiers.ts';

/** Groups shown on the `/mcp` page, in display order. */
export const TOOL_GROUPS = {
  companies: 'Companies and filings',
  fundamentals: 'Fundamentals and valuation',
  markets: 'Prices, technicals and screens',
  macro: 'Macro and rates',
  news: 'News',
  ownership: 'Insiders and institutions',
  funds: 'Funds, ETFs and bonds',
  credit: 'Private credit (BDCs)',
  public: 'Banks and federal contracts',
  learn: 'Glossary and LEARN',
  account: 'Your account and portfolios',
} as const;
export type ToolGroup = keyof typeof TOOL_GROUPS;

export interface ToolSpec<I extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  group: ToolGroup;
  /** Compact: agents pay for every byte of tools/list. One or two sentences. */
  description: string;
  /** Arguments; also the JSON Schema sent in tools/list. */
  input: I;
  /** A compact description of the result's shape (tools.json, the /mcp page). */
  output: string;
  /** The capability the tool serves; `tier`, `anonymous` and `heavy` come from its rule (schema/access.ts). */
  capability: CapabilityId;
  /** Minimum tier; below it the call is refused with an `isError` result naming the tier. */
  tier: TierId;
  /** True: answers a call without an API key (subject to `tier`); false: needs `X-API-Key` (or a session). */
  anonymous: boolean;
  /** Heavy tools run under the process-wide heavy-tool concurrency limit (spec 8.4). */
  heavy: boolean;
  /** List tools take `cursor` and `limit` and answer `{ items, nextCursor }`. */
  list: boolean;
  /**
   * How a data tool's `dataThrough` is found from its answer (a list tool's: from its items) when
   * the answer does not say it itself; the call adds it beside `fetchedAt` (api/mcp/call.ts).
   */
  dataThrough?: DataThrough;
  /**
   * Published argument names kept as deprecated aliases of declared ones (schema/door-arguments.ts):
   * each is in `input` by the rule of the name it stands for; the call folds it into that name.
   */
  aliases: readonly DeprecatedArgument[];
}

type Options<I extends z.ZodObject> = Omit<ToolSpec<I>, 'name' | 'group' | 'tier' | 'anonymous' | 'heavy' | 'list' | 'input' | 'aliases'> &
  Partial<Pick<ToolSpec<I>, 'list'>> & { input?: I };

/** Page arguments every list tool accepts. */
export const PAGE_ARGS = {
  cursor: z.string().max(200).optional().describe('nextCursor of the previous page'),
  limit: z.number().int().min(1).max(100).optional().describe('items per page (default 20)'),
};

/** The default page size of list tools. */
export const DEFAULT_PAGE = 20;

/**
 * The largest tool result, in bytes of JSON text. A list page larger than this is cut short and
 * its `nextCursor` continues where it stopped (`truncated: true`); a result is never cut silently.
 */
export const MAX_RESULT_BYTES = 16_000;

/**
 * The input with the tool's deprecated aliases (schema/door-arguments.ts) added, each by the rule of
 * the declared name it stands for and described as deprecated (tools/list and tools.json say so).
 */
function withAliases(name: string, input: z.ZodObject, aliases: readonly DeprecatedArgument[]): z.ZodObject {
  if (!aliases.length) return input;
  const extra: Record<string, z.ZodType> = {};
  for (const alias of aliases) {
    const rule = input.shape[alias.for] as z.ZodType | undefined;
    if (!rule) throw new Error(`tool ${name}: alias '${alias.name}' stands for '${alias.for}', which the tool does not take`);
    extra[alias.name] = rule.optional().describe(deprecationNote(alias)).meta({ deprecated: true });
  }
  return input.extend(extra);
}

/** Defines the tools of one group, filling in names, page arguments, deprecated aliases and the capability's rule. */
export function defineTools<const T extends Record<string, Options<z.ZodObject>>>(
  group: ToolGroup,
  tools: T,
): { [K in keyof T]: ToolSpec<T[K] extends { input: infer I extends z.ZodObject } ? I : z.ZodObject<{}>> } {
  const out: Record<string, ToolSpec> = {};
  for (const [name, t] of Object.entries(tools)) {
    const list = t.list ?? false;
    const aliases = aliasesOf('mcp', name);
    const base = withAliases(name, t.input ?? z.object({}), aliases);
    const rule = CAPABILITIES[t.capability];
    if (!rule) throw new Error(`tool ${name}: unknown capability ${String(t.capability)}`);
    out[name] = {
      name,
      group,
      capability: t.capability,
      title: t.title,
      description: t.description,
      output: t.output,
      input: list ? base.extend(PAGE_ARGS) : base,
      tier: rule.tier,
      anonymous: rule.auth === 'public',
      heavy: rule.heavy,
      list,
      ...(t.dataThrough ? { dataThrough: t.dataThrough } : {}),
      aliases,
    };
  }
  return out as never;
}

/** `/api/mcp/tools.json` (spec 4.5): the machine-readable list, generated from the catalog. */
export const ToolsJsonResult = z.object({
  name: z.string(),
  description: z.string(),
  endpoint: z.string().describe('the MCP Streamable HTTP endpoint'),
  transport: z.literal('streamable-http'),
  authentication: z.string(),
  maxResultBytes: z.number().int(),
  pagination: z.string(),
  count: z.number().int(),
  anonymous: z.number().int().describe('tools that answer without a key at the Learner tier'),
  groups: z.record(z.string(), z.string()),
  tools: z.array(
    z.object({
      name: z.string(),
      title: z.string(),
      group: z.string(),
      description: z.string(),
      minimumTier: z.string(),
      anonymous: z.boolean().describe('no X-API-Key is asked for; minimumTier still applies (a caller without a key is at the Learner tier)'),
      heavy: z.boolean(),
      paginated: z.boolean(),
      inputSchema: z.record(z.string(), z.unknown()).describe('JSON Schema of the arguments'),
      output: z.string().describe('compact shape of the result'),
    }),
  ),
});
