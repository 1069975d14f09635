/**
 * How a person pays for a tier or a developer plan. Two implementations, chosen by
 * `BILLING_PROVIDER` (schema/config.ts):
 * - `manual.ts` (default): the request is recorded for an operator, who approves or rejects it
 *   with `almanac billing pending|approve|reject`; the user is mailed the decision;
 * - `stripe.ts`: a Stripe Checkout Session for the subscription, and a signed webhook that
 *   activates it, ends it, or records a failed payment.
 *
 * Both write the same rows (api/billing/subscriptions.ts); neither touches the billing ledger.
 */
import type { OfferId } from '../../../schema/offers.ts';

export interface ChangeInput {
  accountId: string;
  email: string;
  from: OfferId;
  to: OfferId;
}

/** What happened to a change request. */
export type ChangeResult =
  /** Recorded; waits for an operator (manual provider). */
  | { status: 'pending'; requestId: string }
  /** Recorded; the browser goes to `checkoutUrl` to pay (Stripe). */
  | { status: 'checkout'; requestId: string; checkoutUrl: string }
  /** The paid subscription ends at the end of the period already paid for (Stripe). */
  | { status: 'scheduled' }
  /** Applied at once (a move to the free tier with nothing to cancel). */
  | { status: 'applied' };

export interface WebhookResult {
  /** The provider's event id and type. */
  id: string;
  type: string;
  /** True when this event id was handled before: nothing changed. */
  duplicate: boolean;
}

export interface BillingProvider {
  readonly kind: 'manual' | 'stripe';
  /** One sentence for the confirmation: when a change from `from` to `to` takes effect, and what is charged. */
  whenApplies(from: OfferId, to: OfferId): string;
  requestChange(input: ChangeInput): Promise<ChangeResult>;
  /**
   * Handles one webhook delivery: `raw` is the request body exactly as received, `signature` the
   * provider's signature header. A bad signature throws `BadRequestError` (400). Providers
   * without webhooks leave this out (the route answers 404).
   */
  webhook?(raw: Buffer, signature: string | undefined): Promise<WebhookResult>;
}

export interface ProviderOptions {
  /** Called after an account's tier or plan changed (drops cached keys of the account). */
  onAccountChanged?: (accountId: string) => void;
  clock?: () => number;
}
