/**
 * Extra-call consent (spec 3, 4.3): rows of `billing_overage`. The plan, rate and price shown when
 * the user turned extra calls on are the ones that bill; if the account's plan or the plan's rate or
 * price change later, the consent no longer matches and extra calls count as off until the user
 * consents again (`consentMatches`).
 */
import { PLAN_TABLE, type Plan } from '../../schema/plans.ts';
import type { PlanId } from '../../schema/tiers.ts';
import type { Queryable } from '../store/interface.ts';

export interface OverageRow {
  enabled: boolean;
  plan: PlanId;
  rateMicros: number;
  priceMicros: number;
  capMicros: number;
}

export async function readOverage(db: Queryable, accountId: string): Promise<OverageRow | null> {
  const rows = await db.query<OverageRow>(
    `SELECT enabled, plan, rate_micros AS "rateMicros", price_micros AS "priceMicros", cap_micros AS "capMicros"
     FROM billing_overage WHERE account_id = $1`,
    [accountId],
  );
  return rows[0] ?? null;
}

export async function writeOverage(db: Queryable, accountId: string, row: OverageRow): Promise<void> {
  await db.execute(
    `INSERT INTO billing_overage (account_id, enabled, plan, rate_micros, price_micros, cap_micros, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, now())
     ON CONFLICT (account_id) DO UPDATE SET enabled = $2, plan = $3, rate_micros = $4, price_micros = $5, cap_micros = $6, updated_at = now()`,
    [accountId, row.enabled, row.plan, row.rateMicros, row.priceMicros, row.capMicros],
  );
}

/** True when the consent was given at the account's current plan, rate and price. */
export function consentMatches(row: OverageRow | null, plan: PlanId | null, plans: Record<PlanId, Plan> = PLAN_TABLE): boolean {
  if (!row || !plan) return false;
  const p = plans[plan];
  return row.plan === plan && row.rateMicros === p.rateMicros && row.priceMicros === p.priceMicros;
}
