/**
 * One contract for both limit stores (DESIGN.md: one interface, two implementations, one suite):
 * the in-process store always, and Redis when REDIS_URL is set (CI: redis://127.0.0.1:6379), each
 * run under a unique key prefix.
 */
import { randomUUID } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { CounterSpec, LimitStore, MeterSpec, OverageConf } from '../../../api/limits/interface.ts';
import { MemoryLimitStore } from '../../../api/limits/memory.ts';
import { packArgs, RedisLimitStore, unpackReply } from '../../../api/limits/redis.ts';
import { loadConfig } from '../../../schema/config.ts';

const NOW = Date.UTC(2026, 4, 10, 12, 0, 0);
const redisUrl = loadConfig().redisUrl;

const fixed = (key: string, limit: number, cost = 1, windowMs = 60_000): CounterSpec => ({ key, policy: key, kind: 'fixed', limit, cost, windowMs });
const burst = (key: string, limit = 200, windowMs = 5_000): CounterSpec => ({ key, policy: key, kind: 'gcra', limit, cost: 1, windowMs });
const OFF: OverageConf = { enabled: false, plan: '', rateMicros: 0, priceMicros: 0, capMicros: 0 };

function meter(id: string, seed?: MeterSpec['seed']): MeterSpec {
  return { monthKey: `meter:${id}:2026-05`, confKey: `meterconf:${id}`, plan: 'developer', includedCalls: 3, rateMicros: 2_000, priceMicros: 99_000_000, monthTtlMs: 60_000, confTtlMs: 60_000, ...(seed ? { seed } : {}) };
}

