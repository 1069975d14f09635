/**
 * Identity, limits and metering of tool calls: the SINGLE integration point between the MCP
 * server and the limits/billing issue (issue 5). The caller is identified by the same request
 * pipeline as REST (`req.caller`, from `X-API-Key`); tier and key requirements are checked in
 * `call.ts` from the catalog. What this module must do once issue 5's functions exist:
 * - `admitToolCall`: the per-caller hourly MCP limit by tier (schema/limits.ts `mcp-*-hour`),
 *   refusing with TooManyRequestsError (Retry-After) or PaymentRequiredError;
 * - `withToolSlot`: the heavy-tool concurrency gate (spec 8.4: 2 per heavy tool, 5 across tools);
 * - `billToolCall`: bill a successful call in the ledger (one call per tool call).
 * Until then they admit, run and record nothing: no second implementation of those rules lives here.
 */
import type { ToolSpec } from '../../schema/mcp/index.ts';
import type { ToolContext } from './context.ts';

/** Refuses the call (throws an ApiError) when a limit is reached; resolves when admitted. */
export async function admitToolCall(_ctx: ToolContext, _tool: ToolSpec): Promise<void> {
  // issue 5: admit(caller, { scope: 'mcp', tool: tool.name })
}

/** Runs `fn` inside the tool's concurrency slot (heavy tools wait or are refused, as issue 5 documents). */
export async function withToolSlot<T>(_tool: ToolSpec, fn: () => Promise<T>): Promise<T> {
  // issue 5: tool.heavy ? withHeavySlot(tool.name, fn) : fn()
  return fn();
}

/** Records a successful (billable) tool call. */
export async function billToolCall(_ctx: ToolContext, _tool: ToolSpec): Promise<void> {
  // issue 5: bill(caller, { requestId, units: 1 })
}
