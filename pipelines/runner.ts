/**
 * The runner: the single writer of the build database. For each job it lists documents, fetches,
 * parses and loads each one in its own transaction, keeps the run ledger (`pipeline_runs`,
 * `pipeline_quarantine`, `pipeline_notes`), and after a run with no failed job checkpoints the build
 * database and publishes it as a new immutable snapshot.
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { connectionDb, openDatabase, transaction, type Db } from '../warehouse/db.ts';
import { migrate } from '../warehouse/migrate.ts';
import { buildFile, currentVersion, listSnapshots, newVersion, pinnedVersion, pointTo, publishSnapshot, snapshotFile } from '../warehouse/snapshots.ts';
import { recoverBuild } from './build-recovery.ts';
import { findJob, JOBS, type AnyJob } from './jobs/index.ts';
import { ParsePool, parseWorkerCount, type PoolResult } from './parse-pool.ts';
import type { JobContext, LoadResult } from './jobs/interface.ts';
import { silentProgress, type Progress } from './progress.ts';
import type { Source, SourceDocument, SourceStats } from './sources/index.ts';

export type RunStatus = 'success' | 'partial' | 'failed';

export interface JobRunResult {
  runId: string;
  job: string;
  status: RunStatus;
  docsTotal: number;
  docsOk: number;
  docsQuarantined: number;
  /** Incremental bookkeeping: documents loaded for the first time, loaded again with new bytes, or passed over unchanged. */
  docsNew: number;
  docsChanged: number;
  docsSkipped: number;
  /** Per upstream host: what the HTTP source did for this job. */
  sources: Record<string, SourceStats>;
  rowsIn: number;
  rowsOut: number;
  watermark: string | null;
  quarantined: { path: string; reason: string }[];
  error?: string;
}

export interface RunResult {
  status: RunStatus;
  runs: JobRunResult[];
  /** The snapshot version published, or null (nothing published: a job failed, publish was off, or nothing changed). */
  snapshot: string | null;
  /** Why nothing was published, when nothing was. */
  unpublished?: 'failed' | 'disabled' | 'unchanged';
  /** A snapshot was built but readers stay on the pinned one (`almanac pipelines rollback`). */
  pinned?: string;
}

export interface RunOptions {
  dataDir: string;
  source: Source;
  /** Job names; empty = every job, in registry order. */
  jobs?: string[];
  /** Jobs given directly instead of by name (tests, one-off tools). */
  jobList?: AnyJob[];
  since?: string;
  /**
   * Incremental run (the scheduler, and `run` on the live source): documents whose bytes this job
   * already loaded are passed over, a job whose inputs did not change since its last run skips its
   * derivations, and a run that changed nothing publishes nothing. Off = every document is parsed
   * and loaded again (re-parses after a parser change: `run --full`).
   */
  incremental?: boolean;
  /** Backfill a period through the EDGAR full index (pipelines/backfill.ts) instead of the daily index. */
  backfill?: { from: string; to: string };
  /** Today's date (YYYY-MM-DD, UTC) for discovery; default the real date (tests pin it). */
  today?: string;
  publish?: boolean;
  keepSnapshots?: number;
  threads?: number;
  memoryLimit?: string;
  progress?: Progress;
  /**
   * Worker threads that hash and parse for a job with `parseInWorker` (pipelines/parse-pool.ts);
   * 0 = on this thread. Default ALMANAC_PARSE_WORKERS or one per core, used from
   * PARSE_WORKERS_FROM documents on; given here, used whatever the count (tests).
   */
  parseWorkers?: number;
  /** Once the run holds the build database: the jobs it runs, in order (the named ones and those it adds). */
  started?: (jobs: string[]) => void;
  /** Test hook: after each document's transaction committed. */
  afterDocument?: (job: string, docPath: string) => void | Promise<void>;
}

/** A job run with fewer documents parses them on the runner's thread. */
const PARSE_WORKERS_FROM = 64;

/** The bytes of a document waiting in a batch (pipelines keep only its parsed form). */
const EMPTY = Buffer.alloc(0);

/** Resolves job names to jobs in registry order; unknown names throw. */
export function selectJobs(names: string[] = []): AnyJob[] {
  if (names.length === 0) return [...JOBS];
  for (const n of names) if (!findJob(n)) throw new Error(`unknown job "${n}" (jobs: ${JOBS.map((j) => j.name).join(', ')})`);
  const chosen = new Set([...names, ...derivedJobsOf(names).map((j) => j.name)]);
  return JOBS.filter((j) => chosen.has(j.name));
}

