/**
 * Plans and upgrades with the default provider (issue 17): the subscription record lists every
 * offer with its price from schema/offers.ts; a signed-in session with its CSRF token asks for a
 * change; the request waits for an operator (`almanac billing pending|approve|reject`), whose
 * approval applies it and mails the user. Bad input is a 4xx JSON error.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runBillingCommand } from '../../../api/billing/cli.ts';
import { manualProvider } from '../../../api/billing/provider/manual.ts';
import { findAccountByEmail, setAccountPlan } from '../../../api/store/accounts.ts';
import { accountAfter, changeKind, OFFERS, offer, TIER_PRICE_MICROS } from '../../../schema/offers.ts';
import { PLAN_TABLE } from '../../../schema/plans.ts';
import { sampleApp, type TestApp } from '../../helpers.ts';
import { outboxMessages, signedIn, type Client } from '../identity/client.ts';
import { keyAccount } from '../rest/user-state-accounts.ts';

const offers = suite('schema/offers: one ordered table of tiers and plans');

offers('prices come from the tier and plan tables; order decides upgrade and downgrade', () => {
  assert.equal([...OFFERS], ['learner', 'researcher', 'investor', 'power_user', 'developer', 'developer_pro']);
  assert.is(offer('developer').priceMicros, PLAN_TABLE.developer.priceMicros);
  assert.is(offer('investor').priceMicros, TIER_PRICE_MICROS.investor);
  const prices = OFFERS.map((id) => offer(id).priceMicros);
  assert.equal(prices, [...prices].sort((a, b) => a - b), 'each offer costs more than the one before');
  assert.is(changeKind('learner', 'investor'), 'upgrade');
  assert.is(changeKind('developer', 'power_user'), 'downgrade');
  assert.is(changeKind('developer', 'developer'), 'same');
  assert.equal(accountAfter('developer_pro'), { tier: 'learner', plan: 'developer_pro' });
  assert.equal(accountAfter('investor'), { tier: 'investor', plan: null });
});

offers.run();

// ---

const manual = suite('plan change, default provider: an operator approves');
let t: TestApp;
let ada: Client;
const EMAIL = 'ada.plans@example.com';

manual.before(async () => {
  t = await sampleApp({ jobs: ['companies'] });
  ada = await signedIn(t.app, t.config.dataDir, EMAIL);
});
manual.after(() => t.close());

const cli = async (...args: string[]) => {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runBillingCommand(args, t.config, { store: t.services.store, mailer: t.services.mailer, out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
};

manual('the subscription record: current offer, provider, and every offer with price and what a change means', async () => {
  const res = await ada.call('GET', '/api/billing/subscription');
  assert.is(res.statusCode, 200);
  const s = res.json();
  assert.equal([s.tier, s.plan, s.offer, s.label, s.price_usd, s.provider, s.subscription_status, s.pending], ['learner', null, 'learner', 'Learner', 0, 'manual', null, null]);
  assert.equal(
    s.offers.map((o: { id: string; price_usd: number; change: string }) => [o.id, o.price_usd, o.change]),
    [['learner', 0, 'current'], ['researcher', 12, 'upgrade'], ['investor', 29, 'upgrade'], ['power_user', 59, 'upgrade'], ['developer', 99, 'upgrade'], ['developer_pro', 499, 'upgrade']],
  );
  assert.match(s.offers[2].applies, /^An operator reviews the request .* The upgrade applies when it is approved, and you get an email then: \$29\.00 per month from that day\.$/);
});

manual('bad input and missing CSRF are 4xx JSON errors; a key cannot change the plan', async () => {
  const noCsrf = await ada.call('POST', '/api/billing/plan-change', { body: { offer: 'investor' }, csrf: false });
  assert.is(noCsrf.statusCode, 403);
  assert.match(noCsrf.json().error, 'CSRF token missing or invalid');
  const unknown = await ada.call('POST', '/api/billing/plan-change', { body: { offer: 'platinum' } });
  assert.is(unknown.statusCode, 400);
  assert.match(unknown.json().error, "invalid body field 'offer'");
  const extra = await ada.call('POST', '/api/billing/plan-change', { body: { offer: 'investor', coupon: 'x' } });
  assert.is(extra.statusCode, 400);
  assert.is((await ada.call('POST', '/api/billing/plan-change', { body: {} })).statusCode, 400);
  const text = await ada.call('POST', '/api/billing/plan-change', { body: 'offer=investor' as unknown as object, headers: { 'content-type': 'text/plain' } });
  assert.ok(text.statusCode >= 400 && text.statusCode < 500, `${text.statusCode}`);
  assert.ok(text.json().error);
  const same = await ada.call('POST', '/api/billing/plan-change', { body: { offer: 'learner' } });
  assert.is(same.statusCode, 409);
  assert.is(same.json().error, 'your account is already on Learner');
  const keyed = await keyAccount(t.app, t.services.store, 'keyed.plans@example.com');
  assert.is((await keyed.call('POST', '/api/billing/plan-change', { offer: 'investor' })).statusCode, 401);
  assert.is((await t.services.store.query('SELECT 1 FROM billing_plan_requests')).length, 0, 'nothing was recorded');
});

manual('a request waits for the operator; a new one replaces it; approve applies it and mails the user', async () => {
  const first = await ada.call('POST', '/api/billing/plan-change', { body: { offer: 'researcher' } });
  assert.is(first.statusCode, 202);
  const second = await ada.call('POST', '/api/billing/plan-change', { body: { offer: 'investor' } });
  assert.is(second.statusCode, 202);
  const body = second.json();
  assert.equal([body.status, body.offer, body.label, body.price_usd], ['pending', 'investor', 'Investor', 29]);
  assert.match(body.applies, 'applies when it is approved');
  // Still Learner until approved.
  assert.is((await ada.call('GET', '/api/auth/me')).json().tier, 'learner');
  const view = (await ada.call('GET', '/api/billing/subscription')).json();
  assert.equal([view.pending.id, view.pending.offer, view.pending.price_usd], [body.request_id, 'investor', 29]);

  const pending = await cli('pending');
  assert.is(pending.code, 0);
  assert.is(pending.out.length, 2, 'the replaced request is no longer pending');
  assert.equal(pending.out[1]!.split('\t').filter((_, i) => i !== 1), [body.request_id, EMAIL, 'learner', 'investor', '$29.00 per month']);

  const mailsBefore = outboxMessages(t.config.dataDir).length;
  const approve = await cli('approve', body.request_id);
  assert.is(approve.code, 0, approve.err.join('\n'));
  assert.is(approve.out[0], `${EMAIL}: Learner -> Investor approved; mailed ${EMAIL}`);
  assert.is((await ada.call('GET', '/api/auth/me')).json().tier, 'investor');
  const mails = outboxMessages(t.config.dataDir).slice(mailsBefore);
  assert.is(mails.length, 1);
  assert.equal([mails[0]!.to, mails[0]!.subject], [EMAIL, 'Your Almanac plan is now Investor']);
  assert.match(mails[0]!.text, 'Price: $29.00 per month.');
  assert.match(mails[0]!.text, '/account#plans');

  // Deciding again changes nothing and sends nothing.
  const again = await cli('approve', body.request_id);
  assert.is(again.code, 1);
  assert.is(again.err[0], `request ${body.request_id} is approved, not pending: nothing changed`);
  assert.is(outboxMessages(t.config.dataDir).length, mailsBefore + 1);
  assert.is((await ada.call('GET', '/api/billing/subscription')).json().pending, null);
});

manual('reject keeps the plan and mails the reason; usage errors are 64', async () => {
  const req = (await ada.call('POST', '/api/billing/plan-change', { body: { offer: 'developer' } })).json();
  const before = outboxMessages(t.config.dataDir).length;
  const reject = await cli('reject', req.request_id, '--reason', 'please write to billing@ first');
  assert.is(reject.code, 0, reject.err.join('\n'));
  const account = await findAccountByEmail(t.services.store, EMAIL);
  assert.equal([account!.tier, account!.plan], ['investor', null]);
  const mail = outboxMessages(t.config.dataDir).slice(before);
  assert.equal(mail.map((m) => m.subject), ['Your Almanac plan change to Developer was not approved']);
  assert.match(mail[0]!.text, 'was not approved: please write to billing@ first');
  for (const args of [['approve'], ['approve', 'nope'], ['reject', req.request_id, '--reason'], ['pending', 'x'], ['refund']]) {
    assert.is((await cli(...args)).code, 64, args.join(' '));
  }
  assert.is((await cli('approve', '00000000-0000-4000-8000-000000000000')).code, 1);
});

manual('a plan change asks again before extra calls accrue (spec 3)', async () => {
  const account = await findAccountByEmail(t.services.store, EMAIL);
  await setAccountPlan(t.services.store, account!.id, 'developer');
  assert.is((await ada.call('POST', '/api/billing/agent-plan/overage', { body: { cap_usd: 100 } })).statusCode, 200);
  // A positive cap too small for a micro-dollar is a 400 at the door, not 0 (extra calls off).
  const tiny = await ada.call('POST', '/api/billing/agent-plan/overage', { body: { cap_usd: 1e-300 } });
  assert.is(tiny.statusCode, 400, tiny.body);
  assert.match(tiny.json().error, "invalid body field 'cap_usd': must be an amount in USD with at most 6 decimals");
  const req = (await ada.call('POST', '/api/billing/plan-change', { body: { offer: 'developer_pro' } })).json();
  assert.is((await cli('approve', req.request_id)).code, 0);
  const plan = (await ada.call('GET', '/api/billing/agent-plan')).json();
  assert.equal([plan.plan, plan.extra_calls_enabled, plan.consent_required], ['developer_pro', false, true]);
});

manual('concurrent requests of one account: each is recorded or refused with 409, never a 500; one stays pending', async () => {
  const offers = ['researcher', 'power_user', 'developer', 'researcher', 'power_user', 'developer'];
  const res = await Promise.all(offers.map((offer) => ada.call('POST', '/api/billing/plan-change', { body: { offer } })));
  for (const r of res) assert.ok(r.statusCode === 202 || r.statusCode === 409, `${r.statusCode} ${r.body}`);
  assert.ok(res.some((r) => r.statusCode === 202));
  const account = await findAccountByEmail(t.services.store, EMAIL);
  const pending = await t.services.store.query(`SELECT 1 FROM billing_plan_requests WHERE account_id = $1 AND status = 'pending'`, [account!.id]);
  assert.is(pending.length, 1);
});

manual('the webhook route is 404 without Stripe; the manual provider has no webhook', async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/billing/stripe/webhook', headers: { 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)', 'content-type': 'application/json' }, payload: '{}' });
  assert.is(res.statusCode, 404);
  assert.match(JSON.parse(res.body).error, 'BILLING_PROVIDER is not stripe');
  assert.is(manualProvider({ store: t.services.store }).webhook, undefined);
});

manual.run();
