/**
 * The dictionary-coded fact layout (migration 0630): `fact_values` with `fact_concepts`,
 * `fact_filings` and `fact_frames`, read through the `facts` view. The sample's companyfacts give
 * the same `facts` rows and the same ids loaded one document per transaction or from
 * companyfacts.zip in bulk; ids stay fixed across runs (a reload reuses them, new entries come after
 * the highest); a warehouse migrated from the 13-column table keeps every fact, in order.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DuckDBInstance } from '@duckdb/node-api';
import { bulkBackfill, BULK } from '../../../pipelines/backfill.ts';
import { COMPANYFACTS_DIR, fundamentalsJob } from '../../../pipelines/jobs/fundamentals.ts';
import type { Job } from '../../../pipelines/jobs/interface.ts';
import { runPipelines } from '../../../pipelines/runner.ts';
import { mirrorSource } from '../../../pipelines/sources/mirror.ts';
import { SAMPLE_DIR } from '../../../schema/config.ts';
import { connectionDb } from '../../../warehouse/db.ts';
import { appendRows } from '../../../warehouse/load.ts';
import { migrate, MIGRATIONS_DIR } from '../../../warehouse/migrate.ts';
import { currentVersion, snapshotFile } from '../../../warehouse/snapshots.ts';
import { tempDir } from '../../helpers.ts';
import { zipOf } from '../../upstream/zips.ts';
import { queryBuild } from '../live/build-db.ts';

const SAMPLE_FACTS = path.join(SAMPLE_DIR, COMPANYFACTS_DIR);
/** The sample's companyfacts documents, inflated, by file name (CIK##########.json). */
const sampleDocs = (): { name: string; bytes: Buffer }[] =>
  readdirSync(SAMPLE_FACTS)
    .filter((n) => n.endsWith('.json.gz'))
    .map((n) => ({ name: n.replace(/\.gz$/, ''), bytes: gunzipSync(readFileSync(path.join(SAMPLE_FACTS, n))) }));

const FACTS = 'SELECT * FROM facts ORDER BY ALL';
const IDS = {
  fact_values: 'SELECT * FROM fact_values ORDER BY ALL',
  fact_concepts: 'SELECT * FROM fact_concepts ORDER BY id',
  fact_filings: 'SELECT * FROM fact_filings ORDER BY id',
  fact_frames: 'SELECT * FROM fact_frames ORDER BY id',
};

const perDocument = { ...fundamentalsJob, loadMany: undefined, batchBytes: undefined, finish: undefined } as Job<never>;

async function tables(dataDir: string): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = { facts: await queryBuild(dataDir, FACTS) };
  for (const [name, sql] of Object.entries(IDS)) out[name] = await queryBuild(dataDir, sql);
  return out;
}

/** A source holding companyfacts.zip as the live source lands it (`file`), nothing else. */
function zipSource(dir: string) {
  return {
    name: 'live',
    get: async () => null,
    list: async () => null,
    file: async (key: string) => (existsSync(path.join(dir, key)) ? path.join(dir, key) : null),
  };
}

const same = suite('sample companyfacts: per document = bulk');

same('one document per transaction and companyfacts.zip in bulk give the same facts rows and the same ids', async () => {
  const docs = sampleDocs();
  assert.is(docs.length, 4);
  const mirror = tempDir();
  mkdirSync(path.join(mirror, COMPANYFACTS_DIR), { recursive: true });
  for (const d of docs) writeFileSync(path.join(mirror, COMPANYFACTS_DIR, d.name), d.bytes);
  const one = tempDir();
  const r1 = await runPipelines({ dataDir: one, source: mirrorSource(mirror), jobList: [perDocument], threads: 2, publish: false });
  assert.is(r1.status, 'success');

  const landed = tempDir();
  mkdirSync(path.dirname(path.join(landed, BULK.fundamentals!.zip)), { recursive: true });
  writeFileSync(path.join(landed, BULK.fundamentals!.zip), await zipOf(docs));
  const bulk = tempDir();
  const r2 = await bulkBackfill({ dataDir: bulk, source: zipSource(landed) as never, job: 'fundamentals', threads: 2 });
  assert.is(r2.status, 'success', JSON.stringify(r2.runs.map((r) => r.error)));

  const a = await tables(one);
  const b = await tables(bulk);
  // Exactly the facts of the documents: every fact of every unit of every concept, once.
  const expected = docs.reduce((n, d) => {
    const j = JSON.parse(d.bytes.toString('utf8')) as { facts: Record<string, Record<string, { units: Record<string, unknown[]> }>> };
    for (const concepts of Object.values(j.facts)) for (const c of Object.values(concepts)) for (const u of Object.values(c.units)) n += u.length;
    return n;
  }, 0);
  assert.is(a.facts!.length, expected);
  for (const name of Object.keys(a)) {
    assert.is(b[name]!.length, a[name]!.length, `${name}: row count`);
    const i = a[name]!.findIndex((row, k) => JSON.stringify(row) !== JSON.stringify(b[name]![k]));
    assert.is(i, -1, `${name}: row ${i}: ${JSON.stringify(b[name]![i])} vs ${JSON.stringify(a[name]![i])}`);
  }
  // The published snapshot (what readers attach, read-only) serves the view.
  const version = await currentVersion(bulk);
  assert.ok(version, 'published');
  const reader = await DuckDBInstance.create(':memory:');
  const rc = await reader.connect();
  await rc.run(`ATTACH '${snapshotFile(bulk, version!)}' AS snap (READ_ONLY)`);
  await rc.run('USE snap');
  assert.equal(await connectionDb(rc).all(FACTS), a.facts);
  rc.closeSync();
  reader.closeSync();
  // Dictionaries hold each entry once, ids 1..n.
  for (const name of ['fact_concepts', 'fact_filings', 'fact_frames']) {
    const ids = (a[name] as { id: number }[]).map((r) => Number(r.id));
    assert.equal(ids, ids.map((_, i) => i + 1), name);
  }
});

