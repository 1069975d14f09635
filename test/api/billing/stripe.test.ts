/**
 * The Stripe billing provider, offline: Checkout Sessions and subscription calls go to a local
 * fake of the Stripe API (the client's host/port/protocol options); webhook deliveries are signed
 * with the `stripe` package's own test-header helper over recorded-shape event payloads
 * (test/fixtures/stripe/). A bad signature is a 400; a replayed event id changes nothing; the
 * billing ledger and invoice lines are never touched.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import path from 'node:path';
import Stripe from 'stripe';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { stripeClientOptions } from '../../../api/billing/provider/stripe.ts';
import { findAccountByEmail, setAccountPlan } from '../../../api/store/accounts.ts';
import { sampleApp, type TestApp } from '../../helpers.ts';
import { outboxMessages, signedIn, type Client } from '../identity/client.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/stripe');
const SECRET = 'whsec_test_almanac_0123456789';
const EMAIL = 'buyer@example.com';
const STRIPE_UA = 'Stripe/1.0 (+https://stripe.com/docs/webhooks)';
const helper = new Stripe('sk_test_unused');

interface Seen {
  method: string;
  path: string;
  form: URLSearchParams;
  headers: IncomingMessage['headers'];
}

const s = suite('Stripe provider (fake API, signed webhooks)');
let t: TestApp;
let fake: Server;
let seen: Seen[] = [];
let sessions = 0;
/** When set, the fake answers Checkout Session creation with `url: null`. */
let noCheckoutPage = false;
let buyer: Client;
let checkoutId = '';
let requestId = '';
let accountId = '';

s.before(async () => {
  fake = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method!, path: req.url!, form: new URLSearchParams(body), headers: req.headers });
      res.setHeader('content-type', 'application/json');
      res.setHeader('request-id', 'req_fake');
      if (req.url === '/v1/checkout/sessions') {
        const id = `cs_test_fake${++sessions}`;
        res.end(JSON.stringify({ id, object: 'checkout.session', mode: 'subscription', url: noCheckoutPage ? null : `https://checkout.stripe.com/c/pay/${id}` }));
      } else if (req.url?.startsWith('/v1/subscriptions/')) {
        const id = req.url.split('/')[3];
        res.end(JSON.stringify({ id, object: 'subscription', status: req.method === 'DELETE' ? 'canceled' : 'active', cancel_at_period_end: true }));
      } else {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` } }));
      }
    });
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  const port = (fake.address() as { port: number }).port;
  t = await sampleApp({
    jobs: ['companies'],
    config: { billingProvider: 'stripe', stripeSecretKey: 'sk_test_almanac', stripeWebhookSecret: SECRET, stripeApiBase: `http://127.0.0.1:${port}` },
  });
  buyer = await signedIn(t.app, t.config.dataDir, EMAIL);
  accountId = (await findAccountByEmail(t.services.store, EMAIL))!.id;
});
s.after(async () => {
  await t.close();
  await new Promise((r) => fake.close(r));
});

/** A recorded-shape event with this test's ids substituted. */
function event(name: string, edit: (e: any) => void = () => undefined): string {
  const e = JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8'));
  edit(e);
  return JSON.stringify(e);
}

function deliver(payload: string, signature: string | null = helper.webhooks.generateTestHeaderString({ payload, secret: SECRET })) {
  return t.app.inject({
    method: 'POST',
    url: '/api/billing/stripe/webhook',
    headers: { 'user-agent': STRIPE_UA, 'content-type': 'application/json; charset=utf-8', ...(signature ? { 'stripe-signature': signature } : {}) },
    payload,
  });
}

async function account() {
  const a = (await findAccountByEmail(t.services.store, EMAIL))!;
  return { tier: a.tier, plan: a.plan };
}

async function ledgerAndInvoices() {
  return t.services.store.query('SELECT (SELECT count(*)::int FROM billing_ledger) AS ledger, (SELECT count(*)::int FROM billing_invoice_lines) AS invoices');
}