/**
 * The derived jobs (`Job.derived`) of the jobs named, and theirs in turn (a derivation of a
 * derivation), not named themselves, in run order: what a run of `names` also runs.
 */
export function derivedJobsOf(names: readonly string[]): AnyJob[] {
  const chosen = new Set(names);
  const added: AnyJob[] = [];
  for (let grew = true; grew; ) {
    grew = false;
    for (const j of JOBS) {
      if (j.derived && !chosen.has(j.name) && j.after?.some((a) => chosen.has(a))) {
        chosen.add(j.name);
        added.push(j);
        grew = true;
      }
    }
  }
  return JOBS.filter((j) => added.includes(j));
}

/**
 * The first line of `run` and `backfill` (as `RunOptions.started`): the jobs a run of `names` added,
 * derived from them or owed a rebuild by an earlier run; nothing when it added none. No names is
 * a run of every job (`run --all`): nothing is added to it.
 */
export function alsoRunning(names: readonly string[], out: (line: string) => void): (jobs: string[]) => void {
  return (jobs) => {
    if (!names.length) return;
    const derived = new Set(derivedJobsOf(names).map((j) => j.name));
    const added = jobs.filter((j) => !names.includes(j));
    const from = added.filter((j) => derived.has(j));
    const owed = added.filter((j) => !derived.has(j));
    if (from.length) out(`also running ${from.join(', ')}: derived from the jobs named, rebuilt with them`);
    if (owed.length) out(`also running ${owed.join(', ')}: an earlier run loaded their inputs and they were not rebuilt since`);
  };
}

/**
 * Derived jobs that owe a rebuild: one of their inputs loaded documents after their last successful
 * run (a run whose derivation failed, or an input run that failed after committing some of its
 * documents), so the build holds new inputs beside old derivations. Every named run adds them, so
 * such a build is never published as it is (a review: `prices` loaded, `technicals` failed, and the
 * next `run macro` published new closes beside the old indicators).
 */
async function owedDerivations(db: Db, jobs: readonly AnyJob[]): Promise<AnyJob[]> {
  const owed: AnyJob[] = [];
  for (const j of JOBS) {
    if (!j.derived || !j.after?.length || jobs.some((x) => x.name === j.name)) continue;
    // Never ran to the end: owed once any input has loaded something.
    if (await inputsLoadedSince(db, j.after, (await lastCompleted(db, j)) ?? '1900-01-01')) owed.push(j);
  }
  return owed;
}

/** When `job` last ran to the end (success or partial), or null. */
async function lastCompleted(db: Db, job: AnyJob): Promise<string | null> {
  const [row] = await db.all<{ at: string | null }>(`SELECT max(started_at)::VARCHAR AS at FROM pipeline_runs WHERE job = $1 AND status IN ('success', 'partial')`, [job.name]);
  return row?.at ?? null;
}

/**
 * Whether a run of a job in `inputs` loaded new or changed documents after `since`, whatever the
 * run's status: a failed one may have committed some of its documents.
 */
async function inputsLoadedSince(db: Db, inputs: readonly string[], since: string): Promise<boolean> {
  const [row] = await db.all<{ n: number }>(
    `SELECT count(*)::INTEGER AS n FROM pipeline_runs WHERE job IN (SELECT unnest($1::VARCHAR[]))
       AND docs_new + docs_changed > 0 AND started_at > $2::TIMESTAMP`,
    [[...inputs], since],
  );
  return (row?.n ?? 0) > 0;
}

/** Opens the build database and applies migrations. */
export async function openBuild(dataDir: string, opts: { threads?: number; memoryLimit?: string } = {}): Promise<{ instance: DuckDBInstance; conn: DuckDBConnection; db: Db }> {
  await mkdir(dataDir, { recursive: true });
  const instance = await openDatabase(buildFile(dataDir), opts);
  const conn = await instance.connect();
  await migrate(conn);
  return { instance, conn, db: connectionDb(conn) };
}

const nowSql = 'now()::TIMESTAMP';

function statsDelta(before: Record<string, SourceStats>, after: Record<string, SourceStats>): Record<string, SourceStats> {
  const out: Record<string, SourceStats> = {};
  for (const [host, a] of Object.entries(after)) {
    const b = (before[host] ?? {}) as unknown as Partial<Record<string, number>>;
    const d = Object.fromEntries(Object.entries(a as unknown as Record<string, number>).map(([k, v]) => [k, v - (b[k] ?? 0)])) as unknown as SourceStats;
    if (Object.values(d).some((v) => v !== 0)) out[host] = d;
  }
  return out;
}

