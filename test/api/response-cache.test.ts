/**
 * Response caches (issue 15): a cached answer is byte for byte the answer built without the cache,
 * and a new snapshot never serves an old answer. `/api/data` (serialised entries) and
 * `/api/screener` (serialised answers per snapshot, day, parameters and tier; offset pages),
 * `/api/fundamentals-pit` (serialised answers per snapshot, company and date), `/api/ticker-search`
 * (per snapshot, limit and question). Every cached answer is handed to Node as bytes, never as a
 * string Node would copy on every write.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runScreener } from '../../api/rest/screener.ts';
import { tickerSnapshot } from '../../warehouse/queries/snapshot.ts';
import { companyByTicker, searchTickers } from '../../warehouse/queries/companies.ts';
import { pitStatement } from '../../warehouse/queries/fundamentals.ts';
import { pitMeta } from '../../warehouse/queries/freshness.ts';
import { tierHeader } from '../fixtures/fundamentals/build.ts';
import { warehouseWith } from '../fixtures/market/fixture-job.ts';
import { json, sampleApp, type TestApp } from '../helpers.ts';

let t: TestApp;
let dataDir: string;
/**
 * What each request's answer handed to Node's response, after every step (a route's compression
 * included): the last chunk written, by URL.
 */
const payloads = new Map<string, unknown>();
async function recordPayloads(app: FastifyInstance): Promise<void> {
  app.addHook('onRequest', (req, reply, done) => {
    const raw = reply.raw as { write: (...a: unknown[]) => boolean; end: (...a: unknown[]) => unknown };
    const [write, end] = [raw.write.bind(raw), raw.end.bind(raw)];
    raw.write = (chunk, ...rest) => (payloads.set(req.url, chunk), write(chunk, ...rest));
    raw.end = (chunk, ...rest) => {
      if (chunk && typeof chunk !== 'function') payloads.set(req.url, chunk);
      return end(chunk, ...rest);
    };
    done();
  });
}
const UA = 'almanac-tests/1.0 (response-cache)';
const get = (url: string, tier?: string) => t.app.inject({ url, headers: { 'user-agent': UA, ...(tier ? { 'x-test-tier': tier } : {}) } });

/** Sample prices plus two hand-written statements (AAPL, MSFT), so the screener has values to sort. */
async function fill(db: Parameters<Parameters<typeof warehouseWith>[1]>[0]): Promise<void> {
  const rows: [number, string, number, number, number][] = [
    [320193, '0000320193-24-000123', 6.08, 15115823000, 391035000000],
    [789019, '0000950170-24-087843', 11.8, 7434880776, 245122000000],
  ];
  for (const [cik, acc, eps, shares, revenue] of rows) {
    await db.run(`INSERT INTO fund_periods VALUES ($1, 2024, 'FY', DATE '2024-06-30', DATE '2024-08-01', $2, '10-K')`, [cik, acc]);
    await db.run(
      `INSERT INTO fund_statements (cik, fiscal_year, fiscal_period, period_end, known_from, accession, form, revenue, eps_diluted, shares_outstanding, sources)
       VALUES ($1, 2024, 'FY', DATE '2024-06-30', DATE '2024-08-01', $2, '10-K', $3, $4, $5, '{}')`,
      [cik, acc, revenue, eps, shares],
    );
  }
}

const data = suite('/api/data response cache');
data.before(async () => {
  dataDir = await warehouseWith(['companies', 'prices', 'technicals'], fill);
  t = await sampleApp({ build: false, config: { dataDir }, server: { plugins: [tierHeader, recordPayloads] } });
});
data.after(() => t.close());

data('a hit, a miss and nocache=1 send the same bytes, and those of the answer built without the cache', async () => {
  const miss = await get('/api/data?ticker=AAPL');
  const hit = await get('/api/data?ticker=aapl');
  const bypass = await get('/api/data?ticker=AAPL&nocache=1');
  assert.equal([miss.headers['x-cache'], hit.headers['x-cache'], bypass.headers['x-cache']], ['MISS', 'HIT', 'BYPASS']);
  const direct = JSON.stringify(await tickerSnapshot(t.services.warehouse, 'AAPL'));
  for (const res of [miss, hit, bypass]) {
    assert.is(res.statusCode, 200);
    assert.is(res.headers['content-type'], 'application/json; charset=utf-8');
    assert.is(res.body, direct);
  }
  // A selection from a cached entry is the selection from a fresh one.
  const sel = '/api/data?ticker=AAPL&fields=price.current,fundamentals,ticker';
  const a = await get(sel);
  const b = await get(`${sel}&nocache=1`);
  assert.is(a.headers['x-cache'], 'HIT');
  assert.is(a.body, b.body);
  // The fields named, with the provenance a selection always keeps (api/rest/data.ts).
  assert.equal(Object.keys(json(a)).sort(), ['dataThrough', 'fetchedAt', 'fundamentals', 'price', 'synthetic', 'ticker']);
});

