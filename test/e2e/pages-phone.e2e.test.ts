/**
 * Every page of the site in a real browser at phone width (issue 17): Debian's Chromium driven by
 * playwright-core against the whole application on a real port, viewport 390 x 844. Each page must
 * fit the width (`document.documentElement.scrollWidth <= window.innerWidth`: no horizontal
 * scroll) and log no console error, no uncaught page error and no failed request; a screenshot of
 * each goes to test-output/e2e/phone-*.png. /account is visited signed out and signed in (with
 * keys and a developer plan, the content that used to overflow). GraphiQL must load from this
 * origin only (no CDN) and render its editor.
 *
 * The page list is `SITE_PAGES` below plus every page route in the sitemap (so a page added to the
 * sitemap is checked too). Skips with a message when /usr/bin/chromium is missing.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PasswordHasher } from '../../api/identity/passwords.ts';
import { insertAccount, markEmailVerified, setAccountPlan } from '../../api/store/accounts.ts';
import { GRAPHQL_PATHS } from '../../schema/graphql.ts';
import { sampleApp, tempDir, type TestApp } from '../helpers.ts';
import { CHROMIUM, FLAGS, OUT, freePort } from './browser.ts';

const BROWSER_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const PHONE = { width: 390, height: 844 };
const EMAIL = 'phone.e2e@example.com';
const PASSWORD = 'correct horse battery staple 390';

/** Pages every visitor can reach (path, screenshot name). Account pages signed in are visited separately. */
const SITE_PAGES = [
  '/',
  '/datasets',
  '/glossary',
  '/glossary/ebitda',
  '/learn',
  '/api-docs',
  '/mcp',
  '/signup',
  '/login',
  '/account',
  '/verify-email',
  // Explorer pages with a parameter (the sitemap lists the others).
  '/company/AAPL',
  '/company/NVDA?range=5y',
  '/search?q=apple',
];


const phone = suite('every page at 390 px (Chromium)');
const skip = !existsSync(CHROMIUM);
const step = skip ? phone.skip : phone;
if (skip) process.stdout.write(`SKIP: ${CHROMIUM} is missing (apt-get install -y chromium)\n`);
let t: TestApp;
let base: string;
let context: BrowserContext;

phone.before(async () => {
  if (skip) return;
  mkdirSync(OUT, { recursive: true });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await sampleApp({ config: { publicUrl: base } });
  await t.app.listen({ port, host: '127.0.0.1' });
  context = await chromium.launchPersistentContext(tempDir('almanac-chromium-phone-'), {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    userAgent: BROWSER_UA,
    viewport: PHONE,
    // Not isMobile: a mobile layout viewport widens to fit wide content (innerWidth 730 for a
    // 730 px page), which would hide the overflow this suite looks for.
    deviceScaleFactor: 1,
  });
  context.setDefaultTimeout(20_000);
});

phone.after(async () => {
  if (skip) return;
  await context?.close();
  await t?.close();
});

interface Visit {
  path: string;
  width: number;
  scrollWidth: number;
  problems: string[];
  /** Hosts other than the server's that the page requested. */
  foreign: string[];
  /** The widest elements reaching past the viewport, for the failure message. */
  wide: string[];
}

/**
 * `measure` on the page where it ends up: a page that navigates on its own (the signed-out account
 * page goes to /login once its CSRF check answers) can start that navigation after `networkidle`
 * on a loaded machine, destroying the context an evaluate runs in; then wait for the new page to
 * settle and measure again.
 */
async function settled<T>(page: Page, measure: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure();
    } catch (err) {
      if (attempt >= 3 || !/Execution context was destroyed|navigat/i.test((err as Error).message)) throw err;
      await page.waitForLoadState('networkidle');
    }
  }
}

