/**
 * End to end in a real browser: Debian's Chromium (/usr/bin/chromium) driven by playwright-core
 * against the whole application listening on a real port. A person signs up (the browser solves
 * the proof of work), verifies through the link in the outbox mail, signs in, creates a key and
 * sees it once, the test uses the key against the API, revokes it, and turns extra calls on with
 * a cap. Screenshots of the settings panel go to test-output/e2e/.
 *
 * Skips with a message when /usr/bin/chromium is missing (`.ci/run` installs it).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { findAccountByEmail, setAccountPlan } from '../../api/store/accounts.ts';
import { lessonsInOrder } from '../../schema/learn.ts';
import { sampleApp, tempDir, type TestApp } from '../helpers.ts';
import { CHROMIUM, FLAGS, DESKTOP_UA, OUT, freePort } from './browser.ts';
import { assertConforms } from '../openapi-conformance.ts';

// A person's browser, not a crawler: headless Chromium's default agent says "HeadlessChrome".
const AGENT_UA = 'almanac-e2e/1.0 (tests@almanac.invalid)';

const EMAIL = 'ada.e2e@example.com';
const PASSWORD = 'correct horse battery staple 42';


function latestMailTo(dataDir: string, to: string): string {
  const dir = path.join(dataDir, 'outbox');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')).sort() : [];
  const mails = files.map((f) => readFileSync(path.join(dir, f), 'utf8')).filter((m) => m.includes(`To: ${to}`));
  if (!mails.length) throw new Error(`no mail to ${to} in ${dir}`);
  return mails.at(-1)!;
}

const e2e = suite('settings panel end to end (Chromium)');
const skip = !existsSync(CHROMIUM);
// Without Chromium every step is reported as skipped (never as passed).
const step = skip ? e2e.skip : e2e;
if (skip) process.stdout.write(`SKIP: ${CHROMIUM} is missing (apt-get install -y chromium)\n`);
let t: TestApp;
let base: string;
let context: BrowserContext;
let page: Page;
let rawKey = '';

e2e.before(async () => {
  if (skip) return;
  mkdirSync(OUT, { recursive: true });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await sampleApp({ jobs: ['companies'], config: { publicUrl: base } });
  await t.app.listen({ port, host: '127.0.0.1' });
  context = await chromium.launchPersistentContext(tempDir('almanac-chromium-'), {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    userAgent: DESKTOP_UA,
    viewport: { width: 1280, height: 900 },
  });
  context.setDefaultTimeout(20_000);
  page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (err) => process.stderr.write(`page error: ${err.message}\n`));
});

e2e.after(async () => {
  if (skip) return;
  await context?.close();
  await t?.close();
});

async function callApi(url: string, key: string): Promise<{ status: number; body: unknown; headers: Record<string, string> }> {
  const res = await fetch(`${base}${url}`, { headers: { 'X-API-Key': key, 'User-Agent': AGENT_UA } });
  const headers = Object.fromEntries(res.headers.entries());
  return { status: res.status, body: await res.json(), headers };
}

step('sign up: the browser solves the proof of work, with a progress indicator', async () => {
  await page.goto(`${base}/signup`);
  await page.getByLabel('Email address').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Display name').fill('Ada');
  await page.getByLabel(/I am creating this account for myself/).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.locator('#signup-done').waitFor();
  assert.is(await page.locator('#pow-progress').getAttribute('value'), '100');
  assert.match((await page.locator('#pow-status').textContent()) ?? '', /^Solved after [\d,]+ tries in [\d.]+ s\.$/);
  assert.match((await page.locator('#signup-done').textContent()) ?? '', 'Check your email');
  assert.not.match((await page.locator('#signup-done').textContent()) ?? '', 'POST /api/auth/login');
});

step('verify through the link in the outbox mail', async () => {
  const mail = latestMailTo(t.config.dataDir, EMAIL);
  const link = /https?:\/\/\S+verify-email\?token=[A-Za-z0-9_-]+/.exec(mail)?.[0];
  assert.ok(link, `no verification link in:\n${mail}`);
  const url = new URL(link!);
  assert.is(url.origin, base);
  // The landing page reads the token the mail carries (the mailed path is the API's or the page's).
  await page.goto(`${base}/verify-email?token=${url.searchParams.get('token')}`);
  await page.getByText(`Thank you: ${EMAIL} is verified.`).waitFor();
  await page.getByRole('link', { name: 'Sign in' }).last().click();
  await page.waitForURL(`${base}/login`);
});

step('log in and see the account and its tier', async () => {
  await page.getByLabel('Email address').fill(EMAIL);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/account`);
  const details = page.locator('#account-details');
  await details.getByText(`${EMAIL} (verified)`).waitFor();
  assert.match((await details.textContent()) ?? '', 'TierLearner');
  const cookies = await context.cookies(base);
  const session = cookies.find((c) => c.name === 'alm_session');
  assert.ok(session?.httpOnly, 'the session cookie is HttpOnly');
});

step('create a key: shown once with a copy button and a warning; listed by prefix afterwards', async () => {
  await page.getByLabel('Key name').fill('research agent');
  await page.getByRole('button', { name: 'Create key' }).click();
  const box = page.locator('#new-key');
  await box.waitFor();
  rawKey = await page.locator('#new-key-value').inputValue();
  assert.match(rawKey, /^alm_live_[A-Za-z0-9_-]{20,}$/);
  assert.match((await box.textContent()) ?? '', 'Copy it now: this is the only time it is shown.');
  await page.getByRole('button', { name: 'Copy' }).click();
  await page.getByText('Copied to the clipboard.').waitFor();
  const row = page.locator('#keys-table tbody tr').first();
  await row.getByText('research agent').waitFor();
  const prefixCell = (await row.locator('td').nth(1).textContent()) ?? '';
  assert.ok(rawKey.startsWith(prefixCell.split('…')[0]!), `${prefixCell} is a prefix of the key`);
  assert.ok(rawKey.endsWith(prefixCell.split('…')[1]!), `${prefixCell} ends with the last four`);
  await page.locator('#keys').screenshot({ path: path.join(OUT, 'settings-new-key.png') });
  await page.getByRole('button', { name: 'I have stored it safely' }).click();
  assert.is(await page.locator('#new-key-value').inputValue(), '');
  assert.ok(await box.isHidden());
  // Not retrievable again: a reload shows only the prefix.
  await page.reload();
  await page.locator('#keys-table tbody tr').first().waitFor();
  assert.not.match(await page.content(), rawKey);
});

step('use the key from the test against the API', async () => {
  const me = await callApi('/api/auth/me', rawKey);
  assert.is(me.status, 200);
  assert.is((me.body as { email: string }).email, EMAIL);
  assertConforms('GET', '/api/auth/me', me.status, me.body, me.headers);
  const search = await callApi('/api/ticker-search?q=apple', rawKey);
  assert.is(search.status, 200);
  assert.equal(search.body, [{ ticker: 'AAPL', name: 'Apple Inc.', exchange: 'Nasdaq', cik: 320193 }]);
  assertConforms('GET', '/api/ticker-search?q=apple', search.status, search.body, search.headers);
  // Last used appears in the list once the key has been used.
  await page.reload();
  const row = page.locator('#keys-table tbody tr').first();
  await row.waitFor();
  assert.is.not(((await row.locator('td').nth(5).textContent()) ?? '').trim(), 'never');
});

step('revoke with confirmation; the key then gets 401', async () => {
  const row = page.locator('#keys-table tbody tr').first();
  await row.getByRole('button', { name: /Revoke key/ }).click();
  const dialog = page.locator('#revoke-dialog');
  await dialog.waitFor();
  // Cancel first: nothing happens.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  assert.is((await callApi('/api/auth/me', rawKey)).status, 200);
  await row.getByRole('button', { name: /Revoke key/ }).click();
  await dialog.getByRole('button', { name: 'Revoke key' }).click();
  await page.locator('#keys-table tbody tr').first().locator('.badge-revoked').waitFor();
  const after = await callApi('/api/auth/me', rawKey);
  assert.is(after.status, 401);
  assertConforms('GET', '/api/auth/me', after.status, after.body, after.headers);
});

step('turn extra calls on with a cap (Developer plan); the 4x maximum is enforced and explained', async () => {
  // Plans are bought outside the API (spec 4.3: "not shown"); the operator assigns it here.
  const account = await findAccountByEmail(t.services.store, EMAIL);
  assert.ok(await setAccountPlan(t.services.store, account!.id, 'developer'));
  await page.reload();
  await page.locator('#billing-plan').getByText('Developer ($99.00 per month)').waitFor();
  assert.match((await page.locator('#overage-cap-help').textContent()) ?? '', 'Maximum $396.00 (4 times the Developer price of $99.00)');
  await page.getByLabel('Allow extra calls beyond the included allowance').check();
  await page.getByLabel('Monthly cap (US dollars)').fill('500');
  await page.getByRole('button', { name: 'Save extra-call setting' }).click();
  await page.getByText('The cap can be at most $396.00: 4 times the plan price.').waitFor();
  await page.getByLabel('Monthly cap (US dollars)').fill('120');
  await page.getByRole('button', { name: 'Save extra-call setting' }).click();
  await page.getByText('Extra calls are on, capped at $120.00 this month.').waitFor();
  await page.locator('#billing-plan').getByText('on, monthly cap $120.00').waitFor();
  // The server agrees (the API's record, read with the session cookie).
  const cookie = (await context.cookies(base)).find((c) => c.name === 'alm_session')!;
  const plan = await fetch(`${base}/api/billing/agent-plan`, { headers: { cookie: `alm_session=${cookie.value}`, 'User-Agent': AGENT_UA } });
  const record = (await plan.json()) as { extra_calls_enabled: boolean; limit_usd: number };
  assert.is(record.extra_calls_enabled, true);
  assert.is(record.limit_usd, 120);
  // The summary is re-rendered after the save: wait for it (reading it once raced the refresh in CI).
  await page.locator('#usage-summary', { hasText: /calls in \d{4}-\d{2} for all keys; the account has used [\d,]+ of 100,000 included calls, and extra calls are on up to \$120/ }).waitFor();
  await page.locator('#billing').screenshot({ path: path.join(OUT, 'settings-billing.png') });
  await page.screenshot({ path: path.join(OUT, 'settings-panel.png'), fullPage: true });
  assert.ok(existsSync(path.join(OUT, 'settings-panel.png')));
});

step('the plans section (where a 402 upgrade_url points) marks your tier and plan and the tier asked for', async () => {
  await page.goto(`${base}/account?upgrade=investor#plans`);
  // The Developer plan already includes Power User (so Investor): the notice says so instead of offering an upgrade.
  await page.locator('#plans-required').getByText('Your account already has the Power User tier (through the Developer plan), which includes Investor').waitFor();
  assert.is(await page.locator('#tiers-table tr[data-tier="investor"]').getAttribute('class'), 'selected');
  await page.locator('#tiers-table tr[data-tier="learner"] .current-mark').getByText('Your tier').waitFor();
  await page.locator('#plans-table tr[data-plan="developer"] .current-mark').getByText('Your plan').waitFor();
  assert.match((await page.locator('#plans-table tr[data-plan="developer_pro"]').textContent()) ?? '', '$499');
});

step('keyboard: the skip link comes first; every control is labelled', async () => {
  await page.goto(`${base}/account`);
  await page.locator('#account-details dt').first().waitFor();
  await page.keyboard.press('Tab');
  // Browser-side expressions are strings: the project's tsconfig has no DOM lib.
  assert.is(await page.evaluate('document.activeElement?.textContent'), 'Skip to content');
  await page.keyboard.press('Enter');
  assert.is(await page.evaluate('document.activeElement?.id'), 'main');
  await page.locator('#keys-table tbody tr').first().waitFor();
  const unlabelled = await page.evaluate(`[...document.querySelectorAll('input:not([type=hidden]), select, textarea, button')]
    .filter((el) => !el.labels?.length && !el.getAttribute('aria-label') && !(el.textContent ?? '').trim())
    .map((el) => el.outerHTML)`);
  assert.equal(unlabelled, []);
});

step('LEARN: a quiz taken while signed in shows up as progress in the panel', async () => {
  const { lesson } = lessonsInOrder()[0]!;
  await page.goto(`${base}/learn/${lesson.id}`);
  for (const [i, q] of lesson.quiz.entries()) await page.locator(`#q${i}-${q.answer}`).check();
  await page.getByRole('button', { name: 'Check my answers' }).click();
  await page.getByText(`${lesson.quiz.length} of ${lesson.quiz.length} correct: lesson completed.`).waitFor();
  await page.goto(`${base}/account#learning`);
  await page.locator('#learn-progress').getByText(`1 of ${lessonsInOrder().length} lessons completed`).waitFor();
  await page.locator('#learning').screenshot({ path: path.join(OUT, 'settings-learning.png') });
});

step('sign out', async () => {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/login\?signed_out=1$/);
  await page.goto(`${base}/account`);
  await page.waitForURL(`${base}/login?next=/account`);
});

e2e.run();
