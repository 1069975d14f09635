/**
 * A tool call the heavy-tool gate refuses (spec 8.4: the service's own capacity) keeps the caller's
 * allowances (spec 8.2, 8.1) and is never billed: it gives back its hourly MCP unit, its key's day
 * or month unit (the per-key usage too, so a rebuilt counter agrees) and its plan reservation,
 * once; the minute windows keep counting it as a request. Its 429 carries `Retry-After: 1` and no
 * RateLimit headers (no quota of the caller's refused it). Against the in-process limit store, and
 * Redis when REDIS_URL is set (`npm run test:contract`), where the round trips are counted too.
 */
import { randomUUID } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { anonymousCaller, type Caller } from '../../../api/caller.ts';
import { HeavyGate } from '../../../api/limits/heavy.ts';
import { meterKeys, Limiter } from '../../../api/limits/limiter.ts';
import { MemoryLimitStore } from '../../../api/limits/memory.ts';
import { countersFor } from '../../../api/limits/policies.ts';
import { RedisLimitStore } from '../../../api/limits/redis.ts';
import { setAccountPlan } from '../../../api/store/accounts.ts';
import { loadConfig } from '../../../schema/config.ts';
import { billingMonth, utcMonth } from '../../../schema/plans.ts';
import { awayFromWindowEdge, sampleApp, type TestApp } from '../../helpers.ts';
import { keyAccount } from '../rest/user-state-accounts.ts';

const redisUrl = loadConfig().redisUrl;
const UA = 'almanac-mcp-test/1.0 (capacity)';
const FUNDAMENTALS = { ticker: 'AAPL', asOf: '2025-01-15' };

let t: TestApp;
let gate: HeavyGate;
/** Ends the call holding the gate's one slot. */
let release: () => void = () => undefined;

/** The gate's one slot taken (by a call outside any caller's limits), so every heavy tool call is refused. */
function saturate(): void {
  release();
  const held = new Promise<void>((r) => (release = r));
  gate.run('get_fundamentals', () => held).catch(() => undefined);
}

async function unsaturate(): Promise<void> {
  release();
  while (gate.running()) await new Promise((r) => setTimeout(r, 5));
}

const call = (id: number, name = 'get_fundamentals', args: Record<string, unknown> = FUNDAMENTALS) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

function post(payload: unknown, headers: Record<string, string>, remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'POST', url: '/api/mcp', remoteAddress, headers: { 'user-agent': UA, 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers }, payload: payload as object });
}

/** The tool result inside a single call's JSON-RPC answer. */
const inner = (res: { body: string }) => JSON.parse(JSON.parse(res.body).result.content[0].text);

/** Uses `units` of `policy` for a tool call of `caller` now (0 reads what is left), without a seed. */
async function use(caller: Caller, policy: string, units: number): Promise<number> {
  const now = Date.now();
  const c = countersFor(caller, { path: '/api/mcp', weight: 1, mcpTool: 'get_fundamentals', toolCall: true }, now).find((x) => x.policy === policy)!;
  const r = await t.services.limits.store.evaluate({ now, counters: [{ key: c.key, policy: c.policy, kind: c.kind, limit: c.limit, cost: units, windowMs: c.windowMs }] });
  assert.is(r.outcome, 'admitted');
  return r.outcome === 'admitted' ? r.counters[0]!.remaining : -1;
}

/** What is left of `policy` for `caller`. */
const left = (caller: Caller, policy: string): Promise<number> => use(caller, policy, 0);

async function keyCaller(accountId: string, plan: Caller['plan']): Promise<Caller> {
  const [row] = await t.services.store.query<{ id: string }>('SELECT id FROM api_keys WHERE account_id = $1', [accountId]);
  return { kind: 'key', ip: '127.0.0.1', userAgent: UA, accountId, keyId: row!.id, keyKind: 'standard', tier: plan ? 'power_user' : 'learner', plan, sessionId: null, keyDailyLimit: null };
}

const roundTrips = (): number => (t.services.limits.store instanceof RedisLimitStore ? t.services.limits.store.roundTrips : 0);

