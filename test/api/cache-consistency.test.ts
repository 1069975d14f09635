/**
 * The snapshot's answer caches keep what they were built from (a review's findings, issue 15):
 * - an answer's compressed forms and an MCP answer's quoted text come from the same snapshot as
 *   the answer, even when a snapshot swap lands while the answer is being built;
 * - a kept answer is keyed by every parameter it depends on (share classes have one CIK);
 * - concurrent first asks of a body share one build.
 */
import { gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fundamentalHandlers } from '../../api/mcp/handlers/fundamentals.ts';
import type { ToolContext } from '../../api/mcp/context.ts';
import { utcDay } from '../../schema/common.ts';
import { CALLER_KEYED_ENTRIES, callerKeyedTicker, memoized } from '../../warehouse/serving.ts';
import type { Db, SqlParams } from '../../warehouse/db.ts';
import { tierHeader } from '../fixtures/fundamentals/build.ts';
import { warehouseWith } from '../fixtures/market/fixture-job.ts';
import { emptyServing, json, sampleApp, type TestApp } from '../helpers.ts';

const test = suite('cache consistency');

/** Hand-written FY2024 statements for Apple, Microsoft and Alphabet (GOOG and GOOGL: one CIK). */
async function statements(db: Db): Promise<void> {
  const rows: [number, string, number, number][] = [
    [320193, '0000320193-24-000123', 391035000000, 6.08],
    [789019, '0000950170-24-087843', 245122000000, 11.8],
    [1652044, '0001652044-24-000022', 350018000000, 8.04],
  ];
  for (const [cik, accession, revenue, eps] of rows) {
    await db.run(`INSERT INTO fund_periods VALUES ($1, 2024, 'FY', DATE '2024-06-30', DATE '2024-08-01', $2, '10-K')`, [cik, accession]);
    await db.run(
      `INSERT INTO fund_statements (cik, fiscal_year, fiscal_period, period_end, known_from, accession, form, revenue, eps_diluted, shares_outstanding, sources)
       VALUES ($1, 2024, 'FY', DATE '2024-06-30', DATE '2024-08-01', $2, '10-K', $3, $4, 1000000000, '{}')`,
      [cik, accession, revenue, eps],
    );
  }
}

let dataDir: string;
let t: TestApp;
const UA = { 'user-agent': 'almanac-tests/1.0 (cache consistency)' };
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { ...UA, ...headers } });
const decoded = (res: { headers: Record<string, unknown>; rawPayload: Buffer }) =>
  JSON.parse((res.headers['content-encoding'] === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload).toString());

/**
 * Publishes a new snapshot changed by `change`, and runs `during` with the warehouse made to swap to
 * it right after the first query whose SQL includes `marker` (while an answer is being built).
 */
async function swapDuring(marker: string, change: string, during: () => Promise<void>): Promise<void> {
  const wh = t.services.warehouse;
  // A snapshot nothing has been asked of yet (its caches cold, so the answer is built), then the
  // changed one, published but not yet served.
  await warehouseWith([], async () => undefined, dataDir);
  await wh.refresh();
  await warehouseWith([], (db) => db.run(change), dataDir);
  const before = wh.version;
  const all = wh.all.bind(wh);
  let swapped = false;
  wh.all = (async (sql: string, params?: SqlParams) => {
    const rows = await all(sql, params);
    if (!swapped && sql.includes(marker)) {
      swapped = true;
      await wh.refresh();
    }
    return rows;
  }) as typeof wh.all;
  try {
    await during();
  } finally {
    wh.all = all;
  }
  assert.ok(swapped && wh.version !== before, 'the snapshot swapped while the answer was built');
}

test.before(async () => {
  dataDir = await warehouseWith(['companies', 'prices', 'technicals'], statements);
  t = await sampleApp({ build: false, config: { dataDir }, server: { plugins: [tierHeader] } });
});
test.after(() => t.close());

