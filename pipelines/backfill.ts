/**
 * `almanac pipelines backfill <job...> --from <YYYY-MM-DD|YYYYQn> --to <YYYY-MM-DD|YYYYQn>`: loads
 * the filings of a past period for the index-driven jobs (13f, nport, insiders) from the live
 * source. The filings are found in the SEC's quarterly full index
 * (`Archives/edgar/full-index/YYYY/QTRn/master.idx`) of each quarter the period touches, then
 * limited to the period's filing dates.
 *
 * Resumable: every loaded (or refused) filing is recorded in `pipeline_documents` in the same
 * transaction as its rows, a landed filing is never downloaded again, and a quarter's full index
 * once read completely is not read again; so a killed backfill, started again with the same
 * arguments, continues with the filings it had not loaded: nothing is loaded twice. Progress (done,
 * total, rate, ETA) is the runner's, one live line per job on a terminal.
 */
import { EXIT } from '../schema/exit-codes.ts';
import type { Config } from '../schema/config.ts';
import { writerCommand } from './busy.ts';
import { consoleProgress, type Progress } from './progress.ts';
import { alsoRunning, derivedJobsOf, EXIT_CODES, runPipelines, type RunOptions, type RunResult } from './runner.ts';
import { isLive, openSource, type Source } from './sources/index.ts';
import { zipFolderSource } from './sources/zip.ts';
import { isCalendarDate } from './parsers/values.ts';
import { DATASET_JOBS as DERA_JOBS, datasetSource } from './jobs/dera-datasets.ts';
import { fsdsDatasetJob } from './jobs/dera-fsds.ts';

/** Jobs that `backfill --dataset` runs from a DERA data set (the Financial Statement one is a check of companyfacts). */
const DATASET_JOBS: Record<string, (typeof DERA_JOBS)[string]> = { ...DERA_JOBS, fundamentals: fsdsDatasetJob };

export const BACKFILL_JOBS = ['13f', 'nport', 'insiders'];

/** Jobs `backfill --bulk` loads from the SEC's nightly bulk zips, and where each zip is. */
export const BULK: Record<string, { zip: string; folder: string }> = {
  fundamentals: { zip: 'www.sec.gov/Archives/edgar/daily-index/xbrl/companyfacts.zip', folder: 'data.sec.gov/api/xbrl/companyfacts' },
  filings: { zip: 'www.sec.gov/Archives/edgar/daily-index/bulkdata/submissions.zip', folder: 'data.sec.gov/submissions' },
};

/**
 * `backfill fundamentals|filings --bulk`: downloads the bulk zip (streamed to the landing folder,
 * conditionally: an unchanged zip is a 304) and loads every entry through the job as if it were
 * the per-company document (sources/zip.ts, yauzl), every company in the zip, ticker or not.
 * Resumable: entries a killed run loaded are recorded, and their unchanged bytes are skipped.
 */
export async function bulkBackfill(opts: Omit<BackfillOptions, 'jobs' | 'from' | 'to'> & { job: string }): Promise<RunResult> {
  const bulk = BULK[opts.job];
  if (!bulk) throw new Error(`no bulk file for ${opts.job} (bulk: ${Object.keys(BULK).join(', ')})`);
  const source = zipFolderSource(opts.source, bulk.zip, bulk.folder);
  try {
    return await runPipelines({
      ...runOptions(opts),
      source,
      jobs: [opts.job],
    });
  } finally {
    source.close();
  }
}

type Out = (line: string) => void;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The first day of EDGAR's first quarterly full index (`full-index/1993/QTR1`): nothing was filed before it. */
export const EDGAR_FIRST_DAY = '1993-01-01';


/**
 * Why `date` (YYYY-MM-DD, given as `value`: a date or a quarter) cannot bound what a command loads,
 * or null. Shared by `run --since` and `backfill --from/--to`: not a calendar date; for a start
 * (`--since`, `--from`), after today (nothing to load after it); outside EDGAR's years, 1993 (its
 * first full index) to this year: `--from 0000-01-01` would walk 8,000 quarters' indexes.
 */
