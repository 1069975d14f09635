/**
 * Snapshot publishing (DESIGN.md, "Data flow"): after a successful run the runner checkpoints the
 * build database and copies it to an immutable `snapshots/<version>.duckdb`, then atomically
 * replaces the `CURRENT` pointer (write to a temporary file, fsync, rename). Readers only ever see
 * a complete snapshot file; a crashed run never touches what is served.
 */
import { randomBytes } from 'node:crypto';
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';

export interface SnapshotInfo {
  version: string;
  file: string;
  bytes: number;
}

export const snapshotsDir = (dataDir: string): string => path.join(dataDir, 'snapshots');
const pointerFile = (dataDir: string): string => path.join(snapshotsDir(dataDir), 'CURRENT');
const pinFile = (dataDir: string): string => path.join(snapshotsDir(dataDir), 'PINNED');
export const snapshotFile = (dataDir: string, version: string): string => path.join(snapshotsDir(dataDir), `${version}.duckdb`);
/** The pipelines' build database, from which each snapshot is published. */
export const buildFile = (dataDir: string): string => path.join(dataDir, 'build.duckdb');

const VERSION_RE = /^v\d{8}T\d{6}\d{3}Z-[0-9a-f]{6}$/;

/** A new version name: sortable by time, unique across processes. */
export function newVersion(now: Date = new Date()): string {
  // 2026-11-21T08:15:12.345Z -> v20261121T081512345Z-<random>
  return `v${now.toISOString().replace(/[-:.]/g, '')}-${randomBytes(3).toString('hex')}`;
}

async function writeAtomic(file: string, content: string): Promise<void> {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(tmp, 'w');
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(tmp, file);
}

/** The version the pointer names, or null when nothing has been published. */
export async function currentVersion(dataDir: string): Promise<string | null> {
  return readVersionFile(pointerFile(dataDir));
}

