/**
 * Metering and billing over the user store and the limit store (spec 2.7, 3, 4.3, 7, 8.3):
 * - `settle(admission, status)`: after a metered call, bill it when it succeeded (a ledger row,
 *   group-committed before the response goes out), or give its plan reservation back;
 * - `seed(account, plan, month)`: month-to-date counters and consent for the limit store,
 *   rebuilt from the ledger (a new month, or Redis lost them); `usage` does the same for the
 *   per-key counters (every admitted keyed call is recorded there);
 * - `setOverage`, `agentPlan`, `agentUsage`: the billing endpoints.
 */
import { PLAN_TABLE, type Plan, billingMonth, microsToUsd, nextMonthStart, usdToMicros, formatUsd } from '../../schema/plans.ts';
import type { PlanId } from '../../schema/tiers.ts';
import { BadRequestError, ConflictError, ServiceUnavailableError } from '../errors.ts';
import type { LimitStore, MeterSeed, OverageConf } from '../limits/interface.ts';
import { meterKeys, type Admission, type Limiter } from '../limits/limiter.ts';
import type { UserStore } from '../store/interface.ts';
import { monthUsage } from './ledger.ts';
import { MeterWriter } from './meter-writer.ts';
import { uuidv7 } from './uuid7.ts';
import { KeyUsage } from './usage.ts';
import { consentMatches, readOverage, writeOverage, type OverageRow } from './overage.ts';

export interface BillingOptions {
  store: UserStore;
  limits: LimitStore;
  clock?: () => number;
  /** TTL of overage settings in the limit store (default 10 minutes). */
  confTtlMs?: number;
  /** The plan table (default spec 8.3; tests change prices). */
  plans?: Record<PlanId, Plan>;
}

/** The agent plan record (schema/billing.ts `AgentPlan`). */
export interface AgentPlanView {
  plan: PlanId | null;
  plan_name: string | null;
  price_usd: number;
  rate_usd: number;
  limit_usd: number;
  overage_accrued_usd: number;
  extra_calls_enabled: boolean;
  consent_required: boolean;
  default_cap_usd: number;
  max_cap_usd: number;
  included_calls: number;
  calls_this_month: number;
  month: string;
  resets_at: string;
}

export interface SettleResult {
  /** Price of the call for `X-SVC-Per-Call-Cost` (0 when not billed). */
  costMicros: number;
  billed: boolean;
}

const NO_CONSENT: OverageConf = { enabled: false, plan: '', rateMicros: 0, priceMicros: 0, capMicros: 0 };

/** The consent in force for `plan` (off unless given at that plan, rate and price). */
function confOf(row: OverageRow | null, plan: PlanId | null, plans: Record<PlanId, Plan>): OverageConf {
  if (!row || !plan || !consentMatches(row, plan, plans)) return NO_CONSENT;
  return storeConf(row);
}

/** The consent as given (the limit store compares it with the caller's plan, rate and price on every call). */
function storeConf(row: OverageRow | null): OverageConf {
  if (!row) return NO_CONSENT;
  return { enabled: row.enabled, plan: row.plan, rateMicros: row.rateMicros, priceMicros: row.priceMicros, capMicros: row.capMicros };
}

export class Billing {
  readonly store: UserStore;
  readonly limits: LimitStore;
  /** Writes the ledger rows and the per-key usage, one commit per batch for both. */
  readonly ledger: MeterWriter;
  /** Per-key call counts: the durable copy of the keys' minute, trial-day and month counters. */
  readonly usage: KeyUsage;
  readonly #clock: () => number;
  readonly #confTtlMs: number;
  readonly plans: Record<PlanId, Plan>;

  constructor(options: BillingOptions) {
    this.store = options.store;
    this.limits = options.limits;
    this.ledger = new MeterWriter(options.store);
    this.usage = new KeyUsage(options.store, this.ledger);
    this.#clock = options.clock ?? Date.now;
    this.#confTtlMs = options.confTtlMs ?? 10 * 60_000;
    this.plans = options.plans ?? PLAN_TABLE;
  }

  /** Month-to-date plan counters and consent, from the user store (the limit store's seed). */
  async seed(accountId: string, plan: PlanId, month: string): Promise<MeterSeed> {
    const [usage, row] = await Promise.all([monthUsage(this.store, accountId, month), readOverage(this.store, accountId)]);
    return { calls: usage.planCalls, accruedMicros: usage.accruedMicros, conf: storeConf(row) };
  }

