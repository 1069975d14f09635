/**
 * Model test (fast-check `fc.commands`) of metering and billing: random sequences of calls
 * (succeeding or failing), cap changes, plan changes, price changes, month boundaries and "Redis
 * lost its data", run against the real Limiter + Billing (in-process limit store, PGlite ledger,
 * injectable clock) and a plain in-memory model. After every command the price of each call, each
 * refusal and the ledger's month-to-date sums must equal the model's; a call is never admitted past
 * the cap.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { monthUsage } from '../../../api/billing/ledger.ts';
import { Billing } from '../../../api/billing/service.ts';
import { anonymousCaller, type Caller } from '../../../api/caller.ts';
import { ApiError } from '../../../api/errors.ts';
import { Limiter } from '../../../api/limits/limiter.ts';
import { MemoryLimitStore } from '../../../api/limits/memory.ts';
import type { UserStore } from '../../../api/store/interface.ts';
import { billingMonth, nextMonthStart, type Plan } from '../../../schema/plans.ts';
import type { PlanId } from '../../../schema/tiers.ts';
import { freshPgliteStore } from '../../helpers.ts';

// Small plans so random sequences cross the allowance and the cap.
function smallPlans(): Record<PlanId, Plan> {
  return {
    developer: { id: 'developer', label: 'Developer', priceMicros: 10_000, includedCalls: 3, rateMicros: 2_000, defaultCapMicros: 6_000, maxCapMicros: 40_000, mcpCallsPerHour: 5_000 },
    developer_pro: { id: 'developer_pro', label: 'Developer Pro', priceMicros: 20_000, includedCalls: 5, rateMicros: 1_000, defaultCapMicros: 3_000, maxCapMicros: 80_000, mcpCallsPerHour: 5_000 },
  };
}

interface Consent {
  plan: PlanId;
  rate: number;
  price: number;
  cap: number;
}

interface Model {
  plans: Record<PlanId, Plan>;
  plan: PlanId | null;
  consent: Consent | null;
  month: string;
  planCalls: number;
  accrued: number;
  calls: number;
}

interface Real {
  store: UserStore;
  limitStore: MemoryLimitStore;
  limiter: Limiter;
  billing: Billing;
  plans: Record<PlanId, Plan>;
  clock: { now: number };
  accountId: string;
  caller: Caller;
}

function enabled(m: Model): boolean {
  const c = m.consent;
  if (!c || !m.plan || c.cap === 0) return false;
  const p = m.plans[m.plan];
  return c.plan === m.plan && c.rate === p.rateMicros && c.price === p.priceMicros;
}

async function checkLedger(m: Model, r: Real): Promise<void> {
  await r.billing.ledger.flush();
  const u = await monthUsage(r.store, r.accountId, m.month);
  assert.equal({ calls: u.calls, planCalls: u.planCalls, accrued: u.accruedMicros }, { calls: m.calls, planCalls: m.planCalls, accrued: m.accrued });
  // Every row's request id is a UUIDv7 of the call's own time (the ledger's key grows in time order).
  const ids = await r.store.query<{ id: string; at: Date }>('SELECT request_id AS id, created_at AS at FROM billing_ledger WHERE account_id = $1', [r.accountId]);
  for (const { id, at } of ids) {
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    assert.is(Number.parseInt(id.replace('-', '').slice(0, 12), 16), at.getTime(), id);
  }
}

class CallCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly succeeds: boolean) {}
  check(): boolean {
    return true;
  }
  async run(m: Model, r: Real): Promise<void> {
    r.clock.now += 1_000; // one call per second stays inside every rate limit
    const caller = { ...r.caller, plan: m.plan, tier: m.plan ? ('power_user' as const) : ('learner' as const) };
    let expected: { outcome: 'ok'; cost: number } | { outcome: 'included_allowance' | 'overage_cap' };
    if (!m.plan) expected = { outcome: 'ok', cost: 0 };
    else {
      const p = m.plans[m.plan];
      if (m.planCalls < p.includedCalls) expected = { outcome: 'ok', cost: 0 };
      else if (enabled(m) && m.accrued + p.rateMicros <= m.consent!.cap) expected = { outcome: 'ok', cost: p.rateMicros };
      else expected = { outcome: enabled(m) ? 'overage_cap' : 'included_allowance' };
    }
    try {
      const adm = await r.limiter.admit(caller, { path: '/api/probe', metered: true });
      assert.is(expected.outcome, 'ok', 'admitted but the model refuses');
      assert.is(adm.costMicros, (expected as { cost: number }).cost);
      const settled = await r.billing.settle(adm, this.succeeds ? 200 : 404, r.limiter);
      assert.is(settled.costMicros, this.succeeds ? adm.costMicros : 0);
      if (this.succeeds) {
        m.calls++;
        if (m.plan) m.planCalls++;
        m.accrued += adm.costMicros;
        // Never admitted past the cap in force when the call was made.
        if (adm.costMicros > 0) assert.ok(m.accrued <= m.consent!.cap, 'accrued past the cap');
      }
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      assert.is(err.status, 402);
      assert.is(err.extra.reason, expected.outcome);
      if (expected.outcome === 'overage_cap') {
        assert.is(err.extra.overage_accrued_usd, m.accrued / 1e6);
        assert.is(err.extra.limit_usd, m.consent!.cap / 1e6);
      }
    }
    await checkLedger(m, r);
  }
  toString(): string {
    return `call(${this.succeeds ? 200 : 404})`;
  }
}

class SetCapCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly capUsd: number | undefined) {}
  check(m: Readonly<Model>): boolean {
    return m.plan !== null;
  }
  async run(m: Model, r: Real): Promise<void> {
    const p = m.plans[m.plan!];
    const capMicros = this.capUsd === undefined ? p.defaultCapMicros : Math.round(this.capUsd * 1e6);
    try {
      const view = await r.billing.setOverage(r.accountId, m.plan, this.capUsd);
      assert.ok(capMicros <= p.maxCapMicros, 'accepted a cap above 4x the price');
      m.consent = { plan: m.plan!, rate: p.rateMicros, price: p.priceMicros, cap: capMicros };
      assert.is(view.extra_calls_enabled, capMicros > 0);
      assert.is(view.limit_usd, capMicros > 0 ? capMicros / 1e6 : 0);
      assert.is(view.rate_usd, p.rateMicros / 1e6);
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      assert.is(err.status, 400);
      assert.ok(capMicros > p.maxCapMicros);
    }
  }
  toString(): string {
    return `setCap(${this.capUsd})`;
  }
}

class ChangePlanCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly plan: PlanId | null) {}
  check(): boolean {
    return true;
  }
  async run(m: Model): Promise<void> {
    m.plan = this.plan;
  }
  toString(): string {
    return `plan(${this.plan})`;
  }
}

class ChangePriceCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly plan: PlanId,
    readonly rateMicros: number,
  ) {}
  check(): boolean {
    return true;
  }
  async run(m: Model): Promise<void> {
    // The model and the real services share the plan table object: a price change is one write.
    m.plans[this.plan].rateMicros = this.rateMicros;
  }
  toString(): string {
    return `price(${this.plan}, ${this.rateMicros})`;
  }
}

class NextMonthCommand implements fc.AsyncCommand<Model, Real> {
  check(): boolean {
    return true;
  }
  async run(m: Model, r: Real): Promise<void> {
    r.clock.now = nextMonthStart(r.clock.now) + 3_600_000;
    m.month = billingMonth(r.clock.now);
    m.planCalls = 0;
    m.accrued = 0;
    m.calls = 0;
    await checkLedger(m, r);
  }
  toString(): string {
    return 'nextMonth';
  }
}

class LoseRedisCommand implements fc.AsyncCommand<Model, Real> {
  check(): boolean {
    return true;
  }
  async run(_m: Model, r: Real): Promise<void> {
    r.limitStore.clear();
  }
  toString(): string {
    return 'loseRedis';
  }
}

const commands = [
  fc.boolean().map((ok) => new CallCommand(ok)),
  ...Array.from({ length: 6 }, () => fc.constant(new CallCommand(true))),
  fc.oneof(fc.constant(undefined), fc.constant(0), fc.constantFrom(0.002, 0.004, 0.005, 0.01, 0.04, 0.041, 0.08, 0.1)).map((c) => new SetCapCommand(c)),
  fc.constantFrom<PlanId | null>('developer', 'developer_pro', null).map((p) => new ChangePlanCommand(p)),
  fc.tuple(fc.constantFrom<PlanId>('developer', 'developer_pro'), fc.constantFrom(1_000, 1_500, 2_000)).map(([p, r]) => new ChangePriceCommand(p, r)),
  fc.constant(new NextMonthCommand()),
  fc.constant(new LoseRedisCommand()),
];

const test = suite('metering and billing: model');
let store: UserStore;
test.before(async () => {
  store = await freshPgliteStore();
});
test.after(() => store.close());

test('random sequences of calls, caps, plan and price changes, month boundaries and store loss match the model', async () => {
  await fc.assert(
    fc.asyncProperty(fc.commands(commands, { maxCommands: 60, size: 'medium' }), async (cmds) => {
      const plans = smallPlans();
      const clock = { now: Date.UTC(2026, 0, 31, 23, 50) };
      const limitStore = new MemoryLimitStore({ clock: () => clock.now });
      const billing = new Billing({ store, limits: limitStore, clock: () => clock.now, plans });
      const limiter = new Limiter({ store: limitStore, seeds: (a, p, mo) => billing.seed(a, p, mo), publicUrl: 'http://localhost', clock: () => clock.now, plans });
      const accountId = randomUUID();
      const caller: Caller = { ...anonymousCaller('192.0.2.1', 'model-test/1.0'), kind: 'session', accountId, sessionId: 's' };
      const real: Real = { store, limitStore, limiter, billing, plans, clock, accountId, caller };
      const model: Model = { plans, plan: 'developer', consent: null, month: billingMonth(clock.now), planCalls: 0, accrued: 0, calls: 0 };
      await fc.asyncModelRun(() => ({ model, real }), cmds);
    }),
    { numRuns: 60 },
  );
});

test.run();
