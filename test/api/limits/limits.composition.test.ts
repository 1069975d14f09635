/**
 * How the two limit sets of spec 8 compose (issue 13.16): every row of `LIMIT_COMPOSITION`
 * (schema/limits.ts) is driven through `Limiter.admit` (in-process store, a test clock) until it is
 * refused, and the limit that binds must be the row's: its policy and its count. Calls are paced
 * below the burst (one per 30 ms per IP) except where the burst is the row. Also the
 * `RateLimit-Policy` semantics of the calendar-month window (`w` = seconds until the month resets)
 * against the enforcement.
 */
import { randomUUID } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { anonymousCaller, type Caller, type KeyKind } from '../../../api/caller.ts';
import { TooManyRequestsError } from '../../../api/errors.ts';
import { Limiter, type AdmitOptions } from '../../../api/limits/limiter.ts';
import { MemoryLimitStore } from '../../../api/limits/memory.ts';
import { LIMIT_COMPOSITION, LIMIT_POLICIES } from '../../../schema/limits.ts';
import type { PlanId } from '../../../schema/tiers.ts';

const UA = 'almanac-tests/1.0 (composition)';
const PROBE: AdmitOptions = { path: '/api/ticker-search', weight: 1, metered: true };

function setup(start: number) {
  const clock = { now: start };
  const store = new MemoryLimitStore({ clock: () => clock.now });
  const limiter = new Limiter({
    store,
    seeds: async () => ({ calls: 0, accruedMicros: 0, conf: { enabled: false, plan: '', rateMicros: 0, priceMicros: 0, capMicros: 0 } }),
    publicUrl: 'http://localhost',
    clock: () => clock.now,
  });
  return { clock, limiter };
}

const anon = (ip: string): Caller => anonymousCaller(ip, UA);
const session = (accountId: string, ip: string): Caller => ({ ...anon(ip), kind: 'session', accountId, sessionId: `s-${accountId}` });
function keyed(accountId: string, ip: string, keyKind: KeyKind, plan: PlanId | null = null, keyId: string = randomUUID()): Caller {
  return { ...anon(ip), kind: 'key', accountId, keyId, keyKind, plan, tier: plan ? 'power_user' : 'learner', keyDailyLimit: keyKind === 'trial' ? 100 : null };
}

interface Run {
  admitted: number;
  refused: TooManyRequestsError;
}

/** Admits `next()`'s calls, advancing the clock `stepMs` after each, until one is refused. */
async function drive(ctx: ReturnType<typeof setup>, next: (i: number) => { caller: Caller; options?: AdmitOptions }, stepMs: number, max = 20_000): Promise<Run> {
  for (let i = 0; i < max; i++) {
    const { caller, options } = next(i);
    try {
      await ctx.limiter.admit(caller, options ?? PROBE);
    } catch (err) {
      if (err instanceof TooManyRequestsError) return { admitted: i, refused: err };
      throw err;
    }
    ctx.clock.now += stepMs;
  }
  throw new Error(`nothing refused after ${max} calls`);
}

// A minute start, so minute-window rows stay inside one window at 30 ms per call (1,200 calls: 36 s).
const MINUTE = Date.UTC(2026, 1, 10, 12, 0, 0);
const PACE = 30;

/** One driver per row of LIMIT_COMPOSITION: the caller(s) that row is about, from a fresh store. */
const DRIVERS: Record<string, () => Promise<Run>> = {
  anonymous: () => drive(setup(MINUTE), () => ({ caller: anon('198.51.100.1') }), PACE),
  session: () => {
    const s = session(randomUUID(), '198.51.100.2');
    return drive(setup(MINUTE), () => ({ caller: s }), PACE);
  },
  'trial-key': () => {
    const k = keyed(randomUUID(), '198.51.100.3', 'trial');
    // One call per second: no per-minute limit is near, the day's 100 binds.
    return drive(setup(MINUTE), () => ({ caller: k }), 1_000);
  },
  'standard-key': () => {
    const k = keyed(randomUUID(), '198.51.100.4', 'standard');
    return drive(setup(MINUTE), () => ({ caller: k }), PACE);
  },
  'standard-key-month': () => {
    const k = keyed(randomUUID(), '198.51.100.5', 'standard');
    // One call per second (60 a minute: the minute limit never refuses) from 20:00 on the 28th.
    return drive(setup(Date.UTC(2026, 1, 28, 20, 0, 0)), () => ({ caller: k }), 1_000);
  },
  'premium-key': () => {
    const k = keyed(randomUUID(), '198.51.100.6', 'standard', 'developer');
    return drive(setup(MINUTE), () => ({ caller: k }), PACE);
  },
  account: () => {
    // Five Premium keys of one account (5 x 300 > 1,200) on two IPs, plus its session: one ceiling.
    const account = randomUUID();
    const callers = [
      ...Array.from({ length: 5 }, (_, i) => keyed(account, `198.51.100.${10 + (i % 2)}`, 'standard', 'developer')),
      session(account, '198.51.100.12'),
    ];
    return drive(setup(MINUTE), (i) => ({ caller: callers[i % callers.length]! }), PACE);
  },
  'anonymous-pages': () => drive(setup(MINUTE), () => ({ caller: anon('198.51.100.13'), options: { path: '/learn', site: true } }), PACE),
  'data-paths': () => {
    const k = keyed(randomUUID(), '198.51.100.14', 'standard', 'developer');
    return drive(setup(MINUTE), (i) => ({ caller: k, options: { path: i % 2 ? '/api/data' : '/api/v1/fundamentals-pit', weight: 1, metered: true } }), PACE);
  },
  burst: () => {
    const k = keyed(randomUUID(), '198.51.100.15', 'standard', 'developer');
    return drive(setup(MINUTE), () => ({ caller: k }), 0);
  },
};

