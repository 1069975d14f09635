/**
 * `almanac scheduler`: a scheduled run that finds the build database held by another process (a
 * CLI run) waits and tries again instead of being dropped until the next tick; one that never got
 * to run is recorded where `status` shows it.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { missedRuns } from '../../pipelines/busy.ts';
import { runPipelinesCommand } from '../../pipelines/cli.ts';
import { openBuild, type RunOptions, type RunResult } from '../../pipelines/runner.ts';
import { startScheduler } from '../../pipelines/scheduler.ts';
import { SAMPLE_DIR } from '../../schema/config.ts';
import { buildFile } from '../../warehouse/snapshots.ts';
import { testConfig } from '../helpers.ts';

const LOCKED = `IO Error: Could not set lock on file "build.duckdb": Conflicting lock is held in /usr/bin/node (PID 4242) by user root.`;
const SUCCESS: RunResult = { status: 'success', runs: [], snapshot: null, unpublished: 'unchanged' };

/** A runner that finds the build database locked `busy` times, then runs; and the waits the scheduler asked for. */
function lockedRunner(busy: number): { runner: (opts: RunOptions) => Promise<RunResult>; calls: string[][]; waits: number[]; wait: (ms: number) => Promise<void> } {
  const calls: string[][] = [];
  const waits: number[] = [];
  return {
    calls,
    waits,
    runner: async (opts) => {
      calls.push(opts.jobs ?? []);
      if (calls.length <= busy) throw new Error(`${LOCKED}\nmore DuckDB text`);
      return SUCCESS;
    },
    wait: async (ms) => void waits.push(ms),
  };
}

const trigger = suite('scheduler trigger');

trigger('a run that collides with a CLI run holding the lock waits a minute and tries again, then runs', async () => {
  const config = testConfig({ source: `mirror:${SAMPLE_DIR}` });
  const r = lockedRunner(2);
  const scheduler = await startScheduler(config, r.runner, { wait: r.wait });
  try {
    assert.equal(await scheduler.trigger('companies'), SUCCESS);
  } finally {
    await scheduler.stop();
  }
  assert.equal(r.calls, [['companies'], ['companies'], ['companies']]);
  assert.equal(r.waits, [60_000, 60_000]);
  assert.equal(await missedRuns(config.dataDir), []);
});

trigger('still locked after the retries: recorded as missed, and `status` shows it until the job runs again', async () => {
  const config = testConfig({ source: `mirror:${SAMPLE_DIR}` });
  const ledger = await openBuild(config.dataDir, { threads: 1 });
  ledger.conn.closeSync();
  ledger.instance.closeSync();
  const r = lockedRunner(Infinity);
  const scheduler = await startScheduler(config, r.runner, { wait: r.wait, retryEveryMs: 60_000, retryForMs: 5 * 60_000 });
  try {
    assert.is(await scheduler.trigger('companies'), null);
  } finally {
    await scheduler.stop();
  }
  assert.is(r.calls.length, 6, 'the first try and one a minute for 5 minutes');
  assert.equal(r.waits, [60_000, 60_000, 60_000, 60_000, 60_000]);
  const missed = await missedRuns(config.dataDir);
  assert.equal(missed.map((m) => [m.job, m.reason]), [
    ['companies', `another run holds ${buildFile(config.dataDir)} (one writer at a time): try again when it ends; tried 6 times over 5 min`],
  ]);
  const lines: string[] = [];
  assert.is(await runPipelinesCommand(['status'], config, (l) => lines.push(l), () => {}), 0);
  const text = lines.join('\n');
  assert.match(text, /missed scheduled runs \(another run held the build database\):\n {2}\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2} companies: another run holds .*tried 6 times over 5 min/);
  const json: string[] = [];
  assert.is(await runPipelinesCommand(['status', '--json'], config, (l) => json.push(l), () => {}), 0);
  assert.equal(JSON.parse(json.join('\n')).missedRuns.map((m: { job: string }) => m.job), ['companies']);
  // A later run of the job: the miss is history.
  const build = await openBuild(config.dataDir, { threads: 1 });
  try {
    await build.db.run(`INSERT INTO pipeline_runs (run_id, job, source, started_at, finished_at, status) VALUES ('later', 'companies', 'mirror', now()::TIMESTAMP + INTERVAL 1 SECOND, now()::TIMESTAMP + INTERVAL 2 SECOND, 'success')`);
  } finally {
    build.conn.closeSync();
    build.instance.closeSync();
  }
  lines.length = 0;
  assert.is(await runPipelinesCommand(['status'], config, (l) => lines.push(l), () => {}), 0);
  assert.not.match(lines.join('\n'), /missed/);
});

trigger('an error other than the lock is not retried', async () => {
  const config = testConfig({ source: `mirror:${SAMPLE_DIR}` });
  const calls: number[] = [];
  const scheduler = await startScheduler(config, async () => (calls.push(1), Promise.reject(new Error('disk full'))), { wait: async () => assert.unreachable('no wait') });
  try {
    assert.is(await scheduler.trigger('companies'), null);
  } finally {
    await scheduler.stop();
  }
  assert.is(calls.length, 1);
  assert.equal(await missedRuns(config.dataDir), []);
});

trigger.run();
