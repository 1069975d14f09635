import { DuckDBInstance } from '@duckdb/node-api';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { queryRows } from '../../warehouse/db.ts';
import { appendRows } from '../../warehouse/load.ts';
import { migrate } from '../../warehouse/migrate.ts';

const synthetic = suite('appendRows and the synthetic flag (migration 0600)');

synthetic('a row that leaves the flag out is real; a row that gives it keeps it; null is refused', async () => {
  const conn = await (await DuckDBInstance.create(':memory:')).connect();
  await migrate(conn);
  await appendRows(conn, 'yield_curve', [['2024-06-03', '10 Yr', 120, 4.4, 'home.treasury.gov/a.csv']]);
  await appendRows(conn, 'yield_curve', [['2024-06-04', '10 Yr', 120, 4.3, 'vendor/generated.csv', true]]);
  const rows = await queryRows<{ source: string; synthetic: boolean }>(conn, 'SELECT source, synthetic FROM yield_curve ORDER BY date');
  assert.equal(rows, [
    { source: 'home.treasury.gov/a.csv', synthetic: false },
    { source: 'vendor/generated.csv', synthetic: true },
  ]);
  try {
    await conn.run("INSERT INTO yield_curve VALUES ('2024-06-05', '10 Yr', 120, 4.2, 'x', NULL)");
    assert.unreachable('NULL accepted');
  } catch (err) {
    assert.match((err as Error).message, /NOT NULL/);
  }
  const flagged = await queryRows<{ table_name: string }>(
    conn,
    `SELECT table_name FROM information_schema.columns WHERE column_name = 'synthetic' AND is_nullable = 'NO' ORDER BY table_name`,
  );
  assert.equal(flagged.map((r) => r.table_name), [
    'bdc_filings', 'bdc_holdings', 'f13_filings', 'f13_holdings', 'f13_other_managers', 'fdic_institutions', 'federal_awards', 'fund_classes', 'insider_filings', 'insider_owners',
    'insider_transactions', 'macro_observations', 'news_items', 'nport_filings', 'nport_holdings', 'price_latest', 'price_targets', 'prices', 'technicals', 'technicals_latest', 'yield_curve',
  ]);
});

synthetic('options.synthetic flags the rows of a generated document; a table without the column refuses them', async () => {
  const conn = await (await DuckDBInstance.create(':memory:')).connect();
  await migrate(conn);
  await appendRows(conn, 'yield_curve', [['2024-06-03', '10 Yr', 120, 4.4, 'vendor/generated.csv']], { synthetic: true });
  await appendRows(conn, 'yield_curve', [['2024-06-04', '10 Yr', 120, 4.3, 'home.treasury.gov/a.csv']], { synthetic: false });
  const rows = await queryRows<{ source: string; synthetic: boolean }>(conn, 'SELECT source, synthetic FROM yield_curve ORDER BY date');
  assert.equal(rows.map((r) => r.synthetic), [true, false]);
  try {
    await appendRows(conn, 'companies', [[1, 'X', 'X', null, 1]], { synthetic: true });
    assert.unreachable('generated rows loaded into a table without the flag');
  } catch (err) {
    assert.match((err as Error).message, /no synthetic column/);
  }
});

synthetic.run();
