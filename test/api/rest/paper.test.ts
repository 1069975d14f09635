/**
 * Paper trading over HTTP: a sequence of market and limit orders with expected cash, positions and
 * P&L; limit orders filled by a new price load (rows appended to the build database and a new
 * snapshot published); no shorting; insufficient cash; ownership (404).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openBuild, runPipelines } from '../../../pipelines/runner.ts';
import { mirrorSource } from '../../../pipelines/sources/mirror.ts';
import { checkPaperLimitOrders } from '../../../api/rest/paper.ts';
import { SAMPLE_DIR } from '../../../schema/config.ts';
import { sampleApp, tempDir, type TestApp } from '../../helpers.ts';
import { conformancePlugin, violations } from '../../openapi-conformance.ts';
import { anonymous, keyAccount, type KeyCaller } from './user-state-accounts.ts';
import { samplePrices } from '../../sample-files.ts';

let t: TestApp;
let dataDir: string;
let alice: KeyCaller;
let bob: KeyCaller;
const ids: Record<string, string> = {};

// The scenario's prices come from the sample's generated price files: the latest closes A (AAPL)
// and M (MSFT), limits placed around them, and a new load whose closes the test derives from them.
const r2 = (n: number): number => Math.round(n * 100) / 100;
const r4 = (n: number): number => Math.round(n * 1e4) / 1e4;
const LAST_DAY = samplePrices('AAPL').at(-1)!.date;
const A = samplePrices('AAPL').at(-1)!.close;
const M = samplePrices('MSFT').at(-1)!.close;
const SELL_LIMIT = r2(A * 1.04);
const BUY_LIMIT = r2(M * 0.97);
const CANCEL_LIMIT = r2(M * 0.95);
/** The new load: day 1 reaches neither limit, day 2 both. */
const NEW = { aapl: [r2(A * 1.02), r2(A * 1.06)], msft: [r2(M * 0.99), r2(M * 0.96)] };
const CASH_AFTER_BUYS = r2(100000 - 10 * A - 5 * M);
const RESERVED = r2(2 * BUY_LIMIT + CANCEL_LIMIT);
const CASH_AFTER_SELL = r2(CASH_AFTER_BUYS + 3 * A);

/** A new end-of-day load: AAPL and MSFT closes for 2025-01-02 and 2025-01-03, then a new snapshot. */
async function loadNewCloses(): Promise<void> {
  const { instance, conn, db } = await openBuild(dataDir);
  const rows: [string, string, number][] = [
    ['AAPL', '2025-01-02', NEW.aapl[0]!],
    ['AAPL', '2025-01-03', NEW.aapl[1]!],
    ['MSFT', '2025-01-02', NEW.msft[0]!],
    ['MSFT', '2025-01-03', NEW.msft[1]!],
  ];
  for (const [ticker, date, close] of rows) {
    await db.run(`INSERT INTO prices VALUES ($1, $2::DATE, $3, $3, $3, $3, $3, 1000, 0, 1, 'test', false)`, [ticker, date, close]);
  }
  conn.closeSync();
  instance.closeSync();
  const r = await runPipelines({ dataDir, source: mirrorSource(SAMPLE_DIR), jobs: ['companies'], threads: 1 });
  if (!r.snapshot) throw new Error('republish failed');
  await t.services.warehouse.refresh();
}

const paper = suite('paper trading');
paper.before(async () => {
  dataDir = tempDir();
  // Built in place (not from the sample cache) so the build database is there to append to.
  const r = await runPipelines({ dataDir, source: mirrorSource(SAMPLE_DIR), jobs: ['companies', 'prices'], threads: 1 });
  if (!r.snapshot) throw new Error('sample build failed');
  t = await sampleApp({ build: false, config: { dataDir }, server: { plugins: [conformancePlugin()] } });
  alice = await keyAccount(t.app, t.services.store, 'alice-paper@example.com');
  bob = await keyAccount(t.app, t.services.store, 'bob-paper@example.com');
});
paper.after(() => t.close());

paper('anonymous -> 401', async () => {
  assert.is((await anonymous(t.app, 'GET', '/api/paper/account')).statusCode, 401);
  assert.is((await anonymous(t.app, 'POST', '/api/paper/orders', { ticker: 'AAPL', side: 'buy', quantity: 1 })).statusCode, 401);
});

