/**
 * The edgar source against a local HTTP server imitating EDGAR: declared User-Agent, at most N
 * requests per second, 429 with Retry-After, 503, conditional requests served from the landing
 * folder, 404 -> null. Never the internet.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { edgarSource, retryAfterMs } from '../../../pipelines/sources/edgar.ts';
import { SourceError } from '../../../pipelines/sources/interface.ts';
import { tempDir } from '../../helpers.ts';

interface Hit {
  url: string;
  at: number;
  headers: IncomingMessage['headers'];
}

let server: Server;
let base = '';
const hits: Hit[] = [];
const failures = new Map<string, number[]>(); // url -> statuses to answer first

const UA = 'Almanac test ops@example.com';
const body = (url: string): string => JSON.stringify({ url, note: 'hello from fake EDGAR' });

const edgar = suite('edgar source');

edgar.before(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '/';
    hits.push({ url, at: Date.now(), headers: req.headers });
    const queue = failures.get(url);
    const status = queue?.shift();
    if (status === 429) {
      res.writeHead(429, { 'Retry-After': '1' }).end('slow down');
      return;
    }
    if (status) {
      res.writeHead(status).end('unavailable');
      return;
    }
    if (url.includes('missing')) {
      res.writeHead(404).end('no such file');
      return;
    }
    if (url.includes('forbidden')) {
      res.writeHead(403).end('undeclared automated tool');
      return;
    }
    const etag = `"${Buffer.from(url).toString('base64')}"`;
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ETag: etag }).end();
      return;
    }
    res.writeHead(200, { 'Content-Type': 'application/json', ETag: etag, 'Last-Modified': 'Tue, 01 Sep 2026 00:00:00 GMT' }).end(body(url));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
edgar.after(() => new Promise<void>((r) => server.close(() => r())));

const source = (landingDir: string, extra: Partial<Parameters<typeof edgarSource>[0]> = {}) =>
  edgarSource({ userAgent: UA, landingDir, resolveUrl: (key) => `${base}/${key}`, backoffMs: 20, ...extra });

edgar('sends the declared User-Agent and lands the document unchanged under its key', async () => {
  const landing = tempDir();
  hits.length = 0;
  const doc = await source(landing).get('data.sec.gov/submissions/CIK0000320193.json');
  assert.ok(doc);
  assert.is(doc!.bytes.toString(), body('/data.sec.gov/submissions/CIK0000320193.json'));
  assert.is(hits[0]!.headers['user-agent'], UA);
  const landed = path.join(landing, 'data.sec.gov/submissions/CIK0000320193.json');
  assert.ok(existsSync(landed));
  assert.is(readFileSync(landed, 'utf8'), doc!.bytes.toString());
  const meta = JSON.parse(readFileSync(`${landed}.meta.json`, 'utf8'));
  assert.is(meta.lastModified, 'Tue, 01 Sep 2026 00:00:00 GMT');
});

edgar('a second fetch is conditional and a 304 is served from the landing copy', async () => {
  const landing = tempDir();
  const src = source(landing);
  await src.get('www.sec.gov/files/company_tickers.json');
  hits.length = 0;
  const again = await src.get('www.sec.gov/files/company_tickers.json');
  assert.is(hits.length, 1);
  assert.ok(hits[0]!.headers['if-none-match']);
  assert.is(again!.bytes.toString(), body('/www.sec.gov/files/company_tickers.json'));
});

edgar('429 with Retry-After waits that long, then succeeds', async () => {
  const landing = tempDir();
  failures.set('/data.sec.gov/api/xbrl/companyfacts/CIK0000000001.json', [429]);
  hits.length = 0;
  const started = Date.now();
  const doc = await source(landing).get('data.sec.gov/api/xbrl/companyfacts/CIK0000000001.json');
  assert.ok(doc);
  assert.is(hits.length, 2);
  assert.ok(hits[1]!.at - hits[0]!.at >= 950, `retried after ${hits[1]!.at - hits[0]!.at} ms, Retry-After said 1 s`);
  assert.ok(Date.now() - started < 5000);
});

edgar('503s are retried with backoff; giving up raises a SourceError', async () => {
  const landing = tempDir();
  failures.set('/www.sec.gov/a.json', [503, 503]);
  const doc = await source(landing).get('www.sec.gov/a.json');
  assert.ok(doc);
  failures.set('/www.sec.gov/b.json', [503, 503, 503]);
  try {
    await source(landing, { maxAttempts: 3 }).get('www.sec.gov/b.json');
    assert.unreachable('should give up');
  } catch (err) {
    assert.instance(err, SourceError);
    assert.match((err as Error).message, /503.*gave up after 3 attempts/);
  }
});

edgar('404 is "not there" (null); 403 is an error at once', async () => {
  const landing = tempDir();
  assert.is(await source(landing).get('www.sec.gov/missing.json'), null);
  hits.length = 0;
  try {
    await source(landing).get('www.sec.gov/forbidden.json');
    assert.unreachable();
  } catch (err) {
    assert.is((err as SourceError).status, 403);
  }
  assert.is(hits.length, 1);
});

edgar('never more than the configured requests per second, across sources of the process', async () => {
  const landing = tempDir();
  // Request starts are taken where the client sends them (the server shares this event loop, so
  // its arrival times can bunch up when the machine is busy).
  const starts: number[] = [];
  const timedFetch: typeof fetch = (input, init) => {
    starts.push(Date.now());
    return fetch(input, init);
  };
  const a = source(landing, { requestsPerSecond: 10, fetch: timedFetch });
  const b = source(landing, { requestsPerSecond: 10, fetch: timedFetch });
  hits.length = 0;
  await Promise.all(Array.from({ length: 24 }, (_, i) => (i % 2 ? a : b).get(`www.sec.gov/rate/${i}.json`)));
  assert.is(hits.length, 24);
  const times = starts.sort((x, y) => x - y);
  for (let i = 0; i < times.length; i++) {
    const inWindow = times.filter((t) => t >= times[i]! && t < times[i]! + 1000).length;
    assert.ok(inWindow <= 10, `${inWindow} requests started within one second`);
  }
});

edgar('refuses to run without a contact in the User-Agent; rejects path tricks', async () => {
  assert.throws(() => edgarSource({ userAgent: 'curl/8.0', landingDir: tempDir() }), /contact email/);
  try {
    await source(tempDir()).get('www.sec.gov/../../etc/passwd');
    assert.unreachable();
  } catch (err) {
    assert.match((err as Error).message, /invalid document path/);
  }
});

edgar('Retry-After parses seconds and HTTP dates', () => {
  assert.is(retryAfterMs('3'), 3000);
  assert.is(retryAfterMs(null), null);
  assert.is(retryAfterMs('Tue, 01 Sep 2026 00:00:10 GMT', Date.parse('Tue, 01 Sep 2026 00:00:00 GMT')), 10_000);
  assert.is(retryAfterMs('garbage'), null);
});

edgar.run();