data('screener: cached answers equal the screen run directly, for each tier and parameter set; repeats are identical', async () => {
  const queries = ['', '?sort=pe:asc', '?sort=-price&limit=5', '?mktcap_min=1e9', '?sector=technology&limit=2', '?sort=ticker&limit=4&offset=2', '?limit=500'];
  for (const tier of ['learner', 'researcher']) {
    for (const q of queries) {
      const first = await get(`/api/screener${q}`, tier);
      const again = await get(`/api/screener${q}`, tier);
      assert.is(first.statusCode, 200, `${tier} ${q}: ${first.body}`);
      assert.is(again.body, first.body, `${tier} ${q}`);
      const params = Object.fromEntries(new URLSearchParams(q));
      const query = {
        sort: params.sort ?? 'marketCap:desc',
        limit: Number(params.limit ?? 50),
        ...(params.offset ? { offset: Number(params.offset) } : {}),
        ...(params.mktcap_min ? { mktcap_min: Number(params.mktcap_min) } : {}),
        ...(params.sector ? { sector: params.sector } : {}),
      };
      assert.is(first.body, JSON.stringify(await runScreener(t.services.warehouse, query, tier as 'learner')), `${tier} ${q}`);
    }
  }
});

data('screener pages: offset += limit walks every match once, in order; below Researcher never past the top three', async () => {
  const all = json(await get('/api/screener?sort=ticker&limit=500', 'researcher'));
  assert.ok(all.total > 6, `${all.total} matches`);
  const walked: string[] = [];
  for (let offset = 0; offset < all.total; offset += 4) {
    const page = json(await get(`/api/screener?sort=ticker&limit=4&offset=${offset}`, 'researcher'));
    assert.is(page.total, all.total);
    walked.push(...page.results.map((r: { ticker: string }) => r.ticker));
  }
  assert.equal(walked, all.results.map((r: { ticker: string }) => r.ticker));
  const top = json(await get('/api/screener?sort=ticker', 'learner')).results.map((r: { ticker: string }) => r.ticker);
  assert.equal(top, walked.slice(0, 3));
  assert.equal(json(await get('/api/screener?sort=ticker&limit=2&offset=2', 'learner')).results.map((r: { ticker: string }) => r.ticker), walked.slice(2, 3));
  const past = json(await get('/api/screener?sort=ticker&offset=3', 'learner'));
  assert.equal([past.locked, past.locked_total, past.results], [true, all.total, []]);
  const bad = await get('/api/screener?offset=-1', 'researcher');
  assert.is(bad.statusCode, 400);
  assert.match(json(bad).error, "'offset'");
});

/** The fundamentals-pit answer built from the query functions, as the route built it before its cache. */
async function pitDirect(ticker: string, asOf: string): Promise<string | null> {
  const c = (await companyByTicker(t.services.warehouse, ticker))!;
  const statement = await pitStatement(t.services.warehouse, c.cik, asOf);
  if (!statement) return null;
  return JSON.stringify({ ticker: c.ticker, cik: c.cik, name: c.name, asOf, source: 'sec', statement, ...(await pitMeta(t.services.warehouse, c.cik, statement, asOf)) });
}

data('fundamentals-pit: first and repeated answers are the bytes of the answer built directly, per company and date; a 404 is never kept', async () => {
  let answered = 0;
  for (const ticker of ['AAPL', 'MSFT', 'msft']) {
    for (const date of ['2024-07-31', '2024-08-01', '2025-01-01']) {
      const url = `/api/fundamentals-pit?ticker=${ticker}&date=${date}`;
      const [first, again] = [await get(url), await get(url)];
      const direct = await pitDirect(ticker, date);
      for (const res of [first, again]) {
        if (direct === null) {
          assert.is(res.statusCode, 404, url);
          assert.match(json(res).error, `as known on ${date}`);
          continue;
        }
        assert.is(res.statusCode, 200, url);
        assert.is(res.headers['content-type'], 'application/json; charset=utf-8');
        assert.is(res.body, direct, url);
        answered++;
      }
    }
  }
  assert.is(answered, 12, 'two dates with a statement, three spellings of two companies, each asked twice');
  // Without a date: today's answer (its own key).
  const today = await get('/api/fundamentals-pit?ticker=AAPL');
  assert.is(today.body, await pitDirect('AAPL', new Date().toISOString().slice(0, 10)));
});

