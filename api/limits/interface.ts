/**
 * The limit store: decides, in one atomic step (one Redis round trip), every counter that applies
 * to a request and, for developer-plan callers, the month's allowance and extra-call cap. A
 * refused request consumes nothing. Two implementations with identical semantics: `redis.ts`
 * (ioredis + one Lua script) and `memory.ts` (the in-process embedded default); one contract suite
 * (test/api/limits/limits.contract.test.ts) runs against both.
 *
 * Epoch: a store notes when it started holding counters (Redis: an `epoch` key without expiry; in
 * process: the first evaluation). A rebuildable counter (`since`) that is missing for a window
 * begun before the epoch (plus `EPOCH_SKEW_MS`) was lost with the store's data, so the store answers
 * `seed` rather than count it from 0; a missing counter of a window begun since is genuinely new.
 *
 * A denial is data (`outcome: 'limited' | 'allowance' | 'cap'`); an unreachable store is an error
 * (`LimitStoreUnavailableError`), which the limiter turns into its fallback, never a 402 or 429.
 */
import type { PlanId } from '../../schema/tiers.ts';

export interface CounterSpec {
  /** Store key (the store adds its prefix), unique per policy, subject and window. */
  key: string;
  /** Policy id (schema/limits.ts), reported back for headers. */
  policy: string;
  /** `fixed`: a counter that expires at the end of its window; `gcra`: rolling (burst). */
  kind: 'fixed' | 'gcra';
  limit: number;
  /** Units this request consumes (1, or the route weight for the cost-weighted budget). */
  cost: number;
  /** `fixed`: ms until the window ends (its TTL and reset); `gcra`: the rolling period. */
  windowMs: number;
  /**
   * Rebuildable counters only (fixed windows of one API key, see `KeyUsage`): when the window
   * started (ms). If the counter is missing although its window started before the store's epoch
   * (the store lost its data since), the store asks for a `seed` instead of counting from 0.
   */
  since?: number;
  /** Units already used in this window, from the user store (after an `outcome: 'seed'` answer). */
  seed?: number;
}

/** Overage consent as the store keeps it (from the user store's `billing_overage`). */
export interface OverageConf {
  enabled: boolean;
  /** Plan, rate and price the user consented to; a different current plan, rate or price means "off". */
  plan: PlanId | '';
  rateMicros: number;
  priceMicros: number;
  capMicros: number;
}

export interface MeterSeed {
  /** Month-to-date plan calls and accrued extra-call charge, summed from the ledger. */
  calls: number;
  accruedMicros: number;
  conf: OverageConf;
}

/** The developer-plan meter of one account for the current month. */
export interface MeterSpec {
  /** Month counters key, e.g. `meter:<account>:2026-05`. */
  monthKey: string;
  /** Overage settings key, e.g. `meterconf:<account>`. */
  confKey: string;
  plan: PlanId;
  includedCalls: number;
  rateMicros: number;
  /** The plan's current monthly price (consent given at another price does not bill). */
  priceMicros: number;
  /** TTL of the month counters (past the month's end). */
  monthTtlMs: number;
  /** TTL of the cached settings: after it they are re-read from the user store. */
  confTtlMs: number;
  /** Values to create missing counters/settings with (after an `outcome: 'seed'` answer). */
  seed?: MeterSeed;
}

export interface EvaluateRequest {
  now: number;
  counters: CounterSpec[];
  meter?: MeterSpec;
}

export interface CounterState {
  policy: string;
  limit: number;
  /** Units left in the window after this request (when admitted) or now (when refused). */
  remaining: number;
  /** Ms until the window frees capacity (fixed: its end; gcra: until full again). */
  resetMs: number;
}

export interface MeterState {
  /** Price of this call: 0 inside the allowance, the rate beyond it. */
  costMicros: number;
  /** Month-to-date plan calls, this one included when admitted. */
  calls: number;
  accruedMicros: number;
  capMicros: number;
  /** Extra calls on (and consented at the current plan and rate). */
  enabled: boolean;
}

export type EvaluateResult =
  | { outcome: 'admitted'; counters: CounterState[]; meter: MeterState | null }
  /** A counter refused: `refused` are the policy ids, `retryAfterMs` until all of them admit. */
  | { outcome: 'limited'; counters: CounterState[]; refused: string[]; retryAfterMs: number }
  /** Plan allowance used up with extra calls off (or not consented at the current plan/rate). */
  | { outcome: 'allowance'; counters: CounterState[]; meter: MeterState }
  /** Extra calls on and the accrued charge reached the cap. */
  | { outcome: 'cap'; counters: CounterState[]; meter: MeterState }
  /**
   * Something to rebuild before deciding: the meter's counters or settings are missing (new month,
   * or Redis lost them: `meter`), or rebuildable counters (`counters`, their indexes) are missing
   * although their window started before the store lost its data. Call again with the seeds.
   */
  | { outcome: 'seed'; meter: boolean; counters: number[] };

/** What an admitted call gives back when the service refused it for its own capacity. */
export interface GiveBackRequest {
  /** Fixed counters and the units the call took of each. */
  counters: { key: string; cost: number }[];
  /** Its plan reservation, released as `release` does. */
  meter?: { monthKey: string; costMicros: number };
}

export interface LimitStore {
  readonly kind: 'redis' | 'memory';
  /** Evaluates every counter and the meter atomically; consumes only when everything admits. */
  evaluate(req: EvaluateRequest): Promise<EvaluateResult>;
  /** Gives back a reserved plan call (the call did not succeed, so it is not billed). */
  release(monthKey: string, costMicros: number): Promise<void>;
  /**
   * Gives back, in one step, the units an admitted call took of some counters and its plan
   * reservation. A counter no longer there (its window ended) is not created again, and none goes
   * below 0.
   */
  giveBack(req: GiveBackRequest): Promise<void>;
  /** Writes the overage settings of an account (after the user store has them). */
  setOverage(confKey: string, conf: OverageConf, ttlMs: number): Promise<void>;
  /** Reads a meter's month counters, or null when the store does not have them. */
  peekMeter(monthKey: string): Promise<{ calls: number; accruedMicros: number } | null>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * A rebuildable counter whose window began less than this long after the epoch is rebuilt too:
 * the API processes' clocks may differ by a little, and a needless rebuild is harmless (a missing
 * counter has admitted nothing since the loss, so its seed is the truth).
 */
export const EPOCH_SKEW_MS = 5_000;

/**
 * The store could not be reached or did not answer in time. `outcomeUnknown`: the command was sent
 * and may have run (a timeout, a connection lost mid-command), so its counters may already hold
 * this call; the limiter must then refuse (503), never admit from its local allowance.
 */
export class LimitStoreUnavailableError extends Error {
  readonly outcomeUnknown: boolean;
  constructor(cause: unknown, options: { outcomeUnknown?: boolean } = {}) {
    super(`limit store unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'LimitStoreUnavailableError';
    this.outcomeUnknown = options.outcomeUnknown ?? false;
  }
}
