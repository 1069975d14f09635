/**
 * The bulk companyfacts load (issue 14) against the per-document path it replaced: the column
 * scanner (parsers/companyfacts-columns.ts) reads every document as the reference parser does, and
 * a build through the batched loader (many documents per transaction) holds the same `facts`, in
 * the same order, the same `fact_entities`, ledger and derived tables as a build that parses with
 * `indexCompanyFacts`/`factBatches` and appends each document's rows in its own transaction.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { deriveFundamentals, fundamentalsJob, COMPANYFACTS_DIR } from '../../../pipelines/jobs/fundamentals.ts';
import type { Job } from '../../../pipelines/jobs/interface.ts';
import { factBatches, indexCompanyFacts, parseCompanyFacts, type CompanyFactsIndex, type FactRecord } from '../../../pipelines/parsers/companyfacts.ts';
import { FactColumns, factColumnsOf, NULL_INT, scanCompanyFacts } from '../../../pipelines/parsers/companyfacts-columns.ts';
import { runPipelines, type RunResult } from '../../../pipelines/runner.ts';
import { mirrorSource } from '../../../pipelines/sources/mirror.ts';
import { SAMPLE_DIR } from '../../../schema/config.ts';
import { appendRows } from '../../../warehouse/load.ts';
import { FIXTURE_MIRROR } from '../../fixtures/fundamentals/build.ts';
import { tempDir } from '../../helpers.ts';
import { queryBuild } from '../live/build-db.ts';

const SHARED = path.resolve(import.meta.dirname, '../../../../shared/data/sec_xbrl_json/companyfacts');

/**
 * Every real companyfacts document at hand: the sample's, the fixtures', and ../shared/data's when
 * present and asked for. The builds below leave those out: the sample's ~10 MB already make several
 * batches, and ../shared/data's repeat two of its companies (a third more to load three times over,
 * for no path the sample does not take); the scan reads them all.
 */
function realDocuments(options: { shared: boolean } = { shared: true }): { name: string; bytes: Buffer }[] {
  const dirs = [path.join(SAMPLE_DIR, COMPANYFACTS_DIR), path.join(FIXTURE_MIRROR, COMPANYFACTS_DIR), ...(options.shared ? [SHARED] : [])].filter(existsSync);
  return dirs.flatMap((dir) =>
    readdirSync(dir)
      .filter((n) => /\.json(\.gz)?$/.test(n))
      .map((n) => {
        const raw = readFileSync(path.join(dir, n));
        return { name: `${path.basename(dir)}/${n}`, bytes: n.endsWith('.gz') ? gunzipSync(raw) : raw };
      }),
  );
}

const FACT = (over: Record<string, unknown> = {}): Record<string, unknown> => ({
  start: '2023-01-01', end: '2023-12-31', val: 100, accn: '0000000001-24-000001', fy: 2023, fp: 'FY', form: '10-K', filed: '2024-02-01', frame: 'CY2023', ...over,
});
const doc = (cik: unknown, units: Record<string, unknown[]>, extra = ''): string =>
  `{"cik":${JSON.stringify(cik)},"entityName":"Co ${String(cik)}","facts":{"us-gaap":{"Revenues":{"label":"Revenues","description":"d","units":${JSON.stringify(units)}}${extra}}}}`;

