/**
 * The per-user state SQL (api/store/{portfolios,watchlists,screens,paper,learn}.ts) behaves the same
 * on PGlite (always) and PostgreSQL (when DATABASE_URL is set; CI sets it; a fresh schema, dropped
 * at the end). Every function filters by owner: another account sees nothing.
 */
import { randomUUID } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { accountIn as account, migrationsBefore, storeTargets } from './targets.ts';
import type { UserStore } from '../../../api/store/interface.ts';
import { listProgress, recordQuizAttempt } from '../../../api/store/learn.ts';
import { migrateStore } from '../../../api/store/migrate.ts';
import { cancelPaperOrder, ensurePaperAccount, fillOpenLimitOrders, listPaperOrders, PaperOrderError, paperPositions, placePaperOrder, type Close } from '../../../api/store/paper.ts';
import { addPosition, holdingsByDay, listPortfolios, listPositions, positionEvents, removePosition } from '../../../api/store/portfolios.ts';
import { createScreen, deleteScreen, getScreen, listScreens, updateScreen, type ScreenRow } from '../../../api/store/screens.ts';
import { addWatchlistTicker, createWatchlist, deleteWatchlist, getWatchlist, listWatchlists, removeWatchlistTicker, renameWatchlist, type WatchlistRow } from '../../../api/store/watchlists.ts';

const targets = storeTargets('user_state');

async function rejectsWith(fn: () => Promise<unknown>, code: PaperOrderError['code']): Promise<void> {
  try {
    await fn();
  } catch (e) {
    assert.instance(e, PaperOrderError);
    assert.is((e as PaperOrderError).code, code);
    return;
  }
  assert.unreachable(`expected PaperOrderError ${code}`);
}

for (const target of storeTargets('user_state_upgrade')) {
  const s = suite(`user state: existing databases migrate (${target.name})`);
  let store: UserStore;
  s.before(async () => {
    store = await target.open();
  });
  s.after(async () => {
    await store.close();
    await target.cleanup();
  });

  s('0201 and 0202: paper positions get their cost, watchlist items keep the order they were shown in and new ones follow', async () => {
    await migrateStore(store, migrationsBefore('0201'));
    const owner = await account(store, `upgrade-${target.name}@example.com`);
    await store.execute(`INSERT INTO paper_accounts (account_id, starting_cash, cash) VALUES ($1, 100000, 99000)`, [owner]);
    await store.execute(`INSERT INTO paper_positions (account_id, ticker, shares, avg_cost) VALUES ($1, 'AAPL', 0.5, 79.89)`, [owner]);
    const id = randomUUID();
    await store.execute(`INSERT INTO watchlists (id, account_id, name) VALUES ($1, $2, 'old')`, [id, owner]);
    // As the old code made them: one added_at for a list's first tickers, shown alphabetically.
    await store.transaction(async (tx) => {
      for (const t of ['MSFT', 'AAPL', 'KO']) await tx.execute(`INSERT INTO watchlist_items (watchlist_id, ticker) VALUES ($1, $2)`, [id, t]);
    });
    await store.execute(`INSERT INTO watchlist_items (watchlist_id, ticker, added_at) VALUES ($1, 'BA', now() + interval '1 minute')`, [id]);
    assert.equal(await migrateStore(store, migrationsBefore('0203')), ['0201_paper_position_cost.sql', '0202_watchlist_item_order.sql']);
    assert.equal(await store.query(`SELECT ticker, shares, avg_cost AS "avgCost", cost FROM paper_positions WHERE account_id = $1`, [owner]), [{ ticker: 'AAPL', shares: 0.5, avgCost: 79.89, cost: 39.95 }]);
    assert.equal((await getWatchlist(store, owner, id))!.tickers, ['AAPL', 'KO', 'MSFT', 'BA']);
    assert.equal(((await addWatchlistTicker(store, owner, id, 'XOM', 200)) as WatchlistRow).tickers, ['AAPL', 'KO', 'MSFT', 'BA', 'XOM']);
  });

  s.run();
}

