/**
 * Limits and metering of tool calls, through the same functions as REST (api/limits, api/billing):
 * - `admitToolCall`: `Limiter.admit` with `mcpTool`, so the per-caller hourly MCP limit by tier
 *   (schema/limits.ts `mcp-*-hour`) applies on top of the per-key and per-IP limits; the call is
 *   metered (one call in the ledger when it succeeds). Refusals are the ApiErrors REST answers
 *   (429 with Retry-After, 402 allowance/cap, 503), which `call.ts` turns into `isError` results.
 * - `withToolSlot`: heavy tools run in the process-wide heavy-tool gate (spec 8.4: 2 at once per
 *   heavy tool, 5 in all; beyond that a call waits in a FIFO queue, and is refused with 429 after
 *   `HEAVY_TOOLS.maxWaitMs` or when the queue is full). A call the gate refuses was refused for the
 *   service's capacity, not the caller's quota: it gives back its admission (`Limiter.giveBack`).
 * - `settleToolCall`: bills a successful call, gives the reservation back otherwise.
 * The identity is the request pipeline's (`req.caller`, from `X-API-Key`).
 */
import { CAPABILITIES } from '../../schema/access.ts';
import type { ToolSpec } from '../../schema/mcp/index.ts';
import { dataPathCapabilities } from '../data-paths.ts';
import { CapacityError } from '../errors.ts';
import type { Admission } from '../limits/limiter.ts';
import type { ToolContext } from './context.ts';

/** The path tool calls are counted and billed under. */
export const MCP_PATH = '/api/mcp';

/**
 * Admits the call (throws the REST limit errors when refused), with the weight and metering of the
 * tool's capability (schema/access.ts): the same units and billing as the REST route of that
 * capability, and the per-IP data-path limit when that route is on a data path (api/data-paths.ts).
 */
export async function admitToolCall(ctx: ToolContext, tool: ToolSpec): Promise<Admission | null> {
  const limits = ctx.services.limits;
  if (!limits) return null;
  const rule = CAPABILITIES[tool.capability];
  return limits.admit(ctx.caller, { path: MCP_PATH, weight: rule.weight, metered: rule.metered, mcpTool: tool.name, dataPaths: dataPathCapabilities().has(tool.capability) });
}

/**
 * Runs `fn` inside the tool's concurrency slot. Refused one (`CapacityError`), the call gives back
 * its hourly MCP unit, any day or month unit of its key and its plan reservation, once, before the
 * refusal goes on to the caller.
 */
export async function withToolSlot<T>(ctx: ToolContext, tool: ToolSpec, admission: Admission | null, fn: () => Promise<T>): Promise<T> {
  if (!tool.heavy) return fn();
  try {
    return await ctx.services.heavyGate.run(tool.name, fn);
  } catch (err) {
    if (err instanceof CapacityError && admission) await ctx.services.limits.giveBack(admission);
    throw err;
  }
}

/** Bills a successful call (`ok`) or releases its reservation; returns the price in micro-dollars. */
export async function settleToolCall(ctx: ToolContext, admission: Admission | null, ok: boolean): Promise<number> {
  if (!admission || !ctx.services.billing) return 0;
  const settled = await ctx.services.billing.settle(admission, ok ? 200 : 500, ctx.services.limits);
  return settled.costMicros;
}
