/**
 * `almanac scheduler`: runs each job on its node-cron schedule (UTC). The runner is the single
 * writer of the build database, so scheduled runs queue one after another; a job already queued
 * or running is not queued twice. Scheduled runs are incremental (pipelines/runner.ts): they fetch
 * and parse only what is new, and publish only when something changed; a pinned snapshot
 * (`almanac pipelines rollback`) stays served until `almanac pipelines unpin`.
 */
import cron, { type ScheduledTask } from 'node-cron';
import type { Config } from '../schema/config.ts';
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

export async function startScheduler(config: Config, runner: typeof runPipelines = runPipelines): Promise<Scheduler> {
  const source = openSource(config.source, config);
  const progress = consoleProgress({ plain: config.ci });
  const queued = new Set<string>();
  let chain: Promise<unknown> = Promise.resolve();

  const trigger = (job: string): Promise<RunResult | null> => {
    if (queued.has(job)) return Promise.resolve(null);
    queued.add(job);
    const run = chain.then(async () => {
      try {
        const result = await runner({
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
        progress.log(`scheduler: ${job} ${result.status}${result.snapshot ? `, snapshot ${result.snapshot}` : ''}`);
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
      await chain;
    },
  };
}
