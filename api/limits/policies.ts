/**
 * Which limits of `schema/limits.ts` apply to a request, as store counters: the policy table is
 * data, this turns (caller, path, weight, MCP tool) into the keys, costs and windows one
 * `LimitStore.evaluate` call decides.
 */
import { BOT_AGENT_PATTERN, DATA_PATH_PATTERNS, DEFAULT_WEIGHT, LIMIT_POLICIES, ROUTE_WEIGHTS, UNMETERED_PREFIXES, WINDOW_MS, keyClass, type LimitPolicy } from '../../schema/limits.ts';
import { billingMonth, nextMonthStart } from '../../schema/plans.ts';
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
   * One tool call inside an MCP HTTP request: the per-IP request policies were counted once for the
   * HTTP request (as for a page), so they are left out here; every other policy counts per call.
   */
  toolCall?: boolean;
}

/** The per-IP policies of spec 8.2 that cover every request to the site, pages included. */
const SITE_POLICIES = new Set(['ip-authenticated-minute', 'ip-anonymous-minute', 'ip-burst', 'bot-minute']);

/** The route's weight: its own `weight`, else the table in schema/limits.ts, else 1. */
export function routeWeight(def: AnyRoute | undefined): number {
  if (!def) return DEFAULT_WEIGHT;
  return def.weight ?? ROUTE_WEIGHTS[def.path] ?? DEFAULT_WEIGHT;
}

/** Metered: the route says so, else every API route outside account management, billing and health. */
export function routeMetered(def: AnyRoute | undefined): boolean {
  if (!def || def.root) return false;
  return def.metered ?? !UNMETERED_PREFIXES.some((p) => def.path === p || def.path.startsWith(`${p}/`));
}

export function isBotAgent(userAgent: string): boolean {
  return BOT_AGENT_PATTERN.test(userAgent);
}

function applies(p: LimitPolicy, caller: Caller, req: LimitRequest, authenticated: boolean): boolean {
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
  if ('caller' in w) return w.caller === 'any' || (w.caller === 'authenticated') === authenticated;
  if ('botAgent' in w) return isBotAgent(caller.userAgent);
  if ('pathGroup' in w) return DATA_PATH_PATTERNS.some((re) => re.test(req.path));
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

/** Window start-based counter for `policy` at `now`: key suffix and ms until the window ends. */
export function windowOf(p: LimitPolicy, now: number): { id: string; endsInMs: number } {
  if (p.window === 'month') return { id: billingMonth(now), endsInMs: nextMonthStart(now) - now };
  const len = WINDOW_MS[p.window];
  const index = Math.floor(now / len);
  return { id: String(index), endsInMs: (index + 1) * len - now };
}

/** The counters of every policy that applies, in table order. `only` narrows to some policies (fallback). */
export function countersFor(caller: Caller, req: LimitRequest, now: number, only?: (p: LimitPolicy) => boolean): CounterSpec[] {
  const authenticated = caller.accountId !== null;
  const out: CounterSpec[] = [];
  for (const p of LIMIT_POLICIES) {
    if (only && !only(p)) continue;
    if (!applies(p, caller, req, authenticated)) continue;
    const limit = p.id === 'key-trial-day' && caller.keyDailyLimit ? caller.keyDailyLimit : p.limit;
    const cost = p.unit === 'weight' ? req.weight : 1;
    if (p.window === 'burst5s') {
      out.push({ key: `${p.id}:${subject(p, caller)}`, policy: p.id, kind: 'gcra', limit, cost, windowMs: WINDOW_MS.burst5s });
    } else {
      const w = windowOf(p, now);
      out.push({ key: `${p.id}:${subject(p, caller)}:${w.id}`, policy: p.id, kind: 'fixed', limit, cost, windowMs: w.endsInMs });
    }
  }
  return out;
}

/** Seconds of a policy's window, for `RateLimit-Policy` (`w=`). */
export function windowSeconds(policyId: string, now: number): number {
  const p = LIMIT_POLICIES.find((x) => x.id === policyId);
  if (!p) return 60;
  if (p.window !== 'month') return WINDOW_MS[p.window] / 1000;
  const d = new Date(now);
  return (nextMonthStart(now) - Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)) / 1000;
}
