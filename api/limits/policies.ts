/**
 * Which limits of `schema/limits.ts` apply to a request, as store counters: the policy table is
 * data, this turns (caller, path, weight, MCP tool) into the keys, costs and windows one
 * `LimitStore.evaluate` call decides.
 */
import { ALLOWANCE_WINDOWS, BOT_AGENT_PATTERN, DATA_PATH_PATTERNS, DEFAULT_WEIGHT, LIMIT_POLICIES, WINDOW_MS, keyClass, type CallerClass, type LimitPolicy } from '../../schema/limits.ts';
import { nextMonthStart, utcMonth } from '../../schema/plans.ts';
import type { Caller } from '../caller.ts';
import type { AnyRoute } from '../route.ts';
import type { CounterSpec } from './interface.ts';

export interface LimitRequest {
  /** The request path as the router matched it (`requestPath` in api/request-path.ts). */
  path: string;
  /** Units in the cost-weighted budget. */
  weight: number;
  /** An MCP or agent-to-agent tool call (the hourly per-tier tool limit applies). */
  mcpTool?: string;
  /**
   * A public page outside `/api` (spec 1: "anonymous access works for public pages and is
   * rate-limited per client IP"): only the site-wide per-IP policies apply.
   */
  site?: boolean;
  /**
   * One call inside an HTTP request (an MCP tool call, a GraphQL mutation field): the per-IP
   * request policies were counted once for the HTTP request (as for a page), so they are left out
   * here; every other policy counts per call.
   */
  toolCall?: boolean;
  /**
   * A read through another door (an MCP tool call, a GraphQL request) of a capability that REST
   * serves on a data path (`dataPathCapabilities`, api/data-paths.ts): the per-IP data-path limit
   * counts it as it counts the path.
   */
  dataPaths?: boolean;
}

/** The per-IP policies of spec 8.2 that cover every request to the site, pages included. */
const SITE_POLICIES = new Set(['ip-authenticated-minute', 'ip-anonymous-minute', 'ip-burst', 'bot-minute']);

/** The policies of a caller's allowance of calls (`ALLOWANCE_WINDOWS`): what a capacity refusal gives back. */
export const ALLOWANCE_POLICIES: ReadonlySet<string> = new Set(LIMIT_POLICIES.filter((p) => ALLOWANCE_WINDOWS.includes(p.window)).map((p) => p.id));

/** The route's weight, from its capability (schema/access.ts); 1 for a request no route matched. */
export function routeWeight(def: AnyRoute | undefined): number {
  if (!def) return DEFAULT_WEIGHT;
  return def.weight;
}

/** Metered: as the route's capability says (schema/access.ts); pages outside `/api` never. */
export function routeMetered(def: AnyRoute | undefined): boolean {
  if (!def || def.root) return false;
  return def.metered;
}

export function isBotAgent(userAgent: string): boolean {
  return BOT_AGENT_PATTERN.test(userAgent);
}

/** The caller's class for the composition of the limits (schema/limits.ts `LIMIT_COMPOSITION`). */
export function callerClass(caller: Caller): CallerClass {
  if (caller.kind === 'key' && caller.keyId) return 'key';
  return caller.accountId ? 'session' : 'anonymous';
}

function applies(p: LimitPolicy, caller: Caller, req: LimitRequest): boolean {
  if (req.site && !SITE_POLICIES.has(p.id)) return false;
  if (req.toolCall && SITE_POLICIES.has(p.id)) return false;
  if (p.applies === 'mcp' && !req.mcpTool) return false;
  const w = p.when;
  if ('keyKind' in w) {
    if (caller.kind !== 'key' || !caller.keyId || !caller.keyKind) return false;
    if (keyClass(caller.keyKind, caller.plan) !== w.keyKind) return false;
    // Plan keys: the plan's account-wide allowance replaces the per-key monthly quota (spec 8.3).
    return !(p.window === 'month' && caller.plan);
  }
  if ('callers' in w) return w.callers.includes(callerClass(caller));
  if ('botAgent' in w) return isBotAgent(caller.userAgent);
  if ('pathGroup' in w) return req.dataPaths === true || DATA_PATH_PATTERNS.some((re) => re.test(req.path));
  if (caller.plan) return w.mcpTier === 'plan';
  return w.mcpTier === caller.tier;
}

function subject(p: LimitPolicy, caller: Caller): string {
  switch (p.scope) {
    case 'key':
      return `k:${caller.keyId}`;
    case 'ip':
      return `ip:${caller.ip}`;
    case 'account':
      return `a:${caller.accountId}`;
    case 'account_or_ip':
      return caller.accountId ? `a:${caller.accountId}` : `ip:${caller.ip}`;
  }
}

/** The fixed window of `policy` at `now`: key suffix, when it started and ms until it ends. */
export function windowOf(p: LimitPolicy, now: number): { id: string; start: number; endsInMs: number } {
  if (p.window === 'month') {
    const m = utcMonth(now);
    return { id: m.id, start: m.start, endsInMs: m.end - now };
  }
  const len = WINDOW_MS[p.window];
  const index = Math.floor(now / len);
  return { id: String(index), start: index * len, endsInMs: (index + 1) * len - now };
}

/** The counters of every policy that applies, in table order. `only` narrows to some policies (fallback). */
export function countersFor(caller: Caller, req: LimitRequest, now: number, only?: (p: LimitPolicy) => boolean): CounterSpec[] {
  const out: CounterSpec[] = [];
  for (const p of LIMIT_POLICIES) {
    if (only && !only(p)) continue;
    if (!applies(p, caller, req)) continue;
    const limit = p.id === 'key-trial-day' && caller.keyDailyLimit ? caller.keyDailyLimit : p.limit;
    const cost = p.unit === 'weight' ? req.weight : 1;
    if (p.window === 'burst5s') {
      out.push({ key: `${p.id}:${subject(p, caller)}`, policy: p.id, kind: 'gcra', limit, cost, windowMs: WINDOW_MS.burst5s });
    } else {
      const w = windowOf(p, now);
      const counter: CounterSpec = { key: `${p.id}:${subject(p, caller)}:${w.id}`, policy: p.id, kind: 'fixed', limit, cost, windowMs: w.endsInMs };
      // A key's counters are rebuilt from the user store's per-key usage when the store lost them.
      if (p.scope === 'key') counter.since = w.start;
      out.push(counter);
    }
  }
  return out;
}

/**
 * Seconds of a policy's window, for `RateLimit-Policy` (`w=`): the window's length, and for the
 * calendar-month policies the seconds until the month resets (schema/limits.ts, module comment).
 */
export function windowSeconds(policyId: string, now: number): number {
  const p = LIMIT_POLICIES.find((x) => x.id === policyId);
  if (!p) return 60;
  if (p.window !== 'month') return WINDOW_MS[p.window] / 1000;
  return Math.max(1, Math.ceil((nextMonthStart(now) - now) / 1000));
}
