/**
 * Valuations at generated prices say so (README, "Provenance, freshness and synthetic data"):
 * portfolio positions, history and benchmark, and paper fills, positions and the account carry
 * `synthetic` when a close they rest on was generated, per position and for the total, on REST,
 * GraphQL and MCP. A reviewer found them unflagged while the snapshot and technicals were flagged.
 * Expected flags are read from the price table here, independently of the route code.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { graphqlData, mcpTool } from '../doors.ts';
import { warehouseWith } from '../fixtures/market/fixture-job.ts';
import { sampleApp, type TestApp } from '../helpers.ts';
import { keyAccount, type KeyCaller } from './rest/user-state-accounts.ts';

let t: TestApp;
let user: KeyCaller;
/** A ticker whose closes are generated here, and one whose closes are real (as the benchmark's). */
const FAKE = 'KO';
const REAL = 'AAPL';
const fake = FAKE;
const real = REAL;
const UA = { 'user-agent': 'almanac-tests/1.0 (synthetic-valuations)' };
const mcp = (name: string, args: Record<string, unknown> = {}) => mcpTool(t.app, name, args, { ...UA, 'x-api-key': user.key });
const gql = (query: string) => graphqlData(t.app, query, { ...UA, 'x-api-key': user.key });

const test = suite('valuations at generated prices are flagged synthetic');
test.before(async () => {
  const dataDir = await warehouseWith(['companies', 'prices', 'technicals'], async (db) => {
    // Flags set here whatever the sample's SYNTHETIC manifest says (its latest closes are all generated), so both kinds are valued.
    await db.run(`UPDATE prices SET synthetic = (ticker = '${FAKE}')`);
  });
  t = await sampleApp({ build: false, config: { dataDir } });
  user = await keyAccount(t.app, t.services.store, 'synthetic-valuations@example.com', 'power_user');
});
test.after(() => t.close());

test('portfolio: each position by its close, history per day and in total, the benchmark per side; GraphQL and MCP alike', async () => {
  await user.call('POST', '/api/portfolio-positions', { ticker: real, shares: 1, cost_basis: 10 });
  const positions = (await user.call('GET', '/api/portfolio-positions')).json();
  assert.equal(positions.map((p: any) => [p.ticker, p.synthetic]), [[real, false]]);
  const history = (await user.call('GET', '/api/portfolio-history?days=30')).json();
  assert.equal([history.synthetic, history.series.some((p: any) => p.synthetic)], [false, false]);

  const added = await user.call('POST', '/api/portfolio-positions', { ticker: fake, shares: 2, cost_basis: 10 });
  assert.is(added.json().synthetic, true);
  const both = (await user.call('GET', '/api/portfolio-positions')).json();
  assert.equal(Object.fromEntries(both.map((p: any) => [p.ticker, p.synthetic])), { [real]: false, [fake]: true });
  const after = (await user.call('GET', '/api/portfolio-history?days=30')).json();
  assert.equal([after.series.at(-1).synthetic, after.synthetic], [true, true]);

  const bench = (await user.call('GET', '/api/portfolio/benchmark?period=1M')).json();
  const [spy] = await t.services.warehouse.all<{ s: boolean }>(`SELECT bool_or(synthetic) AS s FROM prices WHERE ticker = 'SPY' AND date BETWEEN $1::DATE AND $2::DATE`, [bench.start, bench.end]);
  assert.equal([bench.benchmark.synthetic, bench.portfolio.synthetic, bench.synthetic], [spy!.s, true, true]);

  const g = await gql('{ me { portfolio { positions(first: 10) { edges { node { ticker synthetic } } } history benchmark(period: "1M") } } }');
  assert.equal(g.me.portfolio.positions.edges.map((e: any) => [e.node.ticker, e.node.synthetic]), both.map((p: any) => [p.ticker, p.synthetic]));
  assert.is(g.me.portfolio.history.synthetic, true);
  assert.equal([g.me.portfolio.benchmark.portfolio.synthetic, g.me.portfolio.benchmark.synthetic], [true, true]);
  const m = await mcp('list_portfolio_positions');
  assert.equal(m.items.map((p: any) => [p.ticker, p.synthetic]), both.map((p: any) => [p.ticker, p.synthetic]));
  const mh = await mcp('get_portfolio_history', { days: 10 });
  assert.equal([mh.synthetic, mh.items.at(-1).synthetic], [true, true]);
  const mb = await mcp('get_portfolio_benchmark', { period: '1M' });
  assert.equal([mb.synthetic, mb.portfolioSynthetic, mb.benchmarkSynthetic], [true, true, spy!.s]);
});

test('paper: a fill at a generated close flags the order, the position and the account until a reset', async () => {
  const buyReal = (await user.call('POST', '/api/paper/orders', { ticker: real, side: 'buy', quantity: 1 })).json();
  assert.equal([buyReal.status, buyReal.synthetic], ['filled', false]);
  let account = (await user.call('GET', '/api/paper/account')).json();
  assert.equal([account.synthetic, account.positions.map((p: any) => p.synthetic)], [false, [false]]);

  const buyFake = (await user.call('POST', '/api/paper/orders', { ticker: fake, side: 'buy', quantity: 2 })).json();
  assert.equal([buyFake.status, buyFake.synthetic], ['filled', true]);
  account = (await user.call('GET', '/api/paper/account')).json();
  assert.equal(Object.fromEntries(account.positions.map((p: any) => [p.ticker, p.synthetic])), { [real]: false, [fake]: true });
  assert.is(account.synthetic, true);
  const orders = (await user.call('GET', '/api/paper/orders')).json();
  assert.equal(orders.map((o: any) => [o.ticker, o.synthetic]), [[fake, true], [real, false]]);
  assert.is((await user.call('GET', `/api/paper/orders/${buyFake.id}`)).json().synthetic, true);

  // Sold: the position is gone, the cash still carries the generated prices.
  const sell = (await user.call('POST', '/api/paper/orders', { ticker: fake, side: 'sell', quantity: 2 })).json();
  assert.is(sell.synthetic, true);
  account = (await user.call('GET', '/api/paper/account')).json();
  assert.equal([account.positions.map((p: any) => [p.ticker, p.synthetic]), account.synthetic], [[[real, false]], true]);

  const g = await gql('{ me { paperAccount } }');
  assert.equal([g.me.paperAccount.synthetic, g.me.paperAccount.positions.map((p: any) => p.synthetic)], [true, [false]]);
  const mo = await mcp('place_paper_order', { ticker: fake, side: 'buy', quantity: 1 });
  assert.is(mo.synthetic, true);
  const gm = await gql(`mutation { placePaperOrder(ticker: "${real}", side: "buy", quantity: 1) }`);
  assert.is(gm.placePaperOrder.synthetic, false);
  const ma = await mcp('get_paper_account');
  assert.equal([ma.synthetic, Object.fromEntries(ma.positions.map((p: any) => [p.ticker, p.synthetic]))], [true, { [real]: false, [fake]: true }]);

  await user.call('POST', '/api/paper/reset');
  assert.is((await user.call('GET', '/api/paper/account')).json().synthetic, false);
});

test.run();
