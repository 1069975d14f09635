import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { currentVersion, listSnapshots, newVersion, pointTo, publishSnapshot, rollbackSnapshot, snapshotFile } from '../../warehouse/snapshots.ts';
import { tempDir } from '../helpers.ts';

const snaps = suite('snapshots');

function fakeBuild(dir: string, text: string): string {
  const file = path.join(dir, 'build.duckdb');
  writeFileSync(file, text);
  return file;
}

snaps('versions sort by time and are unique', () => {
  const a = newVersion(new Date('2026-01-01T00:00:00.000Z'));
  const b = newVersion(new Date('2026-01-01T00:00:00.001Z'));
  assert.match(a, /^v20260101T000000000Z-[0-9a-f]{6}$/);
  assert.ok(a < b);
  assert.is.not(newVersion(new Date(0)), newVersion(new Date(0)));
});

snaps('publish copies an immutable file, moves the pointer and keeps the newest N', async () => {
  const dir = tempDir();
  assert.is(await currentVersion(dir), null);
  const versions: string[] = [];
  for (let i = 0; i < 4; i++) {
    const build = fakeBuild(dir, `content ${i}`);
    versions.push(await publishSnapshot(dir, build, 3, newVersion(new Date(Date.UTC(2026, 0, 1, 0, 0, i)))));
  }
  assert.is(await currentVersion(dir), versions[3]);
  assert.equal((await listSnapshots(dir)).map((s) => s.version), versions.slice(1));
  assert.not.ok(existsSync(snapshotFile(dir, versions[0]!)));
  fakeBuild(dir, 'changed after publish');
  assert.ok((await listSnapshots(dir)).every((s) => s.bytes === 'content 0'.length));
});

snaps('rollback re-points to the previous snapshot, step by step; nothing before the first', async () => {
  const dir = tempDir();
  const v = [0, 1, 2].map((i) => newVersion(new Date(Date.UTC(2026, 0, 1, 0, 0, i))));
  for (const version of v) await publishSnapshot(dir, fakeBuild(dir, version), 5, version);
  assert.equal(await rollbackSnapshot(dir), { from: v[2], to: v[1] });
  assert.is(await currentVersion(dir), v[1]);
  assert.equal(await rollbackSnapshot(dir), { from: v[1], to: v[0] });
  assert.is(await rollbackSnapshot(dir), null);
  assert.is(await currentVersion(dir), v[0]);
});

snaps('pruning never deletes the snapshot in use, even after a rollback', async () => {
  const dir = tempDir();
  const v = [0, 1, 2].map((i) => newVersion(new Date(Date.UTC(2026, 0, 1, 0, 0, i))));
  for (const version of v.slice(0, 2)) await publishSnapshot(dir, fakeBuild(dir, version), 2, version);
  await pointTo(dir, v[0]!);
  await publishSnapshot(dir, fakeBuild(dir, v[2]!), 1, v[2]);
  assert.ok(existsSync(snapshotFile(dir, v[2]!)));
});

snaps('a pointer to a missing file is refused; a garbled pointer reads as none', async () => {
  const dir = tempDir();
  try {
    await pointTo(dir, 'v20260101T000000000Z-abcdef');
    assert.unreachable();
  } catch (err) {
    assert.is((err as NodeJS.ErrnoException).code, 'ENOENT');
  }
  await publishSnapshot(dir, fakeBuild(dir, 'x'), 5);
  writeFileSync(path.join(dir, 'snapshots', 'CURRENT'), 'garbage');
  assert.is(await currentVersion(dir), null);
});

snaps.run();
