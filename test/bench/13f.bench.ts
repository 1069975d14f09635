/**
 * 13F information-table load speed (issue 7): rows per second from XML bytes into the warehouse
 * (parse + unit decision + DuckDB append, the job's own code path) as a ratio to a bare
 * fast-xml-parser parse of the same bytes, measured in the same run; peak memory on a 50,000-row
 * table (a real table scaled up); and the projected time for a whole quarter (about 8,000 filers,
 * 3.5 million rows) on this machine, network excluded.
 *
 * Run: node --import tsx test/bench/13f.bench.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { openBuild } from '../../pipelines/runner.ts';
import { decideUnits, parseInfoTable } from '../../pipelines/parsers/form13f.ts';
import { transaction } from '../../warehouse/db.ts';
import { appendRows } from '../../warehouse/load.ts';
import { tempDir } from '../helpers.ts';

const REAL = path.resolve(import.meta.dirname, '../../../shared/data/13f/13F-HR.infotable.xml');
const FIXTURE = path.resolve(import.meta.dirname, '../fixtures/ownership/13f-2024q1-infotable.xml');
const source = existsSync(REAL) ? REAL : FIXTURE;
const TARGET_ROWS = 50_000;
const QUARTER_ROWS = 3_500_000;
const QUARTER_FILERS = 8_000;

/** Scales a real table up to `n` rows by repeating its rows (CUSIPs varied so rows stay distinct). */
function scale(xml: string, n: number): string {
  const text = xml.trimStart();
  const rows = [...text.matchAll(/<((?:\w+:)?)infoTable>[\s\S]*?<\/\1infoTable>/g)].map((m) => m[0]);
  const open = text.slice(0, text.indexOf(rows[0]!));
  const close = text.slice(text.lastIndexOf(rows[rows.length - 1]!) + rows[rows.length - 1]!.length);
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(rows[i % rows.length]!.replace(/cusip>([0-9A-Z]{3})[0-9A-Z]{6}</, (_m, p: string) => `cusip>${p}${String(i).padStart(6, '0')}<`));
  return open + out.join('\n') + close;
}

const xml = scale(readFileSync(source, 'utf8'), TARGET_ROWS);
const bytes = Buffer.from(xml);
console.log(`13f bench: ${TARGET_ROWS} rows, ${(bytes.length / 1e6).toFixed(1)} MB (scaled from ${path.basename(source)})`);

function timeIt(fn: () => void | Promise<void>): Promise<number> {
  const t = process.hrtime.bigint();
  const r = fn();
  return Promise.resolve(r).then(() => Number(process.hrtime.bigint() - t) / 1e9);
}

// Baseline: a bare fast-xml-parser parse of the same bytes.
const bare = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true });
await timeIt(() => void bare.parse(bytes.toString('utf8')));
let baseline = Infinity;
for (let i = 0; i < 3; i++) baseline = Math.min(baseline, await timeIt(() => void bare.parse(bytes.toString('utf8'))));

// The job's path: parse + decide units + delete/append in one transaction.
const dir = tempDir('almanac-bench-');
const { conn, db, instance } = await openBuild(dir, { threads: 2 });
let peakRss = 0;
let peakHeap = 0;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
}, 5);
const rssBefore = process.memoryUsage().rss;
async function loadOnce(accession: string, input: Buffer): Promise<number> {
  const rows = parseInfoTable(input);
  const units = decideUnits(rows, null, '2024-05-15');
  const factor = units.unit === 'thousands' ? 1000 : 1;
  await transaction(conn, async () => {
    await db.run('DELETE FROM f13_holdings WHERE accession = $1', [accession]);
    await appendRows(
      conn,
      'f13_holdings',
      rows.map((r) => [accession, r.row, 1, '2024-03-31', '2024-05-15', r.issuer, r.titleOfClass, r.cusip, r.figi, r.value * factor, r.shares, r.shareType, r.putCall, r.investmentDiscretion, r.otherManagers, r.voteSole, r.voteShared, r.voteNone]),
    );
  });
  return rows.length;
}
await loadOnce('warmup', bytes);
let full = Infinity;
for (let i = 0; i < 3; i++) full = Math.min(full, await timeIt(async () => void (await loadOnce(`0000000000-24-00000${i}`, bytes))));
clearInterval(sampler);

// Per-filing overhead: a typical small table (the real one unscaled), many times.
const small = Buffer.from(readFileSync(source, 'utf8'));
const smallRows = parseInfoTable(small).length;
const reps = 40;
const smallTime = await timeIt(async () => {
  for (let i = 0; i < reps; i++) await loadOnce(`small-${i}`, small);
});
conn.closeSync();
instance.closeSync();

const rowsPerSec = TARGET_ROWS / full;
const bareRowsPerSec = TARGET_ROWS / baseline;
const perFiling = Math.max(0, smallTime / reps - smallRows / rowsPerSec);
const projected = QUARTER_ROWS / rowsPerSec + QUARTER_FILERS * perFiling;
console.log(`bare fast-xml-parser parse: ${baseline.toFixed(3)} s (${Math.round(bareRowsPerSec)} rows/s)`);
console.log(`parse + units + warehouse load: ${full.toFixed(3)} s (${Math.round(rowsPerSec)} rows/s)`);
console.log(`ratio (load / bare parse, rows per second): ${(rowsPerSec / bareRowsPerSec).toFixed(3)}`);
console.log(`peak memory during the 50,000-row loads: rss ${(peakRss / 1e6).toFixed(0)} MB (+${((peakRss - rssBefore) / 1e6).toFixed(0)} MB), heap ${(peakHeap / 1e6).toFixed(0)} MB`);
console.log(`per-filing overhead (${smallRows}-row tables x ${reps}): ${(perFiling * 1000).toFixed(1)} ms`);
console.log(`projected whole quarter (${QUARTER_FILERS} filers, ${QUARTER_ROWS} rows, network excluded): ${(projected / 60).toFixed(1)} min`);
