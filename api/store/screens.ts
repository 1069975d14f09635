/** Saved screens: named screener parameters (migration 0200_user_state.sql), filtered by owner. */
import { accountLock, countRows, insertUnderCap, isUniqueViolation, type FULL } from './caps.ts';
import type { Queryable, UserStore } from './interface.ts';

export interface ScreenRow {
  id: string;
  name: string;
  params: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
  lastRunAt: Date | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COLUMNS = `id, name, params, created_at AS "createdAt", updated_at AS "updatedAt", last_run_at AS "lastRunAt"`;

const decode = (r: Omit<ScreenRow, 'params'> & { params: string }): ScreenRow => ({ ...r, params: JSON.parse(r.params) as Record<string, unknown> });

export async function listScreens(db: Queryable, accountId: string): Promise<ScreenRow[]> {
  const rows = await db.query<Omit<ScreenRow, 'params'> & { params: string }>(`SELECT ${COLUMNS} FROM saved_screens WHERE account_id = $1 ORDER BY created_at, id`, [accountId]);
  return rows.map(decode);
}

export async function getScreen(db: Queryable, accountId: string, id: string): Promise<ScreenRow | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db.query<Omit<ScreenRow, 'params'> & { params: string }>(`SELECT ${COLUMNS} FROM saved_screens WHERE account_id = $1 AND id = $2`, [accountId, id]);
  return row ? decode(row) : null;
}

/**
 * Inserts: null when the account already has a screen of that name (case-insensitive), 'full' when
 * it already holds `maxScreens` (counted under the account row lock; issue 13.7); 'missing' when the account does not exist.
 */
export async function createScreen(
  store: UserStore,
  accountId: string,
  id: string,
  name: string,
  params: Record<string, unknown>,
  maxScreens: number,
): Promise<ScreenRow | null | typeof FULL | 'missing'> {
  return insertUnderCap(
    store,
    accountLock(accountId),
    maxScreens,
    (tx) => countRows(tx, 'SELECT 1 FROM saved_screens WHERE account_id = $1', [accountId]),
    async (tx) => {
      const n = await tx.execute(`INSERT INTO saved_screens (id, account_id, name, params) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [id, accountId, name, JSON.stringify(params)]);
      return n === 1 ? getScreen(tx, accountId, id) : null;
    },
  );
}

/**
 * Updates the name and/or parameters: the screen after the change (returned by the update itself),
 * 'missing' (not the owner's, or deleted meanwhile: a re-read after the update found nothing and
 * the route dereferenced null, a 500) or 'taken' (name in use).
 */
export async function updateScreen(
  db: Queryable,
  accountId: string,
  id: string,
  patch: { name?: string; params?: Record<string, unknown> },
): Promise<ScreenRow | 'missing' | 'taken'> {
  const current = await getScreen(db, accountId, id);
  if (!current) return 'missing';
  if (patch.name !== undefined) {
    const clash = await db.query(`SELECT 1 FROM saved_screens WHERE account_id = $1 AND lower(name) = lower($2) AND id <> $3`, [accountId, patch.name, id]);
    if (clash.length) return 'taken';
  }
  try {
    const [row] = await db.query<Omit<ScreenRow, 'params'> & { params: string }>(
      `UPDATE saved_screens SET name = $3, params = $4, updated_at = now() WHERE account_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
      [accountId, id, patch.name ?? current.name, JSON.stringify(patch.params ?? current.params)],
    );
    return row ? decode(row) : 'missing';
  } catch (err) {
    // A concurrent rename or creation took the name after the check above (the unique index decides).
    if (isUniqueViolation(err)) return 'taken';
    throw err;
  }
}

export async function deleteScreen(db: Queryable, accountId: string, id: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  return (await db.execute(`DELETE FROM saved_screens WHERE account_id = $1 AND id = $2`, [accountId, id])) === 1;
}

export async function markScreenRun(db: Queryable, accountId: string, id: string, at: Date): Promise<void> {
  await db.execute(`UPDATE saved_screens SET last_run_at = $3 WHERE account_id = $1 AND id = $2`, [accountId, id, at]);
}