test('fundamentals-pit of two share classes of one CIK: each answer names its own ticker, plain and compressed', async () => {
  for (const ticker of ['GOOG', 'GOOGL', 'GOOG']) {
    const plain = await get(`/api/fundamentals-pit?ticker=${ticker}&date=2025-01-01`);
    assert.is(plain.statusCode, 200);
    assert.is(json(plain).ticker, ticker);
    const gz = await get(`/api/fundamentals-pit?ticker=${ticker}&date=2025-01-01`, { 'accept-encoding': 'gzip' });
    assert.is(gz.headers['content-encoding'], 'gzip');
    assert.is(decoded(gz).ticker, ticker);
  }
});

test('a swap while a screen is built: its compressed answer is of the same snapshot as its plain one', async () => {
  const url = '/api/screener?sort=ticker&limit=500';
  const tier = { 'x-test-tier': 'researcher' };
  const aapl = (body: { results: { ticker: string; price: number }[] }) => body.results.find((r) => r.ticker === 'AAPL')!.price;
  let during = 0;
  await swapDuring('FROM price_latest l JOIN companies', `UPDATE price_latest SET close = close + 1000 WHERE ticker = 'AAPL'`, async () => {
    during = aapl(decoded(await get(url, { ...tier, 'accept-encoding': 'gzip' })));
  });
  const plain = aapl(json(await get(url, tier)));
  assert.ok(Math.abs(plain - during - 1000) < 1e-6, `the answer built across the swap was the old snapshot's (${during}), the next the new one's (${plain})`);
  const gz = await get(url, { ...tier, 'accept-encoding': 'gzip' });
  assert.is(gz.headers['content-encoding'], 'gzip');
  assert.is(aapl(decoded(gz)), plain, 'gzip clients get what the others get');
  const [served] = await t.services.warehouse.all<{ close: number }>(`SELECT close FROM price_latest WHERE ticker = 'AAPL'`);
  assert.is(plain, served!.close, "the snapshot now served: its close");
});

test('a swap while get_fundamentals is built: the text and the quoted bytes the MCP fast path sends are of one snapshot', async () => {
  const ctx = { services: t.services, today: '2026-11-30' } as unknown as ToolContext;
  const call = () => fundamentalHandlers.get_fundamentals({ ticker: 'AAPL', asOf: '2025-01-01' }, ctx) as Promise<{ json: string; quoted: Buffer }>;
  const revenue = (text: string) => JSON.parse(text).statement.fundamentals.revenue as number;
  let during = 0;
  await swapDuring('FROM pipeline_runs', `UPDATE fund_statements SET revenue = revenue + 1000 WHERE cik = 320193`, async () => {
    during = revenue((await call()).json);
  });
  assert.is(during, 391035000000, "the answer built across the swap was the old snapshot's");
  for (let i = 0; i < 2; i++) {
    const r = await call();
    assert.is(JSON.parse(r.quoted.toString()), r.json, 'the quoted bytes are the text as a JSON string');
    assert.is(revenue(r.json), 391035001000, "the new snapshot's");
  }
});

test('a swap while a bulk answer is built: its freshness headers are of the snapshot its body came from, in every format', async () => {
  const tier = { 'x-test-tier': 'investor' };
  // The new snapshot's ledger has a fundamentals run that the one before it had not.
  let run = 0;
  const fetched = () =>
    `INSERT INTO pipeline_runs (run_id, job, source, started_at, finished_at, status) VALUES ('bulk-swap-${++run}', 'fundamentals', 'test', TIMESTAMP '2026-11-0${run} 06:00:00', TIMESTAMP '2026-11-0${run} 07:00:00', 'success')`;
  for (const format of ['json', 'csv']) {
    const url = `/api/data/bulk?tickers=AAPL,MSFT&as_of=2025-01-01&format=${format}`;
    let during: { headers: Record<string, unknown>; body: string } | undefined;
    await swapDuring('FROM pipeline_runs', fetched(), async () => {
      const res = await get(url, tier);
      during = { headers: res.headers, body: res.body };
    });
    const after = await get(url, tier);
    assert.is(after.statusCode, 200);
    const fetchedDuring = during!.headers['x-fetched-at'];
    const fetchedAfter = after.headers['x-fetched-at'];
    assert.type(fetchedAfter, 'string');
    assert.is.not(fetchedDuring, fetchedAfter, `${format}: the answer built across the swap was the old snapshot's, headers too`);
    assert.is(after.headers['x-data-through'], '2024-08-01');
    if (format === 'json') {
      assert.is(JSON.parse(during!.body).fetchedAt ?? undefined, fetchedDuring, 'json: the headers say what the body says');
      assert.is(JSON.parse(after.body).fetchedAt, fetchedAfter);
    }
    const [served] = await t.services.warehouse.all<{ at: string }>(
      `SELECT strftime(max(finished_at), '%Y-%m-%dT%H:%M:%S') AS at FROM pipeline_runs WHERE job = 'fundamentals' AND status IN ('success', 'partial')`,
    );
    assert.is(fetchedAfter, served!.at, `${format}: the snapshot now served: its ledger`);
  }
});

