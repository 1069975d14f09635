/**
 * `companies(tickers:) { snapshot profile }` reads the parts of the companies not yet assembled
 * together (api/graphql/loaders.ts: five queries for the batch, not five per company), and answers
 * each snapshot exactly as GET /api/data does.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { tickerSnapshot } from '../../../warehouse/queries/snapshot.ts';
import { Warehouse } from '../../../warehouse/reader.ts';
import { json, sampleApp, type TestApp } from '../../helpers.ts';
import { keyAccount } from '../rest/user-state-accounts.ts';

const test = suite('GraphQL snapshots read together');
let t: TestApp;
const UA: Record<string, string> = { 'user-agent': 'almanac-tests/1.0 (snapshot-batch)' };

test.before(async () => {
  t = await sampleApp();
  // The snapshot of more than ten companies is a bulk read (Investor).
  UA['x-api-key'] = (await keyAccount(t.app, t.services.store, 'snapshot-batch@example.com', 'investor')).key;
});
test.after(() => t.close());

test('a cold batch of every sample company: a few queries, and each snapshot and profile as REST answers it', async () => {
  const warehouse = t.services.warehouse as Warehouse;
  const tickers = (await warehouse.all<{ ticker: string }>('SELECT ticker FROM companies ORDER BY ticker')).map((r) => r.ticker);
  assert.ok(tickers.length >= 16);
  const before = warehouse.queryCount;
  const res = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    headers: UA,
    payload: { query: `{ companies(tickers: ${JSON.stringify(tickers)}) { ticker snapshot profile { name sector } } }` },
  });
  const body = json<any>(res);
  assert.not.ok(body.errors, JSON.stringify(body.errors));
  const queries = warehouse.queryCount - before;
  // Five part queries, the run ledger, the companies: one ticker at a time it was five a company.
  assert.ok(queries <= 12, `${queries} queries for ${tickers.length} companies`);
  // Against a reader of its own, which assembles each one ticker at a time (the app's REST answer
  // would read the entries the batch just made).
  const own = await Warehouse.open({ dataDir: t.config.dataDir, poolSize: 2 });
  try {
    for (const c of body.data.companies) {
      const alone = await tickerSnapshot(own, c.ticker);
      assert.is(JSON.stringify(c.snapshot), JSON.stringify(alone), c.ticker);
      assert.equal(c.profile, { name: alone!.profile.name, sector: alone!.profile.sector }, c.ticker);
    }
  } finally {
    await own.close();
  }
});

test.run();
