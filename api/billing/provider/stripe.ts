/**
 * Stripe: a change to a paid offer opens a Checkout Session in subscription mode (the price comes
 * from schema/offers.ts as inline `price_data`, so no Stripe price ids need configuring); the
 * webhook (`POST /api/billing/stripe/webhook`, signature checked by the official `stripe` package)
 * then:
 * - `checkout.session.completed` (paid): applies the offer, records the subscription, and cancels
 *   the account's previous subscription if it had another;
 * - `customer.subscription.updated`: keeps the recorded status (cancelling, past due, active);
 * - `customer.subscription.deleted`: the subscription ended: back to Learner (spec 3: a cancelled
 *   developer plan ends Power User access); the user is mailed;
 * - `invoice.payment_failed`: marks the subscription past due and mails the user (Stripe retries
 *   the payment; access continues until Stripe ends the subscription);
 * - `invoice.paid`: a past-due subscription is active again.
 * Every event id is claimed in the same transaction as its effects: a replayed event changes nothing.
 * A move to Learner cancels the subscription at the end of the paid period.
 */
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { offer, priceText, type OfferId } from '../../../schema/offers.ts';
import { BadRequestError, ServiceUnavailableError } from '../../errors.ts';
import type { Mailer, MailMessage } from '../../mail/interface.ts';
import type { UserStore } from '../../store/interface.ts';
import {
  applyOffer,
  claimEvent,
  findRequest,
  findRequestByCheckout,
  insertRequest,
  setCheckoutId,
  setSubscriptionStatus,
  subscriptionById,
  subscriptionOf,
  upsertSubscription,
} from '../subscriptions.ts';
import type { BillingProvider, ChangeInput, ChangeResult, ProviderOptions, WebhookResult } from './interface.ts';

/** Seconds a webhook signature's timestamp may be from this server's clock, either way (Stripe's default). */
const WEBHOOK_TOLERANCE_S = 300;

/**
 * The `t` of a `Stripe-Signature` header as the `stripe` package reads it when it verifies: items
 * split on `,` and `=`, the last `t` wins, read with `parseInt` (which skips leading blanks).
 * Null without one (the package then refuses the header itself).
 */
function signatureTimestamp(header: string): number | null {
  let t: number | null = null;
  for (const item of header.split(',')) {
    const [k, v] = item.split('=');
    if (k === 't') t = parseInt(v ?? '', 10);
  }
  return t !== null && Number.isFinite(t) ? t : null;
}

export interface StripeProviderOptions extends ProviderOptions {
  store: UserStore;
  mailer: Mailer;
  /** `STRIPE_SECRET_KEY` (sk_live_... or sk_test_...). */
  secretKey: string;
  /** `STRIPE_WEBHOOK_SECRET` (whsec_...), the signing secret of the webhook endpoint. */
  webhookSecret: string;
  /** Base of links (Checkout's success and cancel pages). */
  publicUrl: string;
  /** `STRIPE_API_BASE`: another API host (tests: a local fake server; stripe-mock). */
  apiBase?: string;
}

type Obj = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' && v ? v : v && typeof v === 'object' && typeof (v as Obj).id === 'string' ? ((v as Obj).id as string) : null);

/** The subscription id of an invoice, in the shapes of older and newer Stripe API versions. */
function invoiceSubscription(inv: Obj): string | null {
  const parent = inv.parent as Obj | null | undefined;
  const details = parent?.subscription_details as Obj | undefined;
  return str(inv.subscription) ?? str(details?.subscription);
}

/** The Stripe client options for `apiBase` (`http://127.0.0.1:12111`). */
export function stripeClientOptions(apiBase: string | undefined): { host?: string; port?: number; protocol?: 'http' | 'https' } {
  if (!apiBase) return {};
  const u = new URL(apiBase);
  const protocol = u.protocol === 'http:' ? 'http' : 'https';
  return { host: u.hostname, port: u.port ? Number(u.port) : protocol === 'http' ? 80 : 443, protocol };
}

