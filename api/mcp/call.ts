/**
 * One tool call, in the order of the REST request pipeline: key requirement -> tier -> limits ->
 * validate arguments -> handler (inside its concurrency slot) -> page/size cap -> bill. Every
 * refusal and failure is an MCP tool result with `isError: true` and a JSON message that says what
 * to do next (the same fields as the REST error bodies: `error`, and for tiers `requiredTier`,
 * `currentTier`, `upgrade_url`). Unexpected errors are masked.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { MAX_RESULT_BYTES, TOOLS, type ToolSpec } from '../../schema/mcp/index.ts';
import { TIER_LABELS, tierAtLeast } from '../../schema/tiers.ts';
import { WarehouseUnavailableError } from '../../warehouse/reader.ts';
import { ApiError } from '../errors.ts';
import { parseInput } from '../route.ts';
import { admitToolCall, billToolCall, withToolSlot } from './admission.ts';
import type { ToolContext } from './context.ts';
import { HANDLERS } from './handlers/index.ts';
import { paginate } from './paginate.ts';

const CATALOG = TOOLS as Record<string, ToolSpec>;
const IMPLEMENTATIONS = HANDLERS as unknown as Record<string, (args: unknown, ctx: ToolContext) => Promise<unknown>>;

function errorResult(body: Record<string, unknown>): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
}

/** Where a caller upgrades (the 402 `upgrade_url`). */
export function upgradeUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/$/, '')}/pricing`;
}

/** Why `ctx.caller` may not call `tool`, or null. */
export function refusal(tool: ToolSpec, ctx: ToolContext): Record<string, unknown> | null {
  const base = ctx.services.config.publicUrl.replace(/\/$/, '');
  if (!tool.anonymous && ctx.caller.kind === 'anonymous') {
    return {
      error: `${tool.name} needs an API key: send it in the X-API-Key header of the MCP HTTP request (create one at ${base}/settings). Bearer tokens are not keys.`,
      status: 401,
    };
  }
  if (!tierAtLeast(ctx.caller.tier, tool.tier)) {
    return {
      error: `${tool.name} needs the ${TIER_LABELS[tool.tier]} tier; this call runs as ${TIER_LABELS[ctx.caller.tier]}${ctx.caller.kind === 'anonymous' ? ' (anonymous)' : ''}. Upgrade, then call again with your X-API-Key.`,
      status: 402,
      requiredTier: TIER_LABELS[tool.tier],
      currentTier: TIER_LABELS[ctx.caller.tier],
      upgrade_url: upgradeUrl(base),
    };
  }
  return null;
}

function asErrorBody(err: unknown, ctx: ToolContext): Record<string, unknown> {
  if (err instanceof ApiError) {
    const body: Record<string, unknown> = { error: err.message, status: err.status, ...err.extra };
    if (err.headers['Retry-After']) body.retryAfterSeconds = Number(err.headers['Retry-After']);
    return body;
  }
  if (err instanceof WarehouseUnavailableError) return { error: err.message, status: 503, retryAfterSeconds: 5 };
  if (ctx.services.config.env !== 'test') console.error(`mcp tool error (request ${ctx.requestId})`, err);
  return { error: 'internal error while running the tool', status: 500, requestId: ctx.requestId };
}

/** Runs the tool `name` with `rawArgs` for `ctx.caller`. Never throws. */
export async function callTool(name: string, rawArgs: unknown, ctx: ToolContext): Promise<CallToolResult> {
  const tool = CATALOG[name];
  const handler = IMPLEMENTATIONS[name];
  if (!tool || !handler) return errorResult({ error: `unknown tool ${name}: see tools/list`, status: 404 });
  const refused = refusal(tool, ctx);
  if (refused) return errorResult(refused);
  try {
    await admitToolCall(ctx, tool);
    const args = parseInput(tool.input, rawArgs, 'parameter') as Record<string, unknown>;
    const data = await withToolSlot(tool, () => handler(args, ctx));
    let result: unknown = data;
    if (tool.list) {
      if (!Array.isArray(data)) throw new Error(`list tool ${name} returned a non-array`);
      result = paginate(data, args);
    }
    const text = JSON.stringify(result);
    if (Buffer.byteLength(text) > MAX_RESULT_BYTES) {
      return errorResult({ error: `the result of ${name} exceeds ${MAX_RESULT_BYTES} bytes; narrow the request`, status: 413 });
    }
    await billToolCall(ctx, tool);
    return { content: [{ type: 'text', text }] };
  } catch (err) {
    return errorResult(asErrorBody(err, ctx));
  }
}
