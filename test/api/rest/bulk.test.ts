import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { tableFromIPC } from 'apache-arrow';
import { DuckDBInstance } from '@duckdb/node-api';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fixtureApp, tierHeader } from '../../fixtures/fundamentals/build.ts';
import { json, tempDir, type TestApp } from '../../helpers.ts';
import { toRows } from '../../../warehouse/db.ts';
import { negotiateFormat } from '../../../api/rest/bulk.ts';

let t: TestApp;
const URL = '/api/data/bulk?tickers=NVDA,aapl,AMND,KO,ZZZZ';
const INVESTOR = { 'user-agent': 'almanac-tests/1.0 (bulk)', 'x-test-tier': 'investor' };
/** A request as an Investor-tier caller. */
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { ...INVESTOR, ...headers } });

const rows = suite('data/bulk: rows, withheld, retired fields, limits');
rows.before(async () => {
  t = await fixtureApp({ plugins: [tierHeader] });
});

rows('served rows come from filings; the rest are withheld with a reason', async () => {
  const res = await get(URL);
  assert.is(res.statusCode, 200, res.body);
  const body = json(res);
  assert.equal(body.fields, ['fundamentals', 'metrics']);
  assert.equal(body.rows.map((r: any) => [r.ticker, r.fiscalYear, r.periodEnd, r.filingDate, r.source]), [
    ['NVDA', 2025, '2025-01-26', '2025-02-26', 'sec'],
    ['AAPL', 2018, '2018-09-29', '2018-11-05', 'sec'],
    ['AMND', 2023, '2023-03-31', '2023-05-10', 'sec'],
  ]);
  const nvda = body.rows[0];
  assert.is(nvda.fundamentals.revenue, 130_497_000_000);
  assert.is(nvda.fundamentals.epsDiluted, 2.94);
  assert.is(nvda.fundamentals.totalAssets, null, 'not reported: null, never zero');
  assert.is(nvda.metrics.netMargin, 72_880_000_000 / 130_497_000_000);
  assert.is(nvda.metrics.roe, null);
  assert.equal(body.withheld, [
    { ticker: 'KO', reason: 'no filing-derived fundamentals: no 10-K/10-Q XBRL facts have been filed for this company' },
    { ticker: 'ZZZZ', reason: 'unknown ticker: not in the SEC company list' },
  ]);
  assert.is(body.retiredFields, undefined);
  for (const r of body.rows) for (const k of ['price', 'marketCap', 'volume', 'name', 'sector']) assert.not.ok(k in r, k);
});

rows('fields selects groups; a retired group is answered under retiredFields', async () => {
  const body = json(await get('/api/data/bulk?tickers=AAPL&fields=metrics,price'));
  assert.equal(body.fields, ['metrics']);
  assert.ok(body.rows[0].metrics);
  assert.is(body.rows[0].fundamentals, undefined);
  assert.equal(Object.keys(body.retiredFields), ['price']);
  assert.match(body.retiredFields.price, 'retired');
  const bad = await get('/api/data/bulk?tickers=AAPL&fields=volume');
  assert.is(bad.statusCode, 400);
  assert.match(json(bad).error, "unknown field 'volume'");
  // Names an object inherits are not fields either.
  for (const f of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
    const res = await get(`/api/data/bulk?tickers=AAPL&fields=${f}`);
    assert.is(res.statusCode, 400, `${f}: ${res.body}`);
    assert.match(json(res).error, `unknown field '${f}'`);
  }
});

rows('101 tickers is a 400; 100 is fine; missing tickers is a 400', async () => {
  const many = (n: number): string => Array.from({ length: n }, (_, i) => `T${i}`).join(',');
  let res = await get(`/api/data/bulk?tickers=${many(101)}`);
  assert.is(res.statusCode, 400);
  assert.match(json(res).error, 'at most 100');
  res = await get(`/api/data/bulk?tickers=${many(100)}`);
  assert.is(res.statusCode, 200);
  assert.is(json(res).withheld.length, 100);
  res = await get('/api/data/bulk');
  assert.is(res.statusCode, 400);
  assert.match(json(res).error, "'tickers'");
  res = await get('/api/data/bulk?tickers=AAPL&format=xml');
  assert.is(res.statusCode, 400);
  assert.match(json(res).error, "'format'");
});

rows('the Investor tier rule: one declaration, enforced below Investor with 402', async () => {
  const { bulk } = await import('../../../api/rest/bulk.ts');
  const def = bulk.routes.find((r) => r.path === '/data/bulk')!;
  assert.equal(def.access, { auth: 'public', tier: 'investor' });
  for (const tier of ['learner', 'researcher']) {
    const res = await get(URL, { 'x-test-tier': tier });
    assert.is(res.statusCode, 402, tier);
    assert.is(json(res).requiredTier, 'Investor');
  }
  assert.is((await get(URL, { 'x-test-tier': 'power_user' })).statusCode, 200);
});

// ---
const formats = suite('data/bulk: CSV, Arrow and Parquet read back to the JSON values');

