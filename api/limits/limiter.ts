/**
 * The limits step as a function usable anywhere (REST hooks, GraphQL, MCP tools):
 * `admit(caller, { path, weight, metered, mcpTool })` decides every applicable limit of
 * schema/limits.ts and, for developer-plan callers on metered calls, the month's allowance and
 * extra-call cap, in one store round trip. It returns an `Admission` (headers to send, the price of
 * the call, the plan reservation) or throws:
 * - 429 `TooManyRequestsError` (Retry-After, RateLimit-Policy, RateLimit) when a limit refused;
 * - 402 `PaymentRequiredError` when the plan allowance is used up with extra calls off
 *   (`reason: "included_allowance"`) or the extra-call cap is reached (`reason: "overage_cap"`);
 * - 503 `ServiceUnavailableError` (Retry-After) when the store is unreachable and the call is past
 *   the local allowance, or when the store may have counted the call but did not answer in time
 *   (never admitted locally then: that could over-admit): an infrastructure fault is never a 402
 *   or 429.
 * A call admitted and then refused for the service's own capacity (the MCP heavy-tool gate) is
 * handed to `giveBack`, which returns what it took of the caller's allowances; the admitted path
 * stays one round trip.
 */
import { FALLBACK, LIMIT_POLICIES, WINDOW_MS } from '../../schema/limits.ts';
import { PLAN_TABLE, type Plan, billingMonth, formatUsd, microsToUsd, nextMonthStart } from '../../schema/plans.ts';
import type { PlanId } from '../../schema/tiers.ts';
import type { Caller } from '../caller.ts';
import { PaymentRequiredError, ServiceUnavailableError, TooManyRequestsError } from '../errors.ts';
import type { CounterSpec, CounterState, EvaluateRequest, EvaluateResult, GiveBackRequest, LimitStore, MeterSeed, MeterSpec, MeterState } from './interface.ts';
import { LimitStoreUnavailableError } from './interface.ts';
import { MemoryLimitStore } from './memory.ts';
import { normaliseApiPrefix } from '../request-path.ts';
import { rateLimitHeaders } from './headers.ts';
import { ALLOWANCE_POLICIES, countersFor, type LimitRequest } from './policies.ts';
import { billingUrl } from './tier.ts';

export interface AdmitOptions {
  /** Request path (`/api/v1` is normalised); for MCP and GraphQL the endpoint path. */
  path: string;
  /**
   * Only the site-wide per-IP limits apply (never metered): public pages, and the MCP HTTP request
   * itself, whose tool calls are then admitted one by one with `mcpTool`.
   */
  site?: boolean;
  /** Units in the cost-weighted budget. Default 1. */
  weight?: number;
  /** A billable call (metering, X-SVC-Per-Call-Cost). Default false. */
  metered?: boolean;
  /** The MCP or agent-to-agent tool called (the hourly per-tier tool limit applies). */
  mcpTool?: string;
  /**
   * Reads a capability that REST serves on a data path (api/data-paths.ts), through MCP or
   * GraphQL: the per-IP data-path limit (`path-data-minute`) applies as on the path itself.
   */
  dataPaths?: boolean;
  /**
   * One call inside an HTTP request the limits step already admitted per client IP (a GraphQL
   * mutation field): the per-IP request policies are left out, as for an MCP tool call.
   */
  withinRequest?: boolean;
}