/** Documents the scanner must hand to the reference parser (or read exactly as it would). */
const CRAFTED: Record<string, string> = {
  // an escape in a value, a fraction and a string fiscal year, empty fp/frame, explicit null start,
  // exponent and long numbers, -0, a zero-padded string cik, a concept without units
  'CIK0000000001.json': doc('0000000001', {
    USD: [FACT(), FACT({ fp: 'F\\u0059' }), FACT({ fy: 2023.5 }), FACT({ fy: '2023', fp: '', frame: '' }), FACT({ start: null, val: 1.5e3 }), FACT({ val: -0 }), FACT({ val: 0.1 })],
    shares: [FACT({ val: 12345678901234567 }), FACT({ val: -42, fy: null, fp: null, frame: null })],
  }, ',"NoUnits":{"label":"x"}').replace('"val":100,', '"val":1.25E+2,').replace('F\\\\u0059', 'F\\u0059'),
  // a unit named like an array index: Object.entries puts it first
  'CIK0000000002.json': doc(2, { USD: [FACT()], Q: [FACT({ val: 7 })] }).replace('"Q":', '"7":'),
  // a non-ASCII form and whitespace everywhere
  'CIK0000000003.json': doc(3, { USD: [FACT({ form: '10-K\u00e9' })] }).replaceAll(',', ' ,\n ').replaceAll(':', ' : '),
  // refused by the reference while loading (a string value; invalid JSON in a label): quarantined, not
  // recorded; listed after the real documents, so their batch is loaded again one document at a time
  'CIK0000009004.json': doc(4, { USD: [FACT(), FACT({ val: '12' })] }),
  'CIK0000009005.json': doc(5, { USD: [FACT()] }).replace('"label":"Revenues"', '"label":tru'),
  // the same, first of all: the first batch fails and rolls back (its temporary tables with it)
  'CIK0000000000.json': doc(10, { USD: [FACT({ val: true })] }),
  // refused by the reference's index pass: quarantined and recorded
  'CIK0000000006.json': '{"cik":6,"entityName":"no facts"}',
  // two documents of one company (the second replaces the first)
  'CIK0000000007.json': doc(8, { USD: [FACT({ val: 1 })] }),
  'CIK0000000008.json': doc(8, { USD: [FACT({ val: 2 }), FACT({ val: 3 })] }),
  // repeated keys: the last value wins, a second "units" replaces the first
  'CIK0000000009.json': doc(9, { USD: [FACT()] }).replace('"val":100', '"val":1,"val":100').replace('"label":"Revenues"', '"units":{"EUR":[]},"label":"Revenues"'),
};

/** A document's scanned rows as the reference's records. */
function records(c: FactColumns, from: number, to: number): FactRecord[] {
  const day = (d: number): string | null => (d === NULL_INT ? null : new Date(d * 86_400_000).toISOString().slice(0, 10));
  const str = (id: number): string | null => (id === NULL_INT ? null : c.strings.values[id]!);
  const out: FactRecord[] = [];
  for (let r = from; r < to; r++) {
    const k = c.keys[c.key[r]!]!;
    out.push({
      cik: c.cik[r]!, taxonomy: k.taxonomy, concept: k.concept, unit: k.unit, start: day(c.start[r]!), end: day(c.end[r]!)!, value: c.value[r]!,
      accession: str(c.accession[r]!)!, fy: c.fy[r] === NULL_INT ? null : c.fy[r]!, fp: str(c.fp[r]!), form: str(c.form[r]!)!, filed: day(c.filed[r]!)!, frame: str(c.frame[r]!),
    });
  }
  return out;
}

const scan = suite('scanCompanyFacts');

scan('reads every real document exactly as the reference parser, in the same order', () => {
  const docs = realDocuments();
  assert.ok(docs.length >= 5, `${docs.length} documents`);
  const c = new FactColumns();
  for (const d of docs) {
    const s = scanCompanyFacts(d.bytes, c);
    assert.ok(s, `${d.name}: the SEC's documents are of the plain shape`);
    const ref = parseCompanyFacts(d.bytes);
    assert.is(s!.cik, ref.cik);
    assert.is(s!.entityName, ref.entityName);
    assert.is(s!.concepts, indexCompanyFacts(d.bytes).concepts.length);
    assert.equal(records(c, s!.from, s!.to), ref.facts, d.name);
    assert.is(s!.newest, ref.facts.reduce<string | undefined>((m, f) => (!m || f.filed > m ? f.filed : m), undefined));
  }
});

