/**
 * `almanac pipelines ...`: run, status, list, rollback. Exit codes (schema/exit-codes.ts): 0
 * success, 2 partial success (documents quarantined), 1 failure (a job failed; nothing was
 * published), 64 usage error (nothing run), 75 busy (another run holds the build database).
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { EXIT } from '../schema/exit-codes.ts';
import type { Config } from '../schema/config.ts';
import { connectionDb, openDatabase, type Db } from '../warehouse/db.ts';
import { currentVersion, listSnapshots, pinnedVersion, rollbackSnapshot, snapshotFile, unpinSnapshot } from '../warehouse/snapshots.ts';
import { JOBS } from './jobs/index.ts';
import { backfillCommand, dateProblem } from './backfill.ts';
import { isLockConflict, missedRuns, writerCommand } from './busy.ts';
import { consoleProgress } from './progress.ts';
import { alsoRunning, EXIT_CODES, runPipelines } from './runner.ts';
import { buildFile } from '../warehouse/snapshots.ts';
import { isLive, openSource } from './sources/index.ts';
import { statusExtras } from './status-extras.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

type Out = (line: string) => void;

export const PIPELINES_USAGE = `usage: almanac pipelines <command>
  run <job...> [--jobs a,b] [--all] [--source live|edgar|landing|mirror:DIR] [--since YYYY-MM-DD] [--no-publish] [--full|--incremental]
                  run jobs (by name, --jobs, or --all); exit 0 success, 2 partial, 1 failed, 64 usage, 75 busy
  status [--json] last run per job, rows, quarantine, snapshots
  list            jobs and their cron schedules
  rollback        point readers at the previous snapshot (pins it)
  unpin           let the newest snapshot be served again
  backfill <job...> --from <YYYY-MM-DD|YYYYQn> --to <YYYY-MM-DD|YYYYQn> [--source live] [--dataset]
                  load a past range of filings found through the EDGAR full index
                  (--dataset: 13f, insiders, nport from the SEC's DERA data sets: the zips linked on each
                  data set's listing page for the period, quarterly or 13F date-window names; the
                  quarterly names if the page cannot be read; the run ledger notes which;
                   fundamentals: the Financial Statement Data Sets checked against companyfacts)
  backfill fundamentals|filings --bulk
                  load the SEC's nightly companyfacts.zip / submissions.zip`;

/**
 * A real calendar date, not in the future: `--since 2024-02-30` or a date ahead is refused. Not
 * held to EDGAR's 1993: `--since` also starts jobs whose sources go further back (the Treasury
 * curve from 1990, FRED series from the 1940s).
 */
function sinceProblem(since: string): string | null {
  if (!DATE.test(since)) return `--since must be a date YYYY-MM-DD, got "${since}"`;
  return dateProblem('--since', since, since, { start: true, first: { day: '1900-01-01', why: 'no source here starts earlier' } });
}

/** The arguments of the commands parsed here without parseArgs (run and backfill parse their own). */
const EXTRA_ARGS: Record<string, string[]> = { status: ['--json'], list: [], rollback: [], unpin: [] };

export async function runPipelinesCommand(args: string[], config: Config, out: Out = console.log, err: Out = console.error): Promise<number> {
  const [command, ...rest] = args;
  if (command === undefined || command === 'help' || args.includes('--help') || args.includes('-h')) {
    if (command === undefined) {
      err(PIPELINES_USAGE);
      return EXIT.usage;
    }
    out(PIPELINES_USAGE);
    return EXIT.ok;
  }
  // Commands without options refuse what they do not take, before acting: `rollback --dry-run`
  // must not roll back.
  const takes = EXTRA_ARGS[command];
  const extra = takes ? rest.filter((a) => !takes.includes(a)) : [];
  if (extra.length > 0) {
    err(`almanac pipelines ${command} does not take ${extra.map((a) => `"${a}"`).join(', ')}${takes!.length ? ` (options: ${takes!.join(' ')})` : ' (no options)'}: see almanac pipelines --help`);
    return EXIT.usage;
  }
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
      err(`unknown pipelines command "${command}"\n${PIPELINES_USAGE}`);
      return EXIT.usage;
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
        jobs: { type: 'string' },
        'no-publish': { type: 'boolean' },
        all: { type: 'boolean' },
        full: { type: 'boolean' },
        incremental: { type: 'boolean' },
      },
    });
  } catch (e) {
    err(`${(e as Error).message} (almanac pipelines --help)`);
    return EXIT.usage;
  }
  const { values } = parsed;
  const positionals = [...parsed.positionals, ...(values.jobs ?? '').split(',').map((j) => j.trim()).filter(Boolean)];
  const sinceError = values.since === undefined ? null : sinceProblem(values.since);
  if (sinceError) {
    err(sinceError);
    return EXIT.usage;
  }
  if (positionals.length === 0 && !values.all) {
    err(`name the jobs to run, or --all (jobs: ${JOBS.map((j) => j.name).join(', ')})`);
    return EXIT.usage;
  }
  const unknown = positionals.filter((p) => !JOBS.some((j) => j.name === p));
  if (unknown.length) {
    err(`unknown job(s): ${unknown.join(', ')} (jobs: ${JOBS.map((j) => j.name).join(', ')})`);
    return EXIT.usage;
  }
  const sourceName = values.source ?? config.source;
  // A mirror folder that is not there would read as "every document missing" and still publish.
  if (sourceName.startsWith('mirror:')) {
    const dir = sourceName.slice('mirror:'.length);
    if (!dir || !existsSync(dir) || !statSync(dir).isDirectory()) {
      err(`--source ${sourceName}: no folder ${dir ? path.resolve(dir) : '(none given)'}`);
      return EXIT.usage;
    }
  }
  let source;
  try {
    source = openSource(sourceName, config);
  } catch (e) {
    err((e as Error).message);
    return EXIT.usage;
  }
  return writerCommand('run', config.dataDir, err, async () => {
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
      started: alsoRunning(positionals, out),
    });
    const published = result.pinned ? ` — built snapshot ${result.snapshot}; readers stay on the pinned ${result.pinned}` : ` — published snapshot ${result.snapshot}`;
    out(`${result.status}${result.snapshot ? published : result.unpublished === 'unchanged' ? ' — nothing changed, nothing published' : ' — nothing published'}`);
    return EXIT_CODES[result.status];
  });
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
async function openLedger(config: Config): Promise<{ db: Db; where: string; close(): void } | 'busy' | null> {
  const attempts: [string, string][] = [[buildFile(config.dataDir), 'build database']];
  const version = await currentVersion(config.dataDir);
  if (version) attempts.push([snapshotFile(config.dataDir, version), `snapshot ${version} (the build database is busy: a run is in progress)`]);
  let busy = false;
  for (const [file, where] of attempts) {
    try {
      const instance = await openDatabase(file, { threads: 1, readOnly: true });
      const conn = await instance.connect();
      return { db: connectionDb(conn), where, close: () => (conn.closeSync(), instance.closeSync()) };
    } catch (e) {
      busy ||= isLockConflict(e);
      continue;
    }
  }
  // A first run holds the build database and has published nothing yet: no ledger to read, but not "no warehouse".
  return busy ? 'busy' : null;
}

