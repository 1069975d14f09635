import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runPipelinesCommand } from '../../pipelines/cli.ts';
import { schedules } from '../../pipelines/scheduler.ts';
import { SAMPLE_DIR } from '../../schema/config.ts';
import { currentVersion } from '../../warehouse/snapshots.ts';
import { testConfig } from '../helpers.ts';

const cli = suite('almanac pipelines');

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

  c = capture();
  assert.is(await runPipelinesCommand(['run', 'companies', '--source', 'mirror:/nonexistent'], config, c.out, c.err), 2, 'partial = 2');
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

cli('bad invocations exit 1 with a message', async () => {
  const config = testConfig();
  for (const args of [['run'], ['run', 'nope'], ['run', 'companies', '--since', '2024-13'], ['run', 'companies', '--bogus'], ['frobnicate']]) {
    const c = capture();
    assert.is(await runPipelinesCommand(args, config, c.out, c.err), 1, args.join(' '));
    assert.ok(c.errors.length > 0);
  }
  const c = capture();
  assert.is(await runPipelinesCommand(['status'], config, c.out, c.err), 1);
  assert.match(c.errors[0]!, /no warehouse/);
});

cli('schedules: job defaults, overridable, validated', () => {
  assert.is(schedules({ schedules: {} }).companies, '15 6 * * *');
  assert.is(schedules({ schedules: { companies: '0 7 * * 1-5' } }).companies, '0 7 * * 1-5');
  assert.throws(() => schedules({ schedules: { nope: '* * * * *' } }), /unknown job/);
  assert.throws(() => schedules({ schedules: { companies: 'every day' } }), /invalid cron/);
});

cli.run();