/** What was admitted: the headers to send and, for account calls, what to bill. */
export interface Admission {
  metered: boolean;
  /** The account whose ledger the call goes to when it succeeds (metered calls of signed-in callers). */
  accountId: string | null;
  keyId: string | null;
  plan: PlanId | null;
  month: string;
  path: string;
  /** Price of this call in micro-dollars (0 inside the allowance or without a plan). */
  costMicros: number;
  /** The plan-meter reservation to give back if the call does not succeed. */
  reserved: { monthKey: string; costMicros: number } | null;
  /** RateLimit-Policy / RateLimit (remaining quota) for the response. */
  headers: Record<string, string>;
  /** Every counter's state after this call (what `headers` says, for answers covering several calls). */
  states: CounterState[];
  /**
   * The counters this call was counted in (the limit store's; null for the fallback's, and once
   * `giveBack` has run).
   */
  counted: CounterSpec[] | null;
  /** Admitted by the in-process fallback while the store was unreachable. */
  local: boolean;
  /** A keyed call's record in the per-key usage (`KeyUsageSource.record`), queued at admission. */
  usage: UsageRecord | null;
  /**
   * `usage.done`, awaited before the response leaves (never rejects: a failed write is counted in
   * `stats`).
   */
  recorded: Promise<void> | null;
}

/** One admitted call queued in the per-key usage (billing joins the call's ledger row to it). */
export interface UsageRecord {
  /** Resolves once the record is durable; rejects when it could not be written. */
  readonly done: Promise<void>;
}

/**
 * The durable per-key usage (api/billing/usage.ts `KeyUsage`) a key's minute, trial-day and month
 * counters are rebuilt from when the limit store lost them (issue 13.9).
 */
export interface KeyUsageSource {
  /** Queues one admitted call of `keyId` at `at`. */
  record(keyId: string, at: number): UsageRecord;
  /** Calls of `keyId` from each window start in `since` up to `now`. */
  counts(keyId: string, since: number[], now: number): Promise<number[]>;
  /** Takes a recorded call out again (`Limiter.giveBack`); never rejects. */
  withdraw(record: UsageRecord): Promise<void>;
}

export interface LimiterOptions {
  store: LimitStore;
  /** Month-to-date plan counters and overage settings from the user store (billing). */
  seeds: (accountId: string, plan: PlanId, month: string) => Promise<MeterSeed>;
  publicUrl: string;
  clock?: () => number;
  /** The in-process limiter used while `store` is unreachable (default: a new one). */
  fallback?: MemoryLimitStore;
  /** How long the store keeps overage settings before re-reading them from the user store. */
  confTtlMs?: number;
  /** The plan table (default spec 8.3; tests change prices). */
  plans?: Record<PlanId, Plan>;
  /** Per-key usage: every admitted keyed call is recorded; lost key counters are rebuilt from it (without it they restart at 0). */
  usage?: KeyUsageSource;
}

const MONTH_GRACE_MS = 7 * 86_400_000;
const DEFAULT_CONF_TTL_MS = 10 * 60_000;

export function meterKeys(accountId: string, month: string): { monthKey: string; confKey: string } {
  return { monthKey: `meter:${accountId}:${month}`, confKey: `meterconf:${accountId}` };
}

function resetsAt(now: number): string {
  return new Date(nextMonthStart(now)).toISOString().replace('.000Z', 'Z');
}

export class Limiter {
  readonly store: LimitStore;
  readonly fallback: MemoryLimitStore;
  readonly #seeds: LimiterOptions['seeds'];
  readonly #publicUrl: string;
  readonly #clock: () => number;
  readonly #confTtlMs: number;
  readonly #plans: Record<PlanId, Plan>;
  readonly #usage: KeyUsageSource | null;
  /** Seed reads in flight, shared by concurrent admissions (`#shared`). */
  readonly #inflight = new Map<string, Promise<unknown>>();
  /**
   * Calls admitted by the fallback, refused with 503, key counters rebuilt from the user store,
   * keyed calls whose usage record could not be written, and give-backs the store did not take,
   * since start (tests, health).
   */
  readonly stats = { localAdmits: 0, unavailable: 0, rebuiltCounters: 0, usageNotRecorded: 0, notGivenBack: 0 };

  constructor(options: LimiterOptions) {
    this.store = options.store;
    this.fallback = options.fallback ?? new MemoryLimitStore({ clock: options.clock });
    this.#seeds = options.seeds;
    this.#publicUrl = options.publicUrl;
    this.#clock = options.clock ?? Date.now;
    this.#confTtlMs = options.confTtlMs ?? DEFAULT_CONF_TTL_MS;
    this.#plans = options.plans ?? PLAN_TABLE;
    this.#usage = options.usage ?? null;
  }

