/** Accounts and their mailed tokens in the user store (migration 0001_accounts.sql). */
import type { PlanId, TierId } from '../../schema/tiers.ts';
import type { Queryable } from './interface.ts';

export interface Account {
  id: string;
  email: string;
  passwordHash: string;
  displayName: string | null;
  experience: string | null;
  useCase: string | null;
  referralSource: string | null;
  timezone: string | null;
  emailVerifiedAt: Date | null;
  tier: TierId;
  plan: PlanId | null;
  createdAt: Date;
}

/** The columns registration may write; nothing else from a request body ever reaches the table. */
export interface NewAccount {
  id: string;
  email: string;
  passwordHash: string;
  displayName?: string | null;
  experience?: string | null;
  useCase?: string | null;
  referralSource?: string | null;
  timezone?: string | null;
}

const COLUMNS = `id, email, password_hash AS "passwordHash", display_name AS "displayName", experience,
  use_case AS "useCase", referral_source AS "referralSource", timezone,
  email_verified_at AS "emailVerifiedAt", tier, plan, created_at AS "createdAt"`;

/** Inserts an account; returns false when the email (case-insensitive) is already taken. */
export async function insertAccount(db: Queryable, a: NewAccount): Promise<boolean> {
  const n = await db.execute(
    `INSERT INTO accounts (id, email, password_hash, display_name, experience, use_case, referral_source, timezone)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT DO NOTHING`,
    [a.id, a.email, a.passwordHash, a.displayName ?? null, a.experience ?? null, a.useCase ?? null, a.referralSource ?? null, a.timezone ?? null],
  );
  return n === 1;
}

export async function findAccountByEmail(db: Queryable, email: string): Promise<Account | null> {
  const rows = await db.query<Account>(`SELECT ${COLUMNS} FROM accounts WHERE lower(email) = lower($1)`, [email]);
  return rows[0] ?? null;
}

export async function findAccountById(db: Queryable, id: string): Promise<Account | null> {
  if (!isUuid(id)) return null;
  const rows = await db.query<Account>(`SELECT ${COLUMNS} FROM accounts WHERE id = $1`, [id]);
  return rows[0] ?? null;
}

/** Accounts, newest first. */
export async function listAccounts(db: Queryable, limit = 100, offset = 0): Promise<Account[]> {
  return db.query<Account>(`SELECT ${COLUMNS} FROM accounts ORDER BY created_at DESC, id LIMIT $1 OFFSET $2`, [limit, offset]);
}

/** Marks the email verified (keeps the first verification time); returns false if no such account. */
export async function markEmailVerified(db: Queryable, accountId: string, at: Date): Promise<boolean> {
  const n = await db.execute('UPDATE accounts SET email_verified_at = coalesce(email_verified_at, $2) WHERE id = $1', [accountId, at]);
  return n === 1;
}

export async function setAccountTier(db: Queryable, accountId: string, tier: TierId): Promise<boolean> {
  return (await db.execute('UPDATE accounts SET tier = $2 WHERE id = $1', [accountId, tier])) === 1;
}

export async function setAccountPlan(db: Queryable, accountId: string, plan: PlanId | null): Promise<boolean> {
  return (await db.execute('UPDATE accounts SET plan = $2 WHERE id = $1', [accountId, plan])) === 1;
}

/** Stores a mailed token (its SHA-256 only). */
export async function insertEmailToken(db: Queryable, t: { tokenHash: string; accountId: string; purpose: 'verify_email'; expiresAt: Date }): Promise<void> {
  await db.query('INSERT INTO email_tokens (token_hash, account_id, purpose, expires_at) VALUES ($1, $2, $3, $4)', [t.tokenHash, t.accountId, t.purpose, t.expiresAt]);
}

/** Marks every unused token of an account and purpose used (a resend replaces earlier links). */
export async function retireEmailTokens(db: Queryable, accountId: string, purpose: 'verify_email', at: Date): Promise<void> {
  await db.query('UPDATE email_tokens SET used_at = $3 WHERE account_id = $1 AND purpose = $2 AND used_at IS NULL', [accountId, purpose, at]);
}

/**
 * Spends a token: atomically marks it used if it exists, is unused and unexpired at `at`.
 * Returns its account id, or null (unknown, used or expired are not told apart).
 */
export async function consumeEmailToken(db: Queryable, tokenHash: string, purpose: 'verify_email', at: Date): Promise<string | null> {
  const rows = await db.query<{ accountId: string }>(
    `UPDATE email_tokens SET used_at = $3
     WHERE token_hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
     RETURNING account_id AS "accountId"`,
    [tokenHash, purpose, at],
  );
  return rows[0]?.accountId ?? null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a syntactically valid UUID (anything else can never match an id; no query needed). */
export function isUuid(s: string): boolean {
  return UUID.test(s);
}
