/** Server-side sessions (migration 0001_accounts.sql): revocable, with an absolute expiry. */
import type { Queryable } from './interface.ts';

export interface SessionRow {
  idHash: string;
  accountId: string;
  createdAt: Date;
  expiresAt: Date;
}

export async function insertSession(db: Queryable, s: { idHash: string; accountId: string; expiresAt: Date; ip: string | null; userAgent: string | null }): Promise<void> {
  await db.query('INSERT INTO sessions (id_hash, account_id, expires_at, ip, user_agent) VALUES ($1, $2, $3, $4, $5)', [
    s.idHash,
    s.accountId,
    s.expiresAt,
    s.ip,
    s.userAgent?.slice(0, 300) ?? null,
  ]);
}

/** The session if it exists, is not revoked and has not expired at `at`. */
export async function findActiveSession(db: Queryable, idHash: string, at: Date): Promise<SessionRow | null> {
  const rows = await db.query<SessionRow>(
    `SELECT id_hash AS "idHash", account_id AS "accountId", created_at AS "createdAt", expires_at AS "expiresAt"
     FROM sessions WHERE id_hash = $1 AND revoked_at IS NULL AND expires_at > $2`,
    [idHash, at],
  );
  return rows[0] ?? null;
}

/** Records a successful sign-in of the account from `ip` (migration 0002_login_addresses.sql). */
export async function recordLoginAddress(db: Queryable, accountId: string, ip: string, at: Date): Promise<void> {
  await db.execute(
    `INSERT INTO login_addresses (account_id, ip, last_success_at) VALUES ($1, $2, $3)
     ON CONFLICT (account_id, ip) DO UPDATE SET last_success_at = greatest(login_addresses.last_success_at, EXCLUDED.last_success_at)`,
    [accountId, ip, at],
  );
}

/** True when the account signed in successfully from `ip` at or after `since`. */
export async function signedInFrom(db: Queryable, accountId: string, ip: string, since: Date): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM login_addresses WHERE account_id = $1 AND ip = $2 AND last_success_at >= $3', [accountId, ip, since]);
  return rows.length > 0;
}

/** Deletes sign-in addresses whose last success is before `before`. */
export async function purgeLoginAddresses(db: Queryable, before: Date): Promise<number> {
  return db.execute('DELETE FROM login_addresses WHERE last_success_at < $1', [before]);
}

export async function revokeSession(db: Queryable, idHash: string, at: Date): Promise<void> {
  await db.query('UPDATE sessions SET revoked_at = coalesce(revoked_at, $2) WHERE id_hash = $1', [idHash, at]);
}

/** Revokes every session of an account (e.g. after an operator action); returns how many. */
export async function revokeAccountSessions(db: Queryable, accountId: string, at: Date): Promise<number> {
  return db.execute('UPDATE sessions SET revoked_at = $2 WHERE account_id = $1 AND revoked_at IS NULL', [accountId, at]);
}

/** Deletes sessions that ended (expired or revoked) before `before`. */
export async function purgeSessions(db: Queryable, before: Date): Promise<number> {
  return db.execute('DELETE FROM sessions WHERE expires_at < $1 OR revoked_at < $1', [before]);
}