s('client options point the Stripe client at another host', () => {
  assert.equal(stripeClientOptions('http://127.0.0.1:12111'), { host: '127.0.0.1', port: 12111, protocol: 'http' });
  assert.equal(stripeClientOptions('https://stripe.example'), { host: 'stripe.example', port: 443, protocol: 'https' });
  assert.equal(stripeClientOptions(undefined), {});
});

s('the confirmation says what Stripe charges and when the change applies', async () => {
  const view = (await buyer.call('GET', '/api/billing/subscription')).json();
  assert.is(view.provider, 'stripe');
  const dev = view.offers.find((o: { id: string }) => o.id === 'developer');
  assert.is(dev.applies, "You pay $99.00 per month by card on Stripe's secure checkout page; the change applies as soon as Stripe confirms the payment, and renews monthly until you cancel.");
});

s('a paid change opens a Checkout Session (subscription, price from schema/, idempotency key) and waits for payment', async () => {
  seen = [];
  const res = await buyer.call('POST', '/api/billing/plan-change', { body: { offer: 'developer' } });
  assert.is(res.statusCode, 202, res.body);
  const body = res.json();
  assert.is(body.status, 'checkout');
  assert.match(body.checkout_url, /^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_fake\d+$/);
  requestId = body.request_id;
  checkoutId = body.checkout_url.split('/').at(-1);
  assert.is(seen.length, 1);
  const call = seen[0]!;
  assert.equal([call.method, call.path], ['POST', '/v1/checkout/sessions']);
  assert.is(call.headers.authorization, 'Bearer sk_test_almanac');
  assert.is(call.headers['idempotency-key'], `plan-request-${requestId}`);
  const f = call.form;
  assert.equal(
    [f.get('mode'), f.get('line_items[0][price_data][unit_amount]'), f.get('line_items[0][price_data][currency]'), f.get('line_items[0][price_data][recurring][interval]'), f.get('line_items[0][price_data][product_data][name]')],
    ['subscription', '9900', 'usd', 'month', 'Almanac Developer'],
  );
  assert.equal([f.get('client_reference_id'), f.get('customer_email'), f.get('metadata[offer]'), f.get('metadata[request_id]'), f.get('subscription_data[metadata][account_id]')], [accountId, EMAIL, 'developer', requestId, accountId]);
  assert.match(f.get('success_url')!, /\/account\?checkout=success#plans$/);
  assert.equal(await account(), { tier: 'learner', plan: null }, 'nothing applies before payment');
});

s('a bad, missing or stale signature is a 400 and changes nothing', async () => {
  const payload = event('checkout.session.completed', (e) => (e.data.object.id = checkoutId));
  const wrong = await deliver(payload, helper.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' }));
  assert.is(wrong.statusCode, 400);
  assert.match(JSON.parse(wrong.body).error, /^invalid Stripe-Signature: No signatures found matching the expected signature/);
  const tampered = await deliver(payload.replace('"paid"', '"paid" '), helper.webhooks.generateTestHeaderString({ payload, secret: SECRET }));
  assert.is(tampered.statusCode, 400);
  const stale = await deliver(payload, helper.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 }));
  assert.is(stale.statusCode, 400);
  assert.match(JSON.parse(stale.body).error, 'Timestamp outside the tolerance zone');
  // Ahead of the clock too (the library's check is one way): an hour and a year ahead.
  for (const ahead of [3600, 366 * 86400]) {
    const future = await deliver(payload, helper.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) + ahead }));
    assert.is(future.statusCode, 400, future.body);
    assert.match(JSON.parse(future.body).error, 'ahead of this server');
  }
  // Reworded as the package still reads it (the header is not signed): a second `t`, a blank.
  const later = Math.floor(Date.now() / 1000) + 366 * 86400;
  const signed = helper.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: later });
  for (const reworded of [`t=${Math.floor(Date.now() / 1000)},${signed}`, signed.replace(`t=${later}`, `t= ${later}`)]) {
    const res = await deliver(payload, reworded);
    assert.is(res.statusCode, 400, `${reworded}: ${res.body}`);
  }
  const missing = await deliver(payload, null);
  assert.is(missing.statusCode, 400);
  assert.is(JSON.parse(missing.body).error, 'missing Stripe-Signature header');
  const notJson = await deliver('not json', helper.webhooks.generateTestHeaderString({ payload: 'not json', secret: SECRET }));
  assert.ok(notJson.statusCode === 400, `${notJson.statusCode} ${notJson.body}`);
  assert.equal(await account(), { tier: 'learner', plan: null });
  assert.is((await t.services.store.query('SELECT 1 FROM billing_webhook_events')).length, 0);
});

