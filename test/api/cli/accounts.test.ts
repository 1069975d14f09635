import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runAccountsCommand } from '../../../api/cli/accounts.ts';
import { findAccountByEmail, insertAccount } from '../../../api/store/accounts.ts';
import type { UserStore } from '../../../api/store/interface.ts';
import { openUserStore } from '../../../api/store/open.ts';
import { BusyError } from '../../../schema/exit-codes.ts';
import { seedUserStore, testConfig } from '../../helpers.ts';

const config = testConfig();
let store: UserStore;
let out: string[] = [];
let err: string[] = [];
const run = (...args: string[]) => {
  out = [];
  err = [];
  return runAccountsCommand(args, config, { store, out: (l) => out.push(l), err: (l) => err.push(l) });
};

const cli = suite('almanac accounts');
cli.before(async () => {
  await seedUserStore(config);
  store = await openUserStore(config);
  await insertAccount(store, { id: randomUUID(), email: 'Op.Test@example.com', passwordHash: 'x' });
});
cli.after(() => store.close());

cli('list, show', async () => {
  assert.is(await run('list'), 0);
  assert.is(out[0], 'id\temail\tverified\ttier\tplan\tcreated');
  assert.match(out[1]!, /\tOp.Test@example.com\tno\tlearner\t-\t/);
  assert.is(await run('show', 'op.test@example.com'), 0);
  const shown = JSON.parse(out.join('\n'));
  assert.equal({ email: shown.email, tier: shown.tier, plan: shown.plan, keys: shown.keys }, { email: 'Op.Test@example.com', tier: 'learner', plan: null, keys: [] });
  assert.is(await run('show', shown.id), 0, 'by id too');
});

cli('set-tier, set-plan, verify change the account; one subscription at a time, as an approved plan change', async () => {
  const state = async () => {
    const a = await findAccountByEmail(store, 'op.test@example.com');
    return { tier: a!.tier, plan: a!.plan, verified: a!.emailVerifiedAt !== null };
  };
  assert.is(await run('set-tier', 'op.test@example.com', 'investor'), 0);
  assert.is(out.at(-1), 'Op.Test@example.com: tier learner -> investor, plan none -> none');
  assert.is(await run('verify', 'op.test@example.com'), 0);
  assert.equal(await state(), { tier: 'investor', plan: null, verified: true });
  // A developer plan sets the tier back to Learner (it holds everything in Power User) ...
  assert.is(await run('set-plan', 'op.test@example.com', 'developer_pro'), 0);
  assert.is(out.at(-1), 'Op.Test@example.com: tier investor -> learner, plan none -> developer_pro');
  assert.equal(await state(), { tier: 'learner', plan: 'developer_pro', verified: true });
  // ... a tier clears the plan, and a plan's end leaves Learner.
  assert.is(await run('set-tier', 'op.test@example.com', 'researcher'), 0);
  assert.equal(await state(), { tier: 'researcher', plan: null, verified: true });
  assert.is(await run('set-plan', 'op.test@example.com', 'developer'), 0);
  assert.is(await run('set-plan', 'op.test@example.com', 'none'), 0);
  assert.equal(await state(), { tier: 'learner', plan: null, verified: true });
  // Without a plan, `none` changes nothing (the tier stays).
  assert.is(await run('set-tier', 'op.test@example.com', 'investor'), 0);
  assert.is(await run('set-plan', 'op.test@example.com', 'none'), 0);
  assert.match(out.at(-1)!, 'no developer plan; nothing changed (tier investor)');
  assert.equal(await state(), { tier: 'investor', plan: null, verified: true });
});

cli('usage errors are exit code 64 (EX_USAGE, not 2: that is a partial pipeline run); an unknown account is 1; --help is 0', async () => {
  assert.is(await run(), 64);
  assert.is(await run('frobnicate'), 64);
  assert.is(await run('set-tier', 'op.test@example.com', 'god'), 64);
  assert.is(await run('set-plan', 'op.test@example.com', 'enterprise'), 64);
  assert.is(await run('list', '--limit', 'x'), 64);
  assert.is(await run('show', 'nobody@example.com'), 1);
  assert.is(err[0], 'no account nobody@example.com');
  for (const args of [['--help'], ['help'], ['set-tier', '--help'], ['list', '-h']]) {
    assert.is(await run(...args), 0, args.join(' '));
    assert.match(out.join('\n'), /^usage: almanac accounts/);
    assert.equal(err, []);
  }
});

cli.run();

