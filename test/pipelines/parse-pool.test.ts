/**
 * The parse workers (pipelines/parse-pool.ts): results in the order documents went in, a refused
 * document as its error, an unchanged document skipped by its hash, a dead worker failing every
 * document waiting on it, and a run whose workers cannot start failing (nothing published).
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { Job } from '../../pipelines/jobs/interface.ts';
import { ParsePool, parseWorkerCount, type PoolResult } from '../../pipelines/parse-pool.ts';
import { runPipelines } from '../../pipelines/runner.ts';
import { mirrorSource } from '../../pipelines/sources/mirror.ts';
import { currentVersion } from '../../warehouse/snapshots.ts';
import { tempDir } from '../helpers.ts';

const FIXTURE = new URL('./parse-pool-fixture.ts', import.meta.url).href;
const spec = (name = 'parseNumbers') => ({ module: FIXTURE, name, revive: (v: unknown) => [...(v as { numbers: Int32Array }).numbers] });
/** The message a promise rejects with ('' when it resolves). */
const rejection = (p: Promise<unknown>): Promise<string> => p.then(() => '', (err: Error) => err.message);
const sha = (s: string): string => createHash('sha256').update(s).digest('hex');

const pool = suite('ParsePool');

pool('parses in workers; answers come back per document, with its hash, whichever worker was faster', async () => {
  const p = new ParsePool(spec(), 2);
  try {
    const docs = Array.from({ length: 40 }, (_, i) => Array.from({ length: 1 + ((i * 7919) % 5000) }, (_, k) => k + i).join(','));
    const results = await Promise.all(docs.map((d) => p.parse(Buffer.from(d))));
    results.forEach((r, i) => {
      assert.is(r.sha, sha(docs[i]!));
      assert.equal((r as { parsed: number[] }).parsed, docs[i]!.split(',').map(Number));
    });
  } finally {
    await p.close();
  }
});

pool('a refused document comes back as its error; one whose hash is known is not parsed', async () => {
  const p = new ParsePool(spec(), 1);
  try {
    const bad = (await p.parse(Buffer.from('bad input'))) as Extract<PoolResult<number[]>, { error: Error }>;
    assert.is(bad.error.message, 'not numbers: bad input');
    assert.is(bad.error.name, 'QuarantineError');
    assert.is(bad.sha, sha('bad input'));
    // Bytes the ledger has: skipped, whatever they hold.
    assert.equal(await p.parse(Buffer.from('bad input'), sha('bad input')), { sha: sha('bad input'), skipped: true });
    assert.equal(await p.parse(Buffer.from('1,2'), sha('1,3')), { sha: sha('1,2'), parsed: [1, 2] });
  } finally {
    await p.close();
  }
});

pool('a worker that dies fails the documents waiting on it and every later one', async () => {
  const p = new ParsePool(spec(), 1);
  try {
    const waiting = [p.parse(Buffer.from('crash')), p.parse(Buffer.from('1'))];
    for (const w of waiting) assert.match(await rejection(w), /exited with code 3/);
    assert.match(await rejection(p.parse(Buffer.from('2'))), /exited with code 3/);
  } finally {
    await p.close();
  }
});

pool('a parse function that is not there fails the documents', async () => {
  const p = new ParsePool(spec('notAFunction'), 1);
  try {
    assert.match(await rejection(p.parse(Buffer.from('1'))), /has no function notAFunction/);
  } finally {
    await p.close();
  }
});

pool('ALMANAC_PARSE_WORKERS: a whole number, 0 = none; anything else refused', () => {
  const saved = process.env.ALMANAC_PARSE_WORKERS;
  try {
    process.env.ALMANAC_PARSE_WORKERS = '0';
    assert.is(parseWorkerCount(), 0);
    process.env.ALMANAC_PARSE_WORKERS = '3';
    assert.is(parseWorkerCount(), 3);
    process.env.ALMANAC_PARSE_WORKERS = 'many';
    assert.throws(() => parseWorkerCount(), /whole number/);
    delete process.env.ALMANAC_PARSE_WORKERS;
    assert.ok(parseWorkerCount() >= 1 && parseWorkerCount() <= 4);
  } finally {
    if (saved === undefined) delete process.env.ALMANAC_PARSE_WORKERS;
    else process.env.ALMANAC_PARSE_WORKERS = saved;
  }
});

pool.run();

// ---

/** A job loading `numbers/*.txt` (comma-separated integers) into `numbers`, parsed in workers. */
function numbersJob(name: string): Job<number[]> {
  const parse = (bytes: Uint8Array): number[] => {
    const text = new TextDecoder().decode(bytes);
    if (text.startsWith('bad')) throw new Error(`not numbers: ${text}`);
    return text.split(',').map(Number);
  };
  const loadMany = async (docs: number[][], ctx: Parameters<NonNullable<Job['loadMany']>>[1]) => {
    await ctx.db.run('CREATE TABLE IF NOT EXISTS numbers (n INTEGER)');
    for (const d of docs) await ctx.db.run('INSERT INTO numbers SELECT unnest($1::INTEGER[])', [d]);
    return docs.map((d) => ({ rowsIn: d.length, rowsOut: d.length }));
  };
  return {
    name: 'numbers',
    description: 'test job',
    schedule: '0 0 * * *',
    documents: async (ctx) => (await ctx.source.list('numbers')) ?? [],
    parse: (doc) => parse(doc.bytes),
    load: async (p, ctx) => (await loadMany([p], ctx))[0]!,
    loadMany,
    parseInWorker: spec(name),
  };
}

const run = suite('runner with parse workers');

function numbersMirror(): string {
  const mirror = tempDir();
  mkdirSync(path.join(mirror, 'numbers'), { recursive: true });
  for (let i = 0; i < 12; i++) writeFileSync(path.join(mirror, 'numbers', `${String(i).padStart(2, '0')}.txt`), i === 5 ? 'bad five' : `${i},${i * 10}`);
  return mirror;
}

run('the same ledger, quarantine and rows as parsed in-thread; a second run skips every document', async () => {
  const mirror = numbersMirror();
  const outcomes = [];
  for (const workers of [0, 2]) {
    const dataDir = tempDir();
    const r = await runPipelines({ dataDir, source: mirrorSource(mirror), jobList: [numbersJob('parseNumbers')], threads: 1, publish: false, incremental: true, parseWorkers: workers });
    const again = await runPipelines({ dataDir, source: mirrorSource(mirror), jobList: [numbersJob('parseNumbers')], threads: 1, publish: false, incremental: true, parseWorkers: workers });
    outcomes.push([r.runs[0]!.status, r.runs[0]!.docsOk, r.runs[0]!.rowsIn, r.runs[0]!.quarantined, again.runs[0]!.docsSkipped, again.runs[0]!.docsNew]);
  }
  // The quarantined document is recorded with its hash: the second run skips it too.
  assert.equal(outcomes[0], ['partial', 11, 22, [{ path: 'numbers/05.txt', reason: 'parse failed: not numbers: bad five' }], 12, 0]);
  assert.equal(outcomes[1], outcomes[0]);
});

run('workers that cannot parse fail the job: nothing published', async () => {
  const dataDir = tempDir();
  const r = await runPipelines({ dataDir, source: mirrorSource(numbersMirror()), jobList: [numbersJob('notAFunction')], threads: 1, parseWorkers: 1 });
  assert.is(r.status, 'failed');
  assert.match(r.runs[0]!.error ?? '', /has no function notAFunction/);
  assert.is(r.snapshot, null);
  assert.is(await currentVersion(dataDir), null);
});

run.run();
