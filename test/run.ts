/**
 * The test runner behind `npm test`, `npm run test:real` and `npm run test:contract`.
 *
 * Runs `tsc --noEmit` (with --typecheck) and every `*.test.ts` under the given folders, each in
 * its own Node process (suites start servers and databases; isolation keeps them honest), three at
 * a time (two for the real, contract and slow suites), longest first, each from an esbuild bundle
 * made once per run (test/bundle.ts; TEST_BUNDLE=0 runs them through tsx). uvu prints
 * `Total/Passed/Skipped` per file; this sums them and ends with the line `N passed, N failed`
 * alone on a line, exiting non-zero on any failure.
 *
 * Usage: node --import tsx test/run.ts [--typecheck] [--only <substring>] <dir|file>...
 * Folders: `test` = the self-contained suites (test/real, test/bench and the slow suites are left
 * out); `test-real` = test/real; `test-contract` = every `*.contract.test.ts`; `test-slow` = the
 * slow suites (browser end to end, fault injection, `*.slow.test.ts`), which `.ci/run` runs.
 */
import { spawn } from 'node:child_process';
import { accessSync, constants, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundleTests } from './bundle.ts';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const typecheck = args.includes('--typecheck');
const onlyIndex = args.indexOf('--only');
const only = onlyIndex >= 0 ? args[onlyIndex + 1] : undefined;
const targets = args.filter((a, i) => !a.startsWith('--') && (onlyIndex < 0 || i !== onlyIndex + 1));
// Files at once. `npm test`: 3 on this 2-core machine, as several suites wait on timers or child
// processes (a minute boundary, CLI runs) while another could use the core: 4 min 32 s against
// 4 min 55 s with 2 (2026-11-24 23:20 UTC). The real, contract and slow suites (multi-process,
// faults, timing): 2.
const concurrency = Number(process.env.TEST_CONCURRENCY ?? (targets.some((t) => t.startsWith('test-')) ? 2 : 3));

function walk(dir: string, out: string[]): void {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name === 'node_modules' || name === 'fixtures' || name.startsWith('.')) continue;
      walk(full, out);
    } else if (name.endsWith('.test.ts')) out.push(full);
  }
}

/** Slow suites: a real browser, killed and restarted servers, anything named `*.slow.test.ts`. */
const isSlow = (f: string): boolean => f.includes(`${path.sep}e2e${path.sep}`) || /\.(fault|slow)\.test\.ts$/.test(f);

function collect(): string[] {
  const files: string[] = [];
  for (const t of targets.length ? targets : ['test']) {
    if (t === 'test-real') walk(path.join(root, 'test/real'), files);
    else if (t === 'test-contract') {
      const all: string[] = [];
      walk(path.join(root, 'test'), all);
      files.push(...all.filter((f) => f.endsWith('.contract.test.ts')));
    } else if (t === 'test-slow') {
      const all: string[] = [];
      walk(path.join(root, 'test'), all);
      files.push(...all.filter((f) => isSlow(f) && !f.endsWith('.contract.test.ts')));
    } else if (t === 'test') {
      const all: string[] = [];
      walk(path.join(root, 'test'), all);
      files.push(...all.filter((f) => !f.includes(`${path.sep}real${path.sep}`) && !f.includes(`${path.sep}bench${path.sep}`) && !isSlow(f)));
    } else {
      const full = path.resolve(t);
      if (statSync(full).isDirectory()) walk(full, files);
      else files.push(full);
    }
  }
  return [...new Set(files)].filter((f) => !only || f.includes(only)).sort();
}

interface Outcome {
  file: string;
  passed: number;
  failed: number;
  skipped: number;
  output: string;
  ms: number;
}

// eslint-disable-next-line no-control-regex
const strip = (s: string): string => s.replace(/\x1b\[[0-9;]*m/g, '');

/**
 * Suites write warehouses, user stores and caches under the system temp folder. When TMPDIR is not
 * set and /dev/shm (memory) is writable, they go there: on this project's 2-core machine /tmp is on
 * disk, and copying and removing each suite's files there cost as much system time as the suites'
 * own work (`npm test` 5 min 0 s with /tmp, 4 min 36 s with /dev/shm and cold caches).
 */
function testTmpdir(): string | undefined {
  if (process.env.TMPDIR) return process.env.TMPDIR;
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return undefined;
  }
}
const TMPDIR = testTmpdir();

/**
 * Each file runs from its bundle (test/bundle.ts) when bundling succeeded: ~1.3 s less CPU per
 * suite than loading it through tsx. TEST_BUNDLE=0 runs the TypeScript files through tsx.
 *
 * `--liftoff-only`: V8 runs WebAssembly with its baseline compiler only, never tiering functions up
 * to TurboFan. A suite's embedded user store (PGlite: PostgreSQL in ~9 MB of WebAssembly) starts
 * PostgreSQL in every process, and tiering up its hot functions then costs more CPU than a short
 * process gets back: opening a migrated store took 0.85 s of CPU (all threads) against 1.5 s
 * without the flag, and `npm test` 4 min 28 s (8.7 CPU-minutes) against 5 min 18 s (10.2) on
 * 2026-11-29's machine. The server itself runs without it (a long-lived process gains from TurboFan).
 */
const NODE_FLAGS = ['--enable-source-maps', '--liftoff-only'];
let bundles = new Map<string, string>();

