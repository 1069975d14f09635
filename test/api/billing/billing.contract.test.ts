/**
 * The billing records on the user store: PGlite always, PostgreSQL when DATABASE_URL is set (a
 * fresh schema per run, dropped at the end). Ledger idempotency by request id, group commit (the
 * ledger and the per-key usage in one commit per batch, written once however often a batch is
 * retried; batch ids pruned), month-to-date sums, consent rows and their matching rule, the
 * limit-store seed, invoice lines.
 */
import { randomUUID } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { storeTargets } from '../store/targets.ts';
import { buildInvoice } from '../../../api/billing/invoice.ts';
import { insertLedgerRows, monthUsage, type LedgerRow } from '../../../api/billing/ledger.ts';
import { MeterWriter } from '../../../api/billing/meter-writer.ts';
import { consentMatches, readOverage, writeOverage } from '../../../api/billing/overage.ts';
import { Billing } from '../../../api/billing/service.ts';
import { MemoryLimitStore } from '../../../api/limits/memory.ts';
import type { UserStore } from '../../../api/store/interface.ts';
import { migrateStore } from '../../../api/store/migrate.ts';
import { loadConfig } from '../../../schema/config.ts';

const targets = storeTargets('billing', loadConfig().databaseUrl);

const NOW = Date.UTC(2026, 4, 10, 12);
const row = (accountId: string, over: Partial<LedgerRow> = {}): LedgerRow => ({
  requestId: randomUUID(),
  accountId,
  keyId: null,
  plan: 'developer',
  month: '2026-05',
  costMicros: 0,
  route: '/api/probe',
  at: new Date(NOW),
  ...over,
});