  now(): number {
    return this.#clock();
  }

  /** Admits or refuses one call; see the module comment. */
  async admit(caller: Caller, options: AdmitOptions): Promise<Admission> {
    const now = this.#clock();
    const path = normaliseApiPrefix(options.path);
    const metered = options.metered ?? false;
    // Field by field, not by conditional spreads (each one a copy; see below).
    const req: LimitRequest = { path, weight: options.weight ?? 1 };
    if (options.mcpTool) req.mcpTool = options.mcpTool;
    if (options.site) req.site = true;
    if (options.mcpTool || options.withinRequest) req.toolCall = true;
    if (options.dataPaths) req.dataPaths = true;
    const counters = countersFor(caller, req, now);
    const month = billingMonth(now);
    const billable = metered && caller.accountId !== null;
    const plan = billable ? caller.plan : null;
    const base: Admission = { metered, accountId: billable ? caller.accountId : null, keyId: billable ? caller.keyId : null, plan, month, path, costMicros: 0, reserved: null, headers: {}, states: [], counted: counters, local: false, usage: null, recorded: null };

    // Objects built field by field, not spread: `{ ...meterKeys(), plan, ... }` alone was 2.7 µs of
    // the 7.3 µs a keyed admission cost in V8 (a `--cpu-prof` of admit, issue 15).
    let meter: MeterSpec | undefined;
    if (plan && caller.accountId) {
      const p = this.#plans[plan];
      const keys = meterKeys(caller.accountId, month);
      meter = { monthKey: keys.monthKey, confKey: keys.confKey, plan, includedCalls: p.includedCalls, rateMicros: p.rateMicros, priceMicros: p.priceMicros, monthTtlMs: nextMonthStart(now) - now + MONTH_GRACE_MS, confTtlMs: this.#confTtlMs };
    }
    const evaluation: EvaluateRequest = meter ? { now, counters, meter } : { now, counters };

    let admission: Admission;
    try {
      let result = await this.store.evaluate(evaluation);
      // The store lost counters (new month for the meter; Redis restarted or flushed): rebuild them
      // from the user store and decide again. Twice in a row means it is losing data right now.
      for (let round = 0; result.outcome === 'seed'; round++) {
        if (round === 2) throw this.#cannotRebuild();
        await this.#seed(caller, counters, result.counters, result.meter ? meter : undefined, plan, month, now);
        result = await this.store.evaluate(evaluation);
      }
      admission = this.#decide(result, base, meter, now);
    } catch (err) {
      if (!(err instanceof LimitStoreUnavailableError)) throw err;
      if (err.outcomeUnknown) {
        // The store may have counted this call already: admitting it locally could over-admit.
        this.stats.unavailable++;
        throw new ServiceUnavailableError('limits are temporarily unavailable; retry shortly', FALLBACK.retryAfterSeconds);
      }
      admission = await this.#fallbackAdmit(caller, req, now, base);
    }
    // Every admitted call of a key is recorded (the fallback's too: the key did make it), so its
    // counters can be rebuilt after the store loses them.
    if (caller.keyId && this.#usage && counters.some((c) => c.since !== undefined)) {
      admission.usage = this.#usage.record(caller.keyId, now);
      admission.recorded = admission.usage.done.catch(() => {
        this.stats.usageNotRecorded++;
      });
    }
    return admission;
  }

  /**
   * Fills in the seeds the store asked for: the meter's from billing, a key's counters from its
   * usage. Concurrent admissions that need the same seed share one read (a burst on a key that the
   * store lost, or a new key's first calls, is one query, not one per call).
   */
  async #seed(caller: Caller, counters: CounterSpec[], lost: number[], meter: MeterSpec | undefined, plan: PlanId | null, month: string, now: number): Promise<void> {
    try {
      if (meter) meter.seed = await this.#shared(`meter:${caller.accountId}:${plan}:${month}`, () => this.#seeds(caller.accountId!, plan!, month));
      if (!lost.length) return;
      const since = lost.map((i) => counters[i]!.since!);
      const usage = this.#usage;
      const keyId = caller.keyId;
      const values = usage && keyId ? await this.#shared(`key:${keyId}:${since.join(',')}`, () => usage.counts(keyId, since, now)) : lost.map(() => 0);
      lost.forEach((i, n) => (counters[i]!.seed = values[n]!));
      this.stats.rebuiltCounters += lost.length;
    } catch {
      // The user store did not answer. Redis is up, so no local allowance: admitting locally here
      // would add to what Redis admits.
      throw this.#cannotRebuild();
    }
  }