scan('irregular documents go to the reference parser, which reads or refuses them as before', () => {
  const plain = new Set(['CIK0000000007.json', 'CIK0000000008.json']);
  for (const [name, text] of Object.entries(CRAFTED)) {
    const bytes = Buffer.from(text);
    const c = new FactColumns();
    const s = scanCompanyFacts(bytes, c);
    assert.is(s !== null, plain.has(name), `${name}: scanned ${s !== null}`);
    assert.is(c.n, s ? s.to : 0, 'an irregular document leaves no rows behind');
    let ref: FactRecord[] | Error;
    try {
      ref = parseCompanyFacts(bytes).facts;
    } catch (err) {
      ref = err as Error;
    }
    let mine: FactRecord[] | Error;
    try {
      const d: ReturnType<typeof factColumnsOf> = s ?? factColumnsOf(bytes, c);
      mine = d.invalid ?? records(c, d.from, d.to);
    } catch (err) {
      mine = err as Error;
    }
    if (ref instanceof Error) assert.is((mine as Error).message, ref.message, name);
    else assert.equal(mine, ref, name);
  }
  // The escaped fp reads as 'FY'; index-like units come first, as Object.entries orders them.
  const one = parseCompanyFacts(Buffer.from(CRAFTED['CIK0000000001.json']!)).facts;
  assert.equal(one.map((f) => f.fp), ['FY', 'FY', 'FY', null, 'FY', 'FY', 'FY', 'FY', null]);
  assert.equal(one.map((f) => f.value).slice(0, 1).concat(one.slice(4, 8).map((f) => f.value)), [125, 1500, -0, 0.1, 12345678901234568]);
  assert.equal(parseCompanyFacts(Buffer.from(CRAFTED['CIK0000000002.json']!)).facts.map((f) => f.unit), ['7', 'USD']);
});

scan.run();

// ---

/**
 * The per-document load as it was before the bulk path (reference parser, row appender, one
 * transaction per document), its rows dictionary-coded by SQL as migration 0630 codes a warehouse's
 * facts: new entries after the highest id, in the order the document first uses them.
 */
const same = (cols: string[]): string => cols.map((c) => `e.${c} IS NOT DISTINCT FROM f.${c}`).join(' AND ');
const DICTIONARY_SQL = (table: string, cols: string[], where = 'true'): string => `INSERT INTO ${table}
  SELECT (SELECT coalesce(max(id), 0) FROM ${table}) + row_number() OVER (ORDER BY first), * EXCLUDE (first)
  FROM (SELECT ${cols.join(', ')}, min(rowid) AS first FROM ref_facts f WHERE ${where} AND NOT EXISTS (SELECT 1 FROM ${table} e WHERE ${same(cols)}) GROUP BY ALL)`;
const ENCODE_SQL = [
  DICTIONARY_SQL('fact_concepts', ['taxonomy', 'concept', 'unit']),
  DICTIONARY_SQL('fact_filings', ['accession', 'form', 'fy', 'fp', 'filed']),
  DICTIONARY_SQL('fact_frames', ['frame'], 'frame IS NOT NULL'),
  `INSERT INTO fact_values SELECT f.cik, c.id, g.id, f.period_start, f.period_end, f.value, r.id FROM ref_facts f
    JOIN fact_concepts c ON c.taxonomy = f.taxonomy AND c.concept = f.concept AND c.unit = f.unit
    JOIN fact_filings g ON g.accession = f.accession AND g.form = f.form AND g.fy IS NOT DISTINCT FROM f.fy AND g.fp IS NOT DISTINCT FROM f.fp AND g.filed = f.filed
    LEFT JOIN fact_frames r ON r.frame = f.frame
    ORDER BY f.rowid`,
  'DELETE FROM ref_facts',
];
const perDocumentJob: Job<CompanyFactsIndex> = {
  name: fundamentalsJob.name,
  description: fundamentalsJob.description,
  schedule: fundamentalsJob.schedule,
  documents: fundamentalsJob.documents,
  parse: (d) => indexCompanyFacts(d.bytes),
  async load(index, ctx) {
    await ctx.db.run('DELETE FROM fact_values WHERE cik = $1', [index.cik]);
    await ctx.db.run('DELETE FROM fact_entities WHERE cik = $1', [index.cik]);
    await ctx.db.run('CREATE TEMP TABLE IF NOT EXISTS ref_facts AS SELECT * FROM facts LIMIT 0');
    let rows = 0;
    let newest: string | undefined;
    for (const batch of factBatches(index)) {
      for (const f of batch) if (!newest || f.filed > newest) newest = f.filed;
      rows += await appendRows(ctx.conn, 'ref_facts', batch.map((f) => [f.cik, f.taxonomy, f.concept, f.unit, f.start, f.end, f.value, f.accession, f.fy, f.fp, f.form, f.filed, f.frame]));
    }
    for (const sql of ENCODE_SQL) await ctx.db.run(sql);
    await appendRows(ctx.conn, 'fact_entities', [[index.cik, index.entityName, rows, index.concepts.length]]);
    return { rowsIn: rows, rowsOut: rows + 1, watermark: newest };
  },
  // Derived in passes of 3 companies (the job's own run derives them all in one pass): the
  // derived tables compared below must not depend on the passes.
  finish: (ctx) => deriveFundamentals(ctx, null, 3),
};

