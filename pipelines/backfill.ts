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
import type { Config } from '../schema/config.ts';
import { consoleProgress, type Progress } from './progress.ts';
import { EXIT_CODES, runPipelines, type RunOptions, type RunResult } from './runner.ts';
import { isLive, openSource, type Source } from './sources/index.ts';
import { zipFolderSource } from './sources/zip.ts';
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

/** A period bound: a date, or a quarter (`2024Q3`: its first day for --from, its last for --to). */
export function periodBound(value: string, end: boolean): string | null {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))) return value;
  const m = /^(\d{4})[Qq]([1-4])$/.exec(value);
  if (!m) return null;
  const [y, q] = [Number(m[1]), Number(m[2])];
  if (!end) return `${y}-${String((q - 1) * 3 + 1).padStart(2, '0')}-01`;
  return new Date(Date.UTC(y, q * 3, 0)).toISOString().slice(0, 10);
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
      jobList: opts.jobs.map((j) => DATASET_JOBS[j]!) as never,
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
  const { dataDir, today, threads, memoryLimit, keepSnapshots, progress, afterDocument } = opts;
  return { dataDir, today, threads, memoryLimit, keepSnapshots, progress, afterDocument, incremental: true };
}

export async function backfillCommand(args: string[], config: Config, out: Out, err: Out): Promise<number> {
  const jobs: string[] = [];
  let from: string | null = null;
  let to: string | null = null;
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
    const value = (): string | null => (args[i + 1] === undefined ? null : args[++i]!);
    if (a === '--from' || a === '--to' || a === '--source') {
      const v = value();
      if (v === null) {
        err(`${a} needs a value`);
        return 1;
      }
      if (a === '--source') sourceName = v;
      else if (a === '--from') from = periodBound(v, false) ?? `!${v}`;
      else to = periodBound(v, true) ?? `!${v}`;
    } else if (a.startsWith('--')) {
      err(`unknown option ${a} (backfill <job...> --from <YYYY-MM-DD|YYYYQn> --to <YYYY-MM-DD|YYYYQn> [--source live] [--dataset] | backfill fundamentals|filings --bulk)`);
      return 1;
    } else jobs.push(a);
  }
  if (bulk) {
    if (jobs.length !== 1 || !BULK[jobs[0]!]) {
      err(`backfill --bulk takes one job: ${Object.keys(BULK).join(' or ')}`);
      return 1;
    }
    if (from || to) {
      err('backfill --bulk loads the whole bulk file: no --from/--to');
      return 1;
    }
    const result = await bulkBackfill({
      dataDir: config.dataDir,
      source: openSource(sourceName, config),
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
  }
  for (const [name, v] of [['--from', from], ['--to', to]] as const) {
    if (v === null) {
      err(`${name} is required: a date YYYY-MM-DD or a quarter YYYYQn`);
      return 1;
    }
    if (v.startsWith('!')) {
      err(`${name} must be a date YYYY-MM-DD or a quarter YYYYQn, got "${v.slice(1)}"`);
      return 1;
    }
  }
  if (from! > to!) {
    err(`--from ${from} is after --to ${to}`);
    return 1;
  }
  if (!dataset && (jobs.length === 0 || jobs.some((j) => !BACKFILL_JOBS.includes(j)))) {
    err(`backfill applies to ${BACKFILL_JOBS.join(', ')} (filings found through the EDGAR full index); got ${jobs.join(', ') || 'none'}. Other jobs: \`almanac pipelines run <job> --full\``);
    return 1;
  }
  if (dataset && (jobs.length === 0 || jobs.some((j) => !DATASET_JOBS[j]))) {
    err(`backfill --dataset applies to ${Object.keys(DATASET_JOBS).join(', ')} (the DERA quarterly data sets); got ${jobs.join(', ')}`);
    return 1;
  }
  if (!isLive(sourceName)) {
    err(`backfill reads the EDGAR full index from the live source; ALMANAC_SOURCE/--source is "${sourceName}" (a mirror lists its filings: use \`run --since\`)`);
    return 1;
  }
  const result = await backfill({
    dataDir: config.dataDir,
    source: openSource(sourceName, config),
    jobs,
    from: from!,
    to: to!,
    dataset,
    threads: config.duckdbThreads,
    memoryLimit: dataset ? config.duckdbDatasetMemoryLimit : config.duckdbMemoryLimit,
    keepSnapshots: config.snapshotsKeep,
    progress: consoleProgress({ plain: config.ci }),
  });
  const loaded = result.runs.reduce((n, r) => n + r.docsNew + r.docsChanged, 0);
  out(`${result.status}: ${loaded} ${dataset ? 'data sets' : 'filings'} loaded for ${from}..${to}${result.snapshot ? `, published snapshot ${result.snapshot}` : ', nothing published'}`);
  return EXIT_CODES[result.status];
}