paper('a new account starts with 100,000 USD', async () => {
  const a = (await alice.call('GET', '/api/paper/account')).json();
  assert.equal([a.startingCash, a.cash, a.buyingPower, a.equity, a.realizedPnl, a.unrealizedPnl, a.positions], [100000, 100000, 100000, 100000, 0, 0, []]);
  assert.match(a.disclaimer, 'not investment advice');
});

paper('market orders fill at the latest close', async () => {
  let res = await alice.call('POST', '/api/paper/orders', { ticker: 'AAPL', side: 'buy', quantity: 10 });
  assert.is(res.statusCode, 201);
  const o = res.json();
  assert.equal([o.status, o.type, o.fillPrice, o.fillDate, o.placedPriceDate, o.realizedPnl], ['filled', 'market', A, LAST_DAY, LAST_DAY, null]);
  res = await alice.call('POST', '/api/paper/orders', { ticker: 'MSFT', side: 'buy', quantity: 5, type: 'market' });
  assert.equal([res.statusCode, res.json().fillPrice], [201, M]);
  const a = (await alice.call('GET', '/api/paper/account')).json();
  assert.equal([a.cash, a.marketValue, a.equity, a.unrealizedPnl], [CASH_AFTER_BUYS, r2(10 * A + 5 * M), 100000, 0]);
});

paper('limit orders not reached stay open and reserve cash or shares', async () => {
  let res = await alice.call('POST', '/api/paper/orders', { ticker: 'AAPL', side: 'sell', quantity: 4, type: 'limit', limitPrice: SELL_LIMIT });
  assert.equal([res.statusCode, res.json().status], [201, 'open']);
  ids.sell = res.json().id;
  res = await alice.call('POST', '/api/paper/orders', { ticker: 'MSFT', side: 'buy', quantity: 2, type: 'limit', limitPrice: BUY_LIMIT });
  assert.equal([res.statusCode, res.json().status], [201, 'open']);
  ids.buy = res.json().id;
  res = await alice.call('POST', '/api/paper/orders', { ticker: 'MSFT', side: 'buy', quantity: 1, type: 'limit', limitPrice: CANCEL_LIMIT });
  ids.cancel = res.json().id;
  const a = (await alice.call('GET', '/api/paper/account')).json();
  assert.equal([a.cash, a.reservedCash, a.buyingPower, a.openOrders], [CASH_AFTER_BUYS, RESERVED, r2(CASH_AFTER_BUYS - RESERVED), 3]);
});

paper('no shorting, insufficient cash and invalid orders are 400s', async () => {
  // 10 held, 4 reserved by the open limit sell.
  let res = await alice.call('POST', '/api/paper/orders', { ticker: 'AAPL', side: 'sell', quantity: 7 });
  assert.is(res.statusCode, 400);
  assert.match(res.json().error, 'short selling is not allowed: 6 unreserved shares');
  assert.is(res.json().reason, 'insufficient_shares');
  res = await alice.call('POST', '/api/paper/orders', { ticker: 'TSLA', side: 'sell', quantity: 1 });
  assert.is(res.statusCode, 400);
  assert.ok(1000 * M > CASH_AFTER_BUYS, 'the order below is more than the cash');
  res = await alice.call('POST', '/api/paper/orders', { ticker: 'MSFT', side: 'buy', quantity: 1000 });
  assert.is(res.statusCode, 400);
  assert.match(res.json().error, `insufficient cash: the order needs ${(1000 * M).toFixed(2)} USD and ${(CASH_AFTER_BUYS - RESERVED).toFixed(2)} USD is available`);
  for (const body of [
    { ticker: 'AAPL', side: 'buy', quantity: -1 },
    { ticker: 'AAPL', side: 'buy', quantity: 'ten' },
    { ticker: 'AAPL', side: 'hold', quantity: 1 },
    { ticker: 'AAPL', side: 'buy', quantity: 1, type: 'limit' },
    { ticker: 'AAPL', side: 'buy', quantity: 1, limitPrice: 100 },
    { ticker: 'ZZZZZ', side: 'buy', quantity: 1 },
  ]) {
    assert.is((await alice.call('POST', '/api/paper/orders', body)).statusCode, 400, JSON.stringify(body));
  }
  const a = (await alice.call('GET', '/api/paper/account')).json();
  assert.is(a.cash, CASH_AFTER_BUYS, 'refused orders change nothing');
});

