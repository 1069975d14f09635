/**
 * The billing ledger (user store table `billing_ledger`, migration 0100_billing.sql): one row per
 * successful metered call of an account, keyed by a server-generated request id. Writes are
 * group-committed with the per-key usage (`meter-writer.ts`): `bill()` resolves once the row's batch
 * is committed, and the API sends the response only after that, so a call the client saw succeed is
 * always in the ledger (durable, batched, never lost). `ON CONFLICT DO NOTHING` makes a retried
 * batch harmless.
 */
import type { PlanId } from '../../schema/tiers.ts';
import { bareArray, textArray, timestampArray } from '../store/array-literal.ts';
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

/**
 * The insert of a batch of rows, its eight columns as array parameters `$first`..`$first + 7`
 * (`ledgerColumns`); a request id already there is skipped. One text for every batch size, so the
 * store keeps it prepared (issue 15: a VALUES list per batch was parsed and planned on every commit).
 */
export const ledgerInsertSql = (first: number): string =>
  `INSERT INTO billing_ledger (request_id, account_id, key_id, plan, month, cost_micros, route, created_at)
     SELECT * FROM unnest($${first}::text[], $${first + 1}::uuid[], $${first + 2}::uuid[], $${first + 3}::text[], $${first + 4}::text[], $${first + 5}::bigint[], $${first + 6}::text[], $${first + 7}::timestamptz[])
     ON CONFLICT (request_id) DO NOTHING`;

/** Rows as `ledgerInsertSql`'s eight column arrays, each as its array literal (api/store/array-literal.ts). */
export function ledgerColumns(rows: LedgerRow[]): string[] {
  const n = rows.length;
  const requestIds = new Array<string>(n);
  const accountIds = new Array<string>(n);
  const keyIds = new Array<string | null>(n);
  const plans = new Array<string | null>(n);
  const months = new Array<string>(n);
  const costs = new Array<number>(n);
  const routes = new Array<string>(n);
  const ats = new Array<Date>(n);
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    requestIds[i] = r.requestId;
    accountIds[i] = r.accountId;
    keyIds[i] = r.keyId;
    plans[i] = r.plan;
    months[i] = r.month;
    costs[i] = r.costMicros;
    routes[i] = r.route;
    ats[i] = r.at;
  }
  return [textArray(requestIds), bareArray(accountIds), bareArray(keyIds), textArray(plans), textArray(months), bareArray(costs), textArray(routes), timestampArray(ats)];
}

const LEDGER_INSERT = ledgerInsertSql(1);

/** Inserts rows in one statement; returns how many were new. */
export async function insertLedgerRows(db: Queryable, rows: LedgerRow[]): Promise<number> {
  if (!rows.length) return 0;
  return db.execute(LEDGER_INSERT, ledgerColumns(rows), { prepared: true });
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