for (const target of targets) {
  const test = suite(`billing contract: ${target.name}`);
  let store: UserStore;
  test.before(async () => {
    store = await target.open();
    await migrateStore(store);
  });
  test.after(async () => {
    await store.close();
    await target.cleanup();
  });

  test('ledger: a request id bills once, whatever is resent', async () => {
    const a = randomUUID();
    const r = row(a, { costMicros: 2_000 });
    assert.is(await insertLedgerRows(store, [r, row(a)]), 2);
    assert.is(await insertLedgerRows(store, [r, row(a, { requestId: r.requestId, costMicros: 9 })]), 0);
    assert.equal(await monthUsage(store, a, '2026-05'), { calls: 2, planCalls: 2, extraCalls: 1, accruedMicros: 2_000 });
  });

  test('ledger: one secondary index, (month, account_id): every query of the ledger names the month', async () => {
    const defs = await store.query<{ def: string }>("SELECT indexdef AS def FROM pg_indexes WHERE tablename = 'billing_ledger' AND schemaname = current_schema() ORDER BY indexname");
    assert.equal(
      defs.map((d) => d.def.replace(/^.* USING btree /, '')),
      ['(month, account_id)', '(request_id)'],
    );
  });

  test('ledger writer: concurrent records are group-committed and all durable', async () => {
    const a = randomUUID();
    const w = new MeterWriter(store, { maxBatch: 50 });
    await Promise.all(Array.from({ length: 120 }, (_, i) => w.bill(row(a, { costMicros: i % 3 === 0 ? 1_000 : 0, plan: i < 100 ? 'developer_pro' : null }))));
    assert.ok(w.batches <= 4, `batches ${w.batches}`);
    assert.equal(await monthUsage(store, a, '2026-05'), { calls: 120, planCalls: 100, extraCalls: 40, accruedMicros: 40_000 });
    assert.equal(await monthUsage(store, a, '2026-06'), { calls: 0, planCalls: 0, extraCalls: 0, accruedMicros: 0 });
  });

  test('meter writer: the ledger row of a billed call joins its queued usage record, one commit for both', async () => {
    const a = randomUUID();
    const key = randomUUID();
    const minute = Math.floor(NOW / 60_000);
    const usageCalls = async (): Promise<number> =>
      (await store.query<{ n: number }>('SELECT coalesce(sum(calls), 0)::int AS n FROM key_usage WHERE key_id = $1 AND minute = $2', [key, minute]))[0]!.n;
    const w = new MeterWriter(store);
    // 30 admitted calls of a key; 20 of them billed, 5 billed calls without a usage record.
    const admitted = Array.from({ length: 30 }, () => w.usage({ keyId: key, minute }));
    const billed = admitted.slice(0, 20).map((u) => w.bill(row(a, { keyId: key }), u));
    const unkeyed = Array.from({ length: 5 }, () => w.bill(row(a)));
    await Promise.all([...admitted.map((u) => u.done), ...billed, ...unkeyed]);
    assert.is(w.batches, 1);
    assert.is(await usageCalls(), 30);
    assert.is((await monthUsage(store, a, '2026-05')).calls, 25);
    // A ledger row whose usage record was already committed is written in a batch of its own.
    await w.bill(row(a, { keyId: key }), admitted[25]!);
    assert.is(w.batches, 2);
    assert.is(await usageCalls(), 30);
    assert.is((await monthUsage(store, a, '2026-05')).calls, 26);
  });

  test('meter writer: a batch is one transaction: a row that cannot be written fails its usage rows too', async () => {
    const a = randomUUID();
    const key = randomUUID();
    const minute = Math.floor(NOW / 60_000) + 7;
    const w = new MeterWriter(store, { attempts: 1 });
    const ok = w.usage({ keyId: key, minute });
    const bad = w.bill(row(a, { keyId: key, month: 'May' }), w.usage({ keyId: key, minute }));
    const [first, second] = await Promise.allSettled([ok.done, bad]);
    assert.is(first.status, 'rejected');
    assert.is(second.status, 'rejected');
    assert.equal(await store.query('SELECT calls FROM key_usage WHERE key_id = $1', [key]), []);
    assert.is((await monthUsage(store, a, '2026-05')).calls, 0);
  });

  test('meter writer: a batch committed but not acknowledged is retried without counting anything twice', async () => {
    const a = randomUUID();
    const key = randomUUID();
    const minute = Math.floor(NOW / 60_000) + 11;
    // The store commits the first batch's statement, then its acknowledgement is lost (the
    // connection dropped after COMMIT): the writer sees an error and retries that batch. Later, a
    // statement is refused before it runs: its retry must still write it.
    const script = ['ack-lost', 'ok', 'refused'];
    let executed = 0;
    const ackLostOnce: UserStore = {
      ...store,
      async execute(sql, params) {
        const step = script[executed++] ?? 'ok';
        if (step === 'refused') throw new Error('Connection terminated unexpectedly');
        const n = await store.execute(sql, params);
        if (step === 'ack-lost') throw new Error('Connection terminated unexpectedly');
        return n;
      },
    };
    const usageCalls = async (): Promise<{ minute: number; calls: number }[]> =>
      store.query('SELECT minute::int, calls FROM key_usage WHERE key_id = $1 ORDER BY minute', [key]);
    const w = new MeterWriter(ackLostOnce, { attempts: 3 });
    // 12 admitted calls over two minutes; 8 of them billed.
    const admitted = Array.from({ length: 12 }, (_, i) => w.usage({ keyId: key, minute: minute + (i % 2) }));
    const billed = admitted.slice(0, 8).map((u) => w.bill(row(a, { keyId: key }), u));
    await Promise.all([...admitted.map((u) => u.done), ...billed]);
    assert.is(executed, 2, 'the batch was written, reported failed, and retried once');
    assert.is(w.batches, 1);
    assert.equal(await usageCalls(), [{ minute, calls: 6 }, { minute: minute + 1, calls: 6 }]);
    assert.is((await monthUsage(store, a, '2026-05')).calls, 8);
    // The next batch of the same key and minutes is a new batch: its calls are added, once,
    // although its first attempt was refused.
    const more = Array.from({ length: 3 }, () => w.usage({ keyId: key, minute }));
    await Promise.all([...more.map((u) => u.done), w.bill(row(a, { keyId: key }), more[0]!)]);
    assert.is(executed, 4);
    assert.is(w.batches, 2);
    assert.equal(await usageCalls(), [{ minute, calls: 9 }, { minute: minute + 1, calls: 6 }]);
    assert.is((await monthUsage(store, a, '2026-05')).calls, 9);
  });

  test('meter writer: a withdrawn usage record is dropped while queued, one call less once written (the row goes at none), once', async () => {
    const key = randomUUID();
    const minute = Math.floor(NOW / 60_000) + 17;
    const calls = async (): Promise<{ minute: number; calls: number }[]> => store.query('SELECT minute::int, calls FROM key_usage WHERE key_id = $1 ORDER BY minute', [key]);
    const w = new MeterWriter(store);
    // Still queued: its batch writes the others only.
    const queued = [w.usage({ keyId: key, minute }), w.usage({ keyId: key, minute })];
    await w.withdraw(queued[0]!);
    await Promise.all(queued.map((u) => u.done));
    assert.equal(await calls(), [{ minute, calls: 1 }]);
    // Written: one call less, and the row goes with its last call; twice is once.
    const later = w.usage({ keyId: key, minute: minute + 1 });
    const again = w.usage({ keyId: key, minute: minute + 1 });
    await Promise.all([later.done, again.done]);
    await w.withdraw(later);
    await w.withdraw(later);
    assert.equal(await calls(), [{ minute, calls: 1 }, { minute: minute + 1, calls: 1 }]);
    await w.withdraw(queued[1]!);
    assert.equal(await calls(), [{ minute: minute + 1, calls: 1 }]);
  });

  test('meter writer: batch ids are UUIDv7s, pruned by the time their batch was cut', async () => {
    const key = randomUUID();
    const minute = Math.floor(NOW / 60_000) + 13;
    const ids = async (): Promise<string[]> => (await store.query<{ id: string }>('SELECT batch_id::text AS id FROM meter_batches')).map((r) => r.id);
    const w = new MeterWriter(store);
    await w.usage({ keyId: key, minute }).done;
    // A ms after the first batch was cut (it may have committed within the same ms).
    const between = Date.now() + 1;
    while (Date.now() < between) await new Promise((r) => setTimeout(r, 1));
    await w.bill(row(randomUUID()));
    const all = await ids();
    assert.ok(all.length >= 2, `${all.length} ids`);
    assert.ok(all.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id)), all.join(' '));
    // Every batch before `between` (this suite's earlier ones too) is pruned; the last one is kept.
    assert.is(await w.prune(between), all.length - 1);
    const [last] = await ids();
    const cutAt = Number.parseInt(last!.replace(/-/g, '').slice(0, 12), 16);
    assert.ok(cutAt >= between && cutAt <= Date.now(), `the kept id was cut at ${cutAt}, between ${between} and now`);
    assert.is(await w.prune(Date.now() + 1), 1);
    assert.equal(await ids(), []);
  });

  test('consent: stored with the plan, rate and price; matches only at the same ones', async () => {
    const a = randomUUID();
    assert.is(await readOverage(store, a), null);
    await writeOverage(store, a, { enabled: true, plan: 'developer', rateMicros: 2_000, priceMicros: 99_000_000, capMicros: 50_000_000 });
    const r = await readOverage(store, a);
    assert.equal(r, { enabled: true, plan: 'developer', rateMicros: 2_000, priceMicros: 99_000_000, capMicros: 50_000_000 });
    assert.is(consentMatches(r, 'developer'), true);
    assert.is(consentMatches(r, 'developer_pro'), false);
    assert.is(consentMatches({ ...r!, rateMicros: 1_500 }, 'developer'), false);
    assert.is(consentMatches({ ...r!, priceMicros: 89_000_000 }, 'developer'), false);
    await writeOverage(store, a, { enabled: false, plan: 'developer', rateMicros: 2_000, priceMicros: 99_000_000, capMicros: 0 });
    assert.is((await readOverage(store, a))!.enabled, false);
  });

  test('billing: the seed is rebuilt from the ledger and the consent; agent plan and usage records', async () => {
    const a = randomUUID();
    const billing = new Billing({ store, limits: new MemoryLimitStore({ clock: () => NOW }), clock: () => NOW });
    await insertLedgerRows(store, [row(a), row(a), row(a, { costMicros: 2_000 }), row(a, { plan: null }), row(a, { month: '2026-04', costMicros: 2_000 })]);
    assert.equal(await billing.seed(a, 'developer', '2026-05'), { calls: 3, accruedMicros: 2_000, conf: { enabled: false, plan: '', rateMicros: 0, priceMicros: 0, capMicros: 0 } });
    const view = await billing.setOverage(a, 'developer', 120.5);
    assert.equal(view, {
      plan: 'developer',
      plan_name: 'Developer',
      price_usd: 99,
      rate_usd: 0.002,
      limit_usd: 120.5,
      overage_accrued_usd: 0.002,
      extra_calls_enabled: true,
      consent_required: false,
      default_cap_usd: 50,
      max_cap_usd: 396,
      included_calls: 100_000,
      calls_this_month: 3,
      month: '2026-05',
      resets_at: '2026-06-01T00:00:00Z',
    });
    // The limit store gets the consent as given; it compares plan, rate and price on every call.
    assert.equal((await billing.seed(a, 'developer_pro', '2026-05')).conf, { enabled: true, plan: 'developer', rateMicros: 2_000, priceMicros: 99_000_000, capMicros: 120_500_000 });
    // A plan change: the consent no longer bills, and the record says consent is needed again.
    const pro = await billing.agentPlan(a, 'developer_pro');
    assert.is(pro.extra_calls_enabled, false);
    assert.is(pro.consent_required, true);
    assert.is(pro.limit_usd, 0);
    assert.equal(await billing.agentUsage(a, 'developer'), {
      month: '2026-05',
      calls: 4,
      plan_calls: 3,
      included_calls: 100_000,
      remaining_included_calls: 99_997,
      extra_calls: 1,
      overage_accrued_usd: 0.002,
    });
  });

  test('overage requests: absent = default cap, up to 4x the price, above -> 400, 0 = off, no plan -> 409', async () => {
    const a = randomUUID();
    const billing = new Billing({ store, limits: new MemoryLimitStore({ clock: () => NOW }), clock: () => NOW });
    assert.is((await billing.setOverage(a, 'developer', undefined)).limit_usd, 50);
    assert.is((await billing.setOverage(a, 'developer_pro', undefined)).limit_usd, 250);
    assert.is((await billing.setOverage(a, 'developer_pro', 1_996)).limit_usd, 1_996);
    assert.is((await billing.setOverage(a, 'developer', 396)).limit_usd, 396);
    // A positive amount too small for a micro-dollar is not 0 (off): 1e-300 and 5e-324 were taken as 0.
    for (const [plan, cap] of [['developer', 396.01], ['developer_pro', 1_997], ['developer', 0.0000001], ['developer', 1e-300], ['developer', 5e-324]] as const) {
      try {
        await billing.setOverage(a, plan, cap);
        assert.unreachable(`${plan} ${cap}`);
      } catch (err) {
        assert.is((err as { status?: number }).status, 400, `${plan} ${cap}`);
      }
    }
    const off = await billing.setOverage(a, 'developer', 0);
    assert.equal([off.extra_calls_enabled, off.limit_usd], [false, 0]);
    try {
      await billing.setOverage(a, null, 10);
      assert.unreachable();
    } catch (err) {
      assert.is((err as { status?: number }).status, 409);
    }
  });

  test('invoice: one line per account and month, summed from the ledger; re-running rewrites it', async () => {
    const a = randomUUID();
    const b = randomUUID();
    await insertLedgerRows(store, [
      ...Array.from({ length: 3 }, () => row(a, { month: '2026-03', costMicros: 2_000 })),
      row(a, { month: '2026-03' }),
      row(b, { month: '2026-03', plan: 'developer_pro', costMicros: 1_000 }),
      row(b, { month: '2026-03', plan: null }),
      row(a, { month: '2026-02', costMicros: 2_000 }),
    ]);
    const lines = await buildInvoice(store, '2026-03');
    const expected = [
      { accountId: a, month: '2026-03', plan: 'developer', calls: 4, extraCalls: 3, amountMicros: 6_000 },
      { accountId: b, month: '2026-03', plan: 'developer_pro', calls: 1, extraCalls: 1, amountMicros: 1_000 },
    ].sort((x, y) => (x.accountId < y.accountId ? -1 : 1));
    assert.equal(lines, expected);
    assert.equal(await buildInvoice(store, '2026-03'), expected);
    const stored = await store.query<{ n: number; total: number }>(`SELECT count(*)::int AS n, sum(amount_micros)::bigint AS total FROM billing_invoice_lines WHERE month = '2026-03'`);
    assert.equal(stored, [{ n: 2, total: 7_000 }]);
  });

  test.run();
}