/** True when a job in `after` loaded new or changed documents since `job` last ran to the end (any status: see below). */
async function inputsChanged(db: Db, job: AnyJob): Promise<boolean> {
  const last = await lastCompleted(db, job);
  if (!last) return true;
  if (!job.after?.length) return false;
  return inputsLoadedSince(db, job.after, last);
}

async function runJob(job: AnyJob, base: Omit<JobContext, 'runId' | 'log' | 'note'>, opts: RunOptions, progress: Progress): Promise<JobRunResult> {
  const runId = randomUUID();
  const { db, conn } = base;
  const result: JobRunResult = {
    runId, job: job.name, status: 'success', docsTotal: 0, docsOk: 0, docsQuarantined: 0, docsNew: 0, docsChanged: 0, docsSkipped: 0,
    sources: {}, rowsIn: 0, rowsOut: 0, watermark: null, quarantined: [],
  };
  const ctx: JobContext = {
    ...base,
    runId,
    job: job.name,
    log: (m) => progress.log(`${job.name}: ${m}`),
    note: (docPath, kind, detail) =>
      db.run(`INSERT INTO pipeline_notes VALUES ($1, $2, $3, $4, $5, ${nowSql})`, [runId, job.name, docPath, kind, detail]),
  };
  const statsBefore = base.source.stats?.() ?? {};
  await db.run(`INSERT INTO pipeline_runs (run_id, job, source, started_at, status) VALUES ($1, $2, $3, ${nowSql}, 'running')`, [runId, job.name, base.source.name]);
  const quarantine = async (docPath: string, reason: string): Promise<void> => {
    result.docsQuarantined++;
    result.quarantined.push({ path: docPath, reason });
    await db.run(`INSERT INTO pipeline_quarantine VALUES ($1, $2, $3, $4, ${nowSql})`, [runId, job.name, docPath, reason]);
    progress.log(`${job.name}: quarantined ${docPath}: ${reason}`);
  };
  // What this job loaded before: document -> SHA-256 of the bytes.
  const known = new Map(
    (await db.all<{ doc_path: string; sha256: string }>('SELECT doc_path, sha256 FROM pipeline_documents WHERE job = $1', [job.name])).map((r) => [r.doc_path, r.sha256]),
  );
  const record = async (docPath: string, sha: string, outcome: 'loaded' | 'quarantined'): Promise<void> => {
    // Only a document seen before has a row to replace (a new one would cost a scan for nothing).
    if (known.has(docPath)) await db.run('DELETE FROM pipeline_documents WHERE job = $1 AND doc_path = $2', [job.name, docPath]);
    await db.run(`INSERT INTO pipeline_documents VALUES ($1, $2, $3, $4, $5, ${nowSql})`, [job.name, docPath, sha, outcome, runId]);
  };
  // A batch's ledger records in two statements instead of two per document.
  const recordLoaded = async (batch: { docPath: string; sha: string }[]): Promise<void> => {
    const seen = batch.filter((p) => known.has(p.docPath)).map((p) => p.docPath);
    if (seen.length) await db.run('DELETE FROM pipeline_documents WHERE job = $1 AND doc_path IN (SELECT unnest($2::VARCHAR[]))', [job.name, seen]);
    await db.run(
      `INSERT INTO pipeline_documents SELECT $1, unnest($2::VARCHAR[]), unnest($3::VARCHAR[]), 'loaded', $4, ${nowSql}`,
      [job.name, batch.map((p) => p.docPath), batch.map((p) => p.sha), runId],
    );
  };
  interface Parsed {
    docPath: string;
    sha: string;
    before: string | undefined;
    parsed: unknown;
    doc: SourceDocument;
  }
  const loaded = (p: Parsed, r: LoadResult): void => {
    known.set(p.docPath, p.sha);
    result.docsOk++;
    if (p.before === undefined) result.docsNew++;
    else if (p.before !== p.sha) result.docsChanged++;
    result.rowsIn += r.rowsIn;
    result.rowsOut += r.rowsOut;
    if (r.watermark && (!result.watermark || r.watermark > result.watermark)) result.watermark = r.watermark;
  };
  // One document, one transaction: its rows and its ledger record commit together or not at all.
  const loadOne = async (p: Parsed): Promise<void> => {
    try {
      loaded(p, await transaction(conn, async () => {
        const r = await job.load(p.parsed, ctx, p.doc);
        await record(p.docPath, p.sha, 'loaded');
        return r;
      }));
    } catch (err) {
      await quarantine(p.docPath, `load failed: ${(err as Error).message}`);
    }
  };
  // A job with loadMany: documents parsed and waiting for their batch's transaction. A batch commits
  // whole (every document's rows and ledger records) or not at all; a batch that fails is loaded
  // again one document per transaction, so only the bad document is quarantined.
  let pending: Parsed[] = [];
  let pendingBytes = 0;
  // The batch being written while the next one is fetched and parsed: DuckDB inserts and commits on
  // its own threads while this one parses. Everything else this loop writes waits for it (one
  // connection, one transaction at a time), and at most one batch is in flight.
  let inflight: Promise<void> | null = null;
  const settled = async (): Promise<void> => {
    const f = inflight;
    inflight = null;
    if (f) await f;
  };
  const flush = async (): Promise<void> => {
    const batch = pending;
    pending = [];
    pendingBytes = 0;
    if (batch.length === 0) return;
    let results: LoadResult[] | null = null;
    try {
      results = await transaction(conn, async () => {
        const r = await job.loadMany!(batch.map((p) => p.parsed), ctx);
        await recordLoaded(batch);
        return r;
      });
    } catch {
      results = null;
    }
    for (const [k, p] of batch.entries()) {
      if (results) loaded(p, results[k]!);
      else await loadOne(p);
      await opts.afterDocument?.(job.name, p.docPath);
    }
  };
  // A parsed document (or its parse error, or the news that its bytes were loaded before): batched,
  // loaded or quarantined. `size`: its bytes (a document parsed in a worker arrives without them).
  const take = async (docPath: string, doc: SourceDocument, size: number, before: string | undefined, r: PoolResult<unknown>): Promise<void> => {
    const { sha } = r;
    if (r.skipped) {
      result.docsSkipped++;
      progress.tick();
      return;
    }
    if ('error' in r) {
      await settled();
      await quarantine(docPath, `parse failed: ${r.error.message}`);
      await record(docPath, sha, 'quarantined');
      known.set(docPath, sha);
      progress.tick();
      return;
    }
    if (job.loadMany) {
      // The bytes are not kept: the parsed form is what the batch loads.
      pending.push({ docPath, sha, before, parsed: r.parsed, doc: { ...doc, bytes: EMPTY } });
      pendingBytes += size;
      progress.tick();
      if (pendingBytes >= (job.batchBytes ?? 64 * 1024 * 1024)) {
        await settled();
        inflight = flush();
        inflight.catch(() => undefined); // awaited (and thrown) by the next settled()
      }
      return;
    }
    await loadOne({ docPath, sha, before, parsed: r.parsed, doc });
    progress.tick();
    await opts.afterDocument?.(job.name, docPath);
  };
  // Documents in the parse workers, oldest first; taken in this order, so batches and the ledger
  // are what an in-thread run writes. Two per worker keep every worker busy while the oldest is taken.
  let pool: ParsePool<unknown> | null = null;
  const window: { docPath: string; doc: SourceDocument; size: number; before: string | undefined; result: Promise<PoolResult<unknown>> }[] = [];
  const takeOldest = async (): Promise<void> => {
    const w = window.shift()!;
    await take(w.docPath, w.doc, w.size, w.before, await w.result);
  };
  const drain = async (): Promise<void> => {
    while (window.length) await takeOldest();
  };
  try {
    const docs = await job.documents(ctx);
    result.docsTotal = docs.length;
    progress.start(job.name, docs.length);
    const workers = opts.parseWorkers ?? parseWorkerCount();
    // Starting a worker costs a few hundred ms (it loads the parser): worth it for a bulk load, not for a few documents.
    if (job.parseInWorker && job.loadMany && workers > 0 && (opts.parseWorkers !== undefined || docs.length >= PARSE_WORKERS_FROM)) {
      pool = new ParsePool(job.parseInWorker, workers);
    }
    for (const docPath of docs) {
      let doc: SourceDocument | null;
      try {
        doc = await base.source.get(docPath);
      } catch (err) {
        await drain();
        await settled();
        await quarantine(docPath, `fetch failed: ${(err as Error).message}`);
        progress.tick();
        continue;
      }
      if (!doc) {
        await drain();
        await settled();
        await quarantine(docPath, 'not found at the source');
        progress.tick();
        continue;
      }
      const before = known.get(docPath);
      if (pool) {
        const parsed = pool.parse(doc.bytes, opts.incremental ? before : undefined);
        // A dead pool fails the job at the oldest document; the rest of the window is not awaited then.
        parsed.catch(() => undefined);
        window.push({ docPath, doc: { ...doc, bytes: EMPTY }, size: doc.bytes.length, before, result: parsed });
        if (window.length > pool.size * 2) await takeOldest();
        continue;
      }
      const sha = createHash('sha256').update(doc.bytes).digest('hex');
      if (opts.incremental && before === sha) {
        await take(docPath, doc, doc.bytes.length, before, { sha, skipped: true });
        continue;
      }
      let parsed: PoolResult<unknown>;
      try {
        parsed = { sha, parsed: await job.parse(doc, ctx) };
      } catch (err) {
        parsed = { sha, error: err as Error };
      }
      await take(docPath, doc, doc.bytes.length, before, parsed);
    }
    await drain();
    await settled();
    await flush();
    // Derivations: skipped by an incremental run when neither this job's documents nor its inputs changed.
    const derive = !opts.incremental || result.docsNew + result.docsChanged > 0 || (await inputsChanged(db, job));
    if (job.finish && derive) {
      result.rowsOut += await transaction(conn, () => job.finish!(ctx));
      // A document-less job that derived again counts as a change (its inputs changed).
      if (docs.length === 0) result.docsChanged++;
    }
    result.status = result.docsQuarantined > 0 ? 'partial' : 'success';
  } catch (err) {
    await settled().catch(() => undefined);
    result.status = 'failed';
    result.error = (err as Error).message;
  } finally {
    await pool?.close();
  }
  // Keep the previous watermark when this run loaded nothing newer.
  if (!result.watermark) {
    const prev = await db.all<{ w: string | null }>(`SELECT max(watermark) AS w FROM pipeline_runs WHERE job = $1 AND run_id <> $2`, [job.name, runId]);
    result.watermark = prev[0]?.w ?? null;
  }
  result.sources = statsDelta(statsBefore, base.source.stats?.() ?? {});
  for (const [host, st] of Object.entries(result.sources)) {
    await db.run('INSERT INTO pipeline_source_stats VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)', [runId, job.name, host, st.requests, st.notModified, st.bytes, st.retries, st.failures, st.cached]);
  }
  if (result.docsNew + result.docsChanged > 0) await setState(db, 'unpublished', 'true');
  await db.run(
    `UPDATE pipeline_runs SET finished_at = ${nowSql}, status = $2, docs_total = $3, docs_ok = $4, docs_quarantined = $5,
       rows_in = $6, rows_out = $7, watermark = $8, error = $9, docs_new = $10, docs_changed = $11, docs_skipped = $12 WHERE run_id = $1`,
    [runId, result.status, result.docsTotal, result.docsOk, result.docsQuarantined, result.rowsIn, result.rowsOut, result.watermark, result.error ?? null, result.docsNew, result.docsChanged, result.docsSkipped],
  );
  const requests = Object.values(result.sources).reduce((n, st) => n + st.requests, 0);
  progress.done(
    `${job.name}: ${result.status} — ${result.docsOk}/${result.docsTotal} documents, ${result.rowsIn} records in, ${result.rowsOut} rows out` +
      (opts.incremental ? ` (${result.docsNew} new, ${result.docsChanged} changed, ${result.docsSkipped} unchanged)` : '') +
      (requests ? `, ${requests} requests` : '') +
      (result.docsQuarantined ? `, ${result.docsQuarantined} quarantined` : '') +
      (result.error ? `, error: ${result.error}` : ''),
  );
  return result;
}

