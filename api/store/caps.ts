/**
 * Per-account caps enforced atomically (issue 13.7). A cap checked by counting and then inserting
 * in separate statements admits too much under concurrency (30 concurrent key creations made 25
 * keys under a cap of 20). Every capped insert instead runs in one transaction that first locks the
 * owning row (`SELECT ... FOR NO KEY UPDATE`), then counts, then inserts: two requests of one
 * account queue on the lock, so the second counts what the first inserted. `NO KEY UPDATE` (not
 * `UPDATE`) leaves foreign-key checks of other inserts (sessions, ledger rows) unblocked.
 *
 * PGlite runs one transaction at a time, so the same code is exact there too.
 */
import type { Queryable, UserStore } from './interface.ts';

const ROW_LOCK = 'FOR NO KEY UPDATE';

/** A capped insert's refusal: the cap was already reached. */
export const FULL = 'full' as const;

/**
 * Runs `insert` in a transaction holding the lock of `lockSql`'s row when `count` (read under that
 * lock) is below `max`; 'full' otherwise; 'missing' when the locked row does not exist.
 */
export async function insertUnderCap<T>(
  store: UserStore,
  lock: { sql: string; params: unknown[] },
  max: number,
  count: (tx: Queryable) => Promise<number>,
  insert: (tx: Queryable) => Promise<T>,
): Promise<T | typeof FULL | 'missing'> {
  return store.transaction(async (tx) => {
    if ((await tx.query(`${lock.sql} ${ROW_LOCK}`, lock.params)).length === 0) return 'missing' as const;
    if ((await count(tx)) >= max) return FULL;
    return insert(tx);
  });
}

/** The account row lock: serialises one account's capped inserts. */
export const accountLock = (accountId: string) => ({ sql: 'SELECT 1 FROM accounts WHERE id = $1', params: [accountId] });

/** `SELECT count(*)` of a statement's rows as a number. */
export async function countRows(db: Queryable, sql: string, params: unknown[]): Promise<number> {
  const [row] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) AS counted`, params);
  return row!.n;
}

/** A capped insert refused inside a larger transaction (the handler answers 400 with the message). */
export class CapError extends Error {}

/** Locks the account row for the rest of the transaction (see the module comment). */
export async function lockAccountRow(tx: Queryable, accountId: string): Promise<void> {
  const lock = accountLock(accountId);
  await tx.query(`${lock.sql} ${ROW_LOCK}`, lock.params);
}

/** True for a unique-index violation (SQLSTATE 23505), from PostgreSQL and PGlite alike. */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === '23505';
}