async function readVersionFile(file: string): Promise<string | null> {
  try {
    const v = (await readFile(file, 'utf8')).trim();
    return VERSION_RE.test(v) ? v : null;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * The pinned version (`almanac pipelines rollback` pins what it rolls back to), or null. While a
 * version is pinned, new runs still build and keep snapshots, but readers stay on the pinned one.
 */
export async function pinnedVersion(dataDir: string): Promise<string | null> {
  return readVersionFile(pinFile(dataDir));
}

/** Pins `version` (which must exist on disk) and points readers at it. */
export async function pinSnapshot(dataDir: string, version: string): Promise<void> {
  await pointTo(dataDir, version);
  await writeAtomic(pinFile(dataDir), `${version}\n`);
}

/**
 * Removes the pin and points readers at the newest snapshot on disk (what the runs built while
 * pinned). Returns `{ from, to }`, or null when nothing was pinned.
 */
export async function unpinSnapshot(dataDir: string): Promise<{ from: string; to: string } | null> {
  const pinned = await pinnedVersion(dataDir);
  if (!pinned) return null;
  await rm(pinFile(dataDir), { force: true });
  const newest = (await listSnapshots(dataDir)).at(-1)?.version ?? pinned;
  await pointTo(dataDir, newest);
  return { from: pinned, to: newest };
}

/** The names in the snapshots folder (none before the first publish). */
async function snapshotFolder(dataDir: string): Promise<string[]> {
  try {
    return await readdir(snapshotsDir(dataDir));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** All snapshot versions on disk, oldest first. */
export async function listSnapshots(dataDir: string): Promise<SnapshotInfo[]> {
  const names = await snapshotFolder(dataDir);
  const versions = names.filter((n) => n.endsWith('.duckdb')).map((n) => n.slice(0, -'.duckdb'.length)).filter((v) => VERSION_RE.test(v)).sort();
  return Promise.all(
    versions.map(async (version) => {
      const file = snapshotFile(dataDir, version);
      return { version, file, bytes: (await stat(file)).size };
    }),
  );
}

/** Points readers at `version` (which must exist on disk). */
export async function pointTo(dataDir: string, version: string): Promise<void> {
  await stat(snapshotFile(dataDir, version));
  await writeAtomic(pointerFile(dataDir), `${version}\n`);
}

/**
 * Copies a checkpointed build database file into a new immutable snapshot and points readers at
 * it. The caller must have run `CHECKPOINT` with no open write transaction, so the file on disk is
 * complete. Keeps the newest `keep` snapshots (never deleting the current one).
 */
export async function publishSnapshot(dataDir: string, buildFile: string, keep = 5, version = newVersion()): Promise<string> {
  await mkdir(snapshotsDir(dataDir), { recursive: true });
  const target = snapshotFile(dataDir, version);
  // The writer's pid in the name: pruning tells a copy being written from one a killed publish left.
  const tmp = `${target}.${process.pid}.tmp`;
  await copyFile(buildFile, tmp);
  const handle = await open(tmp, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(tmp, target);
  if (!(await pinnedVersion(dataDir))) await pointTo(dataDir, version);
  await pruneSnapshots(dataDir, keep);
  return version;
}

/** A partial copy: `<version>.duckdb.<pid>.tmp` (before: `<version>.duckdb.tmp`, no writer named). */
const COPY_RE = /^(v\d{8}T\d{6}\d{3}Z-[0-9a-f]{6})\.duckdb(?:\.(\d+))?\.tmp$/;

/** An unnamed copy untouched this long is not being written: a copy writes its file as it goes. */
const UNNAMED_COPY_STALE_MS = 60 * 60_000;

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists, under another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/**
 * Deletes the partial snapshot copies a killed publish left (`snapshots/<version>.duckdb.<pid>.tmp`
 * whose process is gone), never one being written: told apart by the writer's pid in the name,
 * which needs no lock held by whoever prunes. Returns the files removed.
 */
export async function removeStaleCopies(dataDir: string, now = Date.now()): Promise<string[]> {
  const names = await snapshotFolder(dataDir);
  const removed: string[] = [];
  for (const name of names) {
    const m = COPY_RE.exec(name);
    if (!m) continue;
    const file = path.join(snapshotsDir(dataDir), name);
    const stale = m[2] ? Number(m[2]) !== process.pid && !alive(Number(m[2])) : now - (await stat(file)).mtimeMs > UNNAMED_COPY_STALE_MS;
    if (!stale) continue;
    await rm(file, { force: true });
    removed.push(name);
  }
  return removed;
}

/**
 * Deletes all but the newest `keep` snapshots (the current and the pinned one always stay), and
 * the partial copies of killed publishes (`removeStaleCopies`).
 */
export async function pruneSnapshots(dataDir: string, keep: number): Promise<string[]> {
  await removeStaleCopies(dataDir);
  const current = await currentVersion(dataDir);
  const pinned = await pinnedVersion(dataDir);
  const all = await listSnapshots(dataDir);
  // The newest is always kept (`keep` 0 with readers pinned elsewhere removed the snapshot just
  // built, so every later run found its build's last publish missing and published again).
  const doomed = all.slice(0, Math.max(0, all.length - Math.max(1, keep))).filter((s) => s.version !== current && s.version !== pinned);
  for (const s of doomed) {
    await rm(s.file, { force: true });
    await rm(`${s.file}.wal`, { force: true });
  }
  return doomed.map((s) => s.version);
}

/**
 * Re-points readers to the snapshot before the current one and pins it: later runs build new
 * snapshots but readers stay there until `unpinSnapshot`. Returns `{ from, to }`, or null when
 * there is no earlier snapshot to go back to.
 */
export async function rollbackSnapshot(dataDir: string): Promise<{ from: string; to: string } | null> {
  const current = await currentVersion(dataDir);
  const all = (await listSnapshots(dataDir)).map((s) => s.version);
  const index = current ? all.indexOf(current) : all.length;
  if (index <= 0) return null;
  const to = all[index - 1]!;
  await pinSnapshot(dataDir, to);
  return { from: current ?? '(none)', to };
}