async function setState(db: Db, key: string, value: string | null): Promise<void> {
  await db.run('DELETE FROM pipeline_state WHERE key = $1', [key]);
  if (value !== null) await db.run('INSERT INTO pipeline_state VALUES ($1, $2)', [key, value]);
}

async function getState(db: Db, key: string): Promise<string | null> {
  return (await db.all<{ value: string }>('SELECT value FROM pipeline_state WHERE key = $1', [key]))[0]?.value ?? null;
}

/** `version` is the newest snapshot on disk. */
async function isNewest(dataDir: string, version: string): Promise<boolean> {
  return (await listSnapshots(dataDir)).at(-1)?.version === version;
}

/** Runs jobs against the build database and publishes a snapshot when none failed. */
export async function runPipelines(opts: RunOptions): Promise<RunResult> {
  const named = opts.jobList ?? selectJobs(opts.jobs);
  let jobs = named;
  const progress = opts.progress ?? silentProgress();
  // A log left by a run that did not finish is folded in (or the database rebuilt) before it is opened.
  await recoverBuild(opts.dataDir, (line) => progress.log(line));
  const { instance, conn, db } = await openBuild(opts.dataDir, { threads: opts.threads, memoryLimit: opts.memoryLimit });
  const runs: JobRunResult[] = [];
  let snapshot: string | null = null;
  let unpublished: RunResult['unpublished'];
  let pinned: string | undefined;
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    conn.closeSync();
    instance.closeSync();
  };
  try {
    // A run that crashed left its ledger row 'running': it never finished, so say so.
    await db.run(`UPDATE pipeline_runs SET status = 'failed', error = 'interrupted (the process ended mid-run)', finished_at = ${nowSql} WHERE status = 'running'`);
    // A publish the process did not live to finish (killed during the copy) left the build saying
    // its changes were published, under a version that is not on disk: they are still to publish,
    // and no run names that snapshot (an operator found incremental runs never publishing them).
    const published = await getState(db, 'published');
    if (published !== null && !existsSync(snapshotFile(opts.dataDir, published))) {
      await db.run('UPDATE pipeline_runs SET snapshot = NULL WHERE snapshot = $1', [published]);
      await setState(db, 'published', null);
      await setState(db, 'unpublished', 'true');
    } else if (published !== null && !(await pinnedVersion(opts.dataDir)) && (await currentVersion(opts.dataDir)) !== published && (await isNewest(opts.dataDir, published))) {
      // Killed after the copy was renamed into place but before readers were pointed at it (a
      // rollback pins, so unpinned readers elsewhere than the newest snapshot are that case).
      await pointTo(opts.dataDir, published);
    }
    // A run of named jobs (not a test's or a data set's own list) also rebuilds what is owed.
    if (!opts.jobList) {
      const owed = await owedDerivations(db, named);
      if (owed.length) jobs = JOBS.filter((j) => named.includes(j) || owed.includes(j));
    }
    opts.started?.(jobs.map((j) => j.name));
    for (const job of jobs) runs.push(await runJob(job, { source: opts.source, db, conn, since: opts.since, today: opts.today, incremental: opts.incremental, backfill: opts.backfill }, opts, progress));
    const failed = runs.some((r) => r.status === 'failed');
    // An incremental run publishes only when the build holds changes no snapshot has (this run's, or
    // an earlier unpublished run's), or when nothing was ever published.
    const unchanged = opts.incremental === true && (await getState(db, 'unpublished')) !== 'true' && (await currentVersion(opts.dataDir)) !== null;
    unpublished = failed ? 'failed' : opts.publish === false ? 'disabled' : unchanged ? 'unchanged' : undefined;
    if (!unpublished) {
      const version = newVersion();
      await db.run(`UPDATE pipeline_runs SET snapshot = $1 WHERE run_id IN (SELECT unnest($2::VARCHAR[]))`, [version, runs.map((r) => r.runId)]);
      await setState(db, 'unpublished', null);
      await setState(db, 'published', version);
      await conn.run('CHECKPOINT');
      // Copied while this run still holds the build database: a run started meanwhile is refused
      // (busy) instead of writing into the file being copied (a torn snapshot). After the
      // checkpoint this process writes nothing more to it.
      snapshot = await publishSnapshot(opts.dataDir, buildFile(opts.dataDir), opts.keepSnapshots ?? 5, version);
      close();
      pinned = (await pinnedVersion(opts.dataDir)) ?? undefined;
      progress.log(pinned ? `built snapshot ${snapshot}; readers stay on the pinned ${pinned} (almanac pipelines unpin)` : `published snapshot ${snapshot}`);
    } else if (unpublished === 'unchanged') progress.log('nothing changed: nothing published');
  } finally {
    close();
  }
  const status: RunStatus = runs.some((r) => r.status === 'failed') ? 'failed' : runs.some((r) => r.status === 'partial') ? 'partial' : 'success';
  return { status, runs, snapshot, ...(unpublished ? { unpublished } : {}), ...(pinned ? { pinned } : {}) };
}

/** Exit codes of `almanac pipelines run`: 0 success, 2 partial (quarantined documents), 1 failure. */
export const EXIT_CODES: Record<RunStatus, number> = { success: 0, partial: 2, failed: 1 };
