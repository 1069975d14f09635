/** API key rows (migration 0001_accounts.sql). Only hashes are stored; never the raw key. */
import type { PlanId, TierId } from '../../schema/tiers.ts';
import { accountLock, insertUnderCap, type FULL } from './caps.ts';
import type { Queryable, UserStore } from './interface.ts';

export type StoredKeyKind = 'standard' | 'trial';

export interface KeyRow {
  id: string;
  accountId: string;
  kind: StoredKeyKind;
  name: string | null;
  prefix: string;
  lastFour: string;
  dailyLimit: number | null;
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** What the request path needs about a key, from one indexed lookup by hash. */
export interface KeyAuthRow {
  id: string;
  accountId: string;
  kind: StoredKeyKind;
  keyHash: string;
  dailyLimit: number | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
  tier: TierId;
  plan: PlanId | null;
}

export interface NewKey {
  id: string;
  accountId: string;
  kind: StoredKeyKind;
  name: string | null;
  prefix: string;
  lastFour: string;
  keyHash: string;
  dailyLimit: number | null;
  expiresAt: Date | null;
}

const COLUMNS = `id, account_id AS "accountId", kind, name, prefix, last_four AS "lastFour", daily_limit AS "dailyLimit",
  created_at AS "createdAt", last_used_at AS "lastUsedAt", expires_at AS "expiresAt", revoked_at AS "revokedAt"`;

/**
 * Inserts a key. Returns false (and inserts nothing) when it is a second trial key of the account:
 * the unique partial index `api_keys_one_trial` makes "one per account lifetime" hold across processes.
 */
export async function insertKey(db: Queryable, k: NewKey): Promise<KeyRow | null> {
  const rows = await db.query<KeyRow>(
    `INSERT INTO api_keys (id, account_id, kind, name, prefix, last_four, key_hash, daily_limit, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     ON CONFLICT (account_id) WHERE kind = 'trial' DO NOTHING
     RETURNING ${COLUMNS}`,
    [k.id, k.accountId, k.kind, k.name, k.prefix, k.lastFour, k.keyHash, k.dailyLimit, k.expiresAt],
  );
  return rows[0] ?? null;
}

/**
 * Inserts a key unless the account already holds `maxActive` active keys at `at` ('full'), in one
 * transaction under the account row lock, so concurrent requests never exceed the cap (issue 13.7).
 * Null for a second trial key, as `insertKey`; 'missing' when the account does not exist.
 */
export async function insertKeyUnderCap(store: UserStore, k: NewKey, maxActive: number, at: Date): Promise<KeyRow | null | typeof FULL | 'missing'> {
  return insertUnderCap(store, accountLock(k.accountId), maxActive, (tx) => countActiveKeys(tx, k.accountId, at), (tx) => insertKey(tx, k));
}

/** The key with this hash and its account's tier and plan (revoked and expired keys included). */
export async function findKeyByHash(db: Queryable, keyHash: string): Promise<KeyAuthRow | null> {
  const rows = await db.query<KeyAuthRow>(
    `SELECT k.id, k.account_id AS "accountId", k.kind, k.key_hash AS "keyHash", k.daily_limit AS "dailyLimit",
            k.expires_at AS "expiresAt", k.revoked_at AS "revokedAt", a.tier, a.plan
     FROM api_keys k JOIN accounts a ON a.id = k.account_id
     WHERE k.key_hash = $1`,
    [keyHash],
  );
  return rows[0] ?? null;
}

/** An account's keys, newest first. */
export async function listKeys(db: Queryable, accountId: string): Promise<KeyRow[]> {
  return db.query<KeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE account_id = $1 ORDER BY created_at DESC, id`, [accountId]);
}

/** Keys of the account that are neither revoked nor expired at `at`. */
export async function countActiveKeys(db: Queryable, accountId: string, at: Date): Promise<number> {
  const rows = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM api_keys WHERE account_id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2)',
    [accountId, at],
  );
  return rows[0]!.n;
}

/**
 * Revokes a key of `accountId` (the owner is part of the lookup: another account's key id is
 * "not found"). Idempotent: an already revoked key keeps its first revocation time.
 */
export async function revokeKey(db: Queryable, accountId: string, keyId: string, at: Date): Promise<KeyRow | null> {
  const rows = await db.query<KeyRow>(
    `UPDATE api_keys SET revoked_at = coalesce(revoked_at, $3) WHERE id = $1 AND account_id = $2 RETURNING ${COLUMNS}`,
    [keyId, accountId, at],
  );
  return rows[0] ?? null;
}

/** Records use; called at most about once a minute per key per process. */
export async function touchKey(db: Queryable, keyId: string, at: Date): Promise<void> {
  await db.query('UPDATE api_keys SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2)', [keyId, at]);
}

/** True when the account ever received a trial key (revoked or expired ones count). */
export async function hasTrialKey(db: Queryable, accountId: string): Promise<boolean> {
  return (await db.query("SELECT 1 FROM api_keys WHERE account_id = $1 AND kind = 'trial'", [accountId])).length > 0;
}
