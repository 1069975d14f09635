/**
 * The lock test processes share their caches under (test/file-lock.ts): one holder at a time, a
 * dead holder's lock taken over, a waiter that gives up after its wait going on unlocked, and a
 * cache written through a staging folder.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fileURLToPath } from 'node:url';
import { saveCache, withFileLock } from './file-lock.ts';
import { tempDir } from './helpers.ts';

const lock = suite('file lock');
const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

lock('holders never overlap, and each of five callers runs once', async () => {
  const target = path.join(tempDir(), 'cache');
  const events: string[] = [];
  await Promise.all(
    [1, 2, 3, 4, 5].map((i) =>
      withFileLock(target, async () => {
        events.push(`in ${i}`);
        await sleep(30);
        events.push(`out ${i}`);
      }),
    ),
  );
  assert.is(events.length, 10);
  for (let k = 0; k < events.length; k += 2) {
    assert.ok(events[k]!.startsWith('in '), events.join(','));
    assert.is(events[k + 1], events[k]!.replace('in', 'out'));
  }
  assert.not.ok(existsSync(`${target}.lock`), 'released');
});

lock('a lock whose holder has died is taken over at once', async () => {
  const target = path.join(tempDir(), 'cache');
  const dead = spawnSync(process.execPath, ['-e', 'process.pid']).pid!;
  mkdirSync(`${target}.lock`);
  writeFileSync(path.join(`${target}.lock`, 'pid'), String(dead));
  const started = Date.now();
  const value = await withFileLock(target, async () => 'ran', 5_000);
  assert.is(value, 'ran');
  assert.ok(Date.now() - started < 1_000, `${Date.now() - started} ms`);
  assert.not.ok(existsSync(`${target}.lock`));
  assert.equal(readdirSync(path.dirname(target)), [], 'no stale folder left');
});

lock('a lock whose pid file is empty or not a pid, and older than 30 s, is a dead holder\'s', async () => {
  for (const content of ['', '0', 'x']) {
    const target = path.join(tempDir(), 'cache');
    mkdirSync(`${target}.lock`);
    writeFileSync(path.join(`${target}.lock`, 'pid'), content);
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${target}.lock`, old, old);
    const started = Date.now();
    assert.is(await withFileLock(target, async () => 'ran', 5_000), 'ran');
    assert.ok(Date.now() - started < 1_000, `${JSON.stringify(content)}: ${Date.now() - started} ms`);
  }
});

lock('a live holder is waited for; a waiter past its wait goes on without the lock', async () => {
  const target = path.join(tempDir(), 'cache');
  mkdirSync(`${target}.lock`);
  writeFileSync(path.join(`${target}.lock`, 'pid'), String(process.pid)); // alive: this process
  const started = Date.now();
  const value = await withFileLock(target, async () => 'ran', 400);
  const waited = Date.now() - started;
  assert.is(value, 'ran');
  assert.ok(waited >= 400 && waited < 2_000, `${waited} ms`);
  assert.ok(existsSync(`${target}.lock`), "the holder's lock is left alone");
});

lock('a cache folder appears whole or not at all, and one already there is kept', async () => {
  const target = path.join(tempDir(), 'cache');
  const failed = await saveCache(target, () => {
    throw new Error('disk full');
  }).catch((err: Error) => err.message);
  assert.is(failed, 'disk full');
  assert.not.ok(existsSync(target));
  await saveCache(target, (staging) => writeFileSync(path.join(staging, 'a'), 'first'));
  await saveCache(target, (staging) => writeFileSync(path.join(staging, 'a'), 'second'));
  assert.is(readFileSync(path.join(target, 'a'), 'utf8'), 'first');
  assert.equal(readdirSync(path.dirname(target)), ['cache'], 'no staging folder left');
});

/** A child process that asks `cachedOnce` for `target`, making it (and logging that) when missing. */
const CHILD = `
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cachedOnce } from ${JSON.stringify(fileURLToPath(new URL('./file-lock.ts', import.meta.url)))};
const [target, log] = process.argv.slice(-2);
// Started together: each says it is ready and waits for the word, so all four miss the cache at once.
writeFileSync(log + '.ready.' + process.pid, '');
while (!existsSync(log + '.go')) await new Promise((r) => setTimeout(r, 10));
const file = path.join(target, 'value');
const value = await cachedOnce(
  target,
  async () => { try { return readFileSync(file, 'utf8'); } catch { return undefined; } },
  async () => {
    appendFileSync(log, process.pid + '\\n');
    await new Promise((r) => setTimeout(r, 300));
    return { value: 'made by ' + process.pid, write: (staging) => writeFileSync(path.join(staging, 'value'), 'made by ' + process.pid) };
  },
);
process.stdout.write(value);
`;

lock('four processes missing one cache at once: one makes it, every one reads what it made', async () => {
  const dir = tempDir();
  const target = path.join(dir, 'cache');
  const log = path.join(dir, 'made.log');
  writeFileSync(log, '');
  const running = Promise.all(
    [1, 2, 3, 4].map(
      () =>
        new Promise<string>((resolve, reject) => {
          const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', CHILD, '--', target, log], { stdio: ['ignore', 'pipe', 'inherit'] });
          let out = '';
          child.stdout.on('data', (d: Buffer) => (out += d));
          child.on('error', reject);
          child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`child exited ${code}`))));
        }),
    ),
  );
  while (readdirSync(dir).filter((f) => f.startsWith('made.log.ready.')).length < 4) await sleep(20);
  writeFileSync(`${log}.go`, '');
  const outputs = await running;
  const makers = readFileSync(log, 'utf8').trim().split('\n');
  assert.is(makers.length, 1, `made by ${makers.join(', ')}`);
  assert.equal(outputs, [1, 2, 3, 4].map(() => `made by ${makers[0]}`));
  assert.equal(readdirSync(dir).filter((f) => !f.startsWith('made.log')), ['cache'], 'no lock, staging or stale folder left');
});

lock.run();
