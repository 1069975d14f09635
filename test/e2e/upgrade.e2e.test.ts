/**
 * The upgrade flow in a real browser (Chromium via playwright-core, the whole application on a
 * real port): an agent's key gets a 402 whose `upgrade_url` is followed by its person, who lands on
 * the plans section with the required tier preselected, sees the price and when the change
 * applies, confirms, and is on the new tier once the operator approves (mailed). Then the same
 * panel at 390 px: no horizontal scroll, no clipped key or billing cell. The same upgrade again
 * with the Stripe provider: the browser goes to the Checkout URL (a local fake of Stripe's API hands
 * out one that returns to the panel), a signed `checkout.session.completed` arrives over HTTP, and
 * the key works at once. Screenshots go to test-output/e2e/ (upgrade-*.png).
 *
 * Skips with a message when /usr/bin/chromium is missing (`.ci/run` installs it).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type Server } from 'node:http';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import Stripe from 'stripe';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runBillingCommand } from '../../api/billing/cli.ts';
import { findAccountByEmail, setAccountPlan } from '../../api/store/accounts.ts';
import { outboxMessages, PASSWORD, signedIn } from '../api/identity/client.ts';
import { sampleApp, tempDir, type TestApp } from '../helpers.ts';
import { CHROMIUM, FLAGS, DESKTOP_UA, OUT, freePort } from './browser.ts';

const AGENT_UA = 'almanac-e2e/1.0 (tests@almanac.invalid)';
const EMAIL = 'grace.upgrade@example.com';


const e2e = suite('upgrade flow end to end (Chromium)');
const skip = !existsSync(CHROMIUM);
const step = skip ? e2e.skip : e2e;
if (skip) process.stdout.write(`SKIP: ${CHROMIUM} is missing (apt-get install -y chromium)\n`);
let t: TestApp;
let base: string;
let context: BrowserContext;
let page: Page;
let key = '';
let upgradeUrl = '';
const problems: string[] = [];

e2e.before(async () => {
  if (skip) return;
  mkdirSync(OUT, { recursive: true });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await sampleApp({ jobs: ['companies', 'fundamentals'], config: { publicUrl: base } });
  await t.app.listen({ port, host: '127.0.0.1' });
  // The person registered and verified earlier; their agent holds a key.
  const client = await signedIn(t.app, t.config.dataDir, EMAIL);
  const created = await client.call('POST', '/api/keys', { body: { name: 'research agent' } });
  assert.is(created.statusCode, 201, created.body);
  key = created.json().key;
  context = await chromium.launchPersistentContext(tempDir('almanac-chromium-'), {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    userAgent: DESKTOP_UA,
    viewport: { width: 1280, height: 900 },
  });
  context.setDefaultTimeout(20_000);
  page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
});

e2e.after(async () => {
  if (skip) return;
  await context?.close();
  await t?.close();
});

async function agentCall(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${base}${url}`, { headers: { 'X-API-Key': key, 'User-Agent': AGENT_UA } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

step('an agent gets a 402 naming the tier, with an upgrade_url to the plans section', async () => {
  const res = await agentCall('/api/data/bulk?tickers=AAPL');
  assert.is(res.status, 402);
  assert.equal([res.body.requiredTier, res.body.currentTier], ['Investor', 'Learner']);
  upgradeUrl = String(res.body.upgrade_url);
  assert.is(upgradeUrl, `${base}/account?upgrade=investor#plans`);
});

step('the person follows upgrade_url, signs in, and lands on the plans section with Investor preselected', async () => {
  await page.goto(upgradeUrl);
  // Not signed in yet: the panel sends them to sign in and back.
  await page.waitForURL(/\/login\?next=/);
  await page.getByLabel('Email address').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Back where the link pointed, signed in now.
  await page.waitForURL((url) => url.pathname === '/account' && url.search === '?upgrade=investor');
  // The signed-out visit's 401 from /api/auth/me (which sent the browser to sign in) is expected.
  problems.splice(0, problems.length, ...problems.filter((p) => !/status of 401/.test(p)));
  const required = page.locator('#plans-required');
  await required.getByText('needs the Investor tier or above; your account acts as Learner').waitFor();
  assert.match((await page.locator('#tiers-table tr[data-tier="investor"]').getAttribute('class')) ?? '', 'selected');
  await page.locator('#tiers-table tr[data-tier="learner"] .current-mark').getByText('Your tier').waitFor();
  // Prices and what each tier opens, from schema/.
  assert.match((await page.locator('#tiers-table tr[data-tier="investor"]').textContent()) ?? '', '$29.00 per month');
  assert.match((await page.locator('#tiers-table tr[data-tier="investor"]').textContent()) ?? '', 'Bulk fundamentals rows');
  assert.match((await page.locator('#plans-table tr[data-plan="developer_pro"]').textContent()) ?? '', '$499.00 per month');
  const go = page.getByRole('button', { name: 'Upgrade to Investor', exact: true });
  await go.waitFor();
  assert.is(await page.evaluate('document.activeElement?.id'), 'plans-required', 'focus lands on the notice');
  assert.ok(await page.locator('#tiers-table tr[data-tier="investor"]').isVisible());
  await page.locator('#plans').screenshot({ path: path.join(OUT, 'upgrade-plans.png') });
});

step('the confirmation states the price and when it applies; Cancel changes nothing', async () => {
  await page.getByRole('button', { name: 'Upgrade to Investor', exact: true }).click();
  const dialog = page.locator('#plan-dialog');
  await dialog.waitFor();
  assert.is(await page.locator('#plan-dialog-h').textContent(), 'Upgrade to Investor?');
  assert.is(await page.locator('#plan-dialog-price').textContent(), 'Price: $29.00 per month (now free on Learner).');
  assert.match((await page.locator('#plan-dialog-when').textContent()) ?? '', 'The upgrade applies when it is approved, and you get an email then: $29.00 per month from that day.');
  await page.screenshot({ path: path.join(OUT, 'upgrade-confirm.png') });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  assert.is((await t.services.store.query('SELECT 1 FROM billing_plan_requests')).length, 0);
});

step('confirming records the request; the panel says it waits for an operator', async () => {
  await page.locator('#tiers-table tr[data-tier="investor"] button.choose-offer').click();
  await page.locator('#plan-dialog').getByRole('button', { name: 'Confirm: upgrade to Investor' }).click();
  await page.locator('#plans-status').getByText('Requested: Investor ($29.00 per month).').waitFor();
  await page.locator('#plans-pending').getByText('Your request to change to Investor ($29.00 per month) is waiting for an operator').waitFor();
  assert.is((await agentCall('/api/data/bulk?tickers=AAPL')).status, 402, 'nothing applies before approval');
});

step('the operator approves (mail to the user); the panel and the key are on Investor', async () => {
  const pending = (await t.services.store.query<{ id: string }>(`SELECT id FROM billing_plan_requests WHERE status = 'pending'`))[0]!;
  const out: string[] = [];
  const code = await runBillingCommand(['approve', pending.id], t.config, { store: t.services.store, mailer: t.services.mailer, out: (l) => out.push(l), err: (l) => out.push(l) });
  assert.is(code, 0, out.join('\n'));
  const mail = outboxMessages(t.config.dataDir).filter((m) => m.to === EMAIL).at(-1)!;
  assert.is(mail.subject, 'Your Almanac plan is now Investor');
  await page.reload();
  await page.locator('#tiers-table tr[data-tier="investor"] .current-mark').getByText('Your tier').waitFor();
  assert.match((await page.locator('#account-details').textContent()) ?? '', 'TierInvestor');
  assert.ok(await page.locator('#plans-pending').isHidden());
  // The CLI runs in its own process in production: the server sees the change on keys within the
  // key cache's TTL (30 s). Here the cache is dropped instead of waiting.
  const account = await findAccountByEmail(t.services.store, EMAIL);
  t.services.identity.keyCache.invalidateAccount(account!.id);
  assert.is((await agentCall('/api/data/bulk?tickers=AAPL')).status, 200);
  // A downgrade is labelled as one.
  assert.is((await page.locator('#tiers-table tr[data-tier="researcher"] button.choose-offer').textContent())?.trim(), 'Downgrade');
});

step('usage chart: daily bars with the allowance and cap lines on a plan, a table fallback', async () => {
  const account = await findAccountByEmail(t.services.store, EMAIL);
  await setAccountPlan(t.services.store, account!.id, 'developer');
  await page.goto(`${base}/account#billing`);
  await page.locator('#billing-plan').getByText('Developer ($99.00 per month)').waitFor();
  await page.getByLabel('Allow extra calls beyond the included allowance').check();
  await page.getByLabel('Monthly cap (US dollars)').fill('50');
  await page.getByRole('button', { name: 'Save extra-call setting' }).click();
  await page.getByText('Extra calls are on, capped at $50.00 this month.').waitFor();
  // Saving re-renders the chart with the cap line.
  await page.locator('#usage-chart li').getByText('Extra-call cap: $50 ≈ 25,000 more calls').waitFor();
  await page.locator('#usage-chart svg[role="img"]').waitFor();
  const figure = (await page.locator('#usage-chart').textContent()) ?? '';
  assert.match(figure, 'Included: 100,000 calls (account)');
  assert.match(figure, 'Extra-call cap: $50 ≈ 25,000 more calls');
  // Per key: the select re-renders the chart for one key.
  await page.getByLabel('Show').selectOption({ index: 1 }); // the only key: research agent
  await page.locator('#usage-chart').getByText(/\(key research agent \(alm_live_/).first().waitFor();
  await page.locator('#billing').screenshot({ path: path.join(OUT, 'upgrade-usage-chart.png') });
});

step('at 390 px: no horizontal scroll, no clipped key, plan or billing cell; screenshots', async () => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${base}/account?upgrade=power_user#plans`);
  await page.locator('#keys-table tbody tr').first().waitFor();
  await page.locator('#usage-chart svg[role="img"]').waitFor();
  const overflow = await page.evaluate(`({ doc: document.documentElement.scrollWidth, body: document.body.scrollWidth, view: window.innerWidth })`) as { doc: number; body: number; view: number };
  assert.ok(overflow.doc <= overflow.view && overflow.body <= overflow.view, `page is ${overflow.doc}px wide at ${overflow.view}px`);
  const clipped = await page.evaluate(`[...document.querySelectorAll('#keys-table tbody > tr > *, #tiers-table tbody > tr > *, #plans-table tbody > tr > *, #billing-plan dd, #usage-keys tbody td, .table-wrap')]
    .filter((el) => el.getClientRects().length && el.scrollWidth > el.clientWidth + 1)
    .map((el) => (el.id || el.tagName) + ': ' + el.textContent.slice(0, 40) + ' ' + el.scrollWidth + '>' + el.clientWidth)`);
  assert.equal(clipped, []);
  // Power User is already there through the Developer plan: the notice says so, with no upgrade button.
  await page.locator('#plans-required').getByText('Your account already has the Power User tier (through the Developer plan)').waitFor();
  assert.ok(await page.locator('#plans-required-go').isHidden());
  await page.screenshot({ path: path.join(OUT, 'upgrade-390-plans.png') });
  await page.screenshot({ path: path.join(OUT, 'upgrade-390-panel.png'), fullPage: true });
  await page.locator('#plans-table tr[data-plan="developer_pro"] button.choose-offer').click();
  await page.locator('#plan-dialog').waitFor();
  assert.is(await page.locator('#plan-dialog-h').textContent(), 'Upgrade to Developer Pro?');
  assert.is(await page.locator('#plan-dialog-price').textContent(), 'Price: $499.00 per month (now $99.00 per month on Developer).');
  const box = await page.locator('#plan-dialog').boundingBox();
  assert.ok(box && box.x >= 0 && box.x + box.width <= 390, `dialog fits: ${JSON.stringify(box)}`);
  await page.screenshot({ path: path.join(OUT, 'upgrade-390-confirm.png') });
  await page.locator('#plan-dialog').getByRole('button', { name: 'Cancel' }).click();
  assert.ok(existsSync(path.join(OUT, 'upgrade-390-panel.png')));
});

step('no console errors or page errors along the way', () => {
  assert.equal(problems, []);
});

e2e.run();

// ---

const viaStripe = suite('upgrade flow through Stripe Checkout (Chromium, fake Stripe API)');
const stripeStep = skip ? viaStripe.skip : viaStripe;
const WHSEC = 'whsec_e2e_almanac';
let t2: TestApp;
let base2 = '';
let fake: Server;
let context2: BrowserContext;
let page2: Page;
let key2 = '';
const sessions: URLSearchParams[] = [];
const EMAIL2 = 'ada.stripe@example.com';

viaStripe.before(async () => {
  if (skip) return;
  const port = await freePort();
  base2 = `http://127.0.0.1:${port}`;
  // Stripe's API, faked: a Checkout Session whose page "is paid" at once and returns to the panel.
  fake = createHttpServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      if (req.url !== '/v1/checkout/sessions') {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'not faked' } }));
        return;
      }
      sessions.push(new URLSearchParams(body));
      res.end(JSON.stringify({ id: `cs_test_e2e${sessions.length}`, object: 'checkout.session', url: new URLSearchParams(body).get('success_url') }));
    });
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  const stripePort = (fake.address() as { port: number }).port;
  t2 = await sampleApp({
    jobs: ['companies', 'fundamentals'],
    config: { publicUrl: base2, billingProvider: 'stripe', stripeSecretKey: 'sk_test_e2e', stripeWebhookSecret: WHSEC, stripeApiBase: `http://127.0.0.1:${stripePort}` },
  });
  await t2.app.listen({ port, host: '127.0.0.1' });
  const client = await signedIn(t2.app, t2.config.dataDir, EMAIL2);
  key2 = (await client.call('POST', '/api/keys', { body: { name: 'stripe agent' } })).json().key;
  context2 = await chromium.launchPersistentContext(tempDir('almanac-chromium-'), { executablePath: CHROMIUM, headless: true, args: FLAGS, userAgent: DESKTOP_UA, viewport: { width: 390, height: 844 } });
  context2.setDefaultTimeout(20_000);
  page2 = context2.pages()[0] ?? (await context2.newPage());
  page2.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
});

viaStripe.after(async () => {
  if (skip) return;
  await context2?.close();
  await t2?.close();
  await new Promise((r) => fake.close(r));
});

async function bulkWithKey2(): Promise<number> {
  return (await fetch(`${base2}/api/data/bulk?tickers=AAPL`, { headers: { 'X-API-Key': key2, 'User-Agent': AGENT_UA } })).status;
}

stripeStep('402 -> plans (390 px) -> confirmation names Stripe and the price -> Checkout -> back on the panel', async () => {
  const first = await fetch(`${base2}/api/data/bulk?tickers=AAPL`, { headers: { 'X-API-Key': key2, 'User-Agent': AGENT_UA } });
  assert.is(first.status, 402);
  const url = String(((await first.json()) as { upgrade_url: string }).upgrade_url);
  await page2.goto(url);
  await page2.waitForURL(/\/login\?next=/);
  await page2.getByLabel('Email address').fill(EMAIL2);
  await page2.getByLabel('Password').fill(PASSWORD);
  await page2.getByRole('button', { name: 'Sign in' }).click();
  await page2.waitForURL((u) => u.pathname === '/account' && u.search === '?upgrade=investor');
  await page2.getByRole('button', { name: 'Upgrade to Investor', exact: true }).click();
  assert.is(await page2.locator('#plan-dialog-when').textContent(), "You pay $29.00 per month by card on Stripe's secure checkout page; the change applies as soon as Stripe confirms the payment, and renews monthly until you cancel.");
  await page2.screenshot({ path: path.join(OUT, 'upgrade-stripe-390-confirm.png') });
  await page2.locator('#plan-dialog').getByRole('button', { name: 'Confirm: upgrade to Investor' }).click();
  await page2.waitForURL((u) => u.search === '?checkout=success');
  await page2.locator('#plans-status').getByText('Payment received by Stripe').waitFor();
  assert.is(sessions.length, 1);
  assert.equal([sessions[0]!.get('mode'), sessions[0]!.get('line_items[0][price_data][unit_amount]'), sessions[0]!.get('metadata[offer]')], ['subscription', '2900', 'investor']);
  assert.is(await bulkWithKey2(), 402, 'nothing applies before Stripe confirms');
});

stripeStep('Stripe confirms over HTTP (signed webhook): the panel shows Investor and the key works at once', async () => {
  const checkout = await t2.services.store.query<{ id: string; checkout_id: string; account_id: string }>(`SELECT id, checkout_id, account_id FROM billing_plan_requests WHERE status = 'pending'`);
  assert.is(checkout.length, 1);
  const e = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../fixtures/stripe/checkout.session.completed.json'), 'utf8'));
  e.data.object.id = checkout[0]!.checkout_id;
  e.data.object.metadata = { account_id: checkout[0]!.account_id, offer: 'investor', request_id: checkout[0]!.id };
  e.data.object.subscription = 'sub_e2e';
  const payload = JSON.stringify(e);
  const signature = new Stripe('sk_test_unused').webhooks.generateTestHeaderString({ payload, secret: WHSEC });
  const res = await fetch(`${base2}/api/billing/stripe/webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': signature, 'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' }, body: payload });
  assert.is(res.status, 200, await res.clone().text());
  assert.is(((await res.json()) as { duplicate: boolean }).duplicate, false);
  await page2.goto(`${base2}/account#plans`);
  await page2.locator('#tiers-table tr[data-tier="investor"] .current-mark').getByText('Your tier').waitFor();
  await page2.screenshot({ path: path.join(OUT, 'upgrade-stripe-390-done.png') });
  // Applied in the server: the account's cached keys were dropped, no 30 s wait.
  assert.is(await bulkWithKey2(), 200);
  const mail = outboxMessages(t2.config.dataDir).filter((m) => m.to === EMAIL2).at(-1)!;
  assert.is(mail.subject, 'Your Almanac plan is now Investor');
  assert.equal(problems, [], 'no page errors');
});

viaStripe.run();
