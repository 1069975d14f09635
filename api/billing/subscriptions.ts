/**
 * Plan changes over the user store (migration 0102): requests, their decision, the provider's
 * subscription of each account and the handled webhook events. Applying an offer writes the
 * account's tier and plan (schema/offers.ts `accountAfter`); nothing here touches the ledger or
 * the invoice lines, and extra-call consent given under another plan stays off until given again
 * (api/billing/overage.ts compares plan, rate and price on every call).
 */
import { accountAfter, offer, type OfferId } from '../../schema/offers.ts';
import { ConflictError } from '../errors.ts';
import { isUniqueViolation } from '../store/caps.ts';
import type { Queryable, UserStore } from '../store/interface.ts';

export type RequestStatus = 'pending' | 'approved' | 'rejected' | 'withdrawn';

export interface PlanRequest {
  id: string;
  accountId: string;
  email: string;
  from: OfferId;
  to: OfferId;
  priceMicros: number;
  provider: 'manual' | 'stripe';
  status: RequestStatus;
  checkoutId: string | null;
  note: string | null;
  createdAt: Date;
  decidedAt: Date | null;
}

export interface Subscription {
  accountId: string;
  provider: string;
  offer: OfferId;
  customerId: string | null;
  subscriptionId: string | null;
  status: 'active' | 'past_due' | 'cancelling' | 'cancelled';
  updatedAt: Date;
}

const REQUEST_COLUMNS = `r.id, r.account_id AS "accountId", a.email, r.from_offer AS "from", r.to_offer AS "to",
  r.price_micros::bigint AS "priceMicros", r.provider, r.status, r.checkout_id AS "checkoutId", r.note,
  r.created_at AS "createdAt", r.decided_at AS "decidedAt"`;

function requestRow(r: PlanRequest): PlanRequest {
  return { ...r, priceMicros: Number(r.priceMicros) };
}

/**
 * Records a pending request (withdrawing the account's previous pending one, in one transaction)
 * and returns it.
 */
export async function insertRequest(
  store: UserStore,
  r: { id: string; accountId: string; from: OfferId; to: OfferId; provider: 'manual' | 'stripe'; at: Date },
): Promise<void> {
  try {
    await store.transaction(async (tx) => {
      await tx.execute(`UPDATE billing_plan_requests SET status = 'withdrawn', decided_at = $2 WHERE account_id = $1 AND status = 'pending'`, [r.accountId, r.at]);
      await tx.execute(
        `INSERT INTO billing_plan_requests (id, account_id, from_offer, to_offer, price_micros, provider, status, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7)`,
        [r.id, r.accountId, r.from, r.to, offer(r.to).priceMicros, r.provider, r.at],
      );
    });
  } catch (err) {
    // Two requests of one account at the same moment: the one-pending index refuses the second.
    if (isUniqueViolation(err)) throw new ConflictError('another plan change of this account is being recorded at this moment; try again');
    throw err;
  }
}

export async function setCheckoutId(db: Queryable, requestId: string, checkoutId: string): Promise<void> {
  await db.execute('UPDATE billing_plan_requests SET checkout_id = $2 WHERE id = $1', [requestId, checkoutId]);
}

export async function findRequest(db: Queryable, id: string): Promise<PlanRequest | null> {
  const rows = await db.query<PlanRequest>(`SELECT ${REQUEST_COLUMNS} FROM billing_plan_requests r JOIN accounts a ON a.id = r.account_id WHERE r.id = $1`, [id]);
  return rows[0] ? requestRow(rows[0]) : null;
}

export async function findRequestByCheckout(db: Queryable, checkoutId: string): Promise<PlanRequest | null> {
  const rows = await db.query<PlanRequest>(`SELECT ${REQUEST_COLUMNS} FROM billing_plan_requests r JOIN accounts a ON a.id = r.account_id WHERE r.checkout_id = $1`, [checkoutId]);
  return rows[0] ? requestRow(rows[0]) : null;
}