s('checkout.session.completed applies the plan, records the subscription and mails; a replay changes nothing', async () => {
  const before = await ledgerAndInvoices();
  const mails = outboxMessages(t.config.dataDir).length;
  const payload = event('checkout.session.completed', (e) => {
    e.data.object.id = checkoutId;
    e.data.object.client_reference_id = accountId;
    e.data.object.metadata = { account_id: accountId, offer: 'developer', request_id: requestId };
  });
  const res = await deliver(payload);
  assert.is(res.statusCode, 200, res.body);
  assert.equal(JSON.parse(res.body), { received: true, id: 'evt_1QvC8mLkdIwHu7ixYmF1w2Qd', type: 'checkout.session.completed', duplicate: false });
  assert.equal(await account(), { tier: 'learner', plan: 'developer' });
  const view = (await buyer.call('GET', '/api/billing/subscription')).json();
  assert.equal([view.offer, view.subscription_status, view.pending], ['developer', 'active', null]);
  const sent = outboxMessages(t.config.dataDir).slice(mails);
  assert.equal(sent.map((m) => [m.to, m.subject]), [[EMAIL, 'Your Almanac plan is now Developer']]);

  // The operator takes the plan away; the same event delivered again must not give it back.
  await setAccountPlan(t.services.store, accountId, null);
  const replay = await deliver(payload);
  assert.is(replay.statusCode, 200);
  assert.is(JSON.parse(replay.body).duplicate, true);
  assert.equal(await account(), { tier: 'learner', plan: null });
  assert.is(outboxMessages(t.config.dataDir).length, mails + 1, 'no second mail');
  await setAccountPlan(t.services.store, accountId, 'developer');
  assert.equal(await ledgerAndInvoices(), before, 'ledger and invoice lines untouched');
});

s('invoice.payment_failed marks the subscription past due and mails once; the plan stays', async () => {
  const mails = outboxMessages(t.config.dataDir).length;
  const payload = event('invoice.payment_failed');
  assert.is((await deliver(payload)).statusCode, 200);
  assert.is((await deliver(payload)).statusCode, 200);
  assert.is((await buyer.call('GET', '/api/billing/subscription')).json().subscription_status, 'past_due');
  assert.equal(await account(), { tier: 'learner', plan: 'developer' });
  const sent = outboxMessages(t.config.dataDir).slice(mails);
  assert.equal(sent.map((m) => m.subject), ['Your Almanac payment failed']);
});

s('a move to Learner cancels at the end of the paid period (a Stripe call), nothing applies yet', async () => {
  seen = [];
  const res = await buyer.call('POST', '/api/billing/plan-change', { body: { offer: 'learner' } });
  assert.is(res.statusCode, 200, res.body);
  const body = res.json();
  assert.is(body.status, 'scheduled');
  assert.match(body.applies, 'cancelled at the end of the period you have paid for; you keep Developer until then');
  assert.equal(seen.map((x) => [x.method, x.path, x.form.get('cancel_at_period_end')]), [['POST', '/v1/subscriptions/sub_1QvC8kLkdIwHu7ixAbCdEfGh', 'true']]);
  assert.equal(await account(), { tier: 'learner', plan: 'developer' });
  assert.is((await buyer.call('GET', '/api/billing/subscription')).json().subscription_status, 'cancelling');
});