export function stripeProvider(options: StripeProviderOptions): BillingProvider {
  const clock = options.clock ?? Date.now;
  const stripe = new Stripe(options.secretKey, { maxNetworkRetries: 1, timeout: 20_000, ...stripeClientOptions(options.apiBase) });
  const base = options.publicUrl.replace(/\/+$/, '');
  const store = options.store;

  async function cancelQuietly(subscriptionId: string): Promise<void> {
    try {
      await stripe.subscriptions.cancel(subscriptionId);
    } catch {
      // Already cancelled or unreachable: its own `customer.subscription.deleted` (or an operator) finishes it.
    }
  }

  return {
    kind: 'stripe',
    whenApplies(from: OfferId, to: OfferId): string {
      if (offer(to).priceMicros === 0) {
        return `Your subscription is cancelled at the end of the period you have paid for; you keep ${offer(from).label} until then, and nothing more is charged.`;
      }
      const replaces = offer(from).priceMicros > 0 ? ' Your current subscription ends when the new one starts.' : '';
      return `You pay ${priceText(to)} by card on Stripe's secure checkout page; the change applies as soon as Stripe confirms the payment, and renews monthly until you cancel.${replaces}`;
    },

    async requestChange(input: ChangeInput): Promise<ChangeResult> {
      const target = offer(input.to);
      if (target.priceMicros === 0) {
        const sub = await subscriptionOf(store, input.accountId);
        if (sub?.subscriptionId && (sub.status === 'active' || sub.status === 'past_due')) {
          try {
            await stripe.subscriptions.update(sub.subscriptionId, { cancel_at_period_end: true });
          } catch {
            throw new ServiceUnavailableError('the payment provider could not be reached; nothing changed, try again shortly');
          }
          await setSubscriptionStatus(store, input.accountId, 'cancelling', new Date(clock()));
          return { status: 'scheduled' };
        }
        await applyOffer(store, input.accountId, input.to);
        options.onAccountChanged?.(input.accountId);
        return { status: 'applied' };
      }
      const id = randomUUID();
      await insertRequest(store, { id, accountId: input.accountId, from: input.from, to: input.to, provider: 'stripe', at: new Date(clock()) });
      const sub = await subscriptionOf(store, input.accountId);
      const metadata = { request_id: id, account_id: input.accountId, offer: input.to };
      // Every 503 below says nothing changed: the request just inserted is withdrawn first, or it
      // would show as pending in GET /api/billing/subscription with no checkout to complete it.
      const withdraw = (note: string) =>
        store.execute(`UPDATE billing_plan_requests SET status = 'withdrawn', decided_at = $2, note = $3 WHERE id = $1`, [id, new Date(clock()), note]);
      let session: { id: string; url: string | null };
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: 'subscription',
            client_reference_id: input.accountId,
            ...(sub?.customerId ? { customer: sub.customerId } : { customer_email: input.email }),
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: 'usd',
                  unit_amount: Math.round(target.priceMicros / 10_000),
                  recurring: { interval: 'month' },
                  product_data: { name: `Almanac ${target.label}` },
                },
              },
            ],
            metadata,
            subscription_data: { metadata },
            success_url: `${base}/account?checkout=success#plans`,
            cancel_url: `${base}/account?checkout=cancelled#plans`,
          },
          { idempotencyKey: `plan-request-${id}` },
        );
      } catch {
        await withdraw('checkout could not be created');
        throw new ServiceUnavailableError('the payment provider could not be reached; nothing changed, try again shortly');
      }
      if (!session.url) {
        await withdraw('the checkout session had no page');
        throw new ServiceUnavailableError('the payment provider returned no checkout page; nothing changed, try again shortly');
      }
      await setCheckoutId(store, id, session.id);
      return { status: 'checkout', requestId: id, checkoutUrl: session.url };
    },

    async webhook(raw: Buffer, signature: string | undefined): Promise<WebhookResult> {
      if (!signature) throw new BadRequestError('missing Stripe-Signature header');
      // The library refuses a timestamp older than its 5-minute tolerance but not one ahead of it
      // (an attacker pass found a signature dated a year ahead accepted): both ways, on the same
      // clock as the library's, and with the timestamp read as the library reads it (the header
      // is not signed: `t=NOW,t=FUTURE` or `t= FUTURE` must not pass for another time).
      const signedAt = signatureTimestamp(signature);
      if (signedAt !== null && signedAt * 1000 > Date.now() + WEBHOOK_TOLERANCE_S * 1000) {
        throw new BadRequestError(`invalid Stripe-Signature: its timestamp is more than ${WEBHOOK_TOLERANCE_S} seconds ahead of this server's clock`);
      }
      let event: { id: string; type: string; data: { object: unknown } };
      try {
        event = stripe.webhooks.constructEvent(raw, signature, options.webhookSecret, WEBHOOK_TOLERANCE_S);
      } catch (err) {
        throw new BadRequestError(`invalid Stripe-Signature: ${err instanceof Error ? err.message.split('\n')[0] : 'verification failed'}`);
      }
      const obj = (event.data?.object ?? {}) as Obj;
      const at = new Date(clock());
      const mails: MailMessage[] = [];
      const changed: string[] = [];
      const toCancel: string[] = [];
      const fresh = await store.transaction(async (tx) => {
        if (!(await claimEvent(tx, event.id, event.type, at))) return false;
        switch (event.type) {
          case 'checkout.session.completed':
          case 'checkout.session.async_payment_succeeded': {
            if (obj.mode !== 'subscription' || (obj.payment_status !== 'paid' && obj.payment_status !== 'no_payment_required')) break;
            const metadata = (obj.metadata ?? {}) as Obj;
            const request = (await findRequestByCheckout(tx, String(obj.id))) ?? (typeof metadata.request_id === 'string' ? await findRequest(tx, metadata.request_id) : null);
            // A paid session applies even if the user asked for something else meanwhile (its request
            // was withdrawn): the payment is what counts. Approved or rejected ones are done.
            if (!request || (request.status !== 'pending' && request.status !== 'withdrawn') || request.provider !== 'stripe') break;
            await tx.execute(`UPDATE billing_plan_requests SET status = 'approved', decided_at = $2 WHERE id = $1`, [request.id, at]);
            await applyOffer(tx, request.accountId, request.to);
            const previous = await subscriptionOf(tx, request.accountId);
            const subscriptionId = str(obj.subscription);
            if (previous?.subscriptionId && previous.subscriptionId !== subscriptionId && previous.status !== 'cancelled') toCancel.push(previous.subscriptionId);
            await upsertSubscription(tx, {
              accountId: request.accountId,
              provider: 'stripe',
              offer: request.to,
              customerId: str(obj.customer),
              subscriptionId,
              status: 'active',
              updatedAt: at,
            });
            changed.push(request.accountId);
            mails.push({
              to: request.email,
              subject: `Your Almanac plan is now ${offer(request.to).label}`,
              text: `Hello,\n\nThank you: your payment was received and your account is now on ${offer(request.to).label} (${priceText(request.to)}), for every key of the account.\n\n${base}/account#plans\n`,
            });
            break;
          }
          case 'customer.subscription.updated': {
            const sub = await subscriptionById(tx, String(obj.id));
            if (!sub || sub.status === 'cancelled') break;
            const status = obj.cancel_at_period_end ? 'cancelling' : obj.status === 'past_due' || obj.status === 'unpaid' ? 'past_due' : obj.status === 'active' ? 'active' : sub.status;
            if (status !== sub.status) await setSubscriptionStatus(tx, sub.accountId, status, at);
            break;
          }
          case 'customer.subscription.deleted': {
            const sub = await subscriptionById(tx, String(obj.id));
            if (!sub || sub.status === 'cancelled') break;
            await setSubscriptionStatus(tx, sub.accountId, 'cancelled', at);
            await applyOffer(tx, sub.accountId, 'learner');
            changed.push(sub.accountId);
            const email = (await tx.query<{ email: string }>('SELECT email FROM accounts WHERE id = $1', [sub.accountId]))[0]?.email;
            if (email) {
              mails.push({
                to: email,
                subject: `Your Almanac ${offer(sub.offer).label} subscription has ended`,
                text: `Hello,\n\nYour ${offer(sub.offer).label} subscription has ended and your account is back on Learner (free). Nothing more will be charged.\n\n${base}/account#plans\n`,
              });
            }
            break;
          }
          case 'invoice.payment_failed': {
            const id = invoiceSubscription(obj);
            const sub = id ? await subscriptionById(tx, id) : null;
            if (!sub || sub.status === 'cancelled') break;
            await setSubscriptionStatus(tx, sub.accountId, 'past_due', at);
            const email = (await tx.query<{ email: string }>('SELECT email FROM accounts WHERE id = $1', [sub.accountId]))[0]?.email;
            if (email) {
              mails.push({
                to: email,
                subject: 'Your Almanac payment failed',
                text: `Hello,\n\nThe monthly payment for ${offer(sub.offer).label} failed. Stripe will retry it over the next days; please check your card. If the payments keep failing, the subscription ends and the account returns to Learner.\n\n${base}/account#plans\n`,
              });
            }
            break;
          }
          case 'invoice.paid': {
            const id = invoiceSubscription(obj);
            const sub = id ? await subscriptionById(tx, id) : null;
            if (sub?.status === 'past_due') await setSubscriptionStatus(tx, sub.accountId, 'active', at);
            break;
          }
          default:
            break; // Other events are acknowledged and recorded, nothing more.
        }
        return true;
      });
      if (fresh) {
        for (const id of changed) options.onAccountChanged?.(id);
        for (const id of toCancel) await cancelQuietly(id);
        for (const m of mails) await options.mailer.send(m).catch(() => undefined);
      }
      return { id: event.id, type: event.type, duplicate: !fresh };
    },
  };
}