export function dateProblem(option: string, value: string, date: string, opts: { start: boolean; today?: string; first?: { day: string; why: string } }): string | null {
  const today = opts.today ?? new Date().toISOString().slice(0, 10);
  const given = value === date ? value : `${value} (${date})`;
  if (!isCalendarDate(date)) return `${option} ${given} is not a calendar date`;
  if (opts.start && date > today) return `${option} ${given} is in the future (today is ${today}): there is nothing to load after it`;
  const last = `${today.slice(0, 4)}-12-31`;
  const first = opts.first ?? { day: EDGAR_FIRST_DAY, why: "EDGAR's full indexes start with 1993Q1" };
  if (date < first.day || date > last) return `${option} ${given} is outside ${first.day}..${last}: ${first.why}, and nothing is filed after this year`;
  return null;
}

/**
 * A period bound: a date, or a quarter (`2024Q3`: its first day for --from, its last for --to);
 * null when it is neither shape. The date is not checked here: `dateProblem`.
 */
export function periodBound(value: string, end: boolean): string | null {
  if (DATE.test(value)) return value;
  const m = /^(\d{4})[Qq]([1-4])$/.exec(value);
  if (!m) return null;
  // By table, not Date.UTC: that maps the years 0-99 to 1900-1999.
  const q = Number(m[2]) - 1;
  return `${m[1]}-${end ? ['03-31', '06-30', '09-30', '12-31'][q] : ['01-01', '04-01', '07-01', '10-01'][q]}`;
}

export interface BackfillOptions {
  dataDir: string;
  source: Source;
  jobs: string[];
  from: string;
  to: string;
  today?: string;
  threads?: number;
  memoryLimit?: string;
  keepSnapshots?: number;
  progress?: Progress;
  afterDocument?: (job: string, docPath: string) => void | Promise<void>;
  /** `RunOptions.started`. */
  started?: (jobs: string[]) => void;
}

/**
 * Runs the backfill: an incremental run over the period's full-index filings; publishes if anything
 * changed. With `dataset`, the jobs (13f, insiders, nport) load the DERA quarterly data sets of the
 * period's quarters instead (jobs/dera-datasets.ts: one zip per quarter, streamed; a sample cross-checked against
 * the per-filing parse).
 */
export function backfill(opts: BackfillOptions & { dataset?: boolean }): Promise<RunResult> {
  if (opts.dataset) {
    const unknown = opts.jobs.filter((j) => !DATASET_JOBS[j]);
    if (unknown.length) throw new Error(`no DERA data set for ${unknown.join(', ')} (data sets: ${Object.keys(DATASET_JOBS).join(', ')})`);
    return runPipelines({
      ...runOptions(opts),
      source: datasetSource(opts.source),
      // The data sets' jobs, then the jobs derived from them (the security master from the holdings).
      jobList: [...opts.jobs.map((j) => DATASET_JOBS[j]!), ...derivedJobsOf(opts.jobs)] as never,
      backfill: { from: opts.from, to: opts.to },
    });
  }
  return runPipelines({
    ...runOptions(opts),
    source: opts.source,
    jobs: opts.jobs,
    backfill: { from: opts.from, to: opts.to },
  });
}

/** What both kinds of backfill pass to the runner: always incremental (that is what makes them resumable). */
function runOptions(opts: Omit<BackfillOptions, 'jobs' | 'from' | 'to' | 'source'>): Omit<RunOptions, 'source'> {
  const { dataDir, today, threads, memoryLimit, keepSnapshots, progress, afterDocument, started } = opts;
  return { dataDir, today, threads, memoryLimit, keepSnapshots, progress, afterDocument, started, incremental: true };
}

const BACKFILL_USAGE = 'backfill <job...> --from <YYYY-MM-DD|YYYYQn> --to <YYYY-MM-DD|YYYYQn> [--source live] [--dataset] | backfill fundamentals|filings --bulk';