same.run();

// ---

const stable = suite('dictionary ids across runs');

stable('a reloaded company gets its old ids; new entries come after the highest; other companies keep their rows', async () => {
  const docs = sampleDocs();
  const mirror = tempDir();
  const dir = path.join(mirror, COMPANYFACTS_DIR);
  mkdirSync(dir, { recursive: true });
  for (const d of docs) writeFileSync(path.join(dir, d.name), d.bytes);
  const dataDir = tempDir();
  await runPipelines({ dataDir, source: mirrorSource(mirror), jobList: [perDocument], threads: 2, publish: false, incremental: true });
  const before = await tables(dataDir);

  // NVIDIA's document again, with one more fact: a new concept in a new filing with a new frame.
  const nvidia = docs.find((d) => d.name === 'CIK0001045810.json')!;
  const j = JSON.parse(nvidia.bytes.toString('utf8')) as { facts: Record<string, Record<string, unknown>> };
  j.facts['us-gaap']!['AlmanacTestConcept'] = {
    label: 't', description: 't',
    units: { USD: [{ end: '2031-12-31', val: 7, accn: '0001045810-31-000001', fy: 2031, fp: 'FY', form: '10-K', filed: '2032-02-01', frame: 'CY2031' }] },
  };
  writeFileSync(path.join(dir, nvidia.name), JSON.stringify(j));
  const r = await runPipelines({ dataDir, source: mirrorSource(mirror), jobList: [perDocument], threads: 2, publish: false, incremental: true });
  assert.is(r.runs[0]!.docsChanged, 1);
  const after = await tables(dataDir);

  for (const name of ['fact_concepts', 'fact_filings', 'fact_frames']) {
    assert.equal(after[name]!.slice(0, before[name]!.length), before[name], `${name}: old entries unchanged`);
    assert.is(after[name]!.length, before[name]!.length + 1, `${name}: one new entry`);
  }
  assert.equal(after.fact_concepts!.at(-1), { id: before.fact_concepts!.length + 1, taxonomy: 'us-gaap', concept: 'AlmanacTestConcept', unit: 'USD' });
  assert.equal(after.fact_frames!.at(-1), { id: before.fact_frames!.length + 1, frame: 'CY2031' });
  // NVIDIA's rows were replaced by the same rows (same ids) plus the new fact; the others are as they were.
  const nv = (rows: unknown[]) => (rows as { cik: number }[]).filter((x) => Number(x.cik) === 1045810);
  const others = (rows: unknown[]) => (rows as { cik: number }[]).filter((x) => Number(x.cik) !== 1045810);
  assert.equal(others(after.fact_values!), others(before.fact_values!));
  assert.is(nv(after.fact_values!).length, nv(before.fact_values!).length + 1);
  const added = (after.facts as Record<string, unknown>[]).filter((f) => f.concept === 'AlmanacTestConcept');
  assert.equal(added, [{
    cik: 1045810, taxonomy: 'us-gaap', concept: 'AlmanacTestConcept', unit: 'USD', period_start: null, period_end: '2031-12-31', value: 7,
    accession: '0001045810-31-000001', fy: 2031, fp: 'FY', form: '10-K', filed: '2032-02-01', frame: 'CY2031',
  }]);
  const old = new Set((before.facts as unknown[]).map((x) => JSON.stringify(x)));
  assert.is((after.facts as unknown[]).filter((x) => !old.has(JSON.stringify(x))).length, 1);
});

stable.run();

// ---

const migration = suite('migration 0630');

