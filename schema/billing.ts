/**
 * Billing request and result shapes (spec 2.7, 4.3, 7): the agent plan record, the usage record,
 * the overage consent body and the 402/429 payloads of metering and limits. USD amounts are JSON
 * numbers converted from integer micro-dollars at the edge.
 */
import { z } from 'zod';

/** `POST /api/billing/agent-plan/overage` body: absent cap = the plan's default; 0 = off. */
export const OverageBody = z
  .object({
    cap_usd: z.number().min(0, 'must be 0 (turn extra calls off) or a positive amount in USD').optional(),
  })
  .strict();

/** The agent plan record (spec 2.7): rate, monthly limit (cap) and accrued extra-call charges. */
export const AgentPlan = z.object({
  /** `developer`, `developer_pro`, or null for an account without a developer plan. */
  plan: z.enum(['developer', 'developer_pro']).nullable(),
  plan_name: z.string().nullable(),
  price_usd: z.number(),
  /** Price of each extra call beyond the included allowance. */
  rate_usd: z.number(),
  /** The monthly extra-call cap in force (0 while extra calls are off). */
  limit_usd: z.number(),
  overage_accrued_usd: z.number(),
  extra_calls_enabled: z.boolean(),
  /** True when extra calls were turned on at another plan or price: they stay off until consented again. */
  consent_required: z.boolean(),
  default_cap_usd: z.number(),
  max_cap_usd: z.number(),
  included_calls: z.number().int(),
  calls_this_month: z.number().int(),
  month: z.string(),
  resets_at: z.string(),
});

/** The usage record (spec 2.7): month-to-date calls of the account. */
export const AgentUsage = z.object({
  month: z.string(),
  /** Successful metered calls this month, all keys and sessions of the account. */
  calls: z.number().int(),
  /** Of those, calls made under a developer plan (they count against its allowance). */
  plan_calls: z.number().int(),
  included_calls: z.number().int(),
  remaining_included_calls: z.number().int(),
  extra_calls: z.number().int(),
  overage_accrued_usd: z.number(),
});

/** 402 when the plan's included allowance is used up and extra calls are off. */
export const AllowanceBody = z.object({
  error: z.string(),
  reason: z.literal('included_allowance'),
  plan: z.string(),
  included_calls: z.number().int(),
  calls_this_month: z.number().int(),
  extra_calls_enabled: z.literal(false),
  rate_usd: z.number(),
  resets_at: z.string(),
  upgrade_url: z.string(),
});

/** 402 when extra-call charges reached the cap (spec 3, 7: `reason: "overage_cap"`). */
export const OverageCapBody = z.object({
  error: z.string(),
  reason: z.literal('overage_cap'),
  overage_accrued_usd: z.number(),
  limit_usd: z.number(),
  resets_at: z.string(),
  upgrade_url: z.string(),
});

/** 429 (spec 7, 8): with `Retry-After` (whole seconds), `RateLimit-Policy` and `RateLimit` headers. */
export const RateLimitedBody = z.object({
  error: z.string(),
  policy: z.string(),
  limit: z.number().nullable(),
  retry_after_seconds: z.number().int(),
});