const TABLES: Record<string, string> = {
  // The view's rows in the order they were written.
  facts: `SELECT v.cik, c.taxonomy, c.concept, c.unit, v.period_start, v.period_end, v.value, g.accession, g.fy, g.fp, g.form, g.filed, r.frame
    FROM fact_values v JOIN fact_concepts c ON c.id = v.concept_id JOIN fact_filings g ON g.id = v.filing_id LEFT JOIN fact_frames r ON r.id = v.frame_id
    ORDER BY v.rowid`,
  // The same ids either way.
  fact_values: 'SELECT * FROM fact_values ORDER BY rowid',
  fact_concepts: 'SELECT * FROM fact_concepts ORDER BY id',
  fact_filings: 'SELECT * FROM fact_filings ORDER BY id',
  fact_frames: 'SELECT * FROM fact_frames ORDER BY id',
  fact_entities: 'SELECT * FROM fact_entities ORDER BY ALL',
  fund_periods: 'SELECT * FROM fund_periods ORDER BY ALL',
  fund_values: 'SELECT * FROM fund_values ORDER BY ALL',
  fund_statements: 'SELECT * FROM fund_statements ORDER BY ALL',
  ledger: 'SELECT doc_path, sha256, outcome FROM pipeline_documents ORDER BY ALL',
  quarantine: 'SELECT doc_path, reason FROM pipeline_quarantine ORDER BY ALL',
};

/** `sources` with its keys sorted: json_group_object's order follows the parallel aggregation, run to run. */
function sortedSources(row: Record<string, unknown>): Record<string, unknown> {
  if (typeof row.sources !== 'string') return row;
  const o = JSON.parse(row.sources) as Record<string, unknown>;
  return { ...row, sources: Object.fromEntries(Object.keys(o).sort().map((k) => [k, o[k]])) };
}

async function build(job: Job<never>, mirror: string, parseWorkers = 0): Promise<{ result: RunResult; tables: Record<string, unknown[]> }> {
  const dataDir = tempDir();
  const result = await runPipelines({ dataDir, source: mirrorSource(mirror), jobList: [job], threads: 2, publish: false, parseWorkers });
  const tables: Record<string, unknown[]> = {};
  for (const [name, sql] of Object.entries(TABLES)) tables[name] = (await queryBuild<Record<string, unknown>>(dataDir, sql)).map(sortedSources);
  return { result, tables };
}

const bulk = suite('bulk load = per-document load');

