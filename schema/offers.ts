/**
 * What a person can subscribe to: the four site tiers (spec 1) and the two developer plans
 * (spec 8.3), as one ordered list with monthly prices. The settings panel, the plan-change
 * endpoint, the billing providers and the operator CLI all read this table.
 *
 * Tier prices are not in the spec (it gives only the developer plans' prices): the figures below
 * are this service's choice, each below the next offer's price (Power User stays below Developer,
 * which includes everything in Power User).
 */
import { PLAN_TABLE, formatUsd } from './plans.ts';
import { PLANS, TIER_LABELS, TIERS, type PlanId, type TierId } from './tiers.ts';

const USD = 1_000_000;

/** Monthly price of each site tier, in micro-dollars (Learner is free). */
export const TIER_PRICE_MICROS: Record<TierId, number> = {
  learner: 0,
  researcher: 12 * USD,
  investor: 29 * USD,
  power_user: 59 * USD,
};

export type OfferId = TierId | PlanId;

/** Every offer, cheapest first: the order decides what is an upgrade and what a downgrade. */
export const OFFERS = [...TIERS, ...PLANS] as const satisfies readonly OfferId[];

export interface Offer {
  id: OfferId;
  kind: 'tier' | 'plan';
  label: string;
  /** Price per month in micro-dollars. */
  priceMicros: number;
}

/** The offer record of an id. */
export function offer(id: OfferId): Offer {
  if ((PLANS as readonly string[]).includes(id)) {
    const p = PLAN_TABLE[id as PlanId];
    return { id, kind: 'plan', label: p.label, priceMicros: p.priceMicros };
  }
  return { id, kind: 'tier', label: TIER_LABELS[id as TierId], priceMicros: TIER_PRICE_MICROS[id as TierId] };
}

export function isOfferId(s: string): s is OfferId {
  return (OFFERS as readonly string[]).includes(s);
}

/** What an account subscribes to: its developer plan when it has one, else its tier. */
export function currentOffer(tier: TierId, plan: PlanId | null): OfferId {
  return plan ?? tier;
}

/** `upgrade` when `to` comes after `from` in `OFFERS`, `downgrade` before, `same` otherwise. */
export function changeKind(from: OfferId, to: OfferId): 'upgrade' | 'downgrade' | 'same' {
  const a = OFFERS.indexOf(from);
  const b = OFFERS.indexOf(to);
  return b > a ? 'upgrade' : b < a ? 'downgrade' : 'same';
}

/**
 * The account's tier and plan once it subscribes to `id`. One subscription per account: a tier
 * clears the developer plan; a developer plan (which includes Power User) replaces a paid tier,
 * so the tier returns to Learner and ending the plan ends Power User access (spec 3).
 */
export function accountAfter(id: OfferId): { tier: TierId; plan: PlanId | null } {
  return offer(id).kind === 'plan' ? { tier: 'learner', plan: id as PlanId } : { tier: id as TierId, plan: null };
}

/** `$12.00 per month`, `Free`. */
export function priceText(id: OfferId): string {
  const micros = offer(id).priceMicros;
  return micros === 0 ? 'Free' : `$${Number(formatUsd(micros)).toFixed(2)} per month`;
}