/** The JSON answer flattened to the tabular column layout (the filing is its `accession` column there, not a provenance object). */
async function expected(): Promise<Record<string, unknown>[]> {
  const body = json(await get(URL));
  return [
    ...body.rows.map((r: any) => {
      const { fundamentals, metrics, provenance: _p, ...ids } = r;
      return { ...ids, ...fundamentals, ...metrics, withheld: null };
    }),
    ...body.withheld.map((w: any) => ({ ticker: w.ticker, withheld: w.reason })),
  ];
}

function sameValues(actual: Record<string, unknown>[], want: Record<string, unknown>[]): void {
  assert.is(actual.length, want.length);
  actual.forEach((row, i) => {
    for (const [k, v] of Object.entries(row)) assert.equal(v, want[i]![k] ?? null, `${String(row.ticker)}.${k}`);
    for (const k of Object.keys(want[i]!)) assert.ok(k in row, `column ${k}`);
  });
}

formats('the Accept header is read with its q-values and wildcards, and the answer varies on it', () => {
  const cases: [string | undefined, string][] = [
    [undefined, 'json'],
    ['text/csv', 'csv'],
    ['text/csv;q=0, application/json', 'json'],
    ['application/json, text/csv;q=0.1', 'json'],
    ['application/json;q=1, application/vnd.apache.parquet;q=0.5', 'json'],
    ['application/vnd.apache.parquet;q=0.9, text/csv;q=0.5', 'parquet'],
    ['TEXT/CSV', 'csv'],
    ['text/*', 'csv'],
    ['*/*', 'json'],
    ['image/png', 'json'],
    ['application/vnd.apache.arrow.stream', 'arrow'],
    ['text/csv; charset=utf-8', 'csv'],
    ['text/csv;header=present;q=0.9, application/json;q=0.5', 'csv'],
  ];
  for (const [accept, want] of cases) assert.is(negotiateFormat(undefined, accept), want, String(accept));
  assert.is(negotiateFormat('csv', 'application/json'), 'csv');
});

formats('an answer chosen by Accept says Vary: Accept', async () => {
  for (const accept of ['text/csv', 'application/json']) {
    const res = await get(URL, { accept });
    assert.match(String(res.headers.vary), /(^|, *)Accept(,|$)/i, accept);
  }
  assert.not.match(String((await get(`${URL}&format=csv`)).headers.vary ?? ''), /(^|, *)Accept(,|$)/i);
});

formats('CSV by Accept header', async () => {
  const res = await get(URL, { accept: 'text/csv' });
  assert.is(res.statusCode, 200);
  assert.match(res.headers['content-type'] as string, 'text/csv');
  const [header, ...lines] = res.body.trimEnd().split('\r\n');
  const cols = header!.split(',');
  const numeric = new Set(['cik', 'fiscalYear']);
  const parsed = lines.map((line) => {
    // the withheld reasons hold no commas or quotes
    const cells = line.split(',');
    return Object.fromEntries(cols.map((c, i) => {
      const v = cells[i]!;
      if (v === '') return [c, null];
      if (numeric.has(c) || !['ticker', 'fiscalPeriod', 'periodEnd', 'filingDate', 'accession', 'form', 'source', 'withheld'].includes(c)) return [c, Number(v)];
      return [c, v];
    }));
  });
  sameValues(parsed, await expected());
});

formats('Arrow IPC stream by format=arrow, read with apache-arrow', async () => {
  const res = await get(`${URL}&format=arrow`);
  assert.is(res.statusCode, 200);
  assert.is(res.headers['content-type'], 'application/vnd.apache.arrow.stream');
  const table = tableFromIPC(res.rawPayload);
  const parsed = table.toArray().map((r) => ({ ...r.toJSON() }));
  assert.is(table.schema.fields.find((f) => f.name === 'revenue')!.type.toString(), 'Float64');
  sameValues(parsed, await expected());
});

formats('Parquet by Accept header, read with DuckDB', async () => {
  const res = await get(URL, { accept: 'application/vnd.apache.parquet' });
  assert.is(res.statusCode, 200);
  const file = path.join(tempDir(), 'bulk.parquet');
  writeFileSync(file, res.rawPayload);
  const instance = await DuckDBInstance.create(':memory:');
  const conn = await instance.connect();
  const parsed = toRows<Record<string, unknown>>(await conn.runAndReadAll(`SELECT * FROM read_parquet('${file}')`));
  conn.closeSync();
  instance.closeSync();
  sameValues(parsed, await expected());
});

formats('retired fields ride in a header for tabular formats', async () => {
  const res = await get('/api/data/bulk?tickers=AAPL&fields=fundamentals,price&format=csv');
  assert.equal(Object.keys(JSON.parse(res.headers['x-retired-fields'] as string)), ['price']);
  assert.not.match(res.body.split('\r\n')[0]!, 'grossMargin');
});

