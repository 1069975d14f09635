/**
 * Issue 16: rows from generated documents are marked `synthetic` in the warehouse, by the mirror's
 * SYNTHETIC manifest; the same files without a manifest (a live source's landing copy) are not.
 */
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openBuild, runPipelines } from '../../../pipelines/runner.ts';
import { mirrorSource, readSyntheticManifest, isListedSynthetic } from '../../../pipelines/sources/mirror.ts';
import { SAMPLE_DIR } from '../../../schema/config.ts';
import { tempDir } from '../../helpers.ts';

const test = suite('synthetic rows');

const JOBS = ['companies', 'prices', 'technicals', 'news', 'macro', 'banks', 'contracts', 'bdc', 'fundamentals', 'insiders', '13f', 'nport'];

async function counts(dataDir: string): Promise<Record<string, { all: number; synthetic: number }>> {
  const { db, conn, instance } = await openBuild(dataDir);
  try {
    const out: Record<string, { all: number; synthetic: number }> = {};
    for (const table of ['prices', 'technicals', 'price_latest', 'price_targets', 'news_items', 'macro_observations', 'yield_curve', 'fdic_institutions', 'federal_awards', 'bdc_filings', 'bdc_holdings', 'insider_filings', 'insider_transactions', 'f13_filings', 'f13_holdings', 'nport_filings', 'nport_holdings', 'fund_classes']) {
      const [row] = await db.all<{ all: number; synthetic: number }>(`SELECT count(*)::INTEGER AS "all", count(*) FILTER (WHERE synthetic)::INTEGER AS synthetic FROM ${table}`);
      out[table] = row!;
    }
    return out;
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

/** The manifest's rule, applied independently of the source: the expected flag per table's source documents. */
async function expectedFlags(dataDir: string, entries: string[]): Promise<{ table: string; source: string; synthetic: boolean; expected: boolean }[]> {
  const { db, conn, instance } = await openBuild(dataDir);
  try {
    const rows = await db.all<{ table: string; source: string; synthetic: boolean }>(
      `SELECT 'prices' AS "table", source, bool_and(synthetic) AS synthetic FROM prices GROUP BY source
       UNION ALL SELECT 'news_items', source, bool_and(synthetic) FROM news_items GROUP BY source
       UNION ALL SELECT 'macro_observations', source, bool_and(synthetic) FROM macro_observations GROUP BY source
       UNION ALL SELECT 'yield_curve', source, bool_and(synthetic) FROM yield_curve GROUP BY source
       UNION ALL SELECT 'price_targets', source, bool_and(synthetic) FROM price_targets GROUP BY source
       UNION ALL SELECT 'fdic_institutions', source, bool_and(synthetic) FROM fdic_institutions GROUP BY source
       UNION ALL SELECT 'federal_awards', source, bool_and(synthetic) FROM federal_awards GROUP BY source
       UNION ALL SELECT 'insider_filings', doc_path, bool_and(synthetic) FROM insider_filings GROUP BY doc_path
       UNION ALL SELECT 'f13_filings', doc_path, bool_and(synthetic) FROM f13_filings GROUP BY doc_path
       UNION ALL SELECT 'nport_filings', doc_path, bool_and(synthetic) FROM nport_filings GROUP BY doc_path`,
    );
    return rows.map((r) => ({ ...r, expected: isListedSynthetic(entries, r.source) }));
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

test('the sample build flags exactly the rows of the documents the manifest lists, and what is derived from them', async () => {
  const dir = tempDir();
  const run = await runPipelines({ dataDir: dir, source: mirrorSource(SAMPLE_DIR), jobs: JOBS, threads: 1, publish: false });
  assert.is(run.status, 'success', JSON.stringify(run.runs.map((r) => [r.job, r.status, r.error])));
  const entries = readSyntheticManifest(SAMPLE_DIR);
  assert.ok(entries.includes('vendor/prices/'), 'generated prices are listed');
  for (const r of await expectedFlags(dir, entries)) assert.is(r.synthetic, r.expected, `${r.table} from ${r.source}`);
  const c = await counts(dir);
  // Every price in the sample is generated between anchors: so are the indicators computed from them.
  assert.ok(c.prices!.all > 0);
  assert.is(c.prices!.synthetic, c.prices!.all);
  assert.is(c.technicals!.synthetic, c.technicals!.all);
  assert.is(c.price_latest!.synthetic, c.price_latest!.all);
  assert.ok(c.news_items!.synthetic > 0, 'the sample news is written for the corpus');
  const { db: d2, conn: c2, instance: i2 } = await openBuild(dir);
  try {
    // Every filing of the sample is a real document (issue 16): none is flagged. Only the fund class
    // list, whose ticker symbols are typed by hand, is.
    const flags = await d2.all<{ accession: string; synthetic: boolean }>(
      `SELECT accession, synthetic FROM insider_filings UNION ALL SELECT accession, synthetic FROM f13_filings UNION ALL SELECT accession, synthetic FROM nport_filings ORDER BY accession`,
    );
    assert.ok(flags.length >= 10);
    assert.equal(flags.filter((f) => f.synthetic), []);
    assert.ok(c.fund_classes!.all > 0);
    assert.is(c.fund_classes!.synthetic, c.fund_classes!.all);
    assert.ok(!entries.some((e) => e.startsWith('www.sec.gov/Archives/')), 'no filing is listed in the manifest');
    const owned = await d2.all<{ n: number }>(`SELECT count(*) FILTER (WHERE t.synthetic <> f.synthetic)::INTEGER AS n FROM insider_transactions t JOIN insider_filings f USING (accession)`);
    assert.is(owned[0]!.n, 0, 'a filing and its rows agree');
  } finally {
    c2.closeSync();
    i2.closeSync();
  }
  const { db, conn, instance } = await openBuild(dir);
  try {
    // Real SEC documents are not in the manifest, and the fact tables have no synthetic column.
    const cols = await db.all<{ table_name: string }>("SELECT table_name FROM information_schema.columns WHERE column_name = 'synthetic' ORDER BY table_name");
    assert.not.ok(cols.some((t) => t.table_name === 'fund_values' || t.table_name === 'facts'));
    assert.ok((await db.all<{ n: number }>('SELECT count(*)::INTEGER AS n FROM fund_values'))[0]!.n > 0);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
});

test('without a manifest (a live source or its landing copy) no row is synthetic', async () => {
  const copy = tempDir();
  cpSync(SAMPLE_DIR, copy, { recursive: true });
  rmSync(path.join(copy, 'SYNTHETIC'));
  const dir = tempDir();
  const run = await runPipelines({ dataDir: dir, source: mirrorSource(copy), jobs: JOBS, threads: 1, publish: false });
  assert.is(run.status, 'success');
  const c = await counts(dir);
  assert.ok(c.prices!.all > 0 && c.news_items!.all > 0);
  for (const [table, n] of Object.entries(c)) assert.is(n.synthetic, 0, table);
});

test.run();
