/**
 * `almanac pipelines ...`: run, status, list, rollback. Exit codes of `run`: 0 success, 2 partial
 * success (documents quarantined), 1 failure (a job failed; nothing was published).
 */
import { parseArgs } from 'node:util';
import type { Config } from '../schema/config.ts';
import { connectionDb, openDatabase, type Db } from '../warehouse/db.ts';
import { currentVersion, listSnapshots, pinnedVersion, rollbackSnapshot, snapshotFile, unpinSnapshot } from '../warehouse/snapshots.ts';
import { JOBS } from './jobs/index.ts';
import { backfillCommand } from './backfill.ts';
import { consoleProgress } from './progress.ts';
import { buildFile, EXIT_CODES, runPipelines } from './runner.ts';
import { isLive, openSource } from './sources/index.ts';
import { statusExtras } from './status-extras.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

type Out = (line: string) => void;

export async function runPipelinesCommand(args: string[], config: Config, out: Out = console.log, err: Out = console.error): Promise<number> {
  const [command, ...rest] = args;
  switch (command) {
    case 'run':
      return run(rest, config, out, err);
    case 'status':
      return status(rest, config, out, err);
    case 'list':
      for (const job of JOBS) out(`${job.name.padEnd(16)} ${(config.schedules[job.name] ?? job.schedule).padEnd(16)} ${job.description}`);
      return 0;
    case 'rollback': {
      const moved = await rollbackSnapshot(config.dataDir);
      if (!moved) {
        err('no earlier snapshot to roll back to');
        return 1;
      }
      out(`rolled back: readers now use ${moved.to} (was ${moved.from}); pinned: later runs build but do not replace it until \`almanac pipelines unpin\``);
      return 0;
    }
    case 'backfill':
      return backfillCommand(rest, config, out, err);
    case 'unpin': {
      const moved = await unpinSnapshot(config.dataDir);
      if (!moved) {
        err('no snapshot is pinned');
        return 1;
      }
      out(`unpinned ${moved.from}: readers now use ${moved.to}`);
      return 0;
    }
    default:
      err('usage: almanac pipelines run <job...> [--source edgar|landing|mirror:DIR] [--since YYYY-MM-DD] [--no-publish] [--full|--incremental] | status [--json] | list | rollback | unpin | backfill <job...> --from <date|YYYYQn> --to <date|YYYYQn>');
      return 1;
  }
}

async function run(args: string[], config: Config, out: Out, err: Out): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        source: { type: 'string' },
        since: { type: 'string' },
        'no-publish': { type: 'boolean' },
        all: { type: 'boolean' },
        full: { type: 'boolean' },
        incremental: { type: 'boolean' },
      },
    });
  } catch (e) {
    err((e as Error).message);
    return 1;
  }
  const { values, positionals } = parsed;
  if (values.since && !DATE.test(values.since)) {
    err(`--since must be a date YYYY-MM-DD, got "${values.since}"`);
    return 1;
  }
  if (positionals.length === 0 && !values.all) {
    err(`name the jobs to run, or --all (jobs: ${JOBS.map((j) => j.name).join(', ')})`);
    return 1;
  }
  const unknown = positionals.filter((p) => !JOBS.some((j) => j.name === p));
  if (unknown.length) {
    err(`unknown job(s): ${unknown.join(', ')} (jobs: ${JOBS.map((j) => j.name).join(', ')})`);
    return 1;
  }
  const source = openSource(values.source ?? config.source, config);
  const result = await runPipelines({
    // Incremental by default on the live source (only what is new), full re-parse elsewhere.
    incremental: values.full ? false : (values.incremental ?? isLive(source)),
    dataDir: config.dataDir,
    source,
    jobs: positionals,
    since: values.since,
    publish: !values['no-publish'],
    threads: config.duckdbThreads,
    memoryLimit: config.duckdbMemoryLimit,
    keepSnapshots: config.snapshotsKeep,
    progress: consoleProgress({ plain: config.ci }),
  });
  const published = result.pinned ? ` — built snapshot ${result.snapshot}; readers stay on the pinned ${result.pinned}` : ` — published snapshot ${result.snapshot}`;
  out(`${result.status}${result.snapshot ? published : result.unpublished === 'unchanged' ? ' — nothing changed, nothing published' : ' — nothing published'}`);
  return EXIT_CODES[result.status];
}

