/**
 * Site tiers in ascending order (spec section 1) and the paid developer plans, which include
 * everything in Power User. Tier ids are what the code and the store use; `label` is what the
 * 402 payload and the docs show.
 */
export const TIERS = ['learner', 'researcher', 'investor', 'power_user'] as const;
export type TierId = (typeof TIERS)[number];

export const TIER_LABELS: Record<TierId, string> = {
  learner: 'Learner',
  researcher: 'Researcher',
  investor: 'Investor',
  power_user: 'Power User',
};

export const PLANS = ['developer', 'developer_pro'] as const;
export type PlanId = (typeof PLANS)[number];

/** The tier a caller acts with: a developer plan lifts the account to Power User. */
export function effectiveTier(tier: TierId, plan: PlanId | null): TierId {
  return plan ? 'power_user' : tier;
}

/** True when `tier` is at least `required`. */
export function tierAtLeast(tier: TierId, required: TierId): boolean {
  return TIERS.indexOf(tier) >= TIERS.indexOf(required);
}
