import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { JOBS } from '../../pipelines/jobs/index.ts';
import { schedules } from '../../pipelines/scheduler.ts';
import { effectiveSchedule, JOB_SCHEDULES, nextRun } from '../../schema/schedules.ts';

const next = suite('nextRun');
const at = (iso: string) => new Date(`${iso}Z`);
const iso = (d: Date | null) => d?.toISOString().slice(0, 16) ?? null;

next('daily, weekdays, steps and the strictly-after rule', () => {
  assert.is(iso(nextRun('15 6 * * *', at('2026-11-24T06:14:59'))), '2026-11-24T06:15');
  assert.is(iso(nextRun('15 6 * * *', at('2026-11-24T06:15:00'))), '2026-11-25T06:15', 'strictly after: the same minute is not next');
  // 2026-11-27 is a Friday: weekdays-only jumps to Monday 30 Nov.
  assert.is(iso(nextRun('30 23 * * 1-5', at('2026-11-27T23:31:00'))), '2026-11-30T23:30');
  assert.is(iso(nextRun('*/30 * * * *', at('2026-11-24T07:01:00'))), '2026-11-24T07:30');
  assert.is(iso(nextRun('0 */2 * * *', at('2026-11-24T07:01:00'))), '2026-11-24T08:00');
  assert.is(iso(nextRun('30 */4 * * *', at('2026-11-24T23:59:00'))), '2026-11-25T00:30');
  assert.is(iso(nextRun('0 0 29 2 *', at('2026-11-24T00:00:00'))), null, 'no 29 February within 366 days of this date');
  assert.is(iso(nextRun('0 12 1 * 0', at('2026-11-24T00:00:00'))), '2026-11-29T12:00', 'day of month OR day of week (29 Nov is a Sunday)');
  assert.is(iso(nextRun('0 12 * * 7', at('2026-11-24T00:00:00'))), '2026-11-29T12:00', '7 is Sunday');
  assert.throws(() => nextRun('61 * * * *', new Date()), /out of range/);
  assert.throws(() => nextRun('@daily', new Date()), /5 fields/);
});

const declared = suite('job schedules: declared once');

declared('every job runs on its JOB_SCHEDULES entry; ALMANAC_SCHEDULES overrides win in the scheduler and the coverage views alike', () => {
  assert.equal(Object.fromEntries(JOBS.map((j) => [j.name, j.schedule])), Object.fromEntries(JOBS.map((j) => [j.name, (JOB_SCHEDULES as Record<string, string>)[j.name]])));
  for (const job of JOBS) assert.ok(job.name in JOB_SCHEDULES, `${job.name} declared`);
  const overrides = { macro: '5 4 * * *' };
  assert.is(schedules({ schedules: overrides }).macro, '5 4 * * *');
  assert.is(effectiveSchedule('macro', overrides), '5 4 * * *');
  assert.is(effectiveSchedule('prices', overrides), JOB_SCHEDULES.prices);
  assert.is(effectiveSchedule('nope'), null);
  for (const expr of Object.values(JOB_SCHEDULES)) assert.ok(nextRun(expr, new Date()), expr);
});

next.run();
declared.run();
