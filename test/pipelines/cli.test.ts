import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runPipelinesCommand } from '../../pipelines/cli.ts';
import { schedules } from '../../pipelines/scheduler.ts';
import { SAMPLE_DIR } from '../../schema/config.ts';
import { currentVersion } from '../../warehouse/snapshots.ts';
import { buildFile } from '../../warehouse/snapshots.ts';
import { tempDir, testConfig } from '../helpers.ts';

const cli = suite('almanac pipelines');
const ROOT = path.resolve(import.meta.dirname, '../..');

/** Another process holding the build database open for writing, as a running `almanac pipelines run` does. */
const HOLD_BUILD_DB = `
import { DuckDBInstance } from '@duckdb/node-api';
const instance = await DuckDBInstance.create(process.argv[1]);
await instance.connect();
process.stdout.write('ready\\n');
setInterval(() => undefined, 1000);
`;

function capture(): { lines: string[]; errors: string[]; out: (l: string) => void; err: (l: string) => void } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (l) => lines.push(l), err: (l) => errors.push(l) };
}

cli('run -> 0 and a snapshot; status shows the run; rollback re-points; exit codes tell outcomes apart', async () => {
  const config = testConfig({ source: `mirror:${SAMPLE_DIR}` });
  let c = capture();
  assert.is(await runPipelinesCommand(['run', 'companies'], config, c.out, c.err), 0);
  assert.match(c.lines.join('\n'), /^success — published snapshot v\d+/);
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
  assert.is(json.lastRuns[0].job, 'companies');

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
    [['run', 'companies', '--bogus'], /Unknown option '--bogus'/],
    [['run', 'companies', '--source', 'bogus'], /unknown source "bogus"/],
    [['run', 'companies', '--source', 'mirror:'], /no folder \(none given\)/],
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
  const holder = spawn(process.execPath, ['--input-type=module', '-e', HOLD_BUILD_DB, buildFile(config.dataDir)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      holder.stdout!.once('data', () => resolve());
      holder.once('exit', (code) => reject(new Error(`holder exited ${code}`)));
    });
    c = capture();
    assert.is(await runPipelinesCommand(['run', 'companies'], config, c.out, c.err), 75);
    assert.equal(c.errors, [`another run holds ${buildFile(config.dataDir)} (one writer at a time): try again when it ends`]);
    assert.is(await currentVersion(config.dataDir), first);
  } finally {
    holder.kill();
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

const almanac = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [path.join(ROOT, 'bin/almanac.js'), ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: tempDir(), ...env }, encoding: 'utf8', timeout: 60_000 });

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