async function status(args: string[], config: Config, out: Out, err: Out): Promise<number> {
  const json = args.includes('--json');
  const version = await currentVersion(config.dataDir);
  const pinned = await pinnedVersion(config.dataDir);
  const snapshots = await listSnapshots(config.dataDir);
  const ledger = await openLedger(config);
  if (ledger === 'busy') {
    err(`a run is in progress in ${config.dataDir} (it holds ${buildFile(config.dataDir)}) and has published no snapshot yet: try again when it ends`);
    return EXIT.busy;
  }
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
    // The build database opened read-only, so no process holds it for writing: a row still 'running'
    // is a killed run (SIGKILL, a lost machine). The next run marks it failed; status only shows it:
    // writing the ledger here would take the writer lock a starting run needs.
    const interrupted = ledger.where === 'build database' ? last.filter((r) => r.status === 'running') : [];
    for (const r of interrupted) {
      r.status = 'interrupted';
      r.error = 'the ledger says running, but no process holds the build database: killed mid-run (shown by status only; the next run records it as failed)';
    }
    // Scheduled runs that never ran (another run held the build database through every retry), newer than the job's last run.
    const started = new Map(last.map((r) => [r.job, Date.parse(`${r.started_at}Z`)]));
    const missed = (await missedRuns(config.dataDir)).filter((m) => !(Date.parse(m.at) <= (started.get(m.job) ?? -Infinity)));
    if (json) {
      out(JSON.stringify({ snapshot: version, pinned, snapshots: snapshots.map((s) => s.version), ledger: ledger.where, lastRuns: last, missedRuns: missed, recentQuarantine: failures, ...extras.json }, null, 2));
      return 0;
    }
    out(`current snapshot: ${version ?? '(none)'}  (${snapshots.length} on disk: ${snapshots.map((s) => s.version).join(', ') || '-'})`);
    if (pinned) out(`pinned: ${pinned} (rollback); newer runs build snapshots but readers stay there until \`almanac pipelines unpin\``);
    out(`ledger: ${ledger.where}`);
    out('');
    // The snapshot each run published (the same `snapshot` as --json's lastRuns), '-' when it published
    // none, marked when it is not on disk (pruned since, or a publish killed before its copy: the
    // next run clears that one from the ledger).
    const onDisk = new Set(snapshots.map((v) => v.version));
    for (const r of last) if (r.snapshot && !onDisk.has(r.snapshot)) r.snapshot = `${r.snapshot} (not on disk)`;
    const snapshotWidth = Math.max('snapshot'.length, ...last.map((r) => (r.snapshot ?? '-').length)) + 2;
    out(`${'job'.padEnd(16)}${'status'.padEnd(12)}${'started'.padEnd(21)}${'secs'.padStart(7)}${'docs ok/total'.padStart(15)}${'quar.'.padStart(7)}${'rows in'.padStart(11)}${'rows out'.padStart(11)}  ${'snapshot'.padEnd(snapshotWidth)}watermark`);
    for (const r of last) {
      const secs = r.finished_at ? ((Date.parse(`${r.finished_at}Z`) - Date.parse(`${r.started_at}Z`)) / 1000).toFixed(1) : '-';
      out(
        `${r.job.padEnd(16)}${r.status.padEnd(12)}${r.started_at.slice(0, 19).padEnd(21)}${secs.padStart(7)}${`${r.docs_ok}/${r.docs_total}`.padStart(15)}${String(r.docs_quarantined).padStart(7)}${String(r.rows_in).padStart(11)}${String(r.rows_out).padStart(11)}  ${(r.snapshot ?? '-').padEnd(snapshotWidth)}${r.watermark ?? '-'}` +
          (r.error ? `\n  error: ${r.error}` : ''),
      );
    }
    if (missed.length) {
      out('\nmissed scheduled runs (another run held the build database):');
      for (const m of missed) out(`  ${m.at.slice(0, 19)} ${m.job}: ${m.reason}`);
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
