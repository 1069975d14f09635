/**
 * Companyfacts ingestion: MB/s of a large companyfacts document parsed and loaded into the build
 * database by the fundamentals job (index pass + per-concept parse + appender), as a ratio to plain
 * `JSON.parse` of the same bytes measured in the same run; and the peak memory (max RSS) of each,
 * every measurement in its own process so the peaks do not mix.
 *
 * The document is built by replicating the concepts of Apple's real companyfacts file
 * (../shared/data, if present; else the sample's) under new names up to BENCH_MB megabytes.
 *
 * Run: node --import tsx test/bench/fundamentals-ingest.bench.ts   (BENCH_MB, default 200)
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SAMPLE_DIR } from '../../schema/config.ts';
import { tempDir } from '../helpers.ts';

const mode = process.argv[2];

if (mode === 'parse' || mode === 'ingest' || mode === 'read') {
  const file = process.argv[3]!;
  // JS heap high-water mark (sampled; after the parse for the synchronous JSON.parse), apart from RSS,
  // which also counts DuckDB's buffers for the rows of the open transaction.
  let heapPeak = 0;
  const sample = (): void => {
    heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  };
  setInterval(sample, 5).unref();
  const started = performance.now();
  const bytes = readFileSync(file);
  const readMs = performance.now() - started;
  let rows = 0;
  const t0 = performance.now();
  if (mode === 'parse') {
    const doc = JSON.parse(bytes.toString('utf8')) as { facts: Record<string, Record<string, { units: Record<string, unknown[]> }>> };
    for (const t of Object.values(doc.facts)) for (const c of Object.values(t)) for (const u of Object.values(c.units)) rows += u.length;
    sample();
  } else if (mode === 'ingest') {
    const { openBuild } = await import('../../pipelines/runner.ts');
    const { transaction } = await import('../../warehouse/db.ts');
    const { fundamentalsJob } = await import('../../pipelines/jobs/fundamentals.ts');
    const { db, conn, instance } = await openBuild(process.argv[4]!, { threads: 2 });
    const t1 = performance.now();
    const index = await fundamentalsJob.parse({ path: file, bytes }, {} as never);
    const loaded = await transaction(conn, () => fundamentalsJob.load(index, { db, conn } as never, { path: file, bytes }));
    rows = loaded.rowsIn;
    const ms = performance.now() - t1;
    conn.closeSync();
    instance.closeSync();
    sample();
    process.stdout.write(JSON.stringify({ ms, readMs, rows, maxRssMb: process.resourceUsage().maxRSS / 1024, heapPeakMb: heapPeak / 1048576 }) + '\n');
    process.exit(0);
  }
  const ms = performance.now() - t0;
  sample();
  process.stdout.write(JSON.stringify({ ms, readMs, rows, maxRssMb: process.resourceUsage().maxRSS / 1024, heapPeakMb: heapPeak / 1048576 }) + '\n');
  process.exit(0);
}

// ---- parent: build the document, then measure each mode in a child process ----
const targetMb = Number(process.env.BENCH_MB ?? 200);
const real = path.resolve(import.meta.dirname, '../../../shared/data/sec_xbrl_json/companyfacts/CIK0000320193.json');
const seedFile = existsSync(real) ? real : path.join(SAMPLE_DIR, 'data.sec.gov/api/xbrl/companyfacts/CIK0000320193.json');
const seed = JSON.parse(readFileSync(seedFile, 'utf8')) as { facts: Record<string, Record<string, unknown>> };
const dir = tempDir('almanac-bench-');
const file = path.join(dir, 'CIK0000320193.json');
const out = createWriteStream(file);
const write = (s: string): Promise<void> => new Promise((resolve) => (out.write(s) ? resolve() : out.once('drain', () => resolve())));
await write('{"cik":320193,"entityName":"Apple Inc.","facts":{');
let written = 0;
let copy = 0;
const taxonomies = Object.entries(seed.facts);
const perCopy = JSON.stringify(seed.facts).length;
const copies = Math.max(1, Math.ceil((targetMb * 1024 * 1024) / perCopy));
for (let ti = 0; ti < taxonomies.length; ti++) {
  const [tax, concepts] = taxonomies[ti]!;
  await write(`${ti ? ',' : ''}${JSON.stringify(tax)}:{`);
  let first = true;
  for (copy = 0; copy < copies; copy++) {
    for (const [name, body] of Object.entries(concepts)) {
      const s = `${first ? '' : ','}${JSON.stringify(copy ? `${name}X${copy}` : name)}:${JSON.stringify(body)}`;
      first = false;
      written += s.length;
      await write(s);
    }
  }
  await write('}');
}
await write('}}');
await new Promise<void>((resolve) => out.end(resolve));
const mb = statSync(file).size / 1024 / 1024;

function child(args: string[]): { ms: number; readMs: number; rows: number; maxRssMb: number; heapPeakMb: number } {
  const r = spawnSync(process.execPath, ['--max-old-space-size=8192', '--import', 'tsx', import.meta.filename, ...args], { encoding: 'utf8', maxBuffer: 1 << 20 });
  if (r.status !== 0) throw new Error(`child ${args[0]} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!);
}

const read = child(['read', file]);
const parse = child(['parse', file]);
const ingest = child(['ingest', file, tempDir('almanac-bench-')]);
const mbps = (ms: number): number => mb / (ms / 1000);
process.stdout.write(`document: ${mb.toFixed(1)} MB (${copies} copies of ${path.basename(path.dirname(path.dirname(seedFile)))}/${path.basename(seedFile)}), ${ingest.rows.toLocaleString('en-US')} facts\n`);
process.stdout.write(`baseline JSON.parse            ${mbps(parse.ms).toFixed(1)} MB/s  (${parse.ms.toFixed(0)} ms)  peak RSS ${parse.maxRssMb.toFixed(0)} MB  JS heap ${parse.heapPeakMb.toFixed(0)} MB\n`);
process.stdout.write(`companyfacts -> facts table     ${mbps(ingest.ms).toFixed(1)} MB/s  (${ingest.ms.toFixed(0)} ms)  peak RSS ${ingest.maxRssMb.toFixed(0)} MB  JS heap ${ingest.heapPeakMb.toFixed(0)} MB  (x${(mbps(ingest.ms) / mbps(parse.ms)).toFixed(2)} of JSON.parse)\n`);
process.stdout.write(`reading the bytes alone: peak RSS ${read.maxRssMb.toFixed(0)} MB  JS heap ${read.heapPeakMb.toFixed(0)} MB (the document is a Buffer outside the heap)\n`);
