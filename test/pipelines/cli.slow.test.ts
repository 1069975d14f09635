import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runPipelinesCommand } from '../../pipelines/cli.ts';
import { openBuild, runPipelines } from '../../pipelines/runner.ts';
import { schedules } from '../../pipelines/scheduler.ts';
import { mirrorSource } from '../../pipelines/sources/mirror.ts';
import { SAMPLE_DIR } from '../../schema/config.ts';
import { currentVersion, snapshotFile } from '../../warehouse/snapshots.ts';
import { buildFile } from '../../warehouse/snapshots.ts';
import { tempDir, testConfig } from '../helpers.ts';
import { countingJob, writeCountingDocs } from './counting-job.ts';
import { holdBuildDatabase } from './hold-build.ts';

const cli = suite('almanac pipelines');
const ROOT = path.resolve(import.meta.dirname, '../..');


function capture(): { lines: string[]; errors: string[]; out: (l: string) => void; err: (l: string) => void } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (l) => lines.push(l), err: (l) => errors.push(l) };
}

cli('run -> 0 and a snapshot; status shows the run; rollback re-points; exit codes tell outcomes apart', async () => {
  const config = testConfig({ source: `mirror:${SAMPLE_DIR}` });
  let c = capture();
  assert.is(await runPipelinesCommand(['run', 'companies'], config, c.out, c.err), 0);
  // The security master is derived from the company list: it runs with it, and the run says so.
  assert.is(c.lines[0], 'also running security-master: derived from the jobs named, rebuilt with them');
  assert.match(c.lines.join('\n'), /^success — published snapshot v\d+/m);
  const first = await currentVersion(config.dataDir);

  // A mirror folder that does not exist is a usage error: nothing runs, nothing is published.
  c = capture();
  assert.is(await runPipelinesCommand(['run', 'companies', '--source', 'mirror:/nonexistent'], config, c.out, c.err), 64);
  assert.equal(c.errors, ['--source mirror:/nonexistent: no folder /nonexistent']);
  assert.is(await currentVersion(config.dataDir), first);

  // An empty mirror: the company list is not found at the source -> partial (2), still published.
  c = capture();
  assert.is(await runPipelinesCommand(['run', '--jobs', 'companies', '--source', `mirror:${tempDir()}`], config, c.out, c.err), 2, 'partial = 2');
  const second = await currentVersion(config.dataDir);
  assert.is.not(second, first);

  c = capture();
  assert.is(await runPipelinesCommand(['status'], config, c.out, c.err), 0);
  const text = c.lines.join('\n');
  assert.match(text, `current snapshot: ${second}`);
  assert.match(text, /companies\s+partial/);
  assert.match(text, /not found at the source/);

  c = capture();
  assert.is(await runPipelinesCommand(['status', '--json'], config, c.out, c.err), 0);
  const json = JSON.parse(c.lines.join('\n'));
  assert.is(json.snapshot, second);
  assert.equal(json.lastRuns.map((r: { job: string }) => r.job), ['companies', 'security-master']);

  c = capture();
  assert.is(await runPipelinesCommand(['rollback'], config, c.out, c.err), 0);
  assert.is(await currentVersion(config.dataDir), first);
  assert.is(await runPipelinesCommand(['rollback'], config, c.out, c.err), 1, 'nothing before the first');
});

cli('usage errors exit 64 with one line (not 1 = failed, not 2 = partial); nothing runs', async () => {
  const config = testConfig({ source: `mirror:${SAMPLE_DIR}` });
  for (const [args, message] of [
    [['run'], /name the jobs/],
    [['run', 'nope'], /unknown job\(s\): nope/],
    [['run', '--jobs', 'companies,nope'], /unknown job\(s\): nope/],
    [['run', 'companies', '--since', '2024-13'], /--since must be a date/],
    [['run', 'companies', '--since', '2024-02-30'], /--since 2024-02-30 is not a calendar date/],
    [['run', 'companies', '--since', '2999-01-01'], /in the future/],
    [['run', 'companies', '--since', '1899-12-31'], /^--since 1899-12-31 is outside 1900-01-01\.\.\d{4}-12-31: no source here starts earlier/],
    [['run', 'companies', '--bogus'], /Unknown option '--bogus'/],
    [['run', 'companies', '--source', 'bogus'], /unknown source "bogus"/],
    [['run', 'companies', '--source', 'mirror:'], /no folder \(none given\)/],
    // Nothing landed (live runs fill DATA_DIR/raw): it would publish a snapshot of nothing found.
    [['run', '--all', '--source', 'landing'], /^source landing: nothing has landed in .*raw; it holds what live runs downloaded \(run with the live source first\)$/],
    [['frobnicate'], /unknown pipelines command "frobnicate"/],
    [[], /^usage: almanac pipelines/],
  ] as [string[], RegExp][]) {
    const c = capture();
    assert.is(await runPipelinesCommand(args, config, c.out, c.err), 64, args.join(' '));
    assert.match(c.errors[0]!, message);
    assert.not.match(c.errors.join('\n'), /\n\s+at /, 'no stack trace');
  }
  assert.is(await currentVersion(config.dataDir), null, 'nothing was published');
  const c = capture();
  assert.is(await runPipelinesCommand(['status'], config, c.out, c.err), 1);
  assert.match(c.errors[0]!, /no warehouse/);
  // A first run in progress (it holds the build database, no snapshot yet) is not "no warehouse" (an operator pass).
  const holder = await holdBuildDatabase(buildFile(config.dataDir));
  try {
    const busy = capture();
    assert.is(await runPipelinesCommand(['status'], config, busy.out, busy.err), 75);
    assert.equal(busy.errors, [`a run is in progress in ${config.dataDir} (it holds ${buildFile(config.dataDir)}) and has published no snapshot yet: try again when it ends`]);
  } finally {
    holder.kill();
  }
});

