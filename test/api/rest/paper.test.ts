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

let t: TestApp;
let dataDir: string;
let alice: KeyCaller;
let bob: KeyCaller;
const ids: Record<string, string> = {};

/** A new end-of-day load: AAPL and MSFT closes for 2025-01-02 and 2025-01-03, then a new snapshot. */
async function loadNewCloses(): Promise<void> {
  const { instance, conn, db } = await openBuild(dataDir);
  const rows: [string, string, number][] = [
    ['AAPL', '2025-01-02', 255.0],
    ['AAPL', '2025-01-03', 261.5],
    ['MSFT', '2025-01-02', 415.0],
    ['MSFT', '2025-01-03', 409.1],
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
  assert.equal([o.status, o.type, o.fillPrice, o.fillDate, o.placedPriceDate, o.realizedPnl], ['filled', 'market', 250.42, '2024-12-31', '2024-12-31', null]);
  res = await alice.call('POST', '/api/paper/orders', { ticker: 'MSFT', side: 'buy', quantity: 5, type: 'market' });
  assert.equal([res.statusCode, res.json().fillPrice], [201, 421.5]);
  const a = (await alice.call('GET', '/api/paper/account')).json();
  // 100,000 - 2,504.20 - 2,107.50
  assert.equal([a.cash, a.marketValue, a.equity, a.unrealizedPnl], [95388.3, 4611.7, 100000, 0]);
});

paper('limit orders not reached stay open and reserve cash or shares', async () => {
  let res = await alice.call('POST', '/api/paper/orders', { ticker: 'AAPL', side: 'sell', quantity: 4, type: 'limit', limitPrice: 260 });
  assert.equal([res.statusCode, res.json().status], [201, 'open']);
  ids.sell = res.json().id;
  res = await alice.call('POST', '/api/paper/orders', { ticker: 'MSFT', side: 'buy', quantity: 2, type: 'limit', limitPrice: 410 });
  assert.equal([res.statusCode, res.json().status], [201, 'open']);
  ids.buy = res.json().id;
  res = await alice.call('POST', '/api/paper/orders', { ticker: 'MSFT', side: 'buy', quantity: 1, type: 'limit', limitPrice: 400 });
  ids.cancel = res.json().id;
  const a = (await alice.call('GET', '/api/paper/account')).json();
  assert.equal([a.cash, a.reservedCash, a.buyingPower, a.openOrders], [95388.3, 1220, 94168.3, 3]);
});

paper('no shorting, insufficient cash and invalid orders are 400s', async () => {
  // 10 held, 4 reserved by the open limit sell.
  let res = await alice.call('POST', '/api/paper/orders', { ticker: 'AAPL', side: 'sell', quantity: 7 });
  assert.is(res.statusCode, 400);
  assert.match(res.json().error, 'short selling is not allowed: 6 unreserved shares');
  assert.is(res.json().reason, 'insufficient_shares');
  res = await alice.call('POST', '/api/paper/orders', { ticker: 'TSLA', side: 'sell', quantity: 1 });
  assert.is(res.statusCode, 400);
  res = await alice.call('POST', '/api/paper/orders', { ticker: 'MSFT', side: 'buy', quantity: 1000 });
  assert.is(res.statusCode, 400);
  assert.match(res.json().error, 'insufficient cash: the order needs 421500.00 USD and 94168.30 USD is available');
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
  assert.is(a.cash, 95388.3, 'refused orders change nothing');
});

paper('a market sell realizes P&L against the average cost; cancel releases the reservation', async () => {
  let res = await alice.call('POST', '/api/paper/orders', { ticker: 'AAPL', side: 'sell', quantity: 3 });
  assert.equal([res.statusCode, res.json().fillPrice, res.json().realizedPnl], [201, 250.42, 0]);
  res = await alice.call('DELETE', `/api/paper/orders/${ids.cancel}`);
  assert.equal([res.statusCode, res.json().status], [200, 'cancelled']);
  assert.is((await alice.call('DELETE', `/api/paper/orders/${ids.cancel}`)).statusCode, 409);
  const a = (await alice.call('GET', '/api/paper/account')).json();
  // + 3 x 250.42 = 751.26
  assert.equal([a.cash, a.reservedCash, a.buyingPower], [96139.56, 820, 95319.56]);
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

paper('a new price load fills the open limit orders at the first close through the limit', async () => {
  await loadNewCloses();
  // The exported hook (for a scheduled task after each load) fills both: AAPL 261.50 >= 260 and
  // MSFT 409.10 <= 410, both on 2025-01-03 (2025-01-02 closes 255.00 and 415.00 do not reach).
  assert.is(await checkPaperLimitOrders(t.services.store, t.services.warehouse), 2);
  assert.is(await checkPaperLimitOrders(t.services.store, t.services.warehouse), 0, 'idempotent');
  const sell = (await alice.call('GET', `/api/paper/orders/${ids.sell}`)).json();
  assert.equal([sell.status, sell.fillPrice, sell.fillDate, sell.realizedPnl], ['filled', 261.5, '2025-01-03', 44.32]); // (261.50 - 250.42) x 4
  const buy = (await alice.call('GET', `/api/paper/orders/${ids.buy}`)).json();
  assert.equal([buy.status, buy.fillPrice, buy.fillDate], ['filled', 409.1, '2025-01-03']);
  const a = (await alice.call('GET', '/api/paper/account')).json();
  // 96,139.56 + 1,046.00 - 818.20
  assert.is(a.cash, 96367.36);
  assert.equal(
    a.positions.map((p: { ticker: string; shares: number; avgCost: number; price: number; marketValue: number; unrealizedPnl: number }) => [p.ticker, p.shares, p.avgCost, p.price, p.marketValue, p.unrealizedPnl]),
    [
      ['AAPL', 3, 250.42, 261.5, 784.5, 33.24],
      ['MSFT', 7, 417.9571, 409.1, 2863.7, -62], // (5 x 421.50 + 2 x 409.10) / 7
    ],
  );
  assert.equal([a.marketValue, a.equity, a.realizedPnl, a.unrealizedPnl, a.totalPnl, a.reservedCash, a.openOrders], [3648.2, 100015.56, 44.32, -28.76, 15.56, 0, 0]);
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

paper('every response conforms to the OpenAPI description', () => {
  assert.equal(violations, []);
});

paper.run();
