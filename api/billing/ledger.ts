/**
 * The billing ledger (user store table `billing_ledger`, migration 0100_billing.sql): one row per
 * successful metered call of an account, keyed by a server-generated request id. Writes are
 * group-committed with the per-key usage (`meter-writer.ts`): `bill()` resolves once the row's batch
 * is committed, and the API sends the response only after that, so a call the client saw succeed is
 * always in the ledger (durable, batched, never lost). `ON CONFLICT DO NOTHING` makes a retried
 * batch harmless.
 */
import type { PlanId } from '../../schema/tiers.ts';
import type { Queryable } from '../store/interface.ts';

export interface LedgerRow {
  requestId: string;
  accountId: string;
  keyId: string | null;
  plan: PlanId | null;
  month: string;
  costMicros: number;
  route: string;
  at: Date;
}

/** The insert of a batch of rows, parameters from `$offset + 1`; a request id already there is skipped. */
export function ledgerInsert(rows: LedgerRow[], offset = 0): { sql: string; values: unknown[] } {
  const values: unknown[] = [];
  const tuples = rows.map((r, i) => {
    values.push(r.requestId, r.accountId, r.keyId, r.plan, r.month, r.costMicros, r.route, r.at);
    const b = offset + i * 8;
    return `($${b + 1}, $${b + 2}, $${b + 3}, $${b + 4}, $${b + 5}, $${b + 6}, $${b + 7}, $${b + 8})`;
  });
  return {
    sql: `INSERT INTO billing_ledger (request_id, account_id, key_id, plan, month, cost_micros, route, created_at)
     VALUES ${tuples.join(', ')} ON CONFLICT (request_id) DO NOTHING`,
    values,
  };
}

/** Inserts rows in one statement; returns how many were new. */
export async function insertLedgerRows(db: Queryable, rows: LedgerRow[]): Promise<number> {
  if (!rows.length) return 0;
  const { sql, values } = ledgerInsert(rows);
  return db.execute(sql, values);
}

export interface MonthUsage {
  /** Successful metered calls of the account this month (all keys and sessions). */
  calls: number;
  /** Of those, calls made under a developer plan (they count against its allowance). */
  planCalls: number;
  /** Calls billed at the extra-call rate. */
  extraCalls: number;
  accruedMicros: number;
}

/** Month-to-date usage of an account, summed from the ledger. */
export async function monthUsage(db: Queryable, accountId: string, month: string): Promise<MonthUsage> {
  const [row] = await db.query<MonthUsage>(
    `SELECT count(*)::int AS calls,
            count(plan)::int AS "planCalls",
            count(*) FILTER (WHERE cost_micros > 0)::int AS "extraCalls",
            coalesce(sum(cost_micros), 0)::bigint AS "accruedMicros"
     FROM billing_ledger WHERE account_id = $1 AND month = $2`,
    [accountId, month],
  );
  return row ?? { calls: 0, planCalls: 0, extraCalls: 0, accruedMicros: 0 };
}