cli('--help on every subcommand: exit 0, usage on stdout', async () => {
  const config = testConfig();
  for (const args of [['--help'], ['help'], ['run', '--help'], ['status', '-h'], ['list', '--help'], ['rollback', '--help']]) {
    const c = capture();
    assert.is(await runPipelinesCommand(args, config, c.out, c.err), 0, args.join(' '));
    assert.match(c.lines.join('\n'), /^usage: almanac pipelines/);
    assert.equal(c.errors, []);
  }
});

cli('an option or argument a command does not take is a usage error (64) that changes nothing: `rollback --dry-run` rolled back', async () => {
  const config = testConfig({ source: `mirror:${SAMPLE_DIR}` });
  let c = capture();
  assert.is(await runPipelinesCommand(['run', 'companies'], config, c.out, c.err), 0);
  assert.is(await runPipelinesCommand(['run', '--jobs', 'companies', '--source', `mirror:${tempDir()}`], config, c.out, c.err), 2, 'a second snapshot');
  const before = await currentVersion(config.dataDir);
  for (const args of [['rollback', '--dry-run'], ['rollback', 'now'], ['unpin', '--force'], ['list', '--x'], ['status', '--bogus'], ['status', 'companies']]) {
    c = capture();
    assert.is(await runPipelinesCommand(args, config, c.out, c.err), 64, args.join(' '));
    assert.is(c.errors.length, 1, args.join(' '));
    assert.match(c.errors[0]!, new RegExp(`${args[0]}.*${args[1]!.replace(/-/g, '\\-')}`), args.join(' '));
    assert.equal(c.lines, [], args.join(' '));
  }
  assert.is(await currentVersion(config.dataDir), before, 'nothing rolled back');
  c = capture();
  assert.is(await runPipelinesCommand(['status', '--json'], config, c.out, c.err), 0, 'status --json still works');
});

cli('a run while another process holds the build database: 75 (busy) and one line, no stack trace', async () => {
  const config = testConfig({ source: `mirror:${SAMPLE_DIR}` });
  let c = capture();
  assert.is(await runPipelinesCommand(['run', 'companies'], config, c.out, c.err), 0);
  const first = await currentVersion(config.dataDir);
  const holder = await holdBuildDatabase(buildFile(config.dataDir));
  try {
    c = capture();
    assert.is(await runPipelinesCommand(['run', 'companies'], config, c.out, c.err), 75);
    assert.equal(c.errors, [`another run holds ${buildFile(config.dataDir)} (one writer at a time): try again when it ends`]);
    assert.equal(c.lines, [], 'nothing said to be running');
    assert.is(await currentVersion(config.dataDir), first);
  } finally {
    holder.kill();
  }
});

cli('status after a run killed mid-load (SIGKILL): the job shows interrupted, not running, and the ledger is left as it was', async () => {
  const config = testConfig();
  const mirror = tempDir();
  writeCountingDocs(mirror, 40, 20);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'crash-child.ts'), config.dataDir, mirror], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      if (/loaded [3-9]/.test(d.toString())) {
        child.kill('SIGKILL');
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`the run ended (${code}) before it was killed`)));
  });
  await new Promise((resolve) => child.once('exit', resolve));
  let c = capture();
  assert.is(await runPipelinesCommand(['status'], config, c.out, c.err), 0, c.errors.join('\n'));
  assert.match(c.lines.join('\n'), /^counting\s+interrupted\s/m);
  assert.match(c.lines.join('\n'), /error: the ledger says running, but no process holds the build database: killed mid-run \(shown by status only; the next run records it as failed\)/);
  c = capture();
  assert.is(await runPipelinesCommand(['status', '--json'], config, c.out, c.err), 0);
  assert.equal(JSON.parse(c.lines.join('\n')).lastRuns.map((r: { job: string; status: string }) => [r.job, r.status]), [['counting', 'interrupted']]);
  const { instance, conn, db } = await openBuild(config.dataDir, { threads: 1 });
  try {
    assert.equal(await db.all('SELECT status FROM pipeline_runs'), [{ status: 'running' }], 'status wrote nothing');
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
});