function contract(name: string, open: () => Promise<LimitStore>, lose: (store: LimitStore) => Promise<void>): void {
  const test = suite(`limits contract: ${name}`);
  let store: LimitStore;
  const id = () => randomUUID().slice(0, 8);
  test.before(async () => {
    store = await open();
  });
  test.after(async () => {
    if (store instanceof RedisLimitStore) {
      const keys = await store.client.keys(`${store.prefix}*`);
      if (keys.length) await store.client.del(...keys);
    }
    await store.close();
  });

  test('fixed window: admits up to the limit, then refuses with the time to the window end', async () => {
    const k = `f:${id()}`;
    const remaining: number[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await store.evaluate({ now: NOW, counters: [fixed(k, 3, 1, 30_000)] });
      assert.is(r.outcome, 'admitted');
      if (r.outcome === 'admitted') remaining.push(r.counters[0]!.remaining);
    }
    assert.equal(remaining, [2, 1, 0]);
    const r = await store.evaluate({ now: NOW, counters: [fixed(k, 3, 1, 30_000)] });
    assert.is(r.outcome, 'limited');
    if (r.outcome !== 'limited') return;
    assert.equal(r.refused, [k]);
    assert.ok(r.retryAfterMs > 29_000 && r.retryAfterMs <= 30_000, String(r.retryAfterMs));
    assert.is(r.counters[0]!.remaining, 0);
  });

  test('a refused request consumes nothing on any other counter', async () => {
    const a = `a:${id()}`;
    const b = `b:${id()}`;
    const g = `g:${id()}`;
    assert.is((await store.evaluate({ now: NOW, counters: [fixed(a, 1), fixed(b, 5), burst(g, 10)] })).outcome, 'admitted');
    for (let i = 0; i < 5; i++) assert.is((await store.evaluate({ now: NOW, counters: [fixed(a, 1), fixed(b, 5), burst(g, 10)] })).outcome, 'limited');
    const r = await store.evaluate({ now: NOW, counters: [fixed(b, 5), burst(g, 10)] });
    assert.is(r.outcome, 'admitted');
    if (r.outcome === 'admitted') assert.equal(r.counters.map((c) => c.remaining), [3, 8]);
  });

  test('weighted cost: units count, the refusal reports the remaining units', async () => {
    const k = `w:${id()}`;
    assert.is((await store.evaluate({ now: NOW, counters: [fixed(k, 1_000, 400)] })).outcome, 'admitted');
    assert.is((await store.evaluate({ now: NOW, counters: [fixed(k, 1_000, 400)] })).outcome, 'admitted');
    const r = await store.evaluate({ now: NOW, counters: [fixed(k, 1_000, 400)] });
    assert.is(r.outcome, 'limited');
    if (r.outcome === 'limited') assert.is(r.counters[0]!.remaining, 200);
    assert.is((await store.evaluate({ now: NOW, counters: [fixed(k, 1_000, 200)] })).outcome, 'admitted');
  });

  test('rolling burst (GCRA): 200 in 5 s, then refused, admitted again as the window rolls', async () => {
    const k = `burst:${id()}`;
    let admitted = 0;
    for (let i = 0; i < 250; i++) if ((await store.evaluate({ now: NOW + i, counters: [burst(k)] })).outcome === 'admitted') admitted++;
    // 250 requests over 250 ms: 200 of burst plus one per 25 ms that rolled out of the window.
    assert.is(admitted, 209);
    assert.is((await store.evaluate({ now: NOW + 250, counters: [burst(k)] })).outcome, 'admitted');
    const refused = await store.evaluate({ now: NOW + 250, counters: [burst(k)] });
    assert.is(refused.outcome, 'limited');
    if (refused.outcome === 'limited') assert.ok(refused.retryAfterMs > 0 && refused.retryAfterMs <= 25, String(refused.retryAfterMs));
    assert.is((await store.evaluate({ now: NOW + 275, counters: [burst(k)] })).outcome, 'admitted');
    // After a quiet 5 s the whole burst is available again.
    let again = 0;
    for (let i = 0; i < 201; i++) if ((await store.evaluate({ now: NOW + 6_000, counters: [burst(k)] })).outcome === 'admitted') again++;
    assert.is(again, 200);
  });

  test('meter: asks for a seed, then admits the allowance at 0, then refuses with extra calls off', async () => {
    const acct = id();
    assert.equal(await store.evaluate({ now: NOW, counters: [], meter: meter(acct) }), { outcome: 'seed', meter: true, counters: [] });
    const seed = { calls: 1, accruedMicros: 0, conf: OFF };
    const costs: number[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await store.evaluate({ now: NOW, counters: [], meter: meter(acct, seed) });
      assert.is(r.outcome, 'admitted');
      if (r.outcome === 'admitted') costs.push(r.meter!.costMicros, r.meter!.calls);
    }
    assert.equal(costs, [0, 2, 0, 3]);
    const r = await store.evaluate({ now: NOW, counters: [], meter: meter(acct) });
    assert.is(r.outcome, 'allowance');
    if (r.outcome === 'allowance') assert.equal(r.meter, { costMicros: 0, calls: 3, accruedMicros: 0, capMicros: 0, enabled: false });
    assert.equal(await store.peekMeter(meter(acct).monthKey), { calls: 3, accruedMicros: 0 });
  });

  test('meter: extra calls accrue the rate up to the cap, never past it; release gives a call back', async () => {
    const acct = id();
    const m = meter(acct, { calls: 3, accruedMicros: 0, conf: { enabled: true, plan: 'developer', rateMicros: 2_000, priceMicros: 99_000_000, capMicros: 5_000 } });
    const a = await store.evaluate({ now: NOW, counters: [], meter: m });
    const b = await store.evaluate({ now: NOW, counters: [], meter: m });
    assert.is(a.outcome, 'admitted');
    assert.is(b.outcome, 'admitted');
    if (b.outcome === 'admitted') assert.equal(b.meter, { costMicros: 2_000, calls: 5, accruedMicros: 4_000, capMicros: 5_000, enabled: true });
    const c = await store.evaluate({ now: NOW, counters: [], meter: m });
    assert.is(c.outcome, 'cap');
    if (c.outcome === 'cap') assert.is(c.meter.accruedMicros, 4_000);
    await store.release(m.monthKey, 2_000);
    assert.equal(await store.peekMeter(m.monthKey), { calls: 4, accruedMicros: 2_000 });
    await store.setOverage(m.confKey, { enabled: true, plan: 'developer', rateMicros: 2_000, priceMicros: 99_000_000, capMicros: 10_000 }, 60_000);
    const d = await store.evaluate({ now: NOW, counters: [], meter: m });
    assert.is(d.outcome, 'admitted');
    if (d.outcome === 'admitted') assert.is(d.meter!.accruedMicros, 4_000);
  });

  test('meter: release gives back a call reserved inside the allowance (cost 0)', async () => {
    const m = meter(id(), { calls: 0, accruedMicros: 0, conf: OFF });
    assert.is((await store.evaluate({ now: NOW, counters: [], meter: m })).outcome, 'admitted');
    assert.is((await store.evaluate({ now: NOW, counters: [], meter: m })).outcome, 'admitted');
    await store.release(m.monthKey, 0);
    assert.equal(await store.peekMeter(m.monthKey), { calls: 1, accruedMicros: 0 });
  });

  test('meter: consent given at another plan, rate or price counts as off', async () => {
    for (const conf of [
      { enabled: true, plan: 'developer', rateMicros: 1_500, priceMicros: 99_000_000, capMicros: 5_000 },
      { enabled: true, plan: 'developer', rateMicros: 2_000, priceMicros: 89_000_000, capMicros: 5_000 },
    ] as OverageConf[]) {
      const r = await store.evaluate({ now: NOW, counters: [], meter: meter(id(), { calls: 3, accruedMicros: 0, conf }) });
      assert.is(r.outcome, 'allowance');
    }
    const acct = id();
    const m = meter(acct, { calls: 3, accruedMicros: 0, conf: { enabled: true, plan: 'developer_pro', rateMicros: 1_000, priceMicros: 499_000_000, capMicros: 5_000_000 } });
    const r = await store.evaluate({ now: NOW, counters: [], meter: m });
    assert.is(r.outcome, 'allowance');
    if (r.outcome === 'allowance') assert.is(r.meter.enabled, false);
  });

  test('a counter refusal leaves the meter untouched, and a meter refusal leaves the counters untouched', async () => {
    const acct = id();
    const k = `c:${id()}`;
    const m = meter(acct, { calls: 0, accruedMicros: 0, conf: OFF });
    assert.is((await store.evaluate({ now: NOW, counters: [fixed(k, 1)], meter: m })).outcome, 'admitted');
    assert.is((await store.evaluate({ now: NOW, counters: [fixed(k, 1)], meter: m })).outcome, 'limited');
    assert.equal(await store.peekMeter(m.monthKey), { calls: 1, accruedMicros: 0 });
    const k2 = `c2:${id()}`;
    await store.evaluate({ now: NOW, counters: [], meter: m });
    await store.evaluate({ now: NOW, counters: [], meter: m });
    assert.is((await store.evaluate({ now: NOW, counters: [fixed(k2, 5)], meter: m })).outcome, 'allowance');
    const r = await store.evaluate({ now: NOW, counters: [fixed(k2, 5)] });
    assert.is(r.outcome, 'admitted');
    if (r.outcome === 'admitted') assert.is(r.counters[0]!.remaining, 4);
  });

  test('a key counter lost with the store\'s data asks for a seed, is rebuilt from it, and counts on', async () => {
    const minute = Math.floor(NOW / 60_000) * 60_000;
    const k = `key:${id()}`;
    const keyCounter = (extra: Partial<CounterSpec> = {}): CounterSpec => ({ ...fixed(k, 60, 1, minute + 60_000 - NOW), since: minute, ...extra });
    // A store's first rebuildable counter: its epoch starts now, so it cannot tell what it lost and asks.
    assert.equal(await store.evaluate({ now: NOW, counters: [keyCounter()] }), { outcome: 'seed', meter: false, counters: [0] });
    assert.is((await store.evaluate({ now: NOW, counters: [keyCounter({ seed: 0 })] })).outcome, 'admitted');
    for (let i = 0; i < 29; i++) assert.is((await store.evaluate({ now: NOW, counters: [keyCounter()] })).outcome, 'admitted');
    await lose(store);
    // Same minute, after the loss: the counter's window began before the new epoch, so it must be rebuilt.
    const later = NOW + 5_000;
    const other = fixed(`plain:${id()}`, 5);
    const asked = await store.evaluate({ now: later, counters: [other, keyCounter({ windowMs: minute + 60_000 - later })] });
    assert.equal(asked, { outcome: 'seed', meter: false, counters: [1] });
    // Nothing was consumed by the question; the seed (the user store's count: 30) is where it goes on.
    const seeded = keyCounter({ windowMs: minute + 60_000 - later, seed: 30 });
    let admitted = 0;
    for (let i = 0; i < 40; i++) if ((await store.evaluate({ now: later, counters: [seeded] })).outcome === 'admitted') admitted++;
    assert.is(admitted, 30);
    // Once rebuilt, a seed is not needed (nor applied) again.
    const again = await store.evaluate({ now: later, counters: [keyCounter({ windowMs: minute + 60_000 - later })] });
    assert.is(again.outcome, 'limited');
    // A window that began within the clock skew allowed between processes is rebuilt too (harmless).
    const skewed = await store.evaluate({ now: later + 1_000, counters: [{ ...fixed(`${k}:skew`, 60, 1, 10_000), since: later + 1_000 }] });
    assert.equal(skewed, { outcome: 'seed', meter: false, counters: [0] });
    // A window that began after the loss is genuinely new: counted from 0, no seed asked.
    const next = minute + 60_000;
    const fresh = await store.evaluate({ now: next, counters: [{ ...fixed(`${k}:next`, 60, 1, 60_000), since: next }] });
    assert.is(fresh.outcome, 'admitted');
    if (fresh.outcome === 'admitted') assert.is(fresh.counters[0]!.remaining, 59);
  });

  test('giveBack: units back on the counters still there (never below 0, none created) and the reservation released, in one step', async () => {
    const a = `ga:${id()}`;
    const b = `gb:${id()}`;
    const acct = id();
    const m = meter(acct, { calls: 0, accruedMicros: 0, conf: OFF });
    for (let i = 0; i < 3; i++) assert.is((await store.evaluate({ now: NOW, counters: [fixed(a, 3), fixed(b, 10, 2)], meter: m })).outcome, 'admitted');
    assert.is((await store.evaluate({ now: NOW, counters: [fixed(a, 3)] })).outcome, 'limited');
    const gone = `gone:${id()}`;
    await store.giveBack({ counters: [{ key: a, cost: 1 }, { key: b, cost: 2 }, { key: gone, cost: 1 }], meter: { monthKey: m.monthKey, costMicros: 0 } });
    assert.equal(await store.peekMeter(m.monthKey), { calls: 2, accruedMicros: 0 });
    const r = await store.evaluate({ now: NOW, counters: [fixed(a, 3), fixed(b, 10, 0), fixed(gone, 3, 0)] });
    assert.is(r.outcome, 'admitted');
    if (r.outcome === 'admitted') assert.equal(r.counters.map((c) => c.remaining), [0, 6, 3]);
    // More than was counted: 0, not below.
    await store.giveBack({ counters: [{ key: b, cost: 9 }] });
    const after = await store.evaluate({ now: NOW, counters: [fixed(b, 10, 0)] });
    assert.is(after.outcome, 'admitted');
    if (after.outcome === 'admitted') assert.is(after.counters[0]!.remaining, 10);
  });

  test('concurrent evaluations never admit past the limit', async () => {
    const k = `conc:${id()}`;
    const results = await Promise.all(Array.from({ length: 300 }, () => store.evaluate({ now: NOW, counters: [fixed(k, 60)] })));
    assert.is(results.filter((r) => r.outcome === 'admitted').length, 60);
  });

  test('ping', async () => {
    assert.is(await store.ping(), true);
  });

  test.run();
}

