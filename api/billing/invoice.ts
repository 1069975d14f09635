/**
 * Monthly invoice lines (spec 8.3: "extra calls are added to the next monthly invoice as one
 * line"): per account with developer-plan calls in the month, the calls, the extra calls and their
 * amount, summed from the ledger in one statement and written to `billing_invoice_lines`
 * (re-running rewrites the same lines, so the command is idempotent).
 */
import type { UserStore } from '../store/interface.ts';

export interface InvoiceLine {
  accountId: string;
  month: string;
  plan: string | null;
  calls: number;
  extraCalls: number;
  amountMicros: number;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Sums the ledger of `month` (`YYYY-MM`) into invoice lines and stores them. */
export async function buildInvoice(store: UserStore, month: string): Promise<InvoiceLine[]> {
  if (!MONTH.test(month)) throw new Error(`invalid month ${JSON.stringify(month)}: expected YYYY-MM`);
  return store.transaction(async (tx) => {
    const lines = await tx.query<InvoiceLine>(
      `SELECT account_id::text AS "accountId", month,
              (array_agg(plan ORDER BY created_at DESC) FILTER (WHERE plan IS NOT NULL))[1] AS plan,
              count(*)::bigint AS calls,
              count(*) FILTER (WHERE cost_micros > 0)::bigint AS "extraCalls",
              coalesce(sum(cost_micros), 0)::bigint AS "amountMicros"
       FROM billing_ledger WHERE month = $1 AND plan IS NOT NULL
       GROUP BY account_id, month ORDER BY account_id`,
      [month],
    );
    await tx.query('DELETE FROM billing_invoice_lines WHERE month = $1', [month]);
    for (const l of lines) {
      await tx.query(
        `INSERT INTO billing_invoice_lines (account_id, month, plan, calls, extra_calls, amount_micros) VALUES ($1, $2, $3, $4, $5, $6)`,
        [l.accountId, l.month, l.plan, l.calls, l.extraCalls, l.amountMicros],
      );
    }
    return lines;
  });
}