cli('status names the snapshot each job\'s last run published, "-" for none, as --json\'s lastRuns do', async () => {
  const config = testConfig({ source: `mirror:${SAMPLE_DIR}` });
  const mirror = tempDir();
  writeCountingDocs(mirror, 2, 3);
  const counted = await runPipelines({ dataDir: config.dataDir, source: mirrorSource(mirror), jobList: [countingJob()], threads: 1 });
  let c = capture();
  assert.is(await runPipelinesCommand(['run', 'companies'], config, c.out, c.err), 0);
  const companies = await currentVersion(config.dataDir);
  assert.ok(counted.snapshot && companies && counted.snapshot !== companies);

  // Each row names its own run's snapshot, not the current one.
  c = capture();
  assert.is(await runPipelinesCommand(['status'], config, c.out, c.err), 0);
  const header = c.lines.find((l) => l.startsWith('job'))!;
  assert.match(header, /rows out {2}snapshot {21}watermark$/);
  const column = header.indexOf('snapshot');
  const row = (job: string): string => c.lines.find((l) => l.startsWith(`${job} `))!;
  assert.is(row('counting').slice(column), `${counted.snapshot}  doc-0001`);
  assert.is(row('companies').slice(column, column + companies.length + 2), `${companies}  `);
  c = capture();
  assert.is(await runPipelinesCommand(['status', '--json'], config, c.out, c.err), 0);
  assert.equal(JSON.parse(c.lines.join('\n')).lastRuns.map((r: { job: string; snapshot: string | null }) => [r.job, r.snapshot]), [['companies', companies], ['counting', counted.snapshot], ['security-master', companies]]);

  // A run that published nothing (--no-publish) shows "-"; the snapshot served is still the earlier one.
  c = capture();
  assert.is(await runPipelinesCommand(['run', 'companies', '--no-publish'], config, c.out, c.err), 0);
  assert.equal(c.lines, ['also running security-master: derived from the jobs named, rebuilt with them', 'success — nothing published']);
  c = capture();
  assert.is(await runPipelinesCommand(['status'], config, c.out, c.err), 0);
  assert.match(c.lines.join('\n'), `current snapshot: ${companies}`);
  assert.is(row('companies').slice(column, column + 3), '-  ');
  assert.is(row('counting').slice(column), `${counted.snapshot}  doc-0001`);
  c = capture();
  assert.is(await runPipelinesCommand(['status', '--json'], config, c.out, c.err), 0);
  assert.equal(JSON.parse(c.lines.join('\n')).lastRuns.map((r: { job: string; snapshot: string | null }) => [r.job, r.snapshot]), [['companies', null], ['counting', counted.snapshot], ['security-master', null]]);

  // A snapshot a run names that is not on disk (pruned, or a publish killed before its copy) is marked so.
  rmSync(snapshotFile(config.dataDir, counted.snapshot));
  c = capture();
  assert.is(await runPipelinesCommand(['status'], config, c.out, c.err), 0);
  assert.match(row('counting'), `${counted.snapshot} (not on disk)`);
});

cli('run prices reruns technicals with it: price_latest and the indicators come from the new closes', async () => {
  const config = testConfig({ source: `mirror:${SAMPLE_DIR}` });
  const c = capture();
  assert.is(await runPipelinesCommand(['run', 'prices'], config, c.out, c.err), 0, c.errors.join('\n'));
  assert.is(c.lines[0], 'also running technicals: derived from the jobs named, rebuilt with them');
  const { instance, db } = await openBuild(config.dataDir);
  try {
    // Every ticker's latest row is its newest close, and the technicals run came after the prices run.
    const stale = await db.all<{ ticker: string }>(
      `SELECT l.ticker FROM price_latest l JOIN (SELECT ticker, max(date) AS d FROM prices GROUP BY ticker) p USING (ticker) WHERE l.date <> p.d`,
    );
    assert.equal(stale, []);
    const [counts] = await db.all<{ latest: number; tickers: number }>(`SELECT (SELECT count(*) FROM price_latest)::INTEGER AS latest, (SELECT count(DISTINCT ticker) FROM prices)::INTEGER AS tickers`);
    assert.ok(counts!.tickers > 0 && counts!.latest === counts!.tickers, JSON.stringify(counts));
    const runs = await db.all<{ job: string }>(`SELECT job FROM pipeline_runs ORDER BY started_at`);
    assert.equal(runs.map((r) => r.job), ['prices', 'technicals']);
  } finally {
    instance.closeSync();
  }
});