function runFile(file: string): Promise<Outcome> {
  const started = Date.now();
  const bundle = bundles.get(file);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, bundle ? [...NODE_FLAGS, bundle] : [...NODE_FLAGS, '--import', 'tsx', file], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'test', FORCE_COLOR: '0', ...(TMPDIR ? { TMPDIR } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timeout = setTimeout(() => child.kill('SIGKILL'), Number(process.env.TEST_FILE_TIMEOUT_MS ?? 300_000));
    child.on('close', (code) => {
      clearTimeout(timeout);
      const text = strip(output);
      const totals = [...text.matchAll(/Total:\s+(\d+)/g)].map((m) => Number(m[1]));
      const passes = [...text.matchAll(/Passed:\s+(\d+)/g)].map((m) => Number(m[1]));
      const skips = [...text.matchAll(/Skipped:\s+(\d+)/g)].map((m) => Number(m[1]));
      const total = totals.reduce((a, b) => a + b, 0);
      let passed = passes.reduce((a, b) => a + b, 0);
      const skipped = skips.reduce((a, b) => a + b, 0);
      let failed = Math.max(0, total - passed - skipped);
      if (code !== 0 && failed === 0) {
        // Crashed, timed out or failed outside a test: count the file as one failure.
        failed = 1;
        passed = Math.min(passed, Math.max(0, total - 1));
      }
      resolve({ file: path.relative(root, file), passed, failed, skipped, output: text, ms: Date.now() - started });
    });
  });
}

function runTypecheck(): Promise<boolean> {
  return new Promise((resolve) => {
    const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', root], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('close', (code) => {
      if (code !== 0) process.stdout.write(output);
      resolve(code === 0);
    });
  });
}

let passed = 0;
let failed = 0;
let skipped = 0;

/**
 * Longest suites first (longest-processing-time order), so the lanes end together instead of one
 * idling while another finishes a 30-second suite it picked up last. Durations come from the
 * previous run on this checkout (node_modules/.cache), else from test/times.json (committed, for a
 * fresh clone such as CI's; `TEST_SAVE_TIMES=1` rewrites it from the run), else larger files first.
 */
const timesFile = path.join(root, 'node_modules/.cache/almanac-test-times.json');
const committedTimesFile = path.join(root, 'test/times.json');
function readTimes(file: string): Record<string, number> {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, number>;
  } catch {
    return {};
  }
}
const times = { ...readTimes(committedTimesFile), ...readTimes(timesFile) };
const expected = (f: string): number => times[path.relative(root, f)] ?? statSync(f).size / 100;

type Job = { kind: 'typecheck' } | { kind: 'file'; file: string };
const files = collect();
if (files.length === 0 && targets.includes('test-real')) process.stdout.write('no real-data suites found\n');
// The type check runs in one lane beside the suites rather than before them all.
const queue: Job[] = [
  ...(typecheck ? [{ kind: 'typecheck' } as Job] : []),
  ...[...files].sort((a, b) => expected(b) - expected(a)).map((file): Job => ({ kind: 'file', file })),
];
if (process.env.TEST_BUNDLE !== '0' && files.length > 0) {
  // One folder per run: worktrees may share node_modules, and runs may overlap.
  const outdir = path.join(root, 'node_modules/.cache/almanac-test-bundles', String(process.pid));
  process.on('exit', () => rmSync(outdir, { recursive: true, force: true }));
  try {
    rmSync(outdir, { recursive: true, force: true });
    bundles = await bundleTests(files, outdir);
  } catch (err) {
    process.stdout.write(`bundling failed, running through tsx: ${(err as Error).message.split('\n')[0]}\n`);
  }
}
const outcomes: Outcome[] = [];
await Promise.all(
  Array.from({ length: Math.max(1, concurrency) }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      if (job.kind === 'typecheck') {
        const ok = await runTypecheck();
        if (ok) passed++;
        else failed++;
        process.stdout.write(`typecheck: tsc --noEmit ${ok ? 'ok' : 'FAILED'}\n`);
        continue;
      }
      const o = await runFile(job.file);
      outcomes.push(o);
      const mark = o.failed ? 'FAIL' : 'ok  ';
      process.stdout.write(`${mark} ${o.file} — ${o.passed} passed, ${o.failed} failed${o.skipped ? `, ${o.skipped} skipped` : ''} (${(o.ms / 1000).toFixed(1)}s)\n`);
      if (o.failed || process.env.TEST_VERBOSE) process.stdout.write(o.output.replace(/^/gm, '    ') + '\n');
    }
  }),
);
try {
  mkdirSync(path.dirname(timesFile), { recursive: true });
  for (const o of outcomes) times[o.file] = o.ms;
  writeFileSync(timesFile, JSON.stringify(times));
} catch {
  // No cache folder (read-only checkout): the next run orders by test/times.json or size.
}
if (process.env.TEST_SAVE_TIMES === '1') {
  const committed = readTimes(committedTimesFile);
  for (const o of outcomes) committed[o.file] = Math.round(o.ms / 100) * 100;
  const present = Object.keys(committed).filter((f) => statSync(path.join(root, f), { throwIfNoEntry: false })).sort();
  writeFileSync(committedTimesFile, `${JSON.stringify(Object.fromEntries(present.map((f) => [f, committed[f]])), null, 1)}\n`);
}
for (const o of outcomes) {
  passed += o.passed;
  failed += o.failed;
  skipped += o.skipped;
}
process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exitCode = failed > 0 ? 1 : 0;
