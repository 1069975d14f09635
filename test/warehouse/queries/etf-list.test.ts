/**
 * The ETF list resolves each exchange-listed symbol to its own fund, as `etf-data` does: a trust
 * listing many ETFs under one CIK (iShares Trust: IVV, IJH, ...) gave every ticker the series that
 * reported last (a review of the new-user pass's finding that the sample's list is empty). Tables
 * made by hand in an in-memory DuckDB: only the columns the queries read.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openDatabase, queryRows, type Db } from '../../../warehouse/db.ts';
import { etfList, resolveFund } from '../../../warehouse/queries/funds.ts';

const test = suite('etfList');

test('each listed symbol gets its own series through the fund ticker list; a one-series trust its registrant; unlisted classes, and a many-series trust symbol not in the list, are left out', async () => {
  const instance = await openDatabase(':memory:');
  const conn = await instance.connect();
  const db: Db = { all: (sql, params) => queryRows(conn, sql, params), run: async (sql, params) => void (await queryRows(conn, sql, params)) };
  await db.run(`CREATE TABLE companies (ticker VARCHAR, cik INTEGER, exchange VARCHAR, rank INTEGER)`);
  await db.run(`CREATE TABLE fund_classes (symbol VARCHAR, cik INTEGER, series_id VARCHAR, class_id VARCHAR, synthetic BOOLEAN)`);
  await db.run(`CREATE TABLE nport_filings (accession VARCHAR, reg_cik INTEGER, reg_name VARCHAR, series_id VARCHAR, series_name VARCHAR, net_assets DOUBLE, period DATE, filed DATE)`);
  // A many-series trust (CIK 100) listing two ETFs, a one-series trust (CIK 200), and a mutual
  // fund class (CIK 300) with no listing.
  // AMBX is listed under the many-series trust but is not in the fund ticker list: which series is
  // its own is not known, so it is neither listed nor resolved (any series would be another fund's).
  await db.run(`INSERT INTO companies VALUES ('BIGX', 100, 'NYSE', 1), ('SMLX', 100, 'NYSE', 2), ('ONEX', 200, 'NYSE', 3), ('MUTX', 300, NULL, 4), ('AMBX', 100, 'NYSE', 5)`);
  await db.run(`INSERT INTO fund_classes VALUES ('BIGX', 100, 'S1', 'C1', false), ('SMLX', 100, 'S2', 'C2', false), ('MUTX', 300, 'S9', 'C9', false)`);
  await db.run(`INSERT INTO nport_filings VALUES
    ('a1', 100, 'Trust', 'S1', 'Big Fund', 500, '2024-06-30', '2024-08-01'),
    ('a0', 100, 'Trust', 'S1', 'Big Fund', 400, '2024-03-31', '2024-05-01'),
    ('a2', 100, 'Trust', 'S2', 'Small Fund', 50, '2024-09-30', '2024-11-01'),
    ('a3', 100, 'Trust', 'S3', 'Unlisted Series', 9000, '2024-09-30', '2024-11-02'),
    ('b1', 200, 'One Trust', NULL, NULL, 70, '2024-09-30', '2024-11-01'),
    ('c1', 300, 'Mutual', 'S9', 'Mutual Fund', 80, '2024-09-30', '2024-11-01')`);
  const list = await etfList(db);
  assert.equal(
    list.map((r) => [r.symbol, r.name, r.cik, r.seriesId, Number(r.netAssets), String(r.period).slice(0, 10)]),
    [
      ['BIGX', 'Big Fund', 100, 'S1', 500, '2024-06-30'],
      ['ONEX', 'One Trust', 200, null, 70, '2024-09-30'],
      ['SMLX', 'Small Fund', 100, 'S2', 50, '2024-09-30'],
    ],
  );
  // The list and a symbol's own page name the same fund.
  for (const r of list) assert.is((await resolveFund(db, r.symbol))!.seriesId, r.seriesId, r.symbol);
  assert.is(await resolveFund(db, 'AMBX'), null);
  assert.is((await resolveFund(db, 'MUTX'))!.seriesId, 'S9');
  conn.closeSync();
});

test.run();
