/**
 * The runner: the single writer of the build database. For each job it lists documents, fetches,
 * parses and loads each one in its own transaction, keeps the run ledger (`pipeline_runs`,
 * `pipeline_quarantine`, `pipeline_notes`), and after a run with no failed job checkpoints the build
 * database and publishes it as a new immutable snapshot.
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { connectionDb, openDatabase, transaction, type Db } from '../warehouse/db.ts';
import { migrate } from '../warehouse/migrate.ts';
import { newVersion, publishSnapshot } from '../warehouse/snapshots.ts';
import { findJob, JOBS, type AnyJob } from './jobs/index.ts';
import type { JobContext } from './jobs/interface.ts';
import { silentProgress, type Progress } from './progress.ts';
import type { Source, SourceDocument } from './sources/index.ts';

export type RunStatus = 'success' | 'partial' | 'failed';

export interface JobRunResult {
  runId: string;
  job: string;
  status: RunStatus;
  docsTotal: number;
  docsOk: number;
  docsQuarantined: number;
  rowsIn: number;
  rowsOut: number;
  watermark: string | null;
  quarantined: { path: string; reason: string }[];
  error?: string;
}

export interface RunResult {
  status: RunStatus;
  runs: JobRunResult[];
  /** The snapshot version published, or null (nothing published: a job failed or publish was off). */
  snapshot: string | null;
}

export interface RunOptions {
  dataDir: string;
  source: Source;
  /** Job names; empty = every job, in registry order. */
  jobs?: string[];
  /** Jobs given directly instead of by name (tests, one-off tools). */
  jobList?: AnyJob[];
  since?: string;
  publish?: boolean;
  keepSnapshots?: number;
  threads?: number;
  memoryLimit?: string;
  progress?: Progress;
  /** Test hook: after each document's transaction committed. */
  afterDocument?: (job: string, docPath: string) => void | Promise<void>;
}

export const buildFile = (dataDir: string): string => path.join(dataDir, 'build.duckdb');