data('ticker-search: first and repeated answers are the bytes of the search run directly, per question and limit', async () => {
  for (const q of ['app', 'APP', 'Apple', ' micro ', 'a', 'zzzz']) {
    for (const limit of [undefined, 1, 3]) {
      const url = `/api/ticker-search?q=${encodeURIComponent(q)}${limit ? `&limit=${limit}` : ''}`;
      const direct = JSON.stringify(await searchTickers(t.services.warehouse, q.trim(), limit ?? 20));
      for (const res of [await get(url), await get(url)]) {
        assert.is(res.statusCode, 200, url);
        assert.is(res.headers['content-type'], 'application/json; charset=utf-8');
        assert.is(res.body, direct, url);
      }
    }
  }
});

data('every cached answer reaches Node as kept bytes of their own, plain and compressed: the same object each time, compressed once per encoding', async () => {
  const urls = [
    '/api/data?ticker=AAPL',
    '/api/data?ticker=AAPL&nocache=1',
    '/api/fundamentals-pit?ticker=AAPL&date=2025-01-01',
    '/api/ticker-search?q=app',
    '/api/screener?sort=ticker&limit=50',
    '/api/fundamentals-pit/universe?date=2025-01-01',
    '/api/data/bulk?tickers=AAPL,MSFT',
    '/api/data/bulk?tickers=AAPL,MSFT&format=csv',
    '/api/data/bulk?tickers=AAPL,MSFT,NVDA,AMZN,GOOGL,META,TSLA,JPM&format=csv',
  ];
  const compressedUrls = new Set<string>();
  for (const url of urls) {
    let plain: Buffer | undefined;
    for (const encoding of [undefined, 'br', 'gzip', 'gzip, deflate', 'br;q=0, gzip']) {
      const sent: unknown[] = [];
      for (let i = 0; i < 2; i++) {
        payloads.delete(url);
        const res = await t.app.inject({ url, headers: { 'user-agent': UA, 'x-test-tier': 'investor', ...(encoding ? { 'accept-encoding': encoding } : {}) } });
        assert.is(res.statusCode, 200, `${url}: ${res.body}`);
        const payload = payloads.get(url);
        const what = `${url} (${encoding ?? 'identity'})`;
        // An answer compressed per request would be a stream, or new bytes each time.
        assert.ok(Buffer.isBuffer(payload), `${what}: ${typeof payload} ${(payload as object)?.constructor?.name}`);
        // Not a slice pinning Node's shared buffer pool.
        assert.is(payload.buffer.byteLength, payload.length, `${what} owns its memory`);
        const enc = res.headers['content-encoding'];
        const body = enc === 'br' ? brotliDecompressSync(res.rawPayload) : enc === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
        plain ??= body;
        assert.ok(body.equals(plain), `${what}: the same answer`);
        if (enc) compressedUrls.add(url);
        sent.push(payload);
      }
      assert.is(sent[0], sent[1], `${url} (${encoding ?? 'identity'}): the kept bytes, not made again`);
    }
  }
  // Compressed when 1 KB or more: all but the short answers here (the search, this two-company
  // universe, the two-ticker CSV).
  assert.equal([...compressedUrls], urls.filter((u) => !u.includes('ticker-search') && !u.includes('universe') && !u.endsWith('MSFT&format=csv')));
});

data('a new snapshot: /api/data and the screener answer from it, not from the old cached answers', async () => {
  const pitBefore = json(await get('/api/fundamentals-pit?ticker=AAPL&date=2025-01-01'));
  const before = json(await get('/api/data?ticker=AAPL'));
  const screenBefore = json(await get('/api/screener?sort=ticker&limit=500', 'researcher'));
  const oldVersion = t.services.warehouse.version;
  await warehouseWith([], async (db) => {
    await db.run(`UPDATE price_latest SET close = close + 1000 WHERE ticker = 'AAPL'`);
    await db.run(`UPDATE fund_statements SET revenue = revenue + 1000 WHERE cik = 320193`);
  }, dataDir);
  await t.services.warehouse.refresh();
  assert.is.not(t.services.warehouse.version, oldVersion);
  const res = await get('/api/data?ticker=AAPL');
  assert.is(res.headers['x-cache'], 'MISS');
  assert.is(json(res).price.current, before.price.current + 1000);
  assert.is(res.body, JSON.stringify(await tickerSnapshot(t.services.warehouse, 'AAPL')));
  const screenAfter = json(await get('/api/screener?sort=ticker&limit=500', 'researcher'));
  const price = (s: { results: { ticker: string; price: number }[] }) => s.results.find((r) => r.ticker === 'AAPL')!.price;
  assert.is(price(screenAfter), price(screenBefore) + 1000);
  const pitAfter = await get('/api/fundamentals-pit?ticker=AAPL&date=2025-01-01');
  assert.is(json(pitAfter).statement.fundamentals.revenue, pitBefore.statement.fundamentals.revenue + 1000);
  assert.is(pitAfter.body, await pitDirect('AAPL', '2025-01-01'));
});

data.run();
