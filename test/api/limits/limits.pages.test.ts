/** Public pages are rate-limited per client IP (spec 1) by the site-wide policies of spec 8.2. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { awayFromWindowEdge, json, sampleApp, type TestApp } from '../../helpers.ts';

let t: TestApp;
const pages = suite('page limits');
pages.before(async () => {
  t = await sampleApp({ jobs: ['companies'] });
});
pages.after(() => t.close());

const UA = 'almanac-tests/1.0 (pages)';
const get = (url: string, ip: string, ua = UA) => t.app.inject({ url, headers: { 'user-agent': ua }, remoteAddress: ip });

pages('a burst of page requests from one IP is cut at 200 per 5 s (rolling); other IPs are untouched', async () => {
  const ip = '192.0.2.10';
  const started = Date.now();
  const responses = await Promise.all(Array.from({ length: 300 }, () => get('/robots.txt', ip)));
  const elapsed = Date.now() - started;
  const statuses = responses.map((r) => r.statusCode);
  const admitted = statuses.filter((s) => s === 200).length;
  // GCRA: a burst of 200, then one more every 25 ms of elapsed time.
  assert.ok(admitted >= 200 && admitted <= 200 + Math.ceil(elapsed / 25) + 1, `${admitted} admitted in ${elapsed} ms`);
  assert.is(statuses.filter((s) => s === 429).length, 300 - admitted);
  const refused = responses.find((r) => r.statusCode === 429)!;
  assert.ok(Number(refused.headers['retry-after']) >= 1);
  assert.type(json(refused).error, 'string');
  assert.is((await get('/robots.txt', '192.0.2.11')).statusCode, 200);
});

pages('page responses carry the RateLimit headers; pages are never metered', async () => {
  const res = await get('/robots.txt', '192.0.2.12');
  assert.is(res.statusCode, 200);
  assert.ok(res.headers['ratelimit'], 'RateLimit header');
  assert.ok(res.headers['ratelimit-policy'], 'RateLimit-Policy header');
  assert.is(res.headers['x-svc-per-call-cost'], undefined);
});

pages('bot user agents get 30 page requests a minute', async () => {
  await awayFromWindowEdge();
  const ip = '192.0.2.13';
  let ok = 0;
  for (let i = 0; i < 31; i++) if ((await get('/robots.txt', ip, 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).statusCode === 200) ok++;
  assert.is(ok, 30);
});

pages.run();
