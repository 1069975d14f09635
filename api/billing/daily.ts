/**
 * Month-to-date calls per UTC day from the billing ledger (every successful metered call of an
 * account has a row there), for the account or one of its keys: the usage chart's data
 * (`GET /api/billing/agent-usage/daily`, the settings panel).
 */
import { utcDay } from '../../schema/common.ts';
import { billingMonth } from '../../schema/plans.ts';
import type { PlanId } from '../../schema/tiers.ts';
import { NotFoundError } from '../errors.ts';
import type { Services } from '../services.ts';
import { listKeys } from '../store/keys.ts';

export interface DailyUsageView {
  month: string;
  key: string | null;
  days: { date: string; calls: number; extra_calls: number }[];
  keys: { id: string; name: string | null; prefix: string; calls: number }[];
  total_calls: number;
  plan: PlanId | null;
  included_calls: number;
  extra_call_cap_calls: number | null;
  limit_usd: number;
}

/** Every `YYYY-MM-DD` of `month` up to `last` (inclusive). */
function daysOf(month: string, last: string): string[] {
  const out: string[] = [];
  const [y, m] = month.split('-').map(Number) as [number, number];
  for (let d = 1; d <= 31; d++) {
    const date = new Date(Date.UTC(y, m - 1, d));
    if (date.getUTCMonth() !== m - 1) break;
    const iso = date.toISOString().slice(0, 10);
    if (iso > last) break;
    out.push(iso);
  }
  return out;
}

export async function dailyUsage(services: Services, accountId: string, plan: PlanId | null, keyId: string | null, now = Date.now()): Promise<DailyUsageView> {
  const record = await services.billing.agentPlan(accountId, plan);
  const month = record.month;
  const keys = await listKeys(services.store, accountId);
  if (keyId && !keys.some((k) => k.id === keyId)) throw new NotFoundError('no such key on this account');
  const perKey = await services.store.query<{ keyId: string | null; calls: number }>(
    'SELECT key_id AS "keyId", count(*)::int AS calls FROM billing_ledger WHERE account_id = $1 AND month = $2 GROUP BY key_id',
    [accountId, month],
  );
  const rows = await services.store.query<{ date: string; calls: number; extra: number }>(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS date, count(*)::int AS calls, count(*) FILTER (WHERE cost_micros > 0)::int AS extra
       FROM billing_ledger WHERE account_id = $1 AND month = $2 AND ($3::uuid IS NULL OR key_id = $3::uuid)
      GROUP BY 1 ORDER BY 1`,
    [accountId, month, keyId],
  );
  const byDate = new Map(rows.map((r) => [r.date, r]));
  const today = billingMonth(now) === month ? utcDay(now) : `${month}-31`;
  const last = rows.length && rows.at(-1)!.date > today ? rows.at(-1)!.date : today;
  const calls = new Map(perKey.map((r) => [r.keyId, r.calls]));
  const rate = plan ? services.billing.plans[plan].rateMicros : 0;
  return {
    month,
    key: keyId,
    days: daysOf(month, last).map((date) => ({ date, calls: byDate.get(date)?.calls ?? 0, extra_calls: byDate.get(date)?.extra ?? 0 })),
    keys: keys.map((k) => ({ id: k.id, name: k.name, prefix: k.prefix, calls: calls.get(k.id) ?? 0 })),
    total_calls: perKey.reduce((n, r) => n + r.calls, 0),
    plan,
    included_calls: record.included_calls,
    extra_call_cap_calls: record.extra_calls_enabled && rate > 0 ? Math.floor((record.limit_usd * 1_000_000) / rate) : null,
    limit_usd: record.limit_usd,
  };
}