const capacity = suite(`mcp heavy-tool refusals keep the caller's allowances (${redisUrl ? 'redis' : 'memory'} limit store)`);
capacity.before(async () => {
  t = await sampleApp({ jobs: ['companies', 'filings', 'fundamentals'], config: redisUrl ? { redisUrl, redisPrefix: `test:${randomUUID()}:` } : {} });
  // One slot, a queue of one, a short wait: the first refused call of a batch waits and times out,
  // the second finds the queue full.
  gate = new HeavyGate({ perTool: 1, total: 1, maxQueue: 1, maxWaitMs: 40 });
  t.services.heavyGate = gate;
});
// A failed test leaves the gate held.
capacity.before.each(() => unsaturate());
capacity.after(async () => {
  release();
  const store = t.services.limits.store;
  if (store instanceof RedisLimitStore) {
    const keys = await store.client.keys(`${store.prefix}*`);
    if (keys.length) await store.client.del(...keys);
  }
  await t.close();
});

capacity('an anonymous caller with 2 calls left this hour: refused heavy calls leave both, the next two are admitted, then the hourly limit refuses', async () => {
  await awayFromWindowEdge(3_600_000, 60_000);
  const ip = '198.51.100.41';
  const caller = anonymousCaller(ip, UA);
  await use(caller, 'mcp-learner-hour', 98);
  assert.is(await left(caller, 'mcp-learner-hour'), 2);
  saturate();
  const trips = roundTrips();
  // Three single calls (the fast path: each waits 40 ms, then is refused) and a batch of two (the SDK).
  const refused = [await post(call(1), {}, ip), await post(call(2), {}, ip), await post(call(3), {}, ip), await post([call(4), call(5)], {}, ip)];
  for (const r of refused) {
    assert.is(r.statusCode, 429, r.body);
    assert.is(r.headers['retry-after'], '1');
    // Not the per-IP window that admitted the HTTP request, nor any quota: the gate refused.
    assert.is(r.headers['ratelimit-policy'], undefined);
    assert.is(r.headers.ratelimit, undefined);
  }
  assert.equal([inner(refused[0]!).status, inner(refused[0]!).retry_after_seconds], [429, 1]);
  for (const m of JSON.parse(refused[3]!.body)) assert.is(JSON.parse(m.result.content[0].text).status, 429);
  // Per HTTP request: its own admission, and per tool call one admission and one give-back.
  if (redisUrl) assert.is(roundTrips() - trips, 4 + 5 * 2);
  assert.is(await left(caller, 'mcp-learner-hour'), 2);
  await unsaturate();

  const before = roundTrips();
  const first = await post(call(6), {}, ip);
  assert.is(first.statusCode, 200, first.body);
  assert.is(inner(first).statement.fundamentals.revenue, 391035000000);
  // The admitted path is as before: the HTTP request's admission and the tool call's, nothing more.
  if (redisUrl) assert.is(roundTrips() - before, 2);
  assert.match(String(first.headers['ratelimit-policy']), /"mcp-learner-hour";q=100;w=3600/);
  assert.match(String(first.headers.ratelimit), /^"mcp-learner-hour";r=1;t=\d+$/);
  const second = await post(call(7), {}, ip);
  assert.is(second.statusCode, 200, second.body);
  assert.match(String(second.headers.ratelimit), /^"mcp-learner-hour";r=0;t=\d+$/);
  const over = await post(call(8), {}, ip);
  assert.is(over.statusCode, 429);
  assert.is(inner(over).policy, 'mcp-learner-hour');
  assert.is(over.headers.ratelimit, `"mcp-learner-hour";r=0;t=${over.headers['retry-after']}`);
});

capacity('a developer-plan key: refused heavy calls reserve nothing in the plan meter, bill nothing and keep the hourly unit; the minute counts them', async () => {
  await awayFromWindowEdge(60_000, 20_000);
  const account = await keyAccount(t.app, t.services.store, `capacity-plan-${randomUUID()}@example.com`);
  await setAccountPlan(t.services.store, account.accountId, 'developer');
  t.services.identity.keyCache.clear();
  const caller = await keyCaller(account.accountId, 'developer');
  const headers = { 'x-api-key': account.key };
  const { monthKey } = meterKeys(account.accountId, billingMonth(Date.now()));

  const light = await post(call(1, 'search_tickers', { q: 'apple' }), headers);
  assert.is(light.statusCode, 200, light.body);
  assert.equal(await t.services.limits.store.peekMeter(monthKey), { calls: 1, accruedMicros: 0 });
  saturate();
  for (let i = 0; i < 3; i++) {
    const r = await post(call(2 + i), headers);
    assert.is(r.statusCode, 429, r.body);
    // Not billed, and priced so: 0, as a refused REST call is.
    assert.is(r.headers['x-svc-per-call-cost'], '0');
  }
  assert.equal(await t.services.limits.store.peekMeter(monthKey), { calls: 1, accruedMicros: 0 });
  assert.is(await left(caller, 'mcp-plan-hour'), 5_000 - 1);
  await unsaturate();
  const heavy = await post(call(5), headers);
  assert.is(heavy.statusCode, 200, heavy.body);
  assert.is(heavy.headers['x-svc-per-call-cost'], '0');
  assert.is(await left(caller, 'mcp-plan-hour'), 5_000 - 2);
  // Requests per minute count every request, a refused one too (as any 429): 1 + 3 + 1 of 300.
  assert.is(await left(caller, 'key-premium-minute'), 300 - 5);
  assert.equal(await t.services.limits.store.peekMeter(monthKey), { calls: 2, accruedMicros: 0 });
  await t.services.billing.ledger.flush();
  const [billed] = await t.services.store.query<{ n: number }>('SELECT count(*)::int AS n FROM billing_ledger WHERE account_id = $1', [account.accountId]);
  assert.is(billed!.n, 2);
});

