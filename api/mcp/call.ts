/**
 * One tool call, in the order of the REST request pipeline, under the tool's capability rule
 * (schema/access.ts): key requirement -> CSRF token (state-changing tools over a session cookie)
 * -> tier -> limits (the capability's weight and metering) -> deprecated names to declared ones -> validate arguments -> handler (inside its concurrency slot) -> page/size cap -> bill. Every
 * refusal and failure is an MCP tool result with `isError: true` and a JSON message that says what
 * to do next (the same fields as the REST error bodies: `error`, and for tiers `requiredTier`,
 * `currentTier`, `upgrade_url`). Unexpected errors are masked.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { MAX_RESULT_BYTES, TOOLS, type ToolSpec } from '../../schema/mcp/index.ts';
import { WarehouseUnavailableError } from '../../warehouse/reader.ts';
import { CAPABILITIES } from '../../schema/access.ts';
import { fetchedAt } from '../../warehouse/queries/freshness.ts';
import { foldAliases } from '../aliases.ts';
import { TOOL_JOBS } from '../freshness.ts';
import { ApiError, CapacityError } from '../errors.ts';
import { parseInput, refuseUnknown } from '../route.ts';
import { admitToolCall, settleToolCall, withToolSlot } from './admission.ts';
import { keysUrl, requireTier } from '../limits/tier.ts';
import type { Admission } from '../limits/limiter.ts';
import { QUOTED_TEXT, SerialisedResult, type ToolContext } from './context.ts';
import { HANDLERS } from './handlers/index.ts';
import { paginate } from './paginate.ts';

const CATALOG = TOOLS as Record<string, ToolSpec>;
const IMPLEMENTATIONS = HANDLERS as unknown as Record<string, (args: unknown, ctx: ToolContext) => Promise<unknown>>;

function errorResult(body: Record<string, unknown>): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(body) }] };
}

/** Why `ctx.caller` may not call `tool`, or null (the tool's capability rule, schema/access.ts). */
export function refusal(tool: ToolSpec, ctx: ToolContext): Record<string, unknown> | null {
  const base = ctx.services.config.publicUrl.replace(/\/$/, '');
  if (!tool.anonymous && ctx.caller.kind === 'anonymous') {
    return {
      error: `${tool.name} needs an API key: send it in the X-API-Key header of the MCP HTTP request (create one at ${keysUrl(base)}). Bearer tokens are not keys.`,
      status: 401,
    };
  }
  // A state-changing tool over the session cookie needs the CSRF token, exactly as the REST
  // account routes (a cross-site page can make the browser send the cookie, not the header).
  if (CAPABILITIES[tool.capability].changesState && ctx.caller.kind === 'session' && !ctx.csrfVerified) {
    return {
      error: `${tool.name} changes your account: with a session cookie send the X-CSRF-Token header (GET /api/auth/csrf gives it), or call with X-API-Key`,
      status: 403,
    };
  }
  try {
    requireTier(ctx.caller, tool.tier, base, tool.name);
  } catch (err) {
    if (err instanceof ApiError) return { error: `${err.message}. Upgrade, then call again with your X-API-Key.`, status: err.status, ...err.extra };
    throw err;
  }
  return null;
}

/** The tool error of a failure; a transient one (429, 503) always carries `retry_after_seconds`. */
function asErrorBody(err: unknown, ctx: ToolContext, tool: string): Record<string, unknown> {
  if (err instanceof ApiError) {
    const body: Record<string, unknown> = { error: err.message, status: err.status, ...err.extra };
    if (err.headers['Retry-After']) body.retry_after_seconds = Number(err.headers['Retry-After']);
    return body;
  }
  if (err instanceof WarehouseUnavailableError) return { error: err.message, status: 503, retry_after_seconds: 5 };
  // One structured line with the request id (it was unstructured text on stderr, the SQL included).
  if (ctx.log) ctx.log.error({ err, tool }, 'mcp tool error');
  else if (ctx.services.config.env !== 'test') console.error(`mcp tool error in ${tool} (request ${ctx.requestId})`, err);
  return { error: 'internal error while running the tool', status: 500, requestId: ctx.requestId };
}

/**
 * Every data tool's answer says how fresh it is: one that does not carry `fetchedAt` itself gets
 * the run ledger's last successful fetch of its datasets' jobs (the oldest of them, as REST's
 * `fetchedAt` is), after its own fields (a list's before its items), with the `dataThrough` its
 * catalog entry's rule finds where the answer has none. 29 of the data tools answered without
 * `fetchedAt` (a reviewer's finding); rows keep their own dates and provenance.
 */
async function withFreshness(tool: ToolSpec, data: unknown, ctx: ToolContext): Promise<unknown> {
  const jobs = TOOL_JOBS.get(tool.name);
  if (!jobs || data instanceof SerialisedResult) return data;
  const through = (answer: unknown, at: string | null) => (tool.dataThrough ? { dataThrough: tool.dataThrough(answer, at) } : {});
  if (Array.isArray(data) && tool.list) {
    const at = await fetchedAt(ctx.services.warehouse, jobs);
    return { ...through(data, at), fetchedAt: at, items: data };
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data) || 'fetchedAt' in data) return data;
  const at = await fetchedAt(ctx.services.warehouse, jobs);
  return { ...data, ...('dataThrough' in data ? {} : through(data, at)), fetchedAt: at };
}

