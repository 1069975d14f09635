/**
 * The data explorer in a real browser: Debian's Chromium (/usr/bin/chromium) driven by
 * playwright-core against the whole application (full sample warehouse) on a real port. Every
 * explorer page at desktop width (1280 px) and phone width (390 px): no horizontal overflow
 * (`document.documentElement.scrollWidth` <= the viewport), no console error or page error, each
 * chart an SVG with an accessible name and its data table reachable by keyboard; the range switch
 * and the date picker work without script; the header search box finds a company. Full-page
 * screenshots go to test-output/e2e/explorer-<page>-<width>.png.
 *
 * Skips with a message when /usr/bin/chromium is missing (`.ci/run` installs it).
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { sampleApp, type TestApp } from '../helpers.ts';
import { CHROMIUM, FLAGS, DESKTOP_UA, OUT, freePort } from './browser.ts';

const WIDTHS = [1280, 390] as const;

/** Every explorer page, with the name of its screenshot and a text it must show. */
const PAGES: { name: string; path: string; text: string }[] = [
  { name: 'explore', path: '/explore', text: 'Data explorer' },
  { name: 'company', path: '/company/AAPL', text: 'Statement as known on' },
  { name: 'company-pit', path: '/company/AAPL?as_of=2023-06-01&range=5Y', text: 'Statement as known on 2023-06-01' },
  { name: 'macro', path: '/macro', text: 'Treasury yield curve' },
  { name: 'macro-vintages', path: '/macro?series=GDP', text: 'GDP vintages' },
  { name: 'etf-list', path: '/etf', text: 'No ETFs are in the warehouse.' },
  { name: 'etf', path: '/etf/SYN000037818', text: 'Sector breakdown' },
  { name: 'bdc-list', path: '/bdc', text: 'MAIN STREET CAPITAL CORP' },
  { name: 'bdc', path: '/bdc/1396440', text: 'Credit quality over time' },
  { name: 'screener', path: '/screener', text: 'The full result needs the Researcher tier or above.' },
  { name: 'search', path: '/search?q=apple', text: 'Apple Inc.' },
  { name: 'not-found', path: '/company/NOPE', text: 'Not found' },
];


const e2e = suite('data explorer end to end (Chromium)');
const skip = !existsSync(CHROMIUM);
const step = skip ? e2e.skip : e2e;
if (skip) process.stdout.write(`SKIP: ${CHROMIUM} is missing (apt-get install -y chromium)\n`);
let t: TestApp;
let base: string;
let browser: Browser;

e2e.before(async () => {
  if (skip) return;
  mkdirSync(OUT, { recursive: true });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  t = await sampleApp({ config: { publicUrl: base } });
  await t.app.listen({ port, host: '127.0.0.1' });
  browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FLAGS });
});

e2e.after(async () => {
  if (skip) return;
  await browser?.close();
  await t?.close();
});