// --- issue 13.18: CLI writes against the embedded store while a server runs were silently lost ---

const locked = suite('embedded user store: one process owns it');
const ROOT = path.resolve(import.meta.dirname, '../../..');

/** Runs the real `almanac` command in another process. */
function almanac(args: string[], env: Record<string, string>): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'bin/almanac.js'), ...args], { cwd: ROOT, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

locked('while this process (a server) holds the store, another process is refused with 75 and one clear line; after close it works', async () => {
  const cfg = testConfig();
  await seedUserStore(cfg);
  const held = await openUserStore(cfg);
  try {
    await insertAccount(held, { id: randomUUID(), email: 'lock@example.com', passwordHash: 'x' });
    const r = almanac(['accounts', 'set-tier', 'lock@example.com', 'investor'], { DATA_DIR: cfg.dataDir, DATABASE_URL: '' });
    assert.is(r.status, 75, r.stderr);
    assert.is(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, `in use by process ${process.pid}`);
    assert.match(r.stderr, /DATABASE_URL/);
    assert.not.match(r.stderr, /\n\s+at /);
    assert.is((await findAccountByEmail(held, 'lock@example.com'))!.tier, 'learner', 'nothing was written');
  } finally {
    await held.close();
  }
  assert.not.ok(existsSync(`${path.join(cfg.dataDir, 'userstore')}.lock`), 'closing releases the lock');
  const r = almanac(['accounts', 'set-tier', 'lock@example.com', 'investor'], { DATA_DIR: cfg.dataDir, DATABASE_URL: '' });
  assert.is(r.status, 0, r.stderr);
  const again = await openUserStore(cfg);
  try {
    assert.is((await findAccountByEmail(again, 'lock@example.com'))!.tier, 'investor');
  } finally {
    await again.close();
  }
});

locked('usage errors are 64 before the store is opened (not 75 while a server holds it), and a command refuses arguments it does not take', async () => {
  const cfg = testConfig();
  mkdirSync(cfg.dataDir, { recursive: true });
  writeFileSync(`${path.join(cfg.dataDir, 'userstore')}.lock`, JSON.stringify({ pid: process.ppid, host: hostname(), command: 'almanac serve', since: '2026-01-01T00:00:00.000Z' }));
  const bad = [
    ['set-tier'],
    ['set-tier', 'a@example.com'],
    ['set-tier', 'a@example.com', 'god'],
    ['set-tier', 'a@example.com', 'investor', '--force'],
    ['set-plan', 'a@example.com', 'enterprise'],
    ['show'],
    ['show', 'a@example.com', 'b@example.com'],
    ['verify', 'a@example.com', '--yes'],
    ['list', '--limit', 'x'],
    ['list', '--limit'],
    ['list', '--all'],
  ];
  for (const args of bad) {
    const e: string[] = [];
    assert.is(await runAccountsCommand(args, cfg, { out: () => undefined, err: (l) => e.push(l) }), 64, args.join(' '));
    assert.not.match(e.join('\n'), /in use by process/, args.join(' '));
  }
  // Well-formed commands still meet the owner's lock.
  assert.is(await runAccountsCommand(['set-tier', 'a@example.com', 'investor'], cfg, { out: () => undefined, err: () => undefined }), 75);
});

locked('a live foreign owner is refused in process too (BusyError); a lock left by a process that is gone is taken over', async () => {
  const cfg = testConfig();
  const file = `${path.join(cfg.dataDir, 'userstore')}.lock`;
  mkdirSync(cfg.dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ pid: process.ppid, host: hostname(), command: 'almanac serve', since: '2026-01-01T00:00:00.000Z' }));
  let e: unknown;
  await openUserStore(cfg).catch((x) => (e = x));
  assert.instance(e, BusyError);
  assert.match((e as Error).message, `in use by process ${process.ppid}`);
  const c: string[] = [];
  assert.is(await runAccountsCommand(['list'], cfg, { out: () => undefined, err: (l) => c.push(l) }), 75);
  assert.match(c[0]!, /in use by process/);
  // The owner died (a pid that has exited): the next opener takes the store over.
  const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  writeFileSync(file, JSON.stringify({ pid: Number(gone.stdout), host: hostname(), command: 'almanac serve', since: '2026-01-01T00:00:00.000Z' }));
  await seedUserStore(cfg);
  const store = await openUserStore(cfg);
  assert.is(JSON.parse(readFileSync(file, 'utf8')).pid, process.pid);
  await store.close();
});

locked.run();
