/**
 * The HTTP source against the local imitation of the upstreams: URL mapping and base-URL
 * overrides, immutable filings never requested twice, gzip, timeout, size cap, truncated bodies,
 * per-host rates (the SEC hosts share one), and the per-host counters.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { httpSource, rebase, upstreamUrl } from '../../../pipelines/sources/http.ts';
import { SourceError } from '../../../pipelines/sources/interface.ts';
import { tempDir } from '../../helpers.ts';
import { startUpstream, type Upstream } from '../../upstream/server.ts';

const UA = 'Almanac test ops@example.com';
const FILING = 'www.sec.gov/Archives/edgar/data/1135730/000091957424003261/0000919574-24-003261.txt';
let up: Upstream;
const http = suite('http source');
http.before(async () => {
  up = await startUpstream();
});
http.after(() => up.close());

const open = (extra: Partial<Parameters<typeof httpSource>[0]> = {}) =>
  httpSource({ userAgent: UA, landingDir: tempDir(), secRps: 1000, hostRps: 1000, baseUrls: up.baseUrls, backoffMs: 5, ...extra });

http('keys map to the real URLs; a base URL override re-points one host or every host', () => {
  assert.is(upstreamUrl('www.sec.gov/files/company_tickers.json'), 'https://www.sec.gov/files/company_tickers.json');
  assert.is(upstreamUrl('fred.stlouisfed.org/series/DGS10.csv'), 'https://fred.stlouisfed.org/graph/fredgraph.csv?id=DGS10');
  assert.match(upstreamUrl('home.treasury.gov/daily_treasury_yield_curve/202412.xml'), /pages\/xml\?data=daily_treasury_yield_curve&field_tdr_date_value_month=202412$/);
  assert.match(upstreamUrl('home.treasury.gov/daily_treasury_yield_curve/2024.xml'), /field_tdr_date_value=2024$/);
  assert.match(upstreamUrl('api.stlouisfed.org/fred/series/observations/GDP.json', 'k1'), /series_id=GDP&api_key=k1&file_type=json/);
  assert.throws(() => upstreamUrl('api.stlouisfed.org/fred/series/observations/GDP.json'), /FRED_API_KEY/);
  assert.is(rebase('https://data.sec.gov/submissions/CIK1.json', { 'data.sec.gov': 'http://h:1/d/' }), 'http://h:1/d/submissions/CIK1.json');
  assert.is(rebase('https://fred.stlouisfed.org/graph/fredgraph.csv?id=X', { '*': 'http://h:1' }), 'http://h:1/fred.stlouisfed.org/graph/fredgraph.csv?id=X');
  assert.is(rebase('https://www.sec.gov/x', { 'data.sec.gov': 'http://h:1' }), 'https://www.sec.gov/x');
});

http('an immutable filing, once landed, is never requested again; a mutable document is asked conditionally', async () => {
  const src = open();
  up.hits.clear();
  const first = await src.get(FILING);
  const second = await src.get(FILING);
  assert.ok(first && second);
  assert.is(first!.fresh, true);
  assert.is(second!.fresh, false);
  assert.ok(second!.bytes.equals(first!.bytes));
  assert.is(up.hits.get(FILING), 1);
  const list = 'www.sec.gov/files/company_tickers_mf.json';
  await src.get(list);
  const again = await src.get(list);
  assert.is(again!.fresh, false);
  assert.is(up.hits.get(list), 2);
  assert.is(up.log.at(-1)!.status, 304);
  assert.equal(src.stats!()['www.sec.gov'], { requests: 3, notModified: 1, bytes: first!.bytes.length + again!.bytes.length, retries: 0, failures: 0, cached: 1 });
});

http('gzip is asked for and decoded; the landing copy holds the decoded bytes', async () => {
  const landing = tempDir();
  const src = open({ landingDir: landing });
  const doc = await src.get('fred.stlouisfed.org/series/DGS10.csv');
  assert.match(String(up.log.at(-1)!.headers['accept-encoding']), /gzip/);
  assert.is(up.log.at(-1)!.key, 'fred.stlouisfed.org/graph/fredgraph.csv?id=DGS10');
  assert.match(doc!.bytes.toString(), /^DATE,DGS10/);
  assert.ok(existsSync(path.join(landing, 'fred.stlouisfed.org/series/DGS10.csv')));
});

http('a truncated body is retried and never landed; a lasting one fails the document', async () => {
  const landing = tempDir();
  const src = open({ landingDir: landing, maxAttempts: 3 });
  const key = 'www.sec.gov/Archives/edgar/data/1135730/000091957424004811/0000919574-24-004811.txt';
  up.fault(key, { truncate: true, times: 1 });
  const doc = await src.get(key);
  assert.match(doc!.bytes.toString(), /<\/SEC-DOCUMENT>\s*$/);
  up.fault(FILING, { truncate: true });
  try {
    await src.get(FILING).then(() => assert.unreachable('should fail'), (err) => assert.match((err as Error).message, /gave up after 3 attempts/));
    assert.not.ok(existsSync(path.join(landing, FILING)));
    assert.is(src.stats!()['www.sec.gov']!.failures, 1);
  } finally {
    up.clearFaults();
  }
});

http('a slow answer times out and is retried; the size cap refuses a large body', async () => {
  const key = 'www.sec.gov/files/company_tickers_exchange.json';
  up.fault(key, { delayMs: 400, times: 1 });
  try {
    const src = open({ timeoutMs: 150 });
    const doc = await src.get(key);
    assert.ok(doc);
    assert.is(src.stats!()['www.sec.gov']!.retries, 1);
  } finally {
    up.clearFaults();
  }
  const capped = open({ maxBytes: 100 });
  await capped.get(key).then(() => assert.unreachable('should fail'), (err) => {
    assert.instance(err, SourceError);
    assert.match((err as Error).message, /size cap/);
  });
});

http('per-host rates: the SEC hosts share one limiter, other hosts have their own', async () => {
  // A fresh process-wide limiter per host: the rates here are the first this process sets.
  const src = open({ secRps: 1000, hostRps: 5 });
  const t0 = Date.now();
  await Promise.all(['DGS10', 'DGS2', 'UNRATE', 'FEDFUNDS', 'CPIAUCSL', 'DGS10'].map((id) => src.get(`fred.stlouisfed.org/series/${id}.csv`)));
  const fred = Date.now() - t0;
  assert.ok(fred >= 5 * 200 - 20, `6 FRED requests at 5/s took ${fred} ms`);
  const t1 = Date.now();
  await Promise.all([src.get('www.sec.gov/files/company_tickers_mf.json'), src.get('data.sec.gov/submissions/CIK0000320193.json')]);
  assert.ok(Date.now() - t1 < 500, 'the SEC limiter is not the FRED one');
});

http.run();
