/**
 * Billing request and result shapes (spec 2.7, 4.3, 7): the agent plan record, the usage record,
 * the overage consent body and the 402/429 payloads of metering and limits. USD amounts are JSON
 * numbers converted from integer micro-dollars at the edge.
 */
import { z } from 'zod';
import { MAX_AMOUNT_USD, withinDecimals } from './common.ts';
import { OFFERS } from './offers.ts';
import { PLANS, TIERS } from './tiers.ts';

/** `POST /api/billing/agent-plan/overage` body: absent cap = the plan's default; 0 = off. */
export const OverageBody = z
  .object({
    cap_usd: z
      .number()
      .min(0, 'must be 0 (turn extra calls off) or a positive amount in USD')
      .max(MAX_AMOUNT_USD, `must be at most ${MAX_AMOUNT_USD} USD (the plan's largest cap applies below that)`)
      .refine((n) => withinDecimals(n, 6), 'must be an amount in USD with at most 6 decimals')
      .optional(),
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

const OFFER_IDS = OFFERS;

/** `POST /api/billing/plan-change` body: the tier or developer plan to change to (schema/offers.ts). */
export const PlanChangeBody = z
  .object({
    offer: z.enum(OFFER_IDS, { error: `must be one of ${OFFER_IDS.join(', ')}` }),
  })
  .strict();

/** One offer as the subscription record lists it, with what changing to it would mean. */
export const OfferView = z.object({
  id: z.enum(OFFER_IDS),
  kind: z.enum(['tier', 'plan']),
  label: z.string(),
  price_usd: z.number(),
  /** `current`, or whether a change to it is an upgrade or a downgrade. */
  change: z.enum(['current', 'upgrade', 'downgrade']),
  /** When a change to it would take effect and what it costs (the confirmation's text). */
  applies: z.string(),
});

/** A plan-change request waiting for an operator or for payment. */
export const PendingChange = z.object({
  id: z.string(),
  offer: z.enum(OFFER_IDS),
  label: z.string(),
  price_usd: z.number(),
  requested_at: z.string(),
});

/** `GET /api/billing/subscription`: the account's offer, its provider state, the pending request and every offer. */
export const SubscriptionView = z.object({
  tier: z.enum(TIERS),
  plan: z.enum(PLANS).nullable(),
  offer: z.enum(OFFER_IDS),
  label: z.string(),
  price_usd: z.number(),
  /** `manual` (an operator approves changes) or `stripe`. */
  provider: z.enum(['manual', 'stripe']),
  /** The paid subscription's state at the provider: active, past_due, cancelling, cancelled; null without one. */
  subscription_status: z.enum(['active', 'past_due', 'cancelling', 'cancelled']).nullable(),
  pending: PendingChange.nullable(),
  offers: z.array(OfferView),
});

/** `POST /api/billing/plan-change` result. */
export const PlanChangeResult = z.object({
  /** `pending` (waits for an operator), `checkout` (pay at `checkout_url`), `scheduled` (ends with the paid period) or `applied`. */
  status: z.enum(['pending', 'checkout', 'scheduled', 'applied']),
  offer: z.enum(OFFER_IDS),
  label: z.string(),
  price_usd: z.number(),
  applies: z.string(),
  request_id: z.string().optional(),
  checkout_url: z.string().optional(),
});

/** `GET /api/billing/agent-usage/daily` query. */
export const DailyUsageQuery = z
  .object({
    key: z.uuid({ error: 'must be the id of one of your keys' }).optional(),
  })
  .strict();

/** Month-to-date calls per UTC day, for the account or one key, with the allowance and the extra-call cap. */
export const DailyUsage = z.object({
  month: z.string(),
  /** The key the days count, or null for the whole account. */
  key: z.string().nullable(),
  days: z.array(z.object({ date: z.string(), calls: z.number().int(), extra_calls: z.number().int() })),
  keys: z.array(z.object({ id: z.string(), name: z.string().nullable(), prefix: z.string(), calls: z.number().int() })),
  /** Calls of the account this month (all keys and sessions). */
  total_calls: z.number().int(),
  plan: z.enum(['developer', 'developer_pro']).nullable(),
  /** The plan's monthly included calls (0 without a plan). */
  included_calls: z.number().int(),
  /** Calls the extra-call cap allows beyond the allowance (cap / rate), or null while extra calls are off. */
  extra_call_cap_calls: z.number().int().nullable(),
  limit_usd: z.number(),
});

/** `POST /api/billing/stripe/webhook` answer. */
export const WebhookAck = z.object({ received: z.literal(true), id: z.string(), type: z.string(), duplicate: z.boolean() });