paper('a market sell realizes P&L against the average cost; cancel releases the reservation', async () => {
  let res = await alice.call('POST', '/api/paper/orders', { ticker: 'AAPL', side: 'sell', quantity: 3 });
  assert.equal([res.statusCode, res.json().fillPrice, res.json().realizedPnl], [201, A, 0]);
  res = await alice.call('DELETE', `/api/paper/orders/${ids.cancel}`);
  assert.equal([res.statusCode, res.json().status], [200, 'cancelled']);
  assert.is((await alice.call('DELETE', `/api/paper/orders/${ids.cancel}`)).statusCode, 409);
  const a = (await alice.call('GET', '/api/paper/account')).json();
  assert.equal([a.cash, a.reservedCash, a.buyingPower], [CASH_AFTER_SELL, r2(2 * BUY_LIMIT), r2(CASH_AFTER_SELL - 2 * BUY_LIMIT)]);
});

paper('ownership: another account gets 404 for the orders and has its own account', async () => {
  for (const id of Object.values(ids)) {
    assert.is((await bob.call('GET', `/api/paper/orders/${id}`)).statusCode, 404);
    assert.is((await bob.call('DELETE', `/api/paper/orders/${id}`)).statusCode, 404);
  }
  assert.equal((await bob.call('GET', '/api/paper/orders')).json(), []);
  const b = (await bob.call('GET', '/api/paper/account')).json();
  assert.equal([b.cash, b.positions], [100000, []]);
  assert.is((await bob.call('GET', '/api/paper/orders/not-a-uuid')).statusCode, 404);
});

paper('rounding makes no cash: buys round up, sales down, and the realized P&L is what cash moved', async () => {
  // An account of its own: 23 orders would pass alice's key's per-minute limit.
  const dave = await keyAccount(t.app, t.services.store, 'dave-paper@example.com');
  // At the sample's latest AAPL close (before the new load below), the reporter's sequence: 20 buys worth 1.0049898 USD each were charged 1.00, and selling the
  // 0.2515934 shares brought 20.10: cash 100000.10 with a realized P&L of 0.
  const quantity = 0.01257967;
  const value = quantity * A;
  assert.ok(value > 1 && Math.round(value * 100) < value * 100, `the example needs a value rounded down half-up (${value})`);
  const cost = Math.ceil(value * 100) / 100;
  for (let i = 0; i < 20; i++) {
    const res = await dave.call('POST', '/api/paper/orders', { ticker: 'AAPL', side: 'buy', quantity });
    assert.is(res.statusCode, 201, res.body);
  }
  let a = (await dave.call('GET', '/api/paper/account')).json();
  const held = a.positions[0].shares;
  assert.equal([a.cash, held, a.positions[0].avgCost], [r2(100000 - 20 * cost), 0.2515934, r4((20 * cost) / held)]);
  // Unrealized P&L is measured from the cash paid, so realized + unrealized is the total.
  assert.is(a.positions[0].unrealizedPnl, r2(a.positions[0].marketValue - 20 * cost));
  assert.is(r2(a.realizedPnl + a.unrealizedPnl), a.totalPnl);
  // A partial sale realizes its proceeds (rounded down) less its share of the cost.
  const part = 0.1;
  const partProceeds = Math.floor(part * A * 100) / 100;
  const partCost = r2((20 * cost * part) / held);
  let res = await dave.call('POST', '/api/paper/orders', { ticker: 'AAPL', side: 'sell', quantity: part });
  assert.equal([res.statusCode, res.json().realizedPnl], [201, r2(partProceeds - partCost)]);
  res = await dave.call('POST', '/api/paper/orders', { ticker: 'AAPL', side: 'sell', quantity: 0.1515934 });
  assert.is(res.statusCode, 201, res.body);
  const restProceeds = Math.floor(0.1515934 * A * 100) / 100;
  assert.is(res.json().realizedPnl, r2(restProceeds - r2(20 * cost - partCost)));
  a = (await dave.call('GET', '/api/paper/account')).json();
  assert.equal(a.positions, []);
  assert.ok(a.cash < 100000, `no cash made: ${a.cash}`);
  assert.equal([a.cash, a.realizedPnl], [r2(100000 - 20 * cost + partProceeds + restProceeds), r2(partProceeds + restProceeds - 20 * cost)]);
  assert.is(a.cash, r2(100000 + a.realizedPnl), 'cash = starting cash + realized P&L once nothing is held');
});