test("caller-keyed memo entries (search texts, ticker lists, dates) stay in a bounded LRU of their own: they cannot evict what every answer shares", async () => {
  // A memo just larger than the caller-keyed LRU: without a separate one, the asks below would evict the shared entry.
  const serving = emptyServing(CALLER_KEYED_ENTRIES + 100);
  const shared = serving.memo('ticker-snapshot:AAPL:2026-11-30', async () => ({ shared: true }));
  let loads = 0;
  const asked = (i: number) => serving.memo(`search:20:0:q${i}`, async () => (loads++, [i]), { callerKeyed: true });
  for (let i = 0; i < CALLER_KEYED_ENTRIES + 500; i++) await asked(i);
  assert.is(serving.memo('ticker-snapshot:AAPL:2026-11-30', async () => ({ shared: false })), shared, 'the shared entry is still there');
  loads = 0;
  await asked(CALLER_KEYED_ENTRIES + 499);
  assert.is(loads, 0, 'the newest caller-keyed entry is kept');
  await asked(0);
  assert.is(loads, 1, 'the oldest went: the caller-keyed entries are bounded');
  // Through `memoized` (the query layer's door): the same memo.
  const db: Db = { all: async () => [], run: async () => undefined, serving: () => serving };
  assert.is(await memoized(db, `search:20:0:q${CALLER_KEYED_ENTRIES + 499}`, async () => ['not kept'], { callerKeyed: true }), await asked(CALLER_KEYED_ENTRIES + 499));
});

test('per-ticker entries of a ticker the snapshot does not list, or of a date not today, are caller-keyed; a listed ticker today or latest is shared', () => {
  const db = t.services.warehouse;
  assert.is(callerKeyedTicker(db, 'AAPL'), false);
  assert.is(callerKeyedTicker(db, 'aapl', null), false);
  assert.is(callerKeyedTicker(db, 'AAPL', utcDay()), false);
  assert.is(callerKeyedTicker(db, 'AAPL', '2024-06-28'), true);
  assert.is(callerKeyedTicker(db, 'ZZ123'), true, 'any symbol can be asked: not the shared memo');
});

test('concurrent first asks of a kept body share one build; a failed build is not kept', async () => {
  const serving = emptyServing();
  let builds = 0;
  const build = async () => {
    builds++;
    await new Promise((r) => setTimeout(r, 5));
    return Buffer.from('{"answer":1}');
  };
  const bodies = await Promise.all(Array.from({ length: 8 }, () => serving.body('k', build)));
  assert.is(builds, 1);
  for (const b of bodies) assert.is(b, bodies[0]);
  assert.is(await serving.body('k', build), bodies[0]);
  let failures = 0;
  const failing = async (): Promise<Buffer> => {
    failures++;
    throw new Error('no');
  };
  const tries = await Promise.allSettled([serving.body('f', failing), serving.body('f', failing)]);
  assert.equal(tries.map((x) => x.status), ['rejected', 'rejected']);
  assert.is(failures, 1);
  assert.equal(await serving.body('f', async () => Buffer.from('ok')), Buffer.from('ok'), 'tried again after the failure');
});

test.run();