bulk('same facts in the same order, same entities, ledger, quarantine and derived tables; batches of ~1 MB', async () => {
  const mirror = tempDir();
  const dir = path.join(mirror, COMPANYFACTS_DIR);
  mkdirSync(dir, { recursive: true });
  // Real documents under new CIKs (so several batches), and the crafted ones between them.
  realDocuments({ shared: false }).forEach((d, i) => writeFileSync(path.join(dir, `CIK${String(100 + i).padStart(10, '0')}.json`), d.bytes));
  for (const [name, text] of Object.entries(CRAFTED)) writeFileSync(path.join(dir, name), text);
  const before = await build(perDocumentJob as Job<never>, mirror);
  const summary = (r: RunResult) => r.runs.map((x) => [x.status, x.docsTotal, x.docsOk, x.docsQuarantined, x.rowsIn, x.rowsOut, x.watermark]);
  assert.ok((before.tables.facts as unknown[]).length > 10_000, `${(before.tables.facts as unknown[]).length} facts`);
  assert.is((before.tables.quarantine as unknown[]).length, 4, JSON.stringify(before.tables.quarantine));
  // Parsed on the runner's thread, then in two parse workers (pipelines/parse-pool.ts).
  for (const workers of [0, 2]) {
    const after = await build({ ...fundamentalsJob, batchBytes: 1024 * 1024 } as Job<never>, mirror, workers);
    assert.equal(summary(after.result), summary(before.result), `${workers} workers`);
    for (const name of Object.keys(TABLES)) {
      const a = after.tables[name]!;
      const b = before.tables[name]!;
      assert.is(a.length, b.length, `${workers} workers: ${name}: row count`);
      // Row by row (a first difference says where, without printing a 100,000-row diff).
      const i = b.findIndex((row, k) => JSON.stringify(row) !== JSON.stringify(a[k]));
      assert.is(i, -1, `${workers} workers: ${name}: row ${i}: ${JSON.stringify(a[i])} vs ${JSON.stringify(b[i])}`);
    }
  }
});

bulk('a run stopped after a batch committed resumes with the documents after it: nothing loaded twice, the same warehouse', async () => {
  const mirror = tempDir();
  const dir = path.join(mirror, COMPANYFACTS_DIR);
  mkdirSync(dir, { recursive: true });
  realDocuments({ shared: false }).forEach((d, i) => writeFileSync(path.join(dir, `CIK${String(100 + i).padStart(10, '0')}.json`), d.bytes));
  const job = { ...fundamentalsJob, batchBytes: 1024 * 1024 } as Job<never>;
  const dataDir = tempDir();
  const committed: string[] = [];
  const stopped = await runPipelines({
    dataDir, source: mirrorSource(mirror), jobList: [job], threads: 2, publish: false, incremental: true,
    afterDocument: (_job, doc) => {
      committed.push(doc);
      if (committed.length === 2) throw new Error('stopped');
    },
  });
  assert.is(stopped.status, 'failed');
  const ledger = await queryBuild<{ doc_path: string }>(dataDir, 'SELECT doc_path FROM pipeline_documents ORDER BY 1');
  const total = readdirSync(dir).length;
  assert.ok(ledger.length >= 2 && ledger.length < total, `${ledger.length} of ${total} recorded`);
  // Only whole documents: every recorded document's company has its facts, no other company has any.
  const entities = await queryBuild<{ n: number }>(dataDir, 'SELECT count(*)::INTEGER AS n FROM fact_entities');
  const ciks = await queryBuild<{ n: number }>(dataDir, 'SELECT count(DISTINCT cik)::INTEGER AS n FROM facts');
  assert.is(ciks[0]!.n, entities[0]!.n);
  // Resumed with parse workers: they hash each document and skip the ones the ledger has.
  const resumed = await runPipelines({ dataDir, source: mirrorSource(mirror), jobList: [job], threads: 2, publish: false, incremental: true, parseWorkers: 2 });
  assert.is(resumed.status, 'success');
  assert.is(resumed.runs[0]!.docsSkipped, ledger.length, 'the committed documents are not loaded again');
  assert.is(resumed.runs[0]!.docsNew, total - ledger.length);
  const whole = await build(job, mirror);
  assert.equal(await queryBuild(dataDir, TABLES.facts!), whole.tables.facts);
});

bulk.run();