  #shared<T>(id: string, read: () => Promise<T>): Promise<T> {
    let p = this.#inflight.get(id) as Promise<T> | undefined;
    if (!p) {
      p = read().finally(() => this.#inflight.delete(id));
      this.#inflight.set(id, p);
    }
    return p;
  }

  #cannotRebuild(): ServiceUnavailableError {
    this.stats.unavailable++;
    return new ServiceUnavailableError('limits are temporarily unavailable (lost counters could not be rebuilt); retry shortly, nothing was billed', FALLBACK.retryAfterSeconds);
  }

  #decide(result: EvaluateResult, base: Admission, meter: MeterSpec | undefined, now: number): Admission {
    switch (result.outcome) {
      case 'seed':
        throw new Error('limit store asked for a seed twice');
      case 'limited':
        throw this.#tooMany(result.counters, result.refused, result.retryAfterMs, now);
      case 'allowance':
        throw this.#allowanceError(base.plan!, result.meter, now);
      case 'cap':
        throw this.#capError(result.meter, now);
      case 'admitted': {
        // `base` is this call's own: filled in rather than copied.
        const m = result.meter;
        base.costMicros = m?.costMicros ?? 0;
        base.reserved = m && meter ? { monthKey: meter.monthKey, costMicros: m.costMicros } : null;
        base.headers = rateLimitHeaders(result.counters, now);
        base.states = result.counters;
        return base;
      }
    }
  }

  async #fallbackAdmit(caller: Caller, req: LimitRequest, now: number, base: Admission): Promise<Admission> {
    // Security limits keep working in process; metered calls get a small local allowance.
    const counters: CounterSpec[] = countersFor(caller, req, now, (p) => p.security);
    if (base.metered) {
      if (base.plan) {
        this.stats.unavailable++;
        throw new ServiceUnavailableError('metering is temporarily unavailable; retry shortly (nothing was billed)', FALLBACK.retryAfterSeconds);
      }
      const minute = Math.floor(now / WINDOW_MS.minute);
      const who = caller.accountId ? `a:${caller.accountId}` : `ip:${caller.ip}`;
      counters.push({ key: `fallback-metered:${who}:${minute}`, policy: 'fallback-metered', kind: 'fixed', limit: FALLBACK.meteredPerMinute, cost: 1, windowMs: (minute + 1) * WINDOW_MS.minute - now });
    }
    const result = await this.fallback.evaluate({ now, counters });
    if (result.outcome === 'limited') {
      if (result.refused.every((p) => p === 'fallback-metered')) {
        this.stats.unavailable++;
        throw new ServiceUnavailableError('limits are temporarily unavailable; retry shortly', FALLBACK.retryAfterSeconds);
      }
      throw this.#tooMany(result.counters, result.refused.filter((p) => p !== 'fallback-metered'), result.retryAfterMs, now);
    }
    if (result.outcome !== 'admitted') throw new Error(`unexpected fallback outcome ${result.outcome}`);
    if (base.metered) this.stats.localAdmits++;
    const shown = result.counters.filter((c) => c.policy !== 'fallback-metered');
    return { ...base, local: true, headers: rateLimitHeaders(shown, now), states: shown, counted: null };
  }

  /** Gives back the plan reservation of a call that did not succeed (it is not billed). */
  async release(admission: Admission): Promise<void> {
    if (!admission.reserved) return;
    const r = admission.reserved;
    admission.reserved = null;
    await this.store.release(r.monthKey, r.costMicros);
  }

  /**
   * Gives back what an admitted call took of the caller's allowances when the service then refused
   * it for its own capacity (`CapacityError`, the MCP heavy-tool gate): its units in the hour, day
   * and month windows (`ALLOWANCE_WINDOWS`, schema/limits.ts) and its plan reservation, in one
   * store round trip; a key's call is also taken out of the per-key usage, so a counter rebuilt
   * from it agrees. Once: a second call finds nothing left to give. Never throws: a give-back the
   * store could not take is counted in `stats.notGivenBack` (the call stays unbilled; the caller's
   * unit comes back when its window ends).
   */
  async giveBack(admission: Admission): Promise<void> {
    const counted = admission.counted;
    const reserved = admission.reserved;
    admission.counted = null;
    admission.reserved = null;
    const counters = counted ? counted.filter((c) => ALLOWANCE_POLICIES.has(c.policy)) : [];
    if (!counters.length && !reserved) return;
    const req: GiveBackRequest = reserved ? { counters, meter: reserved } : { counters };
    try {
      await this.store.giveBack(req);
    } catch {
      this.stats.notGivenBack++;
      return;
    }
    // Awaited as the record was: the refusal leaves once what it gave back is durable.
    if (admission.usage && this.#usage && counters.some((c) => c.since !== undefined)) await this.#usage.withdraw(admission.usage);
  }

  #tooMany(counters: CounterState[], refused: string[], retryAfterMs: number, now: number): TooManyRequestsError {
    const retry = Math.max(1, Math.ceil(retryAfterMs / 1000));
    const first = LIMIT_POLICIES.find((p) => p.id === refused[0]);
    const shown = counters.map((c) => (refused.includes(c.policy) ? { ...c, remaining: 0, resetMs: Math.max(c.resetMs, retryAfterMs) } : c));
    const headers = rateLimitHeaders(shown.filter((c) => refused.includes(c.policy)), now);
    headers['RateLimit-Policy'] = rateLimitHeaders(shown, now)['RateLimit-Policy']!;
    return new TooManyRequestsError(`rate limit exceeded (${first?.spec ?? refused[0]}); retry after ${retry} s`, retry, headers, {
      policy: refused[0],
      limit: first?.limit ?? null,
      retry_after_seconds: retry,
    });
  }

  #allowanceError(plan: PlanId, m: MeterState, now: number): PaymentRequiredError {
    const p = this.#plans[plan];
    return new PaymentRequiredError(
      `the ${p.label} plan's ${p.includedCalls.toLocaleString('en-US')} included calls for this month are used up and extra calls are off; ` +
        'turn them on with POST /api/billing/agent-plan/overage, or wait until the next month (UTC)',
      {
        reason: 'included_allowance',
        plan,
        included_calls: p.includedCalls,
        calls_this_month: m.calls,
        extra_calls_enabled: false,
        rate_usd: microsToUsd(p.rateMicros),
        resets_at: resetsAt(now),
        upgrade_url: billingUrl(this.#publicUrl),
      },
    );
  }

  #capError(m: MeterState, now: number): PaymentRequiredError {
    return new PaymentRequiredError(
      `extra-call charges this month reached your cap ($${formatUsd(m.accruedMicros)} of $${formatUsd(m.capMicros)}); ` +
        'raise the cap with POST /api/billing/agent-plan/overage, or wait until the next month (UTC)',
      {
        reason: 'overage_cap',
        overage_accrued_usd: microsToUsd(m.accruedMicros),
        limit_usd: microsToUsd(m.capMicros),
        resets_at: resetsAt(now),
        upgrade_url: billingUrl(this.#publicUrl),
      },
    );
  }
}
