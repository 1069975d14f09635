/**
 * Per-account caps hold under concurrency (issue 13.7), on PGlite and on PostgreSQL (when
 * DATABASE_URL is set; a throw-away schema): many concurrent creations of one account end at the
 * cap exactly, through the store functions (keys, watchlists and their tickers, saved screens,
 * portfolios and positions, open paper orders; concurrent renames) and through HTTP (`POST
 * /api/keys`, `/api/watchlists`, `/api/screens`). Before the fix they counted, then inserted: 30 concurrent key creations made 25
 * keys under a cap of 20, 130 screens made 130 under 100.
 */
import { randomUUID } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { appStoreTargets, storeTargets } from './targets.ts';
import { insertAccount } from '../../../api/store/accounts.ts';
import { CapError, FULL } from '../../../api/store/caps.ts';
import type { UserStore } from '../../../api/store/interface.ts';
import { countActiveKeys, insertKeyUnderCap } from '../../../api/store/keys.ts';
import { migrateStore } from '../../../api/store/migrate.ts';
import { listPaperOrders, PaperOrderError, placePaperOrder } from '../../../api/store/paper.ts';
import { addPosition, listPortfolios, listPositions } from '../../../api/store/portfolios.ts';
import { createScreen, listScreens, updateScreen, type ScreenRow } from '../../../api/store/screens.ts';
import { addWatchlistTicker, createWatchlist, getWatchlist, listWatchlists, renameWatchlist, type WatchlistRow } from '../../../api/store/watchlists.ts';
import { MAX_ACTIVE_KEYS } from '../../../schema/accounts.ts';
import { PAPER_MAX_OPEN_ORDERS } from '../../../schema/paper.ts';
import { WATCHLIST_LIMITS } from '../../../schema/watchlists.ts';
import { sampleApp, type TestApp } from '../../helpers.ts';
import { signedIn } from '../identity/client.ts';

const T0 = new Date('2026-03-01T12:00:00Z');
const count = <T>(xs: T[], x: T): number => xs.filter((y) => y === x).length;

function key(accountId: string) {
  const id = randomUUID();
  return { id, accountId, kind: 'standard' as const, name: null, prefix: 'alm_live_x', lastFour: 'abcd', keyHash: id.replaceAll('-', ''), dailyLimit: null, expiresAt: null };
}

for (const target of storeTargets('caps')) {
  const s = suite(`per-account caps under concurrency: store (${target.name})`);
  let store: UserStore;
  let account: string;
  s.before(async () => {
    store = await target.open();
    await migrateStore(store);
  });
  s.before.each(async () => {
    account = randomUUID();
    await insertAccount(store, { id: account, email: `${account}@example.com`, passwordHash: 'x' });
  });
  s.after(async () => {
    await store.close();
    await target.cleanup();
  });

  s('keys: 30 concurrent inserts under a cap of 20 make 20', async () => {
    const results = await Promise.all(Array.from({ length: 30 }, () => insertKeyUnderCap(store, key(account), MAX_ACTIVE_KEYS, T0)));
    assert.is(count(results, FULL), 10);
    assert.is(await countActiveKeys(store, account, T0), MAX_ACTIVE_KEYS);
    assert.is(await insertKeyUnderCap(store, key(randomUUID()), MAX_ACTIVE_KEYS, T0), 'missing', 'no account, no key');
  });

  s('watchlists: 70 concurrent creations under a cap of 50 make 50', async () => {
    const results = await Promise.all(Array.from({ length: 70 }, (_, i) => createWatchlist(store, account, randomUUID(), `list ${i}`, ['AAPL'], WATCHLIST_LIMITS.lists)));
    assert.is(count(results, FULL), 20);
    assert.is((await listWatchlists(store, account)).length, WATCHLIST_LIMITS.lists);
  });

  s('watchlist tickers: 30 concurrent additions under a cap of 20 make 20; a ticker already on a full list is fine', async () => {
    const id = randomUUID();
    await createWatchlist(store, account, id, 'full', [], 50);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => addWatchlistTicker(store, account, id, `T${i}`, 20)));
    assert.is(results.filter((r) => typeof r === 'object').length, 20);
    const w = (await getWatchlist(store, account, id))!;
    assert.is(w.tickers.length, 20);
    assert.equal(((await addWatchlistTicker(store, account, id, w.tickers[0]!, 20)) as WatchlistRow).tickers, w.tickers, 'idempotent re-add at the cap');
    assert.is(await addWatchlistTicker(store, randomUUID(), id, 'KO', 20), 'missing', "another account's list");
  });

  s('saved screens: 130 concurrent creations under a cap of 100 make 100', async () => {
    const results = await Promise.all(Array.from({ length: 130 }, (_, i) => createScreen(store, account, randomUUID(), `screen ${i}`, { pe_max: i }, 100)));
    assert.is(count(results, FULL), 30);
    assert.is((await listScreens(store, account)).length, 100);
  });

  s('portfolios and positions: concurrent additions stop at the caps exactly', async () => {
    const limits = { portfolios: 5, positions: 10 };
    const add = (portfolioId: string, ticker: string) =>
      store.transaction((tx) => addPosition(tx, { accountId: account, portfolioId, ticker, shares: 1, costBasis: 10, effectiveOn: '2025-01-02' }, limits)).then(
        () => 'ok',
        (err: unknown) => (err instanceof CapError ? 'full' : Promise.reject(err)),
      );
    const portfolios = await Promise.all(Array.from({ length: 15 }, (_, i) => add(`p${i}`, 'AAPL')));
    assert.is(count(portfolios, 'ok'), 5);
    assert.is((await listPortfolios(store, account)).length, 5);
    const held = (await listPortfolios(store, account))[0]!.portfolioId;
    const positions = await Promise.all(Array.from({ length: 20 }, (_, i) => add(held, `T${i}`)));
    assert.is(count(positions, 'ok'), 9, 'the portfolio held one position already');
    assert.is((await listPositions(store, account, held)).length, 10);
    assert.is(await add(held, 'AAPL'), 'ok', 'adding to a held position is not a new one');
  });

  s(`paper: ${PAPER_MAX_OPEN_ORDERS + 20} concurrent resting limit orders leave ${PAPER_MAX_OPEN_ORDERS} open`, async () => {
    const latest = { date: '2025-01-02', close: 10 };
    const place = () =>
      placePaperOrder(store, { id: randomUUID(), accountId: account, ticker: 'XYZ', side: 'buy', type: 'limit', quantity: 1, limitPrice: 1, latest, startingCash: 100_000, at: T0 }).then(
        () => 'ok',
        (err: unknown) => (err instanceof PaperOrderError ? err.code : Promise.reject(err)),
      );
    const results = await Promise.all(Array.from({ length: PAPER_MAX_OPEN_ORDERS + 20 }, place));
    assert.is(count(results, 'ok'), PAPER_MAX_OPEN_ORDERS);
    assert.is(count(results, 'too_many_open_orders'), 20);
    assert.is((await listPaperOrders(store, account, 'open', 1000)).length, PAPER_MAX_OPEN_ORDERS);
    const market = await placePaperOrder(store, { id: randomUUID(), accountId: account, ticker: 'XYZ', side: 'buy', type: 'market', quantity: 1, limitPrice: null, latest, startingCash: 100_000, at: T0 });
    assert.is(market.status, 'filled', 'an order that fills at once is not held by the open-order cap');
  });

  s('concurrent renames to one name: one wins, the others are told the name is taken (no 500)', async () => {
    const lists = await Promise.all(Array.from({ length: 8 }, (_, i) => createWatchlist(store, account, randomUUID(), `r${i}`, [], 50)));
    const renames = await Promise.all(lists.map((w) => renameWatchlist(store, account, (w as WatchlistRow).id, 'Same')));
    assert.equal([renames.filter((r) => typeof r === 'object').length, count(renames, 'taken')], [1, 7]);
    const screens = await Promise.all(Array.from({ length: 8 }, (_, i) => createScreen(store, account, randomUUID(), `r${i}`, {}, 100)));
    const updates = await Promise.all(screens.map((x) => updateScreen(store, account, (x as ScreenRow).id, { name: 'Same' })));
    assert.equal([updates.filter((r) => typeof r === 'object').length, count(updates, 'taken')], [1, 7]);
  });

  s.run();
}