const test = suite('limits: how spec 8.1 and 8.2 compose');

test('every composition row has a driver, and its limit is its policies\' limit', () => {
  assert.equal(Object.keys(DRIVERS).sort(), LIMIT_COMPOSITION.map((r) => r.id).sort());
  for (const row of LIMIT_COMPOSITION) {
    for (const id of row.binds) {
      const p = LIMIT_POLICIES.find((x) => x.id === id);
      assert.ok(p, `${row.id}: unknown policy ${id}`);
      assert.is(p!.limit, row.limit, `${row.id}: ${id}`);
      assert.is(p!.window, row.window, `${row.id}: ${id}`);
    }
  }
});

for (const row of LIMIT_COMPOSITION) {
  test(`${row.caller}: ${row.limit} per ${row.window}, bound by ${row.binds.join(' / ')}`, async () => {
    const run = await DRIVERS[row.id]!();
    assert.is(run.admitted, row.limit, `${row.id}: admitted ${run.admitted}, refused by ${String(run.refused.extra.policy)}`);
    assert.ok(row.binds.includes(String(run.refused.extra.policy)), `${row.id}: refused by ${String(run.refused.extra.policy)}`);
  });
}

test('keyed calls do not spend the request budget of callers without a key (Premium is not cut at 200)', async () => {
  const ctx = setup(MINUTE);
  const account = randomUUID();
  const k = keyed(account, '198.51.100.20', 'standard', 'developer');
  const adm = await ctx.limiter.admit(k, PROBE);
  const policies = adm.headers['RateLimit-Policy']!;
  assert.not.ok(policies.includes('budget-'), policies);
  for (const id of ['key-premium-minute', 'api-account-minute', 'ip-authenticated-minute', 'ip-burst']) assert.ok(policies.includes(`"${id}"`), `${id} missing: ${policies}`);
  // The same account's session still has its whole 200-request budget.
  const s = await drive(ctx, () => ({ caller: session(account, '198.51.100.21') }), PACE);
  assert.is(s.admitted, 200);
  assert.is(s.refused.extra.policy, 'budget-requests');
});

test('RateLimit-Policy: the month window w is the seconds until the month resets, as enforced', async () => {
  // 2026-02-10 12:00 UTC: 18.5 days to 2026-03-01 00:00 UTC.
  const ctx = setup(Date.UTC(2026, 1, 10, 12, 0, 0));
  const k = keyed(randomUUID(), '198.51.100.30', 'standard');
  const first = await ctx.limiter.admit(k, PROBE);
  assert.ok(first.headers['RateLimit-Policy']!.includes('"key-standard-month";q=10000;w=1598400'), first.headers['RateLimit-Policy']);
  assert.ok(first.headers['RateLimit-Policy']!.includes('"key-standard-minute";q=60;w=60'));

  // The standard-key-month run: refused late on the 28th; Retry-After, RateLimit t and the policy's
  // w all name the month's end, and at 00:00 UTC on the 1st the key is admitted again.
  const ctx2 = setup(Date.UTC(2026, 1, 28, 20, 0, 0));
  const k2 = keyed(randomUUID(), '198.51.100.31', 'standard');
  const run = await drive(ctx2, () => ({ caller: k2 }), 1_000);
  assert.is(run.admitted, 10_000);
  const toReset = Math.ceil((Date.UTC(2026, 2, 1) - ctx2.clock.now) / 1000);
  assert.is(run.refused.headers['Retry-After'], String(toReset));
  assert.is(run.refused.headers.RateLimit, `"key-standard-month";r=0;t=${toReset}`);
  assert.ok(run.refused.headers['RateLimit-Policy']!.includes(`"key-standard-month";q=10000;w=${toReset}`), run.refused.headers['RateLimit-Policy']);
  ctx2.clock.now = Date.UTC(2026, 1, 28, 23, 59, 59);
  const lastSecond = await ctx2.limiter.admit(k2, PROBE).catch((err: unknown) => err);
  assert.instance(lastSecond, TooManyRequestsError);
  assert.is((lastSecond as TooManyRequestsError).headers['Retry-After'], '1');
  ctx2.clock.now = Date.UTC(2026, 2, 1, 0, 0, 0);
  const march = await ctx2.limiter.admit(k2, PROBE);
  // A new month: March has 31 days, the whole of it ahead.
  assert.ok(march.headers['RateLimit-Policy']!.includes(`"key-standard-month";q=10000;w=${31 * 86_400}`), march.headers['RateLimit-Policy']);
});

test.run();
