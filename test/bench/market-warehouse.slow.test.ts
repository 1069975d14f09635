/**
 * The bench generator (issue 15): identifiers unique across copies, accession numbers in the
 * EDGAR form, one statement per company, every ticker a company.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DuckDBInstance } from '@duckdb/node-api';
import { scaledMarketWarehouse } from './market-warehouse.ts';

const test = suite('bench market warehouse');

test('300 companies: unique accession numbers (EDGAR form) and CIKs across copies', async () => {
  const { dataDir, tickers } = await scaledMarketWarehouse(300);
  assert.ok(tickers.length >= 300, `${tickers.length} tickers`);
  const version = readFileSync(path.join(dataDir, 'snapshots', 'CURRENT'), 'utf8').trim();
  const db = await DuckDBInstance.create(':memory:');
  const c = await db.connect();
  await c.run(`ATTACH '${path.join(dataDir, 'snapshots', `${version}.duckdb`)}' AS s (READ_ONLY)`);
  const row = async (sql: string): Promise<Record<string, unknown>> => (await c.runAndReadAll(sql)).getRowObjectsJson()[0]!;
  const st = await row(`SELECT count(*) AS n, count(DISTINCT accession) AS acc, count(DISTINCT cik) AS ciks,
    count(*) FILTER (WHERE NOT regexp_full_match(accession, '\\d{10}-\\d{2}-\\d{6}')) AS malformed FROM s.fund_statements`);
  assert.is(st.acc, st.n, 'one accession number per statement');
  assert.is(st.ciks, st.n, 'one statement per company');
  assert.is(st.malformed, '0');
  const co = await row('SELECT count(DISTINCT cik) AS ciks, count(DISTINCT name) AS names FROM s.companies');
  assert.is(co.ciks, st.ciks, 'every company has its statement');
  c.closeSync();
});

test('a second build of the same size is a copy of the cached one: same tickers and snapshot, its own folder', async () => {
  const a = await scaledMarketWarehouse(300);
  const b = await scaledMarketWarehouse(300);
  assert.not.equal(b.dataDir, a.dataDir);
  assert.equal(b.tickers, a.tickers);
  const snapshot = (dir: string): string => readFileSync(path.join(dir, 'snapshots', 'CURRENT'), 'utf8').trim();
  assert.is(snapshot(b.dataDir), snapshot(a.dataDir));
  assert.ok(readFileSync(path.join(b.dataDir, 'snapshots', `${snapshot(b.dataDir)}.duckdb`)).equals(readFileSync(path.join(a.dataDir, 'snapshots', `${snapshot(a.dataDir)}.duckdb`))));
});

test.run();