/** Resolves job names to jobs in registry order; unknown names throw. */
export function selectJobs(names: string[] = []): AnyJob[] {
  if (names.length === 0) return [...JOBS];
  for (const n of names) if (!findJob(n)) throw new Error(`unknown job "${n}" (jobs: ${JOBS.map((j) => j.name).join(', ')})`);
  return JOBS.filter((j) => names.includes(j.name));
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

async function runJob(job: AnyJob, base: Omit<JobContext, 'runId' | 'log' | 'note'>, opts: RunOptions, progress: Progress): Promise<JobRunResult> {
  const runId = randomUUID();
  const { db, conn } = base;
  const result: JobRunResult = { runId, job: job.name, status: 'success', docsTotal: 0, docsOk: 0, docsQuarantined: 0, rowsIn: 0, rowsOut: 0, watermark: null, quarantined: [] };
  const ctx: JobContext = {
    ...base,
    runId,
    log: (m) => progress.log(`${job.name}: ${m}`),
    note: (docPath, kind, detail) =>
      db.run(`INSERT INTO pipeline_notes VALUES ($1, $2, $3, $4, $5, ${nowSql})`, [runId, job.name, docPath, kind, detail]),
  };
  await db.run(`INSERT INTO pipeline_runs (run_id, job, source, started_at, status) VALUES ($1, $2, $3, ${nowSql}, 'running')`, [runId, job.name, base.source.name]);
  const quarantine = async (docPath: string, reason: string): Promise<void> => {
    result.docsQuarantined++;
    result.quarantined.push({ path: docPath, reason });
    await db.run(`INSERT INTO pipeline_quarantine VALUES ($1, $2, $3, $4, ${nowSql})`, [runId, job.name, docPath, reason]);
    progress.log(`${job.name}: quarantined ${docPath}: ${reason}`);
  };
  try {
    const docs = await job.documents(ctx);
    result.docsTotal = docs.length;
    progress.start(job.name, docs.length);
    for (const docPath of docs) {
      let doc: SourceDocument | null;
      try {
        doc = await base.source.get(docPath);
      } catch (err) {
        await quarantine(docPath, `fetch failed: ${(err as Error).message}`);
        progress.tick();
        continue;
      }
      if (!doc) {
        await quarantine(docPath, 'not found at the source');
        progress.tick();
        continue;
      }
      let parsed: unknown;
      try {
        parsed = await job.parse(doc, ctx);
      } catch (err) {
        await quarantine(docPath, `parse failed: ${(err as Error).message}`);
        progress.tick();
        continue;
      }
      try {
        const loaded = await transaction(conn, () => job.load(parsed, ctx, doc));
        result.docsOk++;
        result.rowsIn += loaded.rowsIn;
        result.rowsOut += loaded.rowsOut;
        if (loaded.watermark && (!result.watermark || loaded.watermark > result.watermark)) result.watermark = loaded.watermark;
      } catch (err) {
        await quarantine(docPath, `load failed: ${(err as Error).message}`);
      }
      progress.tick();
      await opts.afterDocument?.(job.name, docPath);
    }
    if (job.finish) result.rowsOut += await transaction(conn, () => job.finish!(ctx));
    result.status = result.docsQuarantined > 0 ? 'partial' : 'success';
  } catch (err) {
    result.status = 'failed';
    result.error = (err as Error).message;
  }
  await db.run(
    `UPDATE pipeline_runs SET finished_at = ${nowSql}, status = $2, docs_total = $3, docs_ok = $4, docs_quarantined = $5,
       rows_in = $6, rows_out = $7, watermark = $8, error = $9 WHERE run_id = $1`,
    [runId, result.status, result.docsTotal, result.docsOk, result.docsQuarantined, result.rowsIn, result.rowsOut, result.watermark, result.error ?? null],
  );
  progress.done(
    `${job.name}: ${result.status} — ${result.docsOk}/${result.docsTotal} documents, ${result.rowsIn} records in, ${result.rowsOut} rows out` +
      (result.docsQuarantined ? `, ${result.docsQuarantined} quarantined` : '') +
      (result.error ? `, error: ${result.error}` : ''),
  );
  return result;
}

/** Runs jobs against the build database and publishes a snapshot when none failed. */
export async function runPipelines(opts: RunOptions): Promise<RunResult> {
  const jobs = opts.jobList ?? selectJobs(opts.jobs);
  const progress = opts.progress ?? silentProgress();
  const { instance, conn, db } = await openBuild(opts.dataDir, { threads: opts.threads, memoryLimit: opts.memoryLimit });
  const runs: JobRunResult[] = [];
  let snapshot: string | null = null;
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
    for (const job of jobs) runs.push(await runJob(job, { source: opts.source, db, conn, since: opts.since }, opts, progress));
    const failed = runs.some((r) => r.status === 'failed');
    if (!failed && opts.publish !== false) {
      const version = newVersion();
      await db.run(`UPDATE pipeline_runs SET snapshot = $1 WHERE run_id IN (SELECT unnest($2::VARCHAR[]))`, [version, runs.map((r) => r.runId)]);
      await conn.run('CHECKPOINT');
      close();
      snapshot = await publishSnapshot(opts.dataDir, buildFile(opts.dataDir), opts.keepSnapshots ?? 5, version);
      progress.log(`published snapshot ${snapshot}`);
    }
  } finally {
    close();
  }
  const status: RunStatus = runs.some((r) => r.status === 'failed') ? 'failed' : runs.some((r) => r.status === 'partial') ? 'partial' : 'success';
  return { status, runs, snapshot };
}

/** Exit codes of `almanac pipelines run`: 0 success, 2 partial (quarantined documents), 1 failure. */
export const EXIT_CODES: Record<RunStatus, number> = { success: 0, partial: 2, failed: 1 };