paper('a new price load fills the open limit orders at the first close through the limit', async () => {
  await loadNewCloses();
  // The exported hook (for a scheduled task after each load) fills both on the second day (the first
  // day's closes do not reach the limits).
  assert.ok(NEW.aapl[0]! < SELL_LIMIT && NEW.aapl[1]! >= SELL_LIMIT && NEW.msft[0]! > BUY_LIMIT && NEW.msft[1]! <= BUY_LIMIT);
  assert.is(await checkPaperLimitOrders(t.services.store, t.services.warehouse), 2);
  assert.is(await checkPaperLimitOrders(t.services.store, t.services.warehouse), 0, 'idempotent');
  const [sold, bought] = [NEW.aapl[1]!, NEW.msft[1]!];
  const sell = (await alice.call('GET', `/api/paper/orders/${ids.sell}`)).json();
  assert.equal([sell.status, sell.fillPrice, sell.fillDate, sell.realizedPnl], ['filled', sold, '2025-01-03', r2((sold - A) * 4)]);
  const buy = (await alice.call('GET', `/api/paper/orders/${ids.buy}`)).json();
  assert.equal([buy.status, buy.fillPrice, buy.fillDate], ['filled', bought, '2025-01-03']);
  const a = (await alice.call('GET', '/api/paper/account')).json();
  const cash = r2(CASH_AFTER_SELL + 4 * sold - 2 * bought);
  assert.is(a.cash, cash);
  const msftCost = 5 * M + 2 * bought;
  const positions = [
    ['AAPL', 3, A, sold, r2(3 * sold), r2(3 * (sold - A))],
    ['MSFT', 7, r4(msftCost / 7), bought, r2(7 * bought), r2(7 * bought - msftCost)],
  ] as const;
  assert.equal(
    a.positions.map((p: { ticker: string; shares: number; avgCost: number; price: number; marketValue: number; unrealizedPnl: number }) => [p.ticker, p.shares, p.avgCost, p.price, p.marketValue, p.unrealizedPnl]),
    positions,
  );
  const mv = r2(3 * sold + 7 * bought);
  const realized = r2((sold - A) * 4);
  const unrealized = r2(positions[0][5] + positions[1][5]);
  assert.equal([a.marketValue, a.equity, a.realizedPnl, a.unrealizedPnl, a.totalPnl, a.reservedCash, a.openOrders], [mv, r2(cash + mv), realized, unrealized, r2(realized + unrealized), 0, 0]);
  const history = (await alice.call('GET', '/api/paper/orders')).json();
  assert.equal(history.map((o: { side: string; ticker: string; status: string }) => `${o.side} ${o.ticker} ${o.status}`), [
    'sell AAPL filled',
    'buy MSFT cancelled',
    'buy MSFT filled',
    'sell AAPL filled',
    'buy MSFT filled',
    'buy AAPL filled',
  ]);
  assert.equal((await alice.call('GET', '/api/paper/orders?status=cancelled')).json().length, 1);
});

paper('reset restores the starting cash and clears positions and orders', async () => {
  const r = (await alice.call('POST', '/api/paper/reset')).json();
  assert.equal([r.cash, r.realizedPnl], [100000, 0]);
  const a = (await alice.call('GET', '/api/paper/account')).json();
  assert.equal([a.positions, a.openOrders], [[], 0]);
  assert.equal((await alice.call('GET', '/api/paper/orders')).json(), []);
});