/** Opens `url` in a fresh tab, collects console errors, page errors, failed and foreign requests, and measures the width. */
async function visit(url: string, name: string, ready?: (page: Page) => Promise<void>): Promise<Visit> {
  const page = await context.newPage();
  const problems: string[] = [];
  const foreign: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && problems.push(`console: ${m.text()}`)));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (!['http:', 'https:'].includes(u.protocol)) return;
    if (u.origin !== base) foreign.push(r.url());
  });
  page.on('response', (r) => void (r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`)));
  await page.goto(`${base}${url}`, { waitUntil: 'networkidle' });
  if (ready) await ready(page).catch((err: Error) => problems.push(`not ready: ${err.message.split('\n')[0]}`));
  const m = await settled(page, () => page.evaluate(() => {
    const width = window.innerWidth;
    const wide = [...document.querySelectorAll('body *')]
      .map((el) => ({ el, right: el.getBoundingClientRect().right }))
      .filter((x) => x.right > width + 0.5)
      .sort((a, b) => b.right - a.right)
      .slice(0, 5)
      .map((x) => `${x.el.tagName.toLowerCase()}${x.el.id ? `#${x.el.id}` : ''}${x.el.className && typeof x.el.className === 'string' ? `.${x.el.className.trim().split(/\s+/).join('.')}` : ''} right=${Math.round(x.right)}`);
    return { width, scrollWidth: document.documentElement.scrollWidth, wide };
  }));
  // Whole page where it is not endless (/api-docs runs to tens of thousands of pixels).
  const tall = await settled(page, () => page.evaluate(() => document.documentElement.scrollHeight > 16000));
  await page.screenshot({ path: path.join(OUT, `phone-${name}.png`), fullPage: !tall });
  await page.close();
  return { path: url, ...m, problems, foreign };
}

/** What is wrong with a visit (nothing: an empty list). */
function faults(v: Visit): string[] {
  const out: string[] = [];
  if (v.width !== PHONE.width) out.push(`${v.path}: viewport ${v.width} px`);
  if (v.scrollWidth > v.width) out.push(`${v.path}: ${v.scrollWidth} px wide at ${v.width} px (horizontal scroll); widest: ${v.wide.join('; ')}`);
  for (const p of v.problems) out.push(`${v.path}: ${p}`);
  for (const f of v.foreign) out.push(`${v.path}: request to another host: ${f}`);
  return out;
}

const check = (v: Visit) => assert.equal(faults(v), []);

const slug = (p: string) => (p === '/' ? 'home' : p.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-').replace(/-+$/, ''));

step('every public page and the signed-out account page fit 390 px without errors', async () => {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const fromSitemap = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)]
    .map((m) => new URL(m[1]!).pathname)
    .filter((p) => !/\.(txt|yaml|json|graphql|xml)$/.test(p));
  const pages = [...new Set([...SITE_PAGES, ...fromSitemap])];
  assert.ok(pages.length >= SITE_PAGES.length);
  const found: string[] = [];
  for (const p of pages) found.push(...faults(await visit(p, slug(p))));
  assert.equal(found, []);
});

step('the account page signed in, with keys and a developer plan, fits 390 px', async () => {
  const accountId = randomUUID();
  await insertAccount(t.services.store, { id: accountId, email: EMAIL, passwordHash: await new PasswordHasher().hash(PASSWORD) });
  await markEmailVerified(t.services.store, accountId, new Date());
  await setAccountPlan(t.services.store, accountId, 'developer');
  const req = context.request;
  const csrf = async () => (await (await req.get(`${base}/api/auth/csrf`)).json()).csrfToken as string;
  const login = await req.post(`${base}/api/auth/login`, { data: { email: EMAIL, password: PASSWORD }, headers: { 'x-csrf-token': await csrf() } });
  assert.is(login.status(), 200, await login.text());
  for (const name of ['research agent with a long descriptive name', 'nightly backfill']) {
    const res = await req.post(`${base}/api/keys`, { data: { name }, headers: { 'x-csrf-token': await csrf() } });
    assert.is(res.status(), 201, await res.text());
  }
  const v = await visit('/account', 'account-signed-in', async (page) => {
    await page.locator('#account-details').getByText(EMAIL).waitFor();
    await page.getByText('nightly backfill').first().waitFor();
  });
  check(v);
});

step('GraphiQL renders from this origin only (no CDN) and fits 390 px', async () => {
  const v = await visit(GRAPHQL_PATHS.endpoint, 'graphiql', async (page) => {
    await page.locator('.graphiql-container').waitFor();
    await page.locator('.graphiql-query-editor').waitFor();
  });
  check(v);
});

phone.run();
