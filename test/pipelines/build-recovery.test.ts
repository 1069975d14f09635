/**
 * pipelines/build-recovery.ts: a write-ahead log left by a run that did not finish is folded into
 * the build database before a run opens it, or the database is rebuilt from its own contents when
 * DuckDB crashes folding it (the crash itself: the killed-run test in runner.test.ts).
 */
import { existsSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { recoverBuild } from '../../pipelines/build-recovery.ts';
import { openBuild } from '../../pipelines/runner.ts';
import { buildFile } from '../../warehouse/snapshots.ts';
import { tempDir } from '../helpers.ts';

const test = suite('build recovery');

/** A build database holding rows 1..n, its last writes left in the log (no checkpoint at close). */
async function withLog(n: number): Promise<string> {
  const dataDir = tempDir();
  const { instance, conn } = await openBuild(dataDir, { threads: 1 });
  await conn.run('CREATE TABLE t AS SELECT range AS x FROM range(1, 1 + $1::BIGINT)'.replace('$1', String(n)));
  await conn.run('PRAGMA disable_checkpoint_on_shutdown');
  conn.closeSync();
  instance.closeSync();
  return dataDir;
}

async function rows(dataDir: string): Promise<number> {
  const { instance, conn } = await openBuild(dataDir, { threads: 1 });
  try {
    return Number((await conn.runAndReadAll('SELECT count(*) FROM t')).getRows()[0]![0]);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

test('no log: nothing to do; a log: folded in by a checkpoint in a child process, the rows kept', async () => {
  assert.is(await recoverBuild(tempDir(), () => {}), 'clean');
  const dataDir = await withLog(5);
  assert.ok(existsSync(`${buildFile(dataDir)}.wal`));
  assert.is(await recoverBuild(dataDir, () => {}), 'checkpointed');
  assert.not.ok(existsSync(`${buildFile(dataDir)}.wal`));
  assert.is(await rows(dataDir), 5);
});

test('a checkpoint that crashes: the database is rebuilt from its own contents, the rows kept', async () => {
  const dataDir = await withLog(7);
  const lines: string[] = [];
  process.env.ALMANAC_TEST_CHECKPOINT_CRASH = '1';
  try {
    assert.is(await recoverBuild(dataDir, (l) => lines.push(l)), 'rebuilt');
  } finally {
    delete process.env.ALMANAC_TEST_CHECKPOINT_CRASH;
  }
  assert.match(lines[0]!, /could not be checkpointed \(signal SIGSEGV\)/);
  assert.not.ok(existsSync(`${buildFile(dataDir)}.wal`));
  assert.not.ok(existsSync(`${buildFile(dataDir)}.recovered`));
  assert.is(await rows(dataDir), 7);
});

test("another run's live log is left alone: the open that follows says busy", async () => {
  const dataDir = tempDir();
  const { instance, conn } = await openBuild(dataDir, { threads: 1 });
  try {
    await conn.run('CREATE TABLE t AS SELECT 1 AS x');
    assert.ok(existsSync(`${buildFile(dataDir)}.wal`));
    assert.is(await recoverBuild(dataDir, () => {}), 'clean');
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
});

test.run();