migration('a warehouse with the 13-column facts table keeps every fact, in order, and later loads reuse its ids', async () => {
  // The migrations before 0630, then facts written the old way.
  const older = tempDir();
  for (const f of readdirSync(MIGRATIONS_DIR).filter((n) => n.endsWith('.sql') && n < '0630')) copyFileSync(path.join(MIGRATIONS_DIR, f), path.join(older, f));
  const dataDir = tempDir();
  const instance = await DuckDBInstance.create(path.join(dataDir, 'build.duckdb'));
  const conn = await instance.connect();
  await migrate(conn, older);
  const rows = [
    [1, 'us-gaap', 'Revenues', 'USD', '2023-01-01', '2023-12-31', 100, '0000000001-24-000001', 2023, 'FY', '10-K', '2024-02-01', 'CY2023'],
    [1, 'dei', 'EntityCommonStockSharesOutstanding', 'shares', null, '2024-01-15', 5, '0000000001-24-000001', 2023, 'FY', '10-K', '2024-02-01', null],
    [2, 'us-gaap', 'Revenues', 'USD', '2023-01-01', '2023-03-31', 30, '0000000002-23-000009', null, null, '10-Q', '2023-05-01', 'CY2023Q1'],
    [2, 'us-gaap', 'Revenues', 'USD', '2023-01-01', '2023-03-31', 31, '0000000002-23-000010', 2023, 'Q1', '10-Q/A', '2023-06-01', null],
    [1, 'us-gaap', 'Revenues', 'USD', '2022-01-01', '2022-12-31', 90, '0000000001-24-000001', 2023, 'FY', '10-K', '2024-02-01', 'CY2022'],
  ];
  await appendRows(conn, 'facts', rows);
  const db = connectionDb(conn);
  const old = await db.all('SELECT * FROM facts ORDER BY rowid');
  assert.equal(await migrate(conn), readdirSync(MIGRATIONS_DIR).filter((n) => n.endsWith('.sql') && n >= '0630').sort());
  const now = await db.all(`SELECT v.cik, c.taxonomy, c.concept, c.unit, v.period_start, v.period_end, v.value, g.accession, g.fy, g.fp, g.form, g.filed, r.frame
    FROM fact_values v JOIN fact_concepts c ON c.id = v.concept_id JOIN fact_filings g ON g.id = v.filing_id LEFT JOIN fact_frames r ON r.id = v.frame_id ORDER BY v.rowid`);
  assert.equal(now, old);
  assert.equal((await db.all<{ n: number }>('SELECT count(*)::INTEGER AS n FROM facts'))[0]!.n, 5);
  // The view keeps the table's column types.
  const types = await db.all<{ column_name: string; data_type: string }>(`SELECT column_name, data_type FROM duckdb_columns() WHERE table_name = 'facts' ORDER BY column_index`);
  assert.equal(types.map((t) => `${t.column_name} ${t.data_type}`), [
    'cik INTEGER', 'taxonomy VARCHAR', 'concept VARCHAR', 'unit VARCHAR', 'period_start DATE', 'period_end DATE', 'value DOUBLE',
    'accession VARCHAR', 'fy INTEGER', 'fp VARCHAR', 'form VARCHAR', 'filed DATE', 'frame VARCHAR',
  ]);
  // Ids by first appearance: Revenues/USD 1, the dei count 2; a null fy/fp is its own filing.
  assert.equal(await db.all('SELECT * FROM fact_concepts ORDER BY id'), [
    { id: 1, taxonomy: 'us-gaap', concept: 'Revenues', unit: 'USD' },
    { id: 2, taxonomy: 'dei', concept: 'EntityCommonStockSharesOutstanding', unit: 'shares' },
  ]);
  assert.equal((await db.all<{ id: number; accession: string }>('SELECT id, accession FROM fact_filings ORDER BY id')).map((r) => r.accession), ['0000000001-24-000001', '0000000002-23-000009', '0000000002-23-000010']);
  conn.closeSync();
  instance.closeSync();

  // A load into the migrated warehouse (the sample's NVIDIA): entries it shares keep their ids, new ones follow.
  const mirror = tempDir();
  mkdirSync(path.join(mirror, COMPANYFACTS_DIR), { recursive: true });
  const nvidia = sampleDocs().find((d) => d.name === 'CIK0001045810.json')!;
  writeFileSync(path.join(mirror, COMPANYFACTS_DIR, nvidia.name), nvidia.bytes);
  const r = await runPipelines({ dataDir, source: mirrorSource(mirror), jobList: [perDocument], threads: 2, publish: false });
  assert.is(r.status, 'success');
  const concepts = await queryBuild<{ id: number; taxonomy: string; concept: string; unit: string }>(dataDir, 'SELECT * FROM fact_concepts ORDER BY id');
  assert.equal(concepts.slice(0, 2).map((c) => c.concept), ['Revenues', 'EntityCommonStockSharesOutstanding']);
  assert.equal(concepts.map((c) => Number(c.id)), concepts.map((_, i) => i + 1), 'no id twice, none skipped');
  const keys = concepts.map((c) => `${c.taxonomy}:${c.concept}:${c.unit}`);
  assert.is(new Set(keys).size, keys.length, 'each entry once');
  // The old companies' facts are still there.
  assert.is((await queryBuild<{ n: number }>(dataDir, 'SELECT count(*)::INTEGER AS n FROM facts WHERE cik IN (1, 2)'))[0]!.n, 5);
});

migration.run();
