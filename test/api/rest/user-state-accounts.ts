/**
 * Test helper for the per-user routes (issue 8): accounts with a verified email and an API key,
 * written straight to the user store (no registration round trip, no argon2 cost), and a caller
 * that sends the key.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { generateApiKey } from '../../../api/identity/keys.ts';
import { insertAccount, markEmailVerified, setAccountTier } from '../../../api/store/accounts.ts';
import type { Queryable, UserStore } from '../../../api/store/interface.ts';
import { insertKey } from '../../../api/store/keys.ts';
import type { TierId } from '../../../schema/tiers.ts';

export interface KeyCaller {
  accountId: string;
  key: string;
  call(method: string, url: string, body?: unknown): Promise<{ statusCode: number; body: string; json<T = any>(): T; headers: Record<string, unknown> }>;
}

/** A verified account with one standard key; `call` sends it in X-API-Key. */
export async function keyAccount(app: FastifyInstance, store: UserStore, email: string, tier: TierId = 'learner'): Promise<KeyCaller> {
  const accountId = randomUUID();
  await insertAccount(store, { id: accountId, email, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$unused$unused' });
  await markEmailVerified(store, accountId, new Date());
  if (tier !== 'learner') await setAccountTier(store, accountId, tier);
  const k = generateApiKey('standard');
  await insertKey(store, { id: randomUUID(), accountId, kind: 'standard', name: 'tests', prefix: k.prefix, lastFour: k.lastFour, keyHash: k.hash, dailyLimit: null, expiresAt: null });
  return {
    accountId,
    key: k.key,
    async call(method, url, body) {
      const res = await app.inject({
        method: method as 'GET',
        url,
        headers: { 'x-api-key': k.key, 'user-agent': 'almanac-tests/1.0 (user-state)' },
        ...(body !== undefined ? { payload: body as object } : {}),
      });
      return { statusCode: res.statusCode, body: res.body, headers: res.headers as Record<string, unknown>, json: () => JSON.parse(res.body) };
    },
  };
}

/** An anonymous call with a descriptive User-Agent. */
export async function anonymous(app: FastifyInstance, method: string, url: string, body?: unknown) {
  return app.inject({ method: method as 'GET', url, headers: { 'user-agent': 'almanac-tests/1.0 (user-state)' }, ...(body !== undefined ? { payload: body as object } : {}) });
}

/**
 * Runs `then` once, right after the first store statement starting with `prefix` completes (after
 * its transaction commits, for one run in `transaction()`): a concurrent request landing between a
 * route's write and its next read. Returns the undo.
 */
export function afterStatement(store: UserStore, prefix: string, then: () => Promise<unknown>): () => void {
  const original = { execute: store.execute, query: store.query, transaction: store.transaction };
  const matches = (sql: string) => sql.trimStart().startsWith(prefix);
  let fired = false;
  const fire = async (): Promise<void> => {
    if (fired) return;
    fired = true;
    await then();
  };
  store.execute = (async (sql: string, params?: unknown[]) => {
    const n = await original.execute.call(store, sql, params);
    if (matches(sql)) await fire();
    return n;
  }) as typeof store.execute;
  store.query = (async (sql: string, params?: unknown[]) => {
    const rows = await original.query.call(store, sql, params);
    if (matches(sql)) await fire();
    return rows;
  }) as typeof store.query;
  store.transaction = (async (fn: (tx: Queryable) => Promise<unknown>) => {
    let hit = false;
    const result = await original.transaction.call(store, (tx) =>
      fn({
        ...tx,
        query: (sql, params, options) => ((hit ||= matches(sql)), tx.query(sql, params, options)),
        execute: (sql, params, options) => ((hit ||= matches(sql)), tx.execute(sql, params, options)),
        exec: tx.exec.bind(tx),
      } as Queryable),
    );
    if (hit) await fire();
    return result;
  }) as typeof store.transaction;
  return () => Object.assign(store, original);
}