cli('schedules: job defaults, overridable, validated', () => {
  assert.is(schedules({ schedules: {} }).companies, '15 6 * * *');
  assert.is(schedules({ schedules: { companies: '0 7 * * 1-5' } }).companies, '0 7 * * 1-5');
  assert.throws(() => schedules({ schedules: { nope: '* * * * *' } }), /unknown job/);
  assert.throws(() => schedules({ schedules: { companies: 'every day' } }), /invalid cron/);
});

cli.run();

// --- the real command, in another process (issue 13.18) ---

const bin = suite('almanac command (process)');

const almanac = (args: string[], env: Record<string, string> = {}, timeout = 60_000) =>
  spawnSync(process.execPath, [path.join(ROOT, 'bin/almanac.js'), ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: tempDir(), ...env }, encoding: 'utf8', timeout });

bin('`npm run almanac -- ...` (the README form) runs the command', () => {
  const r = spawnSync('npm', ['run', '--silent', 'almanac', '--', 'pipelines', 'list'], { cwd: ROOT, env: { ...process.env, DATA_DIR: tempDir() }, encoding: 'utf8', timeout: 60_000 });
  assert.is(r.status, 0, r.stderr);
  assert.match(r.stdout, /^companies\s/m);
  assert.match(r.stdout, /^security-master\s/m);
});

bin('--help exits 0 everywhere; no command is a usage error (64); unknown source: one line, no stack trace', () => {
  for (const args of [['--help'], ['help'], ['pipelines', '--help'], ['pipelines', 'run', '--help'], ['accounts', '--help'], ['billing', '--help'], ['scheduler', '--help'], ['serve', '--help']]) {
    const r = almanac(args);
    assert.is(r.status, 0, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stdout, /^usage: almanac/, args.join(' '));
  }
  assert.is(almanac([]).status, 64);
  assert.is(almanac(['frobnicate']).status, 64);
  const r = almanac(['pipelines', 'run', 'companies', '--source', 'bogus']);
  assert.is(r.status, 64);
  assert.equal(r.stderr.trim().split('\n'), ['unknown source "bogus": use live, edgar, landing or mirror:<dir>']);
});

bin('serve and billing refuse arguments they do not take (64): `serve --port 9000` started on PORT, ignoring it', () => {
  for (const args of [['serve', '--port', '9000'], ['billing', 'invoice', '--month', '2024-01', '--csv'], ['billing', 'invoice', '2024-01', '--month', '2024-01']]) {
    const r = almanac(args, { PORT: '1' }); // a server that did start would fail on port 1 with 1, not 64
    assert.is(r.status, 64, `${args.join(' ')}: ${r.stderr}`);
    assert.not.match(r.stderr, /\n\s+at /, args.join(' '));
  }
});

bin('a DATA_DIR that cannot be created (/proc/nope: Node\'s recursive mkdir spins forever there) is refused at once: CLI 64, server 1, one line', () => {
  for (const args of [['pipelines', 'run', 'companies'], ['pipelines', 'backfill', 'insiders', '--from', '2024Q1', '--to', '2024Q1'], ['scheduler']]) {
    const r = almanac(args, { DATA_DIR: '/proc/nope', ALMANAC_SOURCE: `mirror:${SAMPLE_DIR}` }, 20_000);
    assert.is(r.status, 64, `${args.join(' ')}: ${r.signal ?? ''} ${r.stderr}`);
    assert.equal(r.stderr.trim().split('\n'), ["almanac: DATA_DIR /proc/nope cannot be used: ENOENT: no such file or directory, mkdir '/proc/nope' (set DATA_DIR to a writable folder)"]);
  }
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin/start.js')], { cwd: ROOT, env: { ...process.env, DATA_DIR: '/proc/nope', PORT: '0' }, encoding: 'utf8', timeout: 20_000 });
  assert.is(r.status, 1, `npm start: ${r.signal ?? ''} ${r.stderr}`);
  assert.match(r.stderr, /^almanac: DATA_DIR \/proc\/nope cannot be used: ENOENT/);
});

bin('a reader that goes away (`almanac pipelines list | head`) ends the command quietly', async () => {
  const child = spawn(process.execPath, [path.join(ROOT, 'bin/almanac.js'), 'pipelines', 'list'], { cwd: ROOT, env: { ...process.env, DATA_DIR: tempDir() }, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.destroy(); // the reader closes before the first line is written
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  assert.is(stderr, '');
  assert.is(code, 0);
});

bin.run();
