/**
 * The plan-change endpoints over the configured billing provider: the subscription record
 * (`GET /api/billing/subscription`) and a change (`POST /api/billing/plan-change`).
 */
import { changeKind, currentOffer, offer, OFFERS, type OfferId } from '../../schema/offers.ts';
import { microsToUsd } from '../../schema/plans.ts';
import { ConflictError, UnauthorizedError } from '../errors.ts';
import type { Services } from '../services.ts';
import { findAccountById } from '../store/accounts.ts';
import { pendingRequestOf, subscriptionOf } from './subscriptions.ts';

async function accountOf(services: Services, accountId: string) {
  const account = await findAccountById(services.store, accountId);
  if (!account) throw new UnauthorizedError('the account no longer exists');
  return account;
}

export async function subscriptionView(services: Services, accountId: string) {
  const account = await accountOf(services, accountId);
  const from = currentOffer(account.tier, account.plan);
  const provider = services.billingProvider;
  const [pending, sub] = await Promise.all([pendingRequestOf(services.store, accountId), subscriptionOf(services.store, accountId)]);
  return {
    tier: account.tier,
    plan: account.plan,
    offer: from,
    label: offer(from).label,
    price_usd: microsToUsd(offer(from).priceMicros),
    provider: provider.kind,
    subscription_status: sub?.status ?? null,
    pending: pending
      ? { id: pending.id, offer: pending.to, label: offer(pending.to).label, price_usd: microsToUsd(pending.priceMicros), requested_at: pending.createdAt.toISOString() }
      : null,
    offers: OFFERS.map((id) => {
      const kind = changeKind(from, id);
      return {
        id,
        kind: offer(id).kind,
        label: offer(id).label,
        price_usd: microsToUsd(offer(id).priceMicros),
        change: kind === 'same' ? ('current' as const) : kind,
        applies: kind === 'same' ? 'This is your current tier or plan.' : provider.whenApplies(from, id),
      };
    }),
  };
}

export async function changePlan(services: Services, accountId: string, to: OfferId) {
  const account = await accountOf(services, accountId);
  const from = currentOffer(account.tier, account.plan);
  if (from === to) throw new ConflictError(`your account is already on ${offer(to).label}`);
  const provider = services.billingProvider;
  const result = await provider.requestChange({ accountId, email: account.email, from, to });
  return {
    status: result.status,
    offer: to,
    label: offer(to).label,
    price_usd: microsToUsd(offer(to).priceMicros),
    applies: provider.whenApplies(from, to),
    ...('requestId' in result ? { request_id: result.requestId } : {}),
    ...(result.status === 'checkout' ? { checkout_url: result.checkoutUrl } : {}),
  };
}