interface RunRow {
  job: string;
  status: string;
  started_at: string;
  finished_at: string | null;
  docs_total: number;
  docs_ok: number;
  docs_quarantined: number;
  rows_in: number;
  rows_out: number;
  watermark: string | null;
  error: string | null;
  snapshot: string | null;
}

/** Opens the ledger: the build database read-only, or (while a run holds it) the current snapshot. */
async function openLedger(config: Config): Promise<{ db: Db; where: string; close(): void } | null> {
  const attempts: [string, string][] = [[buildFile(config.dataDir), 'build database']];
  const version = await currentVersion(config.dataDir);
  if (version) attempts.push([snapshotFile(config.dataDir, version), `snapshot ${version} (the build database is busy: a run is in progress)`]);
  for (const [file, where] of attempts) {
    try {
      const instance = await openDatabase(file, { threads: 1, readOnly: true });
      const conn = await instance.connect();
      return { db: connectionDb(conn), where, close: () => (conn.closeSync(), instance.closeSync()) };
    } catch {
      continue;
    }
  }
  return null;
}

async function status(args: string[], config: Config, out: Out, err: Out): Promise<number> {
  const json = args.includes('--json');
  const version = await currentVersion(config.dataDir);
  const pinned = await pinnedVersion(config.dataDir);
  const snapshots = await listSnapshots(config.dataDir);
  const ledger = await openLedger(config);
  if (!ledger) {
    err(`no warehouse in ${config.dataDir}: run \`almanac pipelines run --all\` first`);
    return 1;
  }
  try {
    const last = await ledger.db.all<RunRow>(
      `SELECT job, status, started_at::VARCHAR AS started_at, finished_at::VARCHAR AS finished_at, docs_total, docs_ok, docs_quarantined,
              rows_in, rows_out, watermark, error, snapshot
       FROM pipeline_runs QUALIFY row_number() OVER (PARTITION BY job ORDER BY started_at DESC) = 1 ORDER BY job`,
    );
    const failures = await ledger.db.all<{ job: string; doc_path: string; reason: string; at: string }>(
      `SELECT job, doc_path, reason, noted_at::VARCHAR AS at FROM pipeline_quarantine ORDER BY noted_at DESC LIMIT 10`,
    );
    const extras = await statusExtras(ledger.db);
    if (json) {
      out(JSON.stringify({ snapshot: version, pinned, snapshots: snapshots.map((s) => s.version), ledger: ledger.where, lastRuns: last, recentQuarantine: failures, ...extras.json }, null, 2));
      return 0;
    }
    out(`current snapshot: ${version ?? '(none)'}  (${snapshots.length} on disk: ${snapshots.map((s) => s.version).join(', ') || '-'})`);
    if (pinned) out(`pinned: ${pinned} (rollback); newer runs build snapshots but readers stay there until \`almanac pipelines unpin\``);
    out(`ledger: ${ledger.where}`);
    out('');
    out(`${'job'.padEnd(16)}${'status'.padEnd(9)}${'started'.padEnd(21)}${'secs'.padStart(7)}${'docs ok/total'.padStart(15)}${'quar.'.padStart(7)}${'rows in'.padStart(11)}${'rows out'.padStart(11)}  watermark`);
    for (const r of last) {
      const secs = r.finished_at ? ((Date.parse(`${r.finished_at}Z`) - Date.parse(`${r.started_at}Z`)) / 1000).toFixed(1) : '-';
      out(
        `${r.job.padEnd(16)}${r.status.padEnd(9)}${r.started_at.slice(0, 19).padEnd(21)}${secs.padStart(7)}${`${r.docs_ok}/${r.docs_total}`.padStart(15)}${String(r.docs_quarantined).padStart(7)}${String(r.rows_in).padStart(11)}${String(r.rows_out).padStart(11)}  ${r.watermark ?? '-'}` +
          (r.error ? `\n  error: ${r.error}` : ''),
      );
    }
    if (failures.length) {
      out('\nrecent quarantined documents:');
      for (const f of failures) out(`  ${f.at.slice(0, 19)} ${f.job}: ${f.doc_path}: ${f.reason}`);
    }
    for (const line of extras.lines) out(line);
    return 0;
  } finally {
    ledger.close();
  }
}
