/**
 * Tier checks (spec 1, 7): a route, GraphQL field or MCP tool declares its minimum tier in one line;
 * below it the call is refused with 402 `{ error, requiredTier, currentTier, upgrade_url }`. Not
 * transient, so no `Retry-After`. Developer plans count as Power User (`effectiveTier`).
 */
import { TIER_LABELS, tierAtLeast, type TierId } from '../../schema/tiers.ts';
import type { Caller } from '../caller.ts';
import { PaymentRequiredError } from '../errors.ts';

/** The account settings panel (spec 4.3: keys and plans are managed there), `/account`. */
export const ACCOUNT_PAGE = '/account';

/**
 * Where a user upgrades: the plans section of the account settings panel, with the required tier
 * preselected (`/account?upgrade=investor#plans`; the page highlights that tier).
 */
export function upgradeUrl(publicUrl: string, tier?: TierId): string {
  return `${publicUrl.replace(/\/+$/, '')}${ACCOUNT_PAGE}${tier ? `?upgrade=${tier}` : ''}#plans`;
}

/** Where a plan's extra calls and their monthly cap are set: the billing section (allowance and cap 402s). */
export function billingUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${ACCOUNT_PAGE}#billing`;
}

/** Where a user creates an API key: the keys section of the account settings panel. */
export function keysUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${ACCOUNT_PAGE}#keys`;
}

/** The 402 of a tier-gated feature. */
export function tierRequiredError(required: TierId, current: TierId, publicUrl: string, what = 'this endpoint', anonymous = false): PaymentRequiredError {
  // A caller without an account has no account to be on: it is told how it is being served.
  const standing = anonymous ? `without an account or key you are served at ${TIER_LABELS[current]}` : `your account is on ${TIER_LABELS[current]}`;
  return new PaymentRequiredError(`${what} needs the ${TIER_LABELS[required]} tier or above; ${standing}`, {
    requiredTier: TIER_LABELS[required],
    currentTier: TIER_LABELS[current],
    upgrade_url: upgradeUrl(publicUrl, required),
  });
}

/**
 * Throws the tier 402 when `caller` is below `required`.
 *
 * @example
 * requireTier(ctx.caller, 'investor', ctx.services.config.publicUrl, 'bulk fundamentals');
 */
export function requireTier(caller: Caller, required: TierId | undefined, publicUrl: string, what?: string): void {
  if (required && !tierAtLeast(caller.tier, required)) throw tierRequiredError(required, caller.tier, publicUrl, what, caller.kind === 'anonymous');
}