/** The account's pending request, or null. */
export async function pendingRequestOf(db: Queryable, accountId: string): Promise<PlanRequest | null> {
  const rows = await db.query<PlanRequest>(`SELECT ${REQUEST_COLUMNS} FROM billing_plan_requests r JOIN accounts a ON a.id = r.account_id WHERE r.account_id = $1 AND r.status = 'pending'`, [accountId]);
  return rows[0] ? requestRow(rows[0]) : null;
}

/** Pending requests of a provider, oldest first. */
export async function pendingRequests(db: Queryable, provider: 'manual' | 'stripe' = 'manual'): Promise<PlanRequest[]> {
  const rows = await db.query<PlanRequest>(
    `SELECT ${REQUEST_COLUMNS} FROM billing_plan_requests r JOIN accounts a ON a.id = r.account_id WHERE r.status = 'pending' AND r.provider = $1 ORDER BY r.created_at, r.id`,
    [provider],
  );
  return rows.map(requestRow);
}

/** Writes the account's tier and plan for `id`; false when there is no such account. */
export async function applyOffer(db: Queryable, accountId: string, id: OfferId): Promise<boolean> {
  const after = accountAfter(id);
  return (await db.execute('UPDATE accounts SET tier = $2, plan = $3 WHERE id = $1', [accountId, after.tier, after.plan])) === 1;
}

/**
 * Decides a pending request: `approved` applies its offer to the account in the same
 * transaction. Returns the request as decided, or null when it is not pending (already decided,
 * withdrawn or unknown): deciding twice changes nothing.
 */
export async function decideRequest(store: UserStore, id: string, decision: 'approved' | 'rejected', at: Date, note: string | null = null): Promise<PlanRequest | null> {
  const decided = await store.transaction(async (tx) => {
    const n = await tx.execute(`UPDATE billing_plan_requests SET status = $2, decided_at = $3, note = $4 WHERE id = $1 AND status = 'pending'`, [id, decision, at, note]);
    if (n !== 1) return false;
    if (decision === 'approved') {
      const r = (await findRequest(tx, id))!;
      await applyOffer(tx, r.accountId, r.to);
    }
    return true;
  });
  return decided ? findRequest(store, id) : null;
}

const SUB_COLUMNS = `account_id AS "accountId", provider, offer, customer_id AS "customerId", subscription_id AS "subscriptionId", status, updated_at AS "updatedAt"`;

export async function subscriptionOf(db: Queryable, accountId: string): Promise<Subscription | null> {
  const rows = await db.query<Subscription>(`SELECT ${SUB_COLUMNS} FROM billing_subscriptions WHERE account_id = $1`, [accountId]);
  return rows[0] ?? null;
}

export async function subscriptionById(db: Queryable, subscriptionId: string): Promise<Subscription | null> {
  const rows = await db.query<Subscription>(`SELECT ${SUB_COLUMNS} FROM billing_subscriptions WHERE subscription_id = $1`, [subscriptionId]);
  return rows[0] ?? null;
}

export async function upsertSubscription(db: Queryable, s: Subscription): Promise<void> {
  await db.execute(
    `INSERT INTO billing_subscriptions (account_id, provider, offer, customer_id, subscription_id, status, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (account_id) DO UPDATE SET provider = $2, offer = $3, customer_id = $4, subscription_id = $5, status = $6, updated_at = $7`,
    [s.accountId, s.provider, s.offer, s.customerId, s.subscriptionId, s.status, s.updatedAt],
  );
}

export async function setSubscriptionStatus(db: Queryable, accountId: string, status: Subscription['status'], at: Date): Promise<void> {
  await db.execute('UPDATE billing_subscriptions SET status = $2, updated_at = $3 WHERE account_id = $1', [accountId, status, at]);
}

/**
 * Claims a webhook event id inside a transaction: true the first time, false for a replay (the
 * caller then changes nothing).
 */
export async function claimEvent(db: Queryable, eventId: string, type: string, at: Date): Promise<boolean> {
  return (await db.execute('INSERT INTO billing_webhook_events (event_id, type, received_at) VALUES ($1, $2, $3) ON CONFLICT (event_id) DO NOTHING', [eventId, type, at])) === 1;
}