/** Exit codes as every `almanac` command's (README, "Exit codes"): 64 for what is refused before anything runs, 75 busy. */
export async function backfillCommand(args: string[], config: Config, out: Out, err: Out): Promise<number> {
  const usage = (message: string): number => (err(message), EXIT.usage);
  const jobs: string[] = [];
  const given: { from?: string; to?: string } = {};
  let sourceName = config.source;
  let bulk = false;
  let dataset = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--bulk') {
      bulk = true;
      continue;
    }
    if (a === '--dataset') {
      dataset = true;
      continue;
    }
    if (a === '--from' || a === '--to' || a === '--source') {
      const v = args[++i];
      if (v === undefined) return usage(`${a} needs a value`);
      if (a === '--source') sourceName = v;
      else given[a === '--from' ? 'from' : 'to'] = v;
    } else if (a.startsWith('--')) return usage(`unknown option ${a} (${BACKFILL_USAGE})`);
    else jobs.push(a);
  }
  // The source, or why it cannot be opened (a usage error), once the arguments are checked.
  const opened = (): Source | string => {
    try {
      return openSource(sourceName, config);
    } catch (e) {
      return (e as Error).message;
    }
  };
  if (bulk) {
    if (jobs.length !== 1 || !BULK[jobs[0]!]) return usage(`backfill --bulk takes one job: ${Object.keys(BULK).join(' or ')}`);
    if (given.from !== undefined || given.to !== undefined) return usage('backfill --bulk loads the whole bulk file: no --from/--to');
    const source = opened();
    if (typeof source === 'string') return usage(source);
    return writerCommand('backfill', config.dataDir, err, async () => {
      const result = await bulkBackfill({
        dataDir: config.dataDir,
        source,
        job: jobs[0]!,
        threads: config.duckdbThreads,
        // As a data set's backfill: 2,000 companies' companyfacts peaked at 2.9 GB RSS under the 2 GB
        // default, 1.8 GB under 1 GB in the same time (README, "Scale rehearsal").
        memoryLimit: config.duckdbDatasetMemoryLimit,
        keepSnapshots: config.snapshotsKeep,
        progress: consoleProgress({ plain: config.ci }),
      });
      const r = result.runs[0]!;
      out(`${result.status}: ${r.docsNew} new, ${r.docsChanged} changed, ${r.docsSkipped} unchanged of ${r.docsTotal}${result.snapshot ? `, published snapshot ${result.snapshot}` : ', nothing published'}`);
      return EXIT_CODES[result.status];
    });
  }
  const period: { from?: string; to?: string } = {};
  for (const [name, key] of [['--from', 'from'], ['--to', 'to']] as const) {
    const v = given[key];
    if (v === undefined) return usage(`${name} is required: a date YYYY-MM-DD or a quarter YYYYQn`);
    const date = periodBound(v, key === 'to');
    if (date === null) return usage(`${name} must be a date YYYY-MM-DD or a quarter YYYYQn, got "${v}"`);
    const problem = dateProblem(name, v, date, { start: key === 'from' });
    if (problem) return usage(problem);
    period[key] = date;
  }
  const { from, to } = period as { from: string; to: string };
  if (from > to) return usage(`--from ${from} is after --to ${to}`);
  if (!dataset && (jobs.length === 0 || jobs.some((j) => !BACKFILL_JOBS.includes(j)))) {
    return usage(`backfill applies to ${BACKFILL_JOBS.join(', ')} (filings found through the EDGAR full index); got ${jobs.join(', ') || 'none'}. Other jobs: \`almanac pipelines run <job> --full\``);
  }
  if (dataset && (jobs.length === 0 || jobs.some((j) => !DATASET_JOBS[j]))) {
    return usage(`backfill --dataset applies to ${Object.keys(DATASET_JOBS).join(', ')} (the DERA quarterly data sets); got ${jobs.join(', ') || 'none'}`);
  }
  if (!isLive(sourceName)) {
    return usage(`backfill reads the EDGAR full index from the live source; ALMANAC_SOURCE/--source is "${sourceName}" (a mirror lists its filings: use \`run --since\`)`);
  }
  const source = opened();
  if (typeof source === 'string') return usage(source);
  return writerCommand('backfill', config.dataDir, err, async () => {
    const result = await backfill({
      started: alsoRunning(jobs, out),
      dataDir: config.dataDir,
      source,
      jobs,
      from,
      to,
      dataset,
      threads: config.duckdbThreads,
      memoryLimit: dataset ? config.duckdbDatasetMemoryLimit : config.duckdbMemoryLimit,
      keepSnapshots: config.snapshotsKeep,
      progress: consoleProgress({ plain: config.ci }),
    });
    const loaded = result.runs.reduce((n, r) => n + r.docsNew + r.docsChanged, 0);
    out(`${result.status}: ${loaded} ${dataset ? 'data sets' : 'filings'} loaded for ${from}..${to}${result.snapshot ? `, published snapshot ${result.snapshot}` : ', nothing published'}`);
    return EXIT_CODES[result.status];
  });
}