/** A page at `width` whose console errors and page errors are collected. */
async function openAt(width: number): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, userAgent: DESKTOP_UA });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (m) => {
    // The 404 page's own status is logged as a failed load of the document itself: expected there.
    if (m.type() === 'error' && !(m.text().includes('status of 404') && m.location().url === page.url() && page.url().endsWith('/company/NOPE'))) errors.push(`console: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  return { page, errors, close: () => context.close() };
}

for (const width of WIDTHS) {
  step(`every explorer page at ${width} px: no horizontal overflow, no console error, charts named, screenshots`, async () => {
    const { page, errors, close } = await openAt(width);
    try {
      for (const p of PAGES) {
        const res = await page.goto(`${base}${p.path}`);
        assert.is(res?.status(), p.name === 'not-found' ? 404 : 200, p.path);
        await page.getByText(p.text, { exact: false }).first().waitFor();
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(scrollWidth <= width, `${p.path} at ${width} px is ${scrollWidth} px wide`);
        // Every chart: an SVG image with a name, inside the viewport, and its data as a table.
        const charts = await page.locator('figure.chart svg[role="img"]').evaluateAll((svgs) =>
          svgs.map((s) => ({ label: s.getAttribute('aria-labelledby') ?? '', right: s.getBoundingClientRect().right, title: s.querySelector('title')?.textContent ?? '' })),
        );
        for (const c of charts) {
          assert.ok(c.title.length > 0 && c.label.includes('-title'), `${p.path}: a chart without a name`);
          assert.ok(c.right <= width, `${p.path}: chart '${c.title}' ends at ${c.right} px`);
        }
        assert.is(await page.locator('figure.chart details.chart-data').count(), await page.locator('figure.chart').filter({ has: page.locator('svg') }).count(), `${p.path}: every chart has a table`);
        // Every control and link has a name, every table a caption, every id is unique.
        const unnamed = await page.evaluate(() => {
          const bad: string[] = [];
          for (const el of document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input:not([type=hidden]), select, textarea')) {
            if (!(el.labels?.length || el.getAttribute('aria-label'))) bad.push(`control #${el.id || el.name}`);
          }
          for (const el of document.querySelectorAll('a, button')) if (!(el.textContent ?? '').trim() && !el.getAttribute('aria-label')) bad.push(`${el.tagName} ${el.outerHTML.slice(0, 60)}`);
          for (const el of document.querySelectorAll('table')) if (!el.querySelector('caption')?.textContent?.trim()) bad.push('table without caption');
          const ids = [...document.querySelectorAll('[id]')].map((e) => e.id);
          for (const id of new Set(ids.filter((id, i) => ids.indexOf(id) !== i))) bad.push(`duplicate id ${id}`);
          return bad;
        });
        assert.equal(unnamed, [], p.path);
        await page.screenshot({ path: path.join(OUT, `explorer-${p.name}-${width}.png`), fullPage: true });
        assert.equal(errors, [], `${p.path} at ${width} px`);
      }
    } finally {
      await close();
    }
  });
}

step('keyboard: the data table of a chart opens from the keyboard; the range switch and date picker work without script', async () => {
  const { page, errors, close } = await openAt(390);
  try {
    await page.goto(`${base}/company/AAPL`);
    const summary = page.locator('#price-chart summary');
    await summary.focus();
    assert.ok(await summary.evaluate((el) => el === document.activeElement), 'the summary takes focus');
    await page.keyboard.press('Enter');
    assert.ok(await page.locator('#price-chart details').evaluate((d) => (d as HTMLDetailsElement).open), 'Enter opens the table');
    await page.locator('#price-chart table').waitFor({ state: 'visible' });
    assert.ok((await page.locator('#price-chart tbody tr').count()) > 0);

    await page.getByRole('link', { name: '1M', exact: true }).click();
    await page.waitForURL(/range=1M/);
    await page.getByText('21 trading days').waitFor();

    await page.getByRole('textbox', { name: 'Known on' }).fill('2023-06-01');
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(/as_of=2023-06-01/);
    await page.getByRole('heading', { name: 'Statement as known on 2023-06-01' }).waitFor();
    // Apple's latest filing on 2023-06-01 is its fiscal Q2 2023 10-Q, filed 2023-05-05 (the sample's real submissions file).
    assert.match((await page.locator('#pit').textContent()) ?? '', '0000320193-23-000064');
    assert.equal(errors, []);
  } finally {
    await close();
  }
});

step('the header search box on any page finds a company; the explorer is in the nav', async () => {
  const { page, errors, close } = await openAt(1280);
  try {
    await page.goto(`${base}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explorer' }).click();
    await page.waitForURL(`${base}/explore`);
    await page.getByLabel('Search tickers, companies and glossary terms').fill('nvidia');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/search\?q=nvidia/);
    await page.getByRole('link', { name: /NVDA/ }).first().click();
    await page.waitForURL(`${base}/company/NVDA`);
    await page.getByRole('heading', { level: 1, name: /NVIDIA/ }).waitFor();
    assert.equal(errors, []);
  } finally {
    await close();
  }
});

e2e.run();