for (const target of appStoreTargets('caps')) {
  const s = suite(`per-account caps under concurrency: HTTP (${target.name})`);
  let t: TestApp;
  s.before(async () => {
    t = await sampleApp({ jobs: ['companies'], config: await target.open() });
    for (const p of Object.values(t.services.identity.throttles)) p.limit = 1_000_000;
  });
  s.after(async () => {
    await t.close();
    await target.cleanup();
  });

  s('30 concurrent POST /api/keys make 20 keys; the rest are 409', async () => {
    const c = await signedIn(t.app, t.config.dataDir, `keys-${target.name}@example.com`, '203.0.113.30');
    const codes = (await Promise.all(Array.from({ length: 30 }, (_, i) => c.call('POST', '/api/keys', { body: { name: `k${i}` } })))).map((r) => r.statusCode);
    assert.is(count(codes, 201), MAX_ACTIVE_KEYS);
    assert.is(count(codes, 409), 30 - MAX_ACTIVE_KEYS);
    const listed = (await c.call('GET', '/api/keys/list')).json<{ status: string }[]>();
    assert.is(listed.filter((k) => k.status === 'active').length, MAX_ACTIVE_KEYS);
  });

  // One account (and address) per test: the 200-requests-per-minute budget of spec 8.2 must not cut in.
  s('70 concurrent POST /api/watchlists make 50 lists', async () => {
    const c = await signedIn(t.app, t.config.dataDir, `lists-${target.name}@example.com`, '203.0.113.31');
    const lists = (await Promise.all(Array.from({ length: 70 }, (_, i) => c.call('POST', '/api/watchlists', { body: { name: `w${i}` } })))).map((r) => r.statusCode);
    assert.is(count(lists, 201), WATCHLIST_LIMITS.lists);
    assert.is(count(lists, 400), 70 - WATCHLIST_LIMITS.lists);
    assert.is((await c.call('GET', '/api/watchlists')).json<unknown[]>().length, WATCHLIST_LIMITS.lists);
  });

  s('130 concurrent POST /api/screens make 100 saved screens', async () => {
    const c = await signedIn(t.app, t.config.dataDir, `screens-${target.name}@example.com`, '203.0.113.32');
    const screenRes = await Promise.all(Array.from({ length: 130 }, (_, i) => c.call('POST', '/api/screens', { body: { name: `s${i}`, params: { pe_max: i } } })));
    const screens = screenRes.map((r) => r.statusCode);
    assert.is(count(screens, 201), 100);
    assert.is(count(screens, 400), 30);
    assert.is((await c.call('GET', '/api/screens')).json<unknown[]>().length, 100);
  });

  s.run();
}