// ---
const gone = suite('data/bulk-history: retired, nothing sent is parsed');
gone('every method answers 410 naming the retirement date', async () => {
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    for (const prefix of ['/api', '/api/v1']) {
      const res = await t.app.inject({ method, url: `${prefix}/data/bulk-history?tickers=AAPL` });
      assert.is(res.statusCode, 410, `${method} ${prefix}`);
      assert.match(json(res).error, '2026-09-14');
    }
  }
});

gone('OPTIONS, TRACE and QUERY answer 410 too, before any body is read', async () => {
  // light-my-request 6.6 (held for Node 20, issue 13.19) does not list QUERY in its method type.
  for (const method of ['OPTIONS', 'TRACE', 'QUERY'] as unknown as 'OPTIONS'[]) {
    for (const prefix of ['/api', '/api/v1']) {
      const bare = await t.app.inject({ method, url: `${prefix}/data/bulk-history` });
      assert.is(bare.statusCode, 410, `${method} ${prefix}: ${bare.body}`);
      const bad = await t.app.inject({ method, url: `${prefix}/data/bulk-history`, headers: { 'content-type': 'application/json' }, payload: '{"tickers": [' });
      assert.is(bad.statusCode, 410, `${method} ${prefix} malformed body: ${bad.body}`);
      assert.match(json(bad).error, '2026-09-14');
    }
  }
  const big = await t.app.inject({ method: 'OPTIONS', url: '/api/data/bulk-history', headers: { 'content-type': 'application/json' }, payload: 'x'.repeat(3 * 1024 * 1024) });
  assert.is(big.statusCode, 410, 'an oversized body is not read either');
});

gone('a 10 MB body and a malformed body change nothing', async () => {
  const big = await t.app.inject({ method: 'POST', url: '/api/data/bulk-history', headers: { 'content-type': 'application/json' }, payload: `{"x":"${'a'.repeat(10 * 1024 * 1024)}"}` });
  assert.is(big.statusCode, 410);
  assert.match(json(big).error, '2026-09-14');
  const bad = await t.app.inject({ method: 'PUT', url: '/api/data/bulk-history', headers: { 'content-type': 'application/json' }, payload: '{"tickers": [' });
  assert.is(bad.statusCode, 410);
  assert.is(bad.body, big.body);
  const weird = await t.app.inject({ method: 'PATCH', url: '/api/data/bulk-history', headers: { 'content-type': 'application/x-unknown' }, payload: '\u0000\u0001' });
  assert.is(weird.statusCode, 410);
});
gone('a retired path spends no API or /api/data allowance, only the per-IP limits: 121 calls are 121 410s, and /api/data still answers', async () => {
  const ua = { 'user-agent': 'almanac-tests/1.0 (bulk gone)' };
  const ip = '198.51.100.77';
  for (let i = 0; i < 121; i++) {
    const res = await t.app.inject({ url: '/api/data/bulk-history', headers: ua, remoteAddress: ip });
    assert.is(res.statusCode, 410, `call ${i + 1}: ${res.body}`);
    // RateLimit names the tightest policy: counted on the data path (120 a minute), that would be it.
    assert.match(String(res.headers.ratelimit ?? ''), /^"ip-/, String(res.headers.ratelimit));
  }
  const data = await t.app.inject({ url: '/api/data?ticker=AAPL', headers: ua, remoteAddress: ip });
  assert.is(data.statusCode, 200, data.body);
});
gone.after(() => t.close());

rows('answers kept per snapshot and parameters: a repeat costs no query and is the same bytes; any parameter changes the answer', async () => {
  const pq = '/api/data/bulk?tickers=AAPL,NVDA&format=parquet';
  const first = await get(pq);
  const before = t.services.warehouse.queryCount;
  const again = await get(pq);
  assert.is(t.services.warehouse.queryCount, before, 'the Parquet file is not written again');
  assert.equal(again.rawPayload, first.rawPayload);
  assert.equal([again.headers['content-type'], again.headers['content-disposition']], [first.headers['content-type'], first.headers['content-disposition']]);
  const a = json(await get('/api/data/bulk?tickers=AAPL,NVDA'));
  const b = json(await get('/api/data/bulk?tickers=NVDA,AAPL'));
  assert.equal(a.rows.map((r: any) => r.ticker), ['AAPL', 'NVDA']);
  assert.equal(b.rows.map((r: any) => r.ticker), ['NVDA', 'AAPL']);
  const metricsOnly = json(await get('/api/data/bulk?tickers=AAPL,NVDA&fields=metrics'));
  assert.equal(metricsOnly.fields, ['metrics']);
  assert.not.ok('fundamentals' in metricsOnly.rows[0]);
  const retired = await get('/api/data/bulk?tickers=AAPL,NVDA&fields=metrics,price&format=csv');
  assert.ok(retired.headers['x-retired-fields'], 'the retired-fields header is set on a cached answer too');
  const again2 = await get('/api/data/bulk?tickers=AAPL,NVDA&fields=metrics,price&format=csv');
  assert.equal([again2.body, again2.headers['x-retired-fields']], [retired.body, retired.headers['x-retired-fields']]);
});

rows.run();
formats.run();
gone.run();
