/**
 * The user store: accounts, sessions, API keys, and (later issues) billing records and per-user
 * state. Two implementations share one set of SQL migrations (`api/store/migrations/*.sql`) and one
 * contract test suite: PostgreSQL via `pg` (`DATABASE_URL`) and PGlite in process (the embedded
 * default, data under `DATA_DIR/userstore`).
 *
 * Rows are plain objects with the same JS types from both implementations: `timestamptz` as
 * `Date`, `int4`/`int8` as numbers (int8 must stay below 2^53), `numeric` as strings, arrays as
 * arrays, `uuid` and `text` as strings. Write counts as `::int` if you want them typed.
 *
 * @example
 * const rows = await store.query<{ id: string }>('SELECT id FROM accounts WHERE lower(email) = lower($1)', [email]);
 * await store.transaction(async (tx) => { await tx.query('UPDATE ...', [...]); });
 */
export type StoreRow = Record<string, unknown>;

/** How a statement is run. */
export interface StatementOptions {
  /**
   * The text is one of a fixed few (every value is a parameter) and runs often: the store may
   * keep it prepared on each connection, parsed and planned once (PostgreSQL: a named statement).
   */
  prepared?: boolean;
}

/** Runs SQL: the store itself, or a transaction handle inside `transaction()`. */
export interface Queryable {
  /** One parameterised statement ($1, $2 ...); returns its rows (empty for DML without RETURNING). */
  query<T = StoreRow>(sql: string, params?: unknown[], options?: StatementOptions): Promise<T[]>;
  /** One statement; returns the number of rows it inserted, updated or deleted. */
  execute(sql: string, params?: unknown[], options?: StatementOptions): Promise<number>;
  /** A script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface UserStore extends Queryable {
  readonly kind: 'postgres' | 'pglite';
  /** Runs `fn` in one transaction (committed when it resolves, rolled back when it throws). */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** True when the store answers `SELECT 1`. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