/**
 * `raw` with the tool's deprecated aliases given (schema/door-arguments.ts) checked under their own
 * names (a refusal names what the agent sent), then moved to the declared names they stand for.
 */
function declaredNames(tool: ToolSpec, raw: unknown): unknown {
  if (!tool.aliases.length || !raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const args = raw as Record<string, unknown>;
  const given = tool.aliases.filter((a) => args[a.name] !== undefined);
  if (!given.length) return raw;
  parseInput(z.object(Object.fromEntries(given.map((a) => [a.name, tool.input.shape[a.name] as z.ZodType]))), Object.fromEntries(given.map((a) => [a.name, args[a.name]])), 'parameter');
  return foldAliases(args, given, 'parameter');
}

/** A tool of the catalog (own properties only: `constructor`, `toString` ... are no tools). */
export function knownTool(name: string): boolean {
  return Object.hasOwn(CATALOG, name) && Object.hasOwn(IMPLEMENTATIONS, name);
}

/** Runs the tool `name` with `rawArgs` for `ctx.caller`. Never throws. */
export async function callTool(name: string, rawArgs: unknown, ctx: ToolContext): Promise<CallToolResult> {
  // Own properties only: `constructor`, `toString`, ... are unknown tools, not Object's members.
  const tool = Object.hasOwn(CATALOG, name) ? CATALOG[name] : undefined;
  const handler = Object.hasOwn(IMPLEMENTATIONS, name) ? IMPLEMENTATIONS[name] : undefined;
  if (!tool || !handler) return outcome(ctx, errorResult({ error: `unknown tool ${name}: see tools/list`, status: 404 }));
  // A metered tool's call is priced whatever its outcome (0 unless billed below), as a metered
  // REST route's answer is: a batch's answer sums its billed calls.
  if (ctx.services.limits && CAPABILITIES[tool.capability].metered) ctx.answer?.price(0);
  const refused = refusal(tool, ctx);
  if (refused) return outcome(ctx, errorResult(refused));
  let admission: Admission | null = null;
  try {
    admission = await admitToolCall(ctx, tool);
    refuseUnknown(tool.input, rawArgs);
    const args = parseInput(tool.input, declaredNames(tool, rawArgs), 'parameter') as Record<string, unknown>;
    const data = await withFreshness(tool, await withToolSlot(ctx, tool, admission, () => handler(args, ctx)), ctx);
    let result: unknown = data;
    if (tool.list) {
      // A list tool answers an array, or `{ items, ...meta }` whose meta leads every page.
      const { items, ...meta } = Array.isArray(data) ? { items: data } : (data as { items: unknown[] });
      if (!Array.isArray(items)) throw new Error(`list tool ${name} returned no items`);
      const metaBytes = Object.keys(meta).length ? Buffer.byteLength(JSON.stringify(meta)) : 0;
      result = { ...meta, ...paginate(items, args, MAX_RESULT_BYTES - metaBytes, name) };
    }
    const text = result instanceof SerialisedResult ? result.json : JSON.stringify(result);
    if (Buffer.byteLength(text) > MAX_RESULT_BYTES) {
      await settleToolCall(ctx, admission, false);
      return outcome(ctx, errorResult({ error: `the result of ${name} exceeds ${MAX_RESULT_BYTES} bytes; narrow the request`, status: 413 }), admission);
    }
    // Only a successful call is billed (spec 7); a ledger fault makes it a 503 error, unbilled.
    const price = await settleToolCall(ctx, admission, true);
    if (admission?.metered) ctx.answer?.price(price);
    const item = result instanceof SerialisedResult && result.quoted !== undefined ? { type: 'text' as const, text, [QUOTED_TEXT]: result.quoted } : { type: 'text' as const, text };
    return outcome(ctx, { content: [item] }, admission);
  } catch (err) {
    if (admission?.reserved) await settleToolCall(ctx, admission, false).catch(() => undefined);
    return outcome(ctx, errorResult(asErrorBody(err, ctx, name)), admission, err);
  }
}

/**
 * Reports the call's outcome to the HTTP layer, and returns it: a limit refusal (status 429) with
 * its wait and its own headers, and the caller's limits after an admitted call (not after one the
 * heavy-tool gate refused: that gave its units back).
 */
function outcome(ctx: ToolContext, result: CallToolResult, admission: Admission | null = null, err?: unknown): CallToolResult {
  if (!ctx.answer) return result;
  let limited = false;
  let retryAfterSeconds: number | undefined;
  if (result.isError) {
    const body = JSON.parse((result.content[0] as { text: string }).text) as { status?: number; retry_after_seconds?: number };
    limited = body.status === 429;
    retryAfterSeconds = body.retry_after_seconds;
  }
  const refusal = err instanceof ApiError && err.status === 429 ? err.headers : undefined;
  const states = admission && !(err instanceof CapacityError) ? admission.states : undefined;
  ctx.answer.outcome({ limited, retryAfterSeconds, refusal, states });
  return result;
}