for (const target of targets) {
  const s = suite(`user state (${target.name})`);
  let store: UserStore;
  let a: string;
  let b: string;
  s.before(async () => {
    store = await target.open();
    await migrateStore(store);
    a = await account(store, `a-${target.name}@example.com`);
    b = await account(store, `b-${target.name}@example.com`);
  });
  s.after(async () => {
    await store.close();
    await target.cleanup();
  });

  s('portfolios: merge at weighted average cost, events, replay by day, owner filter', async () => {
    await store.transaction((tx) => addPosition(tx, { accountId: a, portfolioId: 'default', ticker: 'AAPL', shares: 10, costBasis: 100, effectiveOn: '2024-12-23' }));
    const merged = await store.transaction((tx) => addPosition(tx, { accountId: a, portfolioId: 'default', ticker: 'AAPL', shares: 30, costBasis: 120, effectiveOn: '2024-12-27' }));
    assert.equal([merged.shares, merged.costBasis, merged.openedOn], [40, 115, '2024-12-23']);
    await store.transaction((tx) => addPosition(tx, { accountId: a, portfolioId: 'income', ticker: 'KO', shares: 5, costBasis: 60, effectiveOn: '2024-12-24' }));
    assert.equal(await listPortfolios(store, a), [{ portfolioId: 'default', positions: 1 }, { portfolioId: 'income', positions: 1 }]);
    assert.equal(await listPositions(store, b, 'default'), []);
    assert.is(await store.transaction((tx) => removePosition(tx, { accountId: b, portfolioId: 'default', ticker: 'AAPL', effectiveOn: '2024-12-31' })), null);
    const removed = await store.transaction((tx) => removePosition(tx, { accountId: a, portfolioId: 'default', ticker: 'AAPL', effectiveOn: '2024-12-31' }));
    assert.is(removed!.shares, 40);
    const events = await positionEvents(store, a, 'default');
    assert.equal(events.map((e) => [e.kind, e.sharesDelta, e.effectiveOn]), [['add', 10, '2024-12-23'], ['add', 30, '2024-12-27'], ['remove', -40, '2024-12-31']]);
    const days = ['2024-12-20', '2024-12-23', '2024-12-27', '2024-12-30', '2024-12-31'];
    const held = holdingsByDay(events, days);
    assert.equal(days.map((d) => held.get(d)!.get('AAPL') ?? 0), [0, 10, 40, 40, 0]);
  });

  s('watchlists: unique names per owner, tickers in order, owner filter', async () => {
    const id = randomUUID();
    const w = await createWatchlist(store, a, id, 'Tech', ['AAPL', 'MSFT'], 50);
    assert.equal((w as WatchlistRow).tickers, ['AAPL', 'MSFT']);
    assert.is(await createWatchlist(store, a, randomUUID(), 'TECH', [], 50), null);
    assert.ok(await createWatchlist(store, b, randomUUID(), 'Tech', [], 50), 'another owner may reuse the name');
    assert.is(await getWatchlist(store, b, id), null);
    assert.is(await renameWatchlist(store, b, id, 'Mine'), 'missing');
    assert.is(await deleteWatchlist(store, b, id), false);
    assert.is(await addWatchlistTicker(store, b, id, 'KO', 200), 'missing');
    assert.is(await removeWatchlistTicker(store, b, id, 'AAPL'), 'missing');
    // Each write answers the list after the change.
    assert.equal(((await addWatchlistTicker(store, a, id, 'NVDA', 200)) as WatchlistRow).tickers, ['AAPL', 'MSFT', 'NVDA']);
    assert.equal(((await removeWatchlistTicker(store, a, id, 'MSFT')) as WatchlistRow).tickers, ['AAPL', 'NVDA']);
    assert.is(await removeWatchlistTicker(store, a, id, 'MSFT'), 'absent');
    assert.is(((await renameWatchlist(store, a, id, 'Chips')) as WatchlistRow).name, 'Chips');
    assert.equal((await listWatchlists(store, a)).map((x) => [x.name, x.tickers]), [['Chips', ['AAPL', 'NVDA']]]);
    assert.is(await getWatchlist(store, a, 'not-a-uuid'), null);
    assert.is(await deleteWatchlist(store, a, id), true);
  });

  s('watchlists: tickers in the order they were added, not alphabetical (one transaction gives them one added_at)', async () => {
    const id = randomUUID();
    const w = await createWatchlist(store, a, id, 'Order', ['MSFT', 'AAPL', 'KO'], 50);
    assert.equal((w as WatchlistRow).tickers, ['MSFT', 'AAPL', 'KO']);
    assert.equal(((await addWatchlistTicker(store, a, id, 'BA', 200)) as WatchlistRow).tickers, ['MSFT', 'AAPL', 'KO', 'BA']);
    assert.equal(((await addWatchlistTicker(store, a, id, 'AAPL', 200)) as WatchlistRow).tickers, ['MSFT', 'AAPL', 'KO', 'BA'], 'a re-add keeps its place');
    assert.equal((await getWatchlist(store, a, id))!.tickers, ['MSFT', 'AAPL', 'KO', 'BA']);
    assert.is(await deleteWatchlist(store, a, id), true);
  });

  s('saved screens: JSON parameters round-trip, owner filter', async () => {
    const id = randomUUID();
    const sc = await createScreen(store, a, id, 'Value', { pe_max: 15, sector: 'Energy' }, 100);
    assert.equal((sc as ScreenRow).params, { pe_max: 15, sector: 'Energy' });
    assert.is(await createScreen(store, a, randomUUID(), 'value', {}, 100), null);
    assert.is(await getScreen(store, b, id), null);
    assert.is(await updateScreen(store, b, id, { name: 'x' }), 'missing');
    assert.is(await deleteScreen(store, b, id), false);
    assert.equal(((await updateScreen(store, a, id, { params: { div_yield_min: 3 } })) as ScreenRow).params, { div_yield_min: 3 });
    assert.equal((await listScreens(store, a)).map((x) => [x.name, x.params]), [['Value', { div_yield_min: 3 }]]);
  });

  s('learn progress: attempts, best score, first completion kept', async () => {
    await recordQuizAttempt(store, { accountId: a, lessonId: 'pe-ratio', score: 1, questions: 3, passed: false, at: new Date('2026-01-01T00:00:00Z') });
    const passed = await recordQuizAttempt(store, { accountId: a, lessonId: 'pe-ratio', score: 3, questions: 3, passed: true, at: new Date('2026-01-02T00:00:00Z') });
    const later = await recordQuizAttempt(store, { accountId: a, lessonId: 'pe-ratio', score: 0, questions: 3, passed: false, at: new Date('2026-01-03T00:00:00Z') });
    assert.equal([passed.attempts, passed.bestScore], [2, 3]);
    assert.equal([later.attempts, later.lastScore, later.bestScore, new Date(later.completedAt!).toISOString()], [3, 0, 3, '2026-01-02T00:00:00.000Z']);
    assert.equal(await listProgress(store, b), []);
  });

  s('paper: market fills, reservations, no shorting, limit fills from later closes, owner filter', async () => {
    const base = { accountId: a, startingCash: 10_000, at: new Date() };
    const latest: Close = { date: '2024-12-31', close: 100 };
    await placePaperOrder(store, { ...base, id: randomUUID(), ticker: 'XYZ', side: 'buy', type: 'market', quantity: 50, limitPrice: null, latest });
    const sellId = randomUUID();
    await placePaperOrder(store, { ...base, id: sellId, ticker: 'XYZ', side: 'sell', type: 'limit', quantity: 20, limitPrice: 110, latest });
    const buyId = randomUUID();
    await placePaperOrder(store, { ...base, id: buyId, ticker: 'XYZ', side: 'buy', type: 'limit', quantity: 10, limitPrice: 90, latest });
    // Cash 5,000 with 900 reserved by the limit buy: 42 at 100 (4,200) is refused, 41 (4,100) fits.
    await rejectsWith(() => placePaperOrder(store, { ...base, id: randomUUID(), ticker: 'XYZ', side: 'buy', type: 'market', quantity: 42, limitPrice: null, latest }), 'insufficient_cash');
    await placePaperOrder(store, { ...base, id: randomUUID(), ticker: 'XYZ', side: 'buy', type: 'market', quantity: 41, limitPrice: null, latest });
    // 91 held, 20 reserved by the limit sell: selling 72 would be a short.
    await rejectsWith(() => placePaperOrder(store, { ...base, id: randomUUID(), ticker: 'XYZ', side: 'sell', type: 'market', quantity: 72, limitPrice: null, latest }), 'insufficient_shares');
    const closes: Close[] = [
      { date: '2025-01-02', close: 95 },
      { date: '2025-01-03', close: 111 },
      { date: '2025-01-06', close: 89 },
    ];
    const provider = async (_t: string, after: string) => closes.filter((c) => c.date > after);
    assert.is(await fillOpenLimitOrders(store, provider, b), 0, 'another account has no orders');
    assert.is(await fillOpenLimitOrders(store, provider), 2);
    const orders = await listPaperOrders(store, a);
    const byId = new Map(orders.map((o) => [o.id, o]));
    assert.equal([byId.get(sellId)!.fillPrice, byId.get(sellId)!.fillDate, byId.get(sellId)!.realizedPnl], [111, '2025-01-03', 220]);
    assert.equal([byId.get(buyId)!.fillPrice, byId.get(buyId)!.fillDate], [89, '2025-01-06']);
    const acct = await ensurePaperAccount(store, a, 10_000);
    // 10,000 - 5,000 - 4,100 + 2,220 - 890
    assert.equal([acct.cash, acct.realizedPnl], [2230, 220]);
    // 91 - 20 + 10 = 81 at (71 x 100 + 10 x 89) / 81
    assert.equal((await paperPositions(store, a)).map((p) => [p.ticker, p.shares, p.avgCost]), [['XYZ', 81, 98.642]]);
    assert.is(await cancelPaperOrder(store, b, sellId), null);
    await rejectsWith(() => cancelPaperOrder(store, a, sellId), 'not_open');
  });

  s.run();
}
