/**
 * The user-store contract: the same behaviour from PGlite (always) and PostgreSQL (when
 * DATABASE_URL is set; CI sets it). The PostgreSQL run uses a fresh dedicated schema, dropped at
 * the end, so runs are repeatable and touch nothing else.
 */
import { randomUUID } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { storeTargets } from './targets.ts';
import { findAccountByEmail, findAccountById, insertAccount, insertEmailToken, consumeEmailToken, listAccounts, markEmailVerified, setAccountPlan, setAccountTier } from '../../../api/store/accounts.ts';
import type { UserStore } from '../../../api/store/interface.ts';
import { countActiveKeys, findKeyByHash, hasTrialKey, insertKey, listKeys, revokeKey, touchKey } from '../../../api/store/keys.ts';
import { migrateStore } from '../../../api/store/migrate.ts';
import { hitThrottle, spendChallenge } from '../../../api/store/security.ts';
import { findActiveSession, insertSession, purgeLoginAddresses, recordLoginAddress, revokeSession, signedInFrom } from '../../../api/store/sessions.ts';

const targets = storeTargets('store');

async function rejects(fn: () => Promise<unknown>): Promise<void> {
  try {
    await fn();
  } catch {
    return;
  }
  assert.unreachable('expected a rejection');
}

const T0 = new Date('2026-03-01T12:00:00Z');
const later = (ms: number): Date => new Date(T0.getTime() + ms);