s('customer.subscription.deleted ends Power User access (spec 3); a replay changes nothing', async () => {
  const before = await ledgerAndInvoices();
  const payload = event('customer.subscription.deleted');
  const res = await deliver(payload);
  assert.is(res.statusCode, 200);
  assert.equal(await account(), { tier: 'learner', plan: null });
  assert.is((await buyer.call('GET', '/api/auth/me')).json().effectiveTier, 'learner');
  // An operator grants Investor; the replayed cancellation must not take it away.
  await t.services.store.execute(`UPDATE accounts SET tier = 'investor' WHERE id = $1`, [accountId]);
  const replay = await deliver(payload);
  assert.is(JSON.parse(replay.body).duplicate, true);
  assert.equal(await account(), { tier: 'investor', plan: null });
  assert.equal(await ledgerAndInvoices(), before);
});

s('a session paid after the user asked for something else still applies (the payment counts) and replaces the old subscription', async () => {
  seen = [];
  const first = (await buyer.call('POST', '/api/billing/plan-change', { body: { offer: 'power_user' } })).json();
  const second = (await buyer.call('POST', '/api/billing/plan-change', { body: { offer: 'developer_pro' } })).json();
  assert.is((await buyer.call('GET', '/api/billing/subscription')).json().pending.offer, 'developer_pro');
  assert.is(first.status, 'checkout', JSON.stringify(first));
  const firstCheckout = first.checkout_url.split('/').at(-1);
  const paid = (checkout: string, requestId: string, offer: string, eventId: string, sub: string) =>
    event('checkout.session.completed', (e) => {
      e.id = eventId;
      e.data.object.id = checkout;
      e.data.object.subscription = sub;
      e.data.object.metadata = { account_id: accountId, offer, request_id: requestId };
    });
  assert.is((await deliver(paid(firstCheckout, first.request_id, 'power_user', 'evt_paid_first', 'sub_first'))).statusCode, 200);
  assert.equal(await account(), { tier: 'power_user', plan: null });
  seen = [];
  assert.is((await deliver(paid(second.checkout_url.split('/').at(-1), second.request_id, 'developer_pro', 'evt_paid_second', 'sub_second'))).statusCode, 200);
  assert.equal(await account(), { tier: 'learner', plan: 'developer_pro' });
  assert.equal(seen.map((x) => [x.method, x.path]), [['DELETE', '/v1/subscriptions/sub_first']], 'the previous subscription is cancelled at Stripe');
});

s('an unreachable Stripe API is a 503 and leaves no pending request', async () => {
  fake.closeAllConnections();
  const port = (fake.address() as { port: number }).port;
  await new Promise((r) => fake.close(r));
  const res = await buyer.call('POST', '/api/billing/plan-change', { body: { offer: 'developer' } });
  assert.is(res.statusCode, 503, res.body);
  assert.match(res.json().error, 'the payment provider could not be reached');
  assert.is((await buyer.call('GET', '/api/billing/subscription')).json().pending, null);
  await new Promise<void>((r) => fake.listen(port, '127.0.0.1', r));
});

s('a checkout session without a page is a 503 and leaves no pending request', async () => {
  noCheckoutPage = true;
  try {
    const res = await buyer.call('POST', '/api/billing/plan-change', { body: { offer: 'developer' } });
    assert.is(res.statusCode, 503, res.body);
    assert.match(res.json().error, 'the payment provider returned no checkout page; nothing changed');
  } finally {
    noCheckoutPage = false;
  }
  assert.is((await buyer.call('GET', '/api/billing/subscription')).json().pending, null);
  const requests = await t.services.store.query<{ status: string }>(`SELECT status FROM billing_plan_requests WHERE account_id = $1 AND note = 'the checkout session had no page'`, [accountId]);
  assert.equal(requests, [{ status: 'withdrawn' }]);
});

s('a signature a few seconds ahead of the clock (skew) is taken, as a few seconds behind is', async () => {
  const ignored = event('invoice.payment_failed', (e) => Object.assign(e, { id: 'evt_clock_skew', type: 'customer.created' }));
  const skewed = await deliver(ignored, helper.webhooks.generateTestHeaderString({ payload: ignored, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) + 30 }));
  assert.is(skewed.statusCode, 200, skewed.body);
});

s.run();