capacity("a Standard key: refused heavy calls keep its month unit, in the limit store and in the per-key usage a lost counter is rebuilt from", async () => {
  await awayFromWindowEdge(60_000, 20_000);
  const account = await keyAccount(t.app, t.services.store, `capacity-key-${randomUUID()}@example.com`);
  const caller = await keyCaller(account.accountId, null);
  const headers = { 'x-api-key': account.key };
  assert.is((await post(call(1), headers)).statusCode, 200);
  saturate();
  // Each refusal takes its usage record out (test/api/billing/billing.contract.test.ts: queued or written).
  for (let i = 0; i < 3; i++) assert.is((await post(call(2 + i), headers)).statusCode, 429);
  await unsaturate();
  assert.is(await left(caller, 'key-standard-month'), 10_000 - 1);
  assert.is(await left(caller, 'mcp-learner-hour'), 100 - 1);
  assert.is(await left(caller, 'key-standard-minute'), 60 - 4);
  await t.services.billing.ledger.flush();
  const monthStart = utcMonth(Date.now()).start;
  assert.equal(await t.services.billing.usage.counts(caller.keyId!, [monthStart], Date.now()), [1]);
  const store = t.services.limits.store;
  if (store instanceof MemoryLimitStore) {
    // The store loses its counters: the month is rebuilt from the usage, refused calls not in it.
    store.clear();
    assert.is((await post(call(5), headers)).statusCode, 200);
    assert.is(await left(caller, 'key-standard-month'), 10_000 - 2);
  }
});

capacity.run();

// ---

const once = suite('Limiter.giveBack');

once('gives back once, only the hour, day and month windows, and nothing into a window begun since', async () => {
  let now = Date.UTC(2026, 4, 20, 10, 0, 30);
  const store = new MemoryLimitStore({ clock: () => now });
  const seeds = async () => ({ calls: 0, accruedMicros: 0, conf: { enabled: false, plan: '' as const, rateMicros: 0, priceMicros: 0, capMicros: 0 } });
  const limiter = new Limiter({ store, seeds, publicUrl: 'http://localhost', clock: () => now });
  const caller = anonymousCaller('192.0.2.41', UA);
  const tool = { path: '/api/mcp', mcpTool: 'get_fundamentals', weight: 2, metered: true };
  /** What is left of each policy of the call (read at cost 0). */
  const remaining = async (): Promise<Record<string, number>> => {
    const out: Record<string, number> = {};
    for (const c of countersFor(caller, { path: tool.path, weight: 0, mcpTool: tool.mcpTool, toolCall: true }, now)) {
      const r = await store.evaluate({ now, counters: [{ ...c, cost: 0 }] });
      if (r.outcome === 'admitted') out[c.policy] = r.counters[0]!.remaining;
    }
    return out;
  };
  await limiter.admit(caller, tool);
  assert.equal(await remaining(), { 'budget-requests': 199, 'budget-units': 998, 'api-anonymous-minute': 199, 'mcp-learner-hour': 99 });
  const refused = await limiter.admit(caller, tool);
  await limiter.giveBack(refused);
  await limiter.giveBack(refused);
  // The minute windows keep the refused call, the hour has it back (once).
  assert.equal(await remaining(), { 'budget-requests': 198, 'budget-units': 996, 'api-anonymous-minute': 198, 'mcp-learner-hour': 99 });
  // Given back after its hour ended: the new hour's counter is not touched.
  const late = await limiter.admit(caller, tool);
  now += 3_600_000;
  await limiter.giveBack(late);
  assert.is((await remaining())['mcp-learner-hour'], 100);
});

once.run();