paper('cent rounding makes no cash: an order is worth at least 1 USD (a sell of the whole position excepted), quantities have at most 8 decimals', async () => {
  await alice.call('POST', '/api/paper/reset');
  // Five buys of 0.00006 AAPL cost 0.0048 USD each, rounded to 0.00: shares for nothing, then cash.
  const tiny = await alice.call('POST', '/api/paper/orders', { ticker: 'AAPL', side: 'buy', quantity: 0.00006 });
  assert.is(tiny.statusCode, 400, tiny.body);
  assert.equal([tiny.json().reason, /at least 1\.00 USD/.test(tiny.json().error)], ['below_minimum', true]);
  const limit = await alice.call('POST', '/api/paper/orders', { ticker: 'AAPL', side: 'buy', quantity: 0.001, type: 'limit', limitPrice: 1 });
  assert.equal([limit.statusCode, limit.json().reason], [400, 'below_minimum']);
  const billionth = await alice.call('POST', '/api/paper/orders', { ticker: 'AAPL', side: 'buy', quantity: 1e-9 });
  assert.is(billionth.statusCode, 400);
  assert.match(billionth.json().error, "'quantity': may have at most 8 decimal places");
  // A fraction worth a dollar or more is fine; a sell under a dollar is refused unless it sells it all.
  const account = async () => (await alice.call('GET', '/api/paper/account')).json();
  const bought = await alice.call('POST', '/api/paper/orders', { ticker: 'AAPL', side: 'buy', quantity: 0.05 });
  assert.is(bought.statusCode, 201, bought.body);
  const part = await alice.call('POST', '/api/paper/orders', { ticker: 'AAPL', side: 'sell', quantity: 0.00005 });
  assert.equal([part.statusCode, part.json().reason], [400, 'below_minimum']);
  const sold = await alice.call('POST', '/api/paper/orders', { ticker: 'AAPL', side: 'sell', quantity: 0.04 });
  assert.is(sold.statusCode, 201, sold.body);
  const position = (await account()).positions.find((p: { ticker: string }) => p.ticker === 'AAPL');
  const held = position.shares;
  assert.ok(held > 0 && position.marketValue < 1, JSON.stringify(position));
  const rest = await alice.call('POST', '/api/paper/orders', { ticker: 'AAPL', side: 'sell', quantity: held });
  assert.is(rest.statusCode, 201, rest.body);
  const after = await account();
  assert.equal(after.positions, []);
  // Bought and sold at the same close: rounding against the trader leaves the cash at most where it started.
  assert.ok(after.cash <= 100000 && after.cash >= 99999.97, String(after.cash));
  assert.is(after.cash, r2(100000 + after.realizedPnl));
  await alice.call('POST', '/api/paper/reset');
});

paper('the account and the order list read the synthetic flags of all their fills in one warehouse query, however many fills', async () => {
  const carol = await keyAccount(t.app, t.services.store, 'carol-paper@example.com');
  // Reads of a close's flag: queries of the price table's flag, and lookups in the snapshot's
  // shared memo (a lookup per fill was a query per fill after each new snapshot).
  const queries = async (url: string): Promise<number> => {
    const all = t.services.warehouse.all.bind(t.services.warehouse);
    const serving = t.services.warehouse.serving()!;
    const memo = serving.memo.bind(serving);
    let n = 0;
    t.services.warehouse.all = ((...args: Parameters<typeof all>) => {
      if (/\bsynthetic\b/.test(String(args[0]))) n += 1;
      return all(...args);
    }) as typeof all;
    serving.memo = ((key: string, load: () => Promise<unknown>) => {
      if (key.startsWith('close-synthetic:')) n += 1;
      return memo(key, load);
    }) as typeof serving.memo;
    try {
      assert.is((await carol.call('GET', url)).statusCode, 200, url);
    } finally {
      t.services.warehouse.all = all;
      serving.memo = memo;
    }
    return n;
  };
  const counts: number[] = [];
  for (const fills of [2, 12]) {
    while ((await carol.call('GET', '/api/paper/orders?status=filled&limit=500')).json().length < fills) {
      const order = await carol.call('POST', '/api/paper/orders', { ticker: 'KO', side: 'buy', quantity: 1, type: 'market' });
      assert.is(order.statusCode, 201, order.body);
    }
    counts.push((await queries('/api/paper/account')) + (await queries('/api/paper/orders?status=filled&limit=500')));
  }
  assert.equal(counts, [2, 2], 'one read for the account, one for the list, with 2 fills and with 12');
});

paper('every response conforms to the OpenAPI description', () => {
  assert.equal(violations, []);
});

paper.run();