const packing = suite('redis store: packed script arguments');
// What admit.lua reads: the arguments as Redis's cmsgpack decodes them (an array of more than 15
// items, 13-digit and negative numbers, empty and comma-holding strings), and its reply as the
// store decodes cmsgpack's (integers, with -0 as 0).
const ARGS = [1764374400000, 17, 'developer', '', -1, 0, 'a,b', 0.5, ...Array.from({ length: 30 }, (_, i) => i * 1000)];
packing('one MessagePack array, every field as given', () => {
  assert.equal(unpackReply(packArgs(ARGS)), ARGS);
});
if (redisUrl) {
  packing('as Redis decodes the arguments and as the store decodes Redis\'s reply', async () => {
    const store = await RedisLimitStore.open({ url: redisUrl, prefix: `test:${randomUUID()}:` });
    try {
      const seen = await store.client.eval('return cjson.encode(cmsgpack.unpack(ARGV[1]))', 0, packArgs(ARGS));
      assert.equal(JSON.parse(String(seen)), ARGS);
      store.client.defineCommand('packedReply', { numberOfKeys: 0, lua: 'return cmsgpack.pack({1, 0, -1, 1764374400000, 999999999, -0})' });
      const reply = await (store.client as unknown as { packedReplyBuffer(): Promise<Buffer> }).packedReplyBuffer();
      assert.equal(unpackReply(reply), [1, 0, -1, 1764374400000, 999999999, 0]);
    } finally {
      await store.close();
    }
  });
}
packing.run();

contract('memory', async () => new MemoryLimitStore({ clock: () => NOW }), async (store) => (store as MemoryLimitStore).clear());
if (redisUrl) {
  contract(
    'redis',
    () => RedisLimitStore.open({ url: redisUrl, prefix: `test:${randomUUID()}:` }),
    // What a restart without persistence does to this store's keys (the shared Redis is never flushed).
    async (store) => {
      const r = store as RedisLimitStore;
      const keys = await r.client.keys(`${r.prefix}*`);
      if (keys.length) await r.client.del(...keys);
    },
  );
}
else console.log('limits contract: REDIS_URL not set, the Redis store is not checked in this run');