function newAccount(email: string) {
  return { id: randomUUID(), email, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA' };
}

function newKey(accountId: string, over: Partial<Parameters<typeof insertKey>[1]> = {}) {
  return {
    id: randomUUID(),
    accountId,
    kind: 'standard' as const,
    name: 'ci',
    prefix: 'alm_live_Ab12',
    lastFour: 'wxyz',
    keyHash: randomUUID().replace(/-/g, '').padEnd(64, '0'),
    dailyLimit: null,
    expiresAt: null,
    ...over,
  };
}

for (const target of targets) {
  let store: UserStore;
  const s = suite(`store contract: ${target.name}`);
  s.before(async () => {
    store = await target.open();
  });
  s.after(async () => {
    await store.close();
    await target.cleanup();
  });

  s('migrations apply once; a second run applies nothing', async () => {
    const first = await migrateStore(store);
    assert.ok(first.includes('0001_accounts.sql'));
    assert.equal(await migrateStore(store), []);
    assert.is(await store.ping(), true);
    assert.is(store.kind, target.name);
  });

  s('types come back the same: Date, number, numeric string, arrays', async () => {
    const [row] = await store.query<{ t: Date; big: number; small: number; n: string; arr: string[]; nil: null }>(
      "SELECT '2026-03-01T12:00:00Z'::timestamptz AS t, 9007199254740991::int8 AS big, 7::int AS small, 1.50::numeric AS n, ARRAY['a','b']::text[] AS arr, NULL AS nil",
    );
    assert.ok(row!.t instanceof Date);
    assert.is(row!.t.toISOString(), '2026-03-01T12:00:00.000Z');
    assert.is(row!.big, 9007199254740991);
    assert.is(row!.small, 7);
    assert.is(row!.n, '1.50');
    assert.equal(row!.arr, ['a', 'b']);
    assert.is(row!.nil, null);
    const [param] = await store.query<{ v: string[] }>('SELECT $1::text[] AS v', [['x', 'y']]);
    assert.equal(param!.v, ['x', 'y']);
  });

  s('execute counts rows; transactions commit or roll back', async () => {
    await store.exec('CREATE TABLE contract_scratch (k text PRIMARY KEY, v int NOT NULL)');
    assert.is(await store.execute('INSERT INTO contract_scratch VALUES ($1, 1), ($2, 2)', ['a', 'b']), 2);
    await store.transaction(async (tx) => {
      await tx.query('UPDATE contract_scratch SET v = v + 10');
    });
    try {
      await store.transaction(async (tx) => {
        await tx.query('UPDATE contract_scratch SET v = v + 100');
        throw new Error('boom');
      });
      assert.unreachable('should throw');
    } catch (err) {
      assert.is((err as Error).message, 'boom');
    }
    const rows = await store.query<{ k: string; v: number }>('SELECT k, v FROM contract_scratch ORDER BY k');
    assert.equal(rows, [{ k: 'a', v: 11 }, { k: 'b', v: 12 }]);
    assert.is(await store.execute('DELETE FROM contract_scratch WHERE k = $1', ['zzz']), 0);
    await store.exec('DROP TABLE contract_scratch');
  });

  s('prepared statements: the same answers as unprepared, array parameters, two texts kept apart, inside a transaction too', async () => {
    await store.exec('CREATE TABLE contract_prepared (k text PRIMARY KEY, n bigint NOT NULL, at timestamptz)');
    const insert = 'INSERT INTO contract_prepared (k, n, at) SELECT * FROM unnest($1::text[], $2::bigint[], $3::timestamptz[]) ON CONFLICT (k) DO NOTHING';
    const count = 'SELECT count(*)::int AS c, coalesce(sum(n), 0)::int AS s FROM contract_prepared WHERE k = ANY($1::text[])';
    // Run often (past PostgreSQL's five custom plans), on whichever pool connections come.
    for (let i = 0; i < 8; i++) {
      assert.is(await store.execute(insert, [[`a${i}`, `b${i}`], [i, 10 * i], [T0, null]], { prepared: true }), 2);
      assert.equal(await store.query(count, [[`a${i}`, `b${i}`]], { prepared: true }), [{ c: 2, s: 11 * i }]);
    }
    assert.is(await store.execute(insert, [[], [], []], { prepared: true }), 0);
    assert.is(await store.execute(insert, [['a1'], [99], [null]], { prepared: true }), 0);
    await store.transaction(async (tx) => {
      assert.is(await tx.execute(insert, [['t'], [5], [later(1000)]], { prepared: true }), 1);
    });
    const rows = await store.query<{ k: string; n: number; at: Date | null }>('SELECT k, n, at FROM contract_prepared WHERE k IN ($1, $2, $3) ORDER BY k', ['a0', 'b0', 't']);
    assert.equal(rows, [{ k: 'a0', n: 0, at: T0 }, { k: 'b0', n: 0, at: null }, { k: 't', n: 5, at: later(1000) }]);
    assert.equal(await store.query(count, [['a1', 'b1', 't']]), [{ c: 3, s: 16 }]);
    await store.exec('DROP TABLE contract_prepared');
  });

  s('accounts: emails unique case-insensitively; defaults learner and no plan', async () => {
    const a = newAccount('Ada.Lovelace@Example.com');
    assert.is(await insertAccount(store, { ...a, displayName: 'Ada', timezone: 'Europe/London' }), true);
    assert.is(await insertAccount(store, newAccount('ada.lovelace@example.COM')), false);
    const found = await findAccountByEmail(store, 'ADA.LOVELACE@EXAMPLE.COM');
    assert.is(found!.id, a.id);
    assert.is(found!.email, 'Ada.Lovelace@Example.com');
    assert.is(found!.tier, 'learner');
    assert.is(found!.plan, null);
    assert.is(found!.displayName, 'Ada');
    assert.is(found!.timezone, 'Europe/London');
    assert.is(found!.experience, null);
    assert.is(found!.emailVerifiedAt, null);
    assert.ok(found!.createdAt instanceof Date);
    assert.is(await findAccountById(store, 'not-a-uuid'), null);
    assert.is(await findAccountById(store, randomUUID()), null);
  });

  s('accounts: tier, plan and verification updates; invalid values refused by the table', async () => {
    const a = newAccount('grace@example.com');
    await insertAccount(store, a);
    assert.is(await setAccountTier(store, a.id, 'investor'), true);
    assert.is(await setAccountPlan(store, a.id, 'developer_pro'), true);
    assert.is(await markEmailVerified(store, a.id, T0), true);
    assert.is(await markEmailVerified(store, a.id, later(5000)), true);
    const got = await findAccountById(store, a.id);
    assert.is(got!.tier, 'investor');
    assert.is(got!.plan, 'developer_pro');
    assert.is(got!.emailVerifiedAt!.toISOString(), T0.toISOString(), 'first verification time kept');
    await rejects(() => setAccountTier(store, a.id, 'god' as never));
    assert.is(await setAccountPlan(store, a.id, null), true);
    assert.is((await findAccountById(store, a.id))!.plan, null);
    const all = await listAccounts(store, 10);
    assert.ok(all.some((r) => r.id === a.id));
  });

  s('email tokens: single use, expiring', async () => {
    const a = newAccount('token@example.com');
    await insertAccount(store, a);
    await insertEmailToken(store, { tokenHash: 'h1', accountId: a.id, purpose: 'verify_email', expiresAt: later(60_000) });
    await insertEmailToken(store, { tokenHash: 'h2', accountId: a.id, purpose: 'verify_email', expiresAt: later(60_000) });
    assert.is(await consumeEmailToken(store, 'h1', 'verify_email', later(61_000)), null, 'expired');
    assert.is(await consumeEmailToken(store, 'h2', 'verify_email', later(1000)), a.id);
    assert.is(await consumeEmailToken(store, 'h2', 'verify_email', later(2000)), null, 'used');
    assert.is(await consumeEmailToken(store, 'nope', 'verify_email', later(1000)), null);
  });

  s('sessions: active until revoked or expired', async () => {
    const a = newAccount('session@example.com');
    await insertAccount(store, a);
    await insertSession(store, { idHash: 's1', accountId: a.id, expiresAt: later(3600_000), ip: '127.0.0.1', userAgent: 'test' });
    assert.is((await findActiveSession(store, 's1', later(1000)))!.accountId, a.id);
    assert.is(await findActiveSession(store, 's1', later(3600_001)), null);
    await revokeSession(store, 's1', later(2000));
    assert.is(await findActiveSession(store, 's1', later(3000)), null);
  });

  s('keys: lookup by hash with tier and plan; owner-scoped revoke; one trial per lifetime', async () => {
    const a = newAccount('keys@example.com');
    const b = newAccount('other@example.com');
    await insertAccount(store, a);
    await insertAccount(store, b);
    await setAccountTier(store, a.id, 'researcher');
    const k1 = newKey(a.id);
    const row = await insertKey(store, k1);
    assert.is(row!.id, k1.id);
    assert.is(row!.kind, 'standard');
    assert.is(row!.revokedAt, null);
    const auth = await findKeyByHash(store, k1.keyHash);
    assert.equal(
      { id: auth!.id, accountId: auth!.accountId, kind: auth!.kind, tier: auth!.tier, plan: auth!.plan, revokedAt: auth!.revokedAt },
      { id: k1.id, accountId: a.id, kind: 'standard', tier: 'researcher', plan: null, revokedAt: null },
    );
    assert.is(await findKeyByHash(store, 'f'.repeat(64)), null);

    const trial = newKey(a.id, { kind: 'trial', dailyLimit: 100, expiresAt: later(14 * 86400_000) });
    assert.ok(await insertKey(store, trial));
    assert.is(await hasTrialKey(store, a.id), true);
    assert.is(await hasTrialKey(store, b.id), false);
    assert.is(await revokeKey(store, b.id, trial.id, later(1)), null, "another account's key is not found");
    const revoked = await revokeKey(store, a.id, trial.id, later(1000));
    assert.is(revoked!.revokedAt!.toISOString(), later(1000).toISOString());
    assert.is((await revokeKey(store, a.id, trial.id, later(9000)))!.revokedAt!.toISOString(), later(1000).toISOString(), 'idempotent');
    assert.is(await insertKey(store, newKey(a.id, { kind: 'trial', dailyLimit: 100 })), null, 'second trial refused even after revocation');

    assert.is(await countActiveKeys(store, a.id, later(2000)), 1);
    await touchKey(store, k1.id, later(5000));
    await touchKey(store, k1.id, later(4000));
    const list = await listKeys(store, a.id);
    assert.equal(list.map((k) => k.kind).sort(), ['standard', 'trial']);
    const listed = list.find((k) => k.id === k1.id)!;
    assert.is(listed.lastUsedAt!.toISOString(), later(5000).toISOString(), 'last use never goes backwards');
    assert.is(listed.dailyLimit, null);
    assert.is(list.find((k) => k.kind === 'trial')!.dailyLimit, 100);
    assert.not.ok('keyHash' in listed, 'the list never carries the hash');
    await rejects(() => insertKey(store, newKey(b.id, { keyHash: k1.keyHash })));
  });

  s('challenges: spent once, across connections', async () => {
    assert.is(await spendChallenge(store, 'nonce-1', later(60_000), T0), true);
    assert.is(await spendChallenge(store, 'nonce-1', later(60_000), T0), false);
    const results = await Promise.all(Array.from({ length: 50 }, () => spendChallenge(store, 'nonce-2', later(60_000), T0)));
    assert.equal(results.filter(Boolean).length, 1, 'concurrent spends: exactly one wins');
  });

  s('sign-in addresses: recorded, known since a time, purged', async () => {
    const acct = newAccount(`addr-${randomUUID()}@example.com`);
    await insertAccount(store, acct);
    assert.is(await signedInFrom(store, acct.id, '192.0.2.1', T0), false);
    await recordLoginAddress(store, acct.id, '192.0.2.1', later(1000));
    await recordLoginAddress(store, acct.id, '192.0.2.1', T0); // an older success never moves it back
    assert.is(await signedInFrom(store, acct.id, '192.0.2.1', later(1000)), true);
    assert.is(await signedInFrom(store, acct.id, '192.0.2.1', later(2000)), false);
    assert.is(await signedInFrom(store, acct.id, '192.0.2.2', T0), false, 'another address');
    assert.is(await purgeLoginAddresses(store, later(2000)), 1);
    assert.is(await signedInFrom(store, acct.id, '192.0.2.1', T0), false);
  });

  s('throttle counters count per bucket and window, concurrently exact', async () => {
    assert.is(await hitThrottle(store, 'login:ip:1.2.3.4', T0), 1);
    assert.is(await hitThrottle(store, 'login:ip:1.2.3.4', T0), 2);
    assert.is(await hitThrottle(store, 'login:ip:1.2.3.4', later(60_000)), 1);
    const hits = await Promise.all(Array.from({ length: 10 }, () => hitThrottle(store, 'reg:ip:5.6.7.8', T0)));
    assert.equal([...hits].sort((x, y) => x - y), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  s.run();
}