  /**
   * After a metered call: a 2xx of an account is billed (ledger row, committed before this
   * resolves); anything else gives the reservation back and costs nothing. If the ledger cannot be
   * written the call is not billed and the caller must answer 503 (`ServiceUnavailableError`).
   */
  async settle(admission: Admission, status: number, limiter: Limiter): Promise<SettleResult> {
    if (!admission.metered || status < 200 || status >= 300 || !admission.accountId) {
      await admission.recorded;
      if (!admission.metered) return { costMicros: 0, billed: false };
      await limiter.release(admission).catch(() => undefined);
      return { costMicros: 0, billed: false };
    }
    // The ledger row joins the key's usage record queued at admission (one commit for both, issue
    // 15: two group commits per call were most of a keyed call's time); both are durable before
    // this resolves.
    const at = this.#clock();
    const billed = this.ledger.bill({
      // Time-ordered (the ledger's primary key takes it at its right edge, uuid7.ts), of the row's own ms.
      requestId: uuidv7(at),
      accountId: admission.accountId,
      keyId: admission.keyId,
      plan: admission.plan,
      month: admission.month,
      costMicros: admission.costMicros,
      route: admission.path,
      at: new Date(at),
    }, admission.usage);
    // Settled together: a ledger failure is handled here whenever it comes, never left unhandled.
    const [, outcome] = await Promise.allSettled([admission.recorded, billed]);
    if (outcome.status === 'rejected') {
      await limiter.release(admission).catch(() => undefined);
      throw new ServiceUnavailableError('the billing ledger is temporarily unavailable; the call was not billed, retry shortly');
    }
    admission.reserved = null;
    return { costMicros: admission.costMicros, billed: true };
  }

  /**
   * `POST /api/billing/agent-plan/overage`: absent cap -> on with the plan's default cap; a number
   * up to 4 times the plan price -> on with that cap; above -> 400; 0 -> off. The current plan, rate
   * and price are recorded as the consent.
   */
  async setOverage(accountId: string, plan: PlanId | null, capUsd: number | undefined): Promise<AgentPlanView> {
    if (!plan) throw new ConflictError('extra calls need a developer plan (Developer or Developer Pro); this account has none');
    const p = this.plans[plan];
    let capMicros = p.defaultCapMicros;
    if (capUsd !== undefined) {
      const micros = usdToMicros(capUsd);
      if (micros === null || micros < 0) throw new BadRequestError("invalid body field 'cap_usd': must be an amount in USD with at most 6 decimals");
      if (micros > p.maxCapMicros) {
        throw new BadRequestError(`invalid body field 'cap_usd': at most ${formatUsd(p.maxCapMicros)} on the ${p.label} plan (4 times its monthly price)`, { max_cap_usd: microsToUsd(p.maxCapMicros) });
      }
      capMicros = micros;
    }
    const row: OverageRow = { enabled: capMicros > 0, plan, rateMicros: p.rateMicros, priceMicros: p.priceMicros, capMicros };
    await writeOverage(this.store, accountId, row);
    try {
      await this.limits.setOverage(meterKeys(accountId, billingMonth(this.#clock())).confKey, storeConf(row), this.#confTtlMs);
    } catch {
      // The user store has the new consent; the limit store would keep the old one until its TTL,
      // so ask the client to repeat the (idempotent) request.
      throw new ServiceUnavailableError('the setting is saved but not yet in force; repeat the request shortly');
    }
    return this.agentPlan(accountId, plan);
  }

  /** `GET /api/billing/agent-plan`. */
  async agentPlan(accountId: string, plan: PlanId | null): Promise<AgentPlanView> {
    const now = this.#clock();
    const month = billingMonth(now);
    const [usage, row] = await Promise.all([monthUsage(this.store, accountId, month), readOverage(this.store, accountId)]);
    const p = plan ? this.plans[plan] : null;
    const conf = confOf(row, plan, this.plans);
    const enabled = conf.enabled && conf.capMicros > 0;
    return {
      plan,
      plan_name: p?.label ?? null,
      price_usd: p ? microsToUsd(p.priceMicros) : 0,
      rate_usd: p ? microsToUsd(p.rateMicros) : 0,
      limit_usd: enabled ? microsToUsd(conf.capMicros) : 0,
      overage_accrued_usd: microsToUsd(usage.accruedMicros),
      extra_calls_enabled: enabled,
      consent_required: Boolean(row?.enabled && plan && !consentMatches(row, plan, this.plans)),
      default_cap_usd: p ? microsToUsd(p.defaultCapMicros) : 0,
      max_cap_usd: p ? microsToUsd(p.maxCapMicros) : 0,
      included_calls: p?.includedCalls ?? 0,
      calls_this_month: usage.planCalls,
      month,
      resets_at: new Date(nextMonthStart(now)).toISOString().replace('.000Z', 'Z'),
    };
  }

  /** `GET /api/billing/agent-usage`. */
  async agentUsage(accountId: string, plan: PlanId | null) {
    const month = billingMonth(this.#clock());
    const usage = await monthUsage(this.store, accountId, month);
    const included = plan ? this.plans[plan].includedCalls : 0;
    return {
      month,
      calls: usage.calls,
      plan_calls: usage.planCalls,
      included_calls: included,
      remaining_included_calls: Math.max(included - usage.planCalls, 0),
      extra_calls: usage.extraCalls,
      overage_accrued_usd: microsToUsd(usage.accruedMicros),
    };
  }

  async close(): Promise<void> {
    await this.ledger.flush();
  }
}
