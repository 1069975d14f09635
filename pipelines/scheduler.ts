/**
 * `almanac scheduler`: runs each job on its node-cron schedule (UTC). The runner is the single
 * writer of the build database, so scheduled runs queue one after another; a job already queued
 * or running is not queued twice. Scheduled runs are incremental (pipelines/runner.ts): they fetch
 * and parse only what is new, and publish only when something changed; a pinned snapshot
 * (`almanac pipelines rollback`) stays served until `almanac pipelines unpin`. A run that finds
 * the build database held by another process (a CLI `run` or `backfill`) tries again every minute
 * for 30 minutes; one that still could not run is recorded as missed (pipelines/busy.ts), and
 * `almanac pipelines status` shows it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import cron, { type ScheduledTask } from 'node-cron';
import type { Config } from '../schema/config.ts';
import { busyMessage, isLockConflict, recordMissed } from './busy.ts';
import { JOBS } from './jobs/index.ts';
import { consoleProgress } from './progress.ts';
import { runPipelines, type RunResult } from './runner.ts';
import { openSource } from './sources/index.ts';

export interface Scheduler {
  tasks: Map<string, ScheduledTask>;
  /** Queues a run of `job` now (as a tick would); resolves when it has run. */
  trigger(job: string): Promise<RunResult | null>;
  stop(): Promise<void>;
}

/** The effective schedule of each job: the job's default, overridden by ALMANAC_SCHEDULES. */
export function schedules(config: Pick<Config, 'schedules'>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const job of JOBS) out[job.name] = config.schedules[job.name] ?? job.schedule;
  for (const [name, expr] of Object.entries(config.schedules)) {
    if (!(name in out)) throw new Error(`ALMANAC_SCHEDULES names an unknown job "${name}"`);
    if (!cron.validate(expr)) throw new Error(`invalid cron expression for ${name}: "${expr}"`);
  }
  return out;
}

export interface SchedulerOptions {
  /** How often a run that found the build database locked (a CLI run holds it) tries again (ms; default a minute). */
  retryEveryMs?: number;
  /** How long it keeps trying before it gives up and records the run as missed (ms; default 30 minutes). */
  retryForMs?: number;
  /** Waits `ms` or until `signal` aborts (the scheduler stopping); tests pass one that does not wait. */
  wait?: (ms: number, signal: AbortSignal) => Promise<unknown>;
}

export async function startScheduler(config: Config, runner: typeof runPipelines = runPipelines, opts: SchedulerOptions = {}): Promise<Scheduler> {
  const { retryEveryMs = 60_000, retryForMs = 30 * 60_000, wait = (ms, signal) => sleep(ms, undefined, { signal }) } = opts;
  const source = openSource(config.source, config);
  const progress = consoleProgress({ plain: config.ci });
  const queued = new Set<string>();
  const stopping = new AbortController();
  let chain: Promise<unknown> = Promise.resolve();

  const runOnce = (job: string): Promise<RunResult> =>
    runner({
      dataDir: config.dataDir,
      source,
      jobs: [job],
      // Only what is new since the job's last run; a run that changed nothing publishes nothing.
      incremental: true,
      threads: config.duckdbThreads,
      memoryLimit: config.duckdbMemoryLimit,
      keepSnapshots: config.snapshotsKeep,
      progress,
    });

  // A CLI run holding the build database is not a failure of the job: wait for it (the run never
  // started, nothing to undo) rather than drop the run until the next tick, a day for daily jobs.
  const runWhenFree = async (job: string): Promise<RunResult | null> => {
    for (let attempt = 0; ; attempt++) {
      // A wait that `stop()` cut short starts no run during the shutdown.
      if (attempt > 0 && stopping.signal.aborted) {
        await recordMissed(config.dataDir, { job, at: new Date().toISOString(), reason: `${busyMessage(config.dataDir)}; the scheduler stopped while it waited` });
        return null;
      }
      try {
        return await runOnce(job);
      } catch (err) {
        if (!isLockConflict(err)) throw err;
        if ((attempt + 1) * retryEveryMs > retryForMs || stopping.signal.aborted) {
          const reason = `${busyMessage(config.dataDir)}; tried ${attempt + 1} times over ${Math.round((attempt * retryEveryMs) / 60_000)} min${stopping.signal.aborted ? ' (scheduler stopped)' : ''}`;
          // The ledger is in the locked database: the miss goes beside it, where `status` reads it.
          await recordMissed(config.dataDir, { job, at: new Date().toISOString(), reason });
          progress.log(`scheduler: ${job} missed: ${reason}`);
          return null;
        }
        progress.log(`scheduler: ${job} waits: ${busyMessage(config.dataDir)}; next try in ${retryEveryMs / 1000}s`);
        await wait(retryEveryMs, stopping.signal).catch(() => undefined);
      }
    }
  };

  const trigger = (job: string): Promise<RunResult | null> => {
    if (queued.has(job)) return Promise.resolve(null);
    queued.add(job);
    const run = chain.then(async () => {
      try {
        const result = await runWhenFree(job);
        if (result) progress.log(`scheduler: ${job} ${result.status}${result.snapshot ? `, snapshot ${result.snapshot}` : ''}`);
        return result;
      } catch (err) {
        progress.log(`scheduler: ${job} failed: ${(err as Error).message}`);
        return null;
      } finally {
        queued.delete(job);
      }
    });
    chain = run;
    return run;
  };

  const tasks = new Map<string, ScheduledTask>();
  for (const [job, expr] of Object.entries(schedules(config))) {
    tasks.set(job, cron.schedule(expr, () => void trigger(job), { name: job, timezone: 'UTC' }));
    progress.log(`scheduler: ${job} at "${expr}" (UTC)`);
  }
  return {
    tasks,
    trigger,
    async stop() {
      for (const t of tasks.values()) await t.destroy();
      stopping.abort();
      await chain;
    },
  };
}
