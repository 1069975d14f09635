/**
 * The load generator of `npm run bench:serve`, out of the server's event loop (issue 15): run in
 * process, autocannon's own CPU, its garbage collections and its timers share the event loop of
 * the server it measures, and its pauses land in the server's latencies (the p99 of the point
 * lookups at 5,000 req/s was 34-48 ms that way). `startGenerator` forks this file as a separate
 * Node.js process and returns a `load` function: each call sends autocannon's options over IPC and
 * resolves with the figures the child sends back. Run directly (`fork`), it answers those messages.
 *
 * `inProcess` keeps the old arrangement (autocannon in the caller's process) for comparison.
 */
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { runPaced, type PacedFigures } from './paced-load.ts';
import { localProbe, probedRun, type Probe, type ProbeFigures } from './server-probe.ts';

/**
 * autocannon (8.0) appends every response body to a string (`PipelinedRequestsQueue.addBody`,
 * `req.body += data`), a UTF-8 decode of each body, kept only for `verifyBody`, `expectBody` and
 * a request's `onResponse`, none of which the benchmarks use. Compressed bodies are not UTF-8: the
 * decode takes its slow path, and it cost the generator 51 µs per 8.8 KB br universe answer against
 * 21 µs for a bare server's 8.8 KB of ASCII (150 µs for 8.8 KB of random bytes), so at 19,000 rps
 * the generator's core, not the server, was the limit, the server idle 9-12 % of the time
 * (2026-11-30). The generator keeps no bodies: the measured figures are the server's. Applied in
 * this process (the generator's); autocannon's own worker threads (`workers`) load their own copy
 * and still decode bodies (bench:serve says so in its summary line).
 */
const PipelinedRequestsQueue = createRequire(import.meta.url)('autocannon/lib/pipelinedRequestsQueue.js') as { prototype: { addBody(data: Buffer): void } };
// A later autocannon without it would decode bodies again, unnoticed: refuse to run instead.
if (!Object.hasOwn(PipelinedRequestsQueue.prototype, 'addBody') || typeof PipelinedRequestsQueue.prototype.addBody !== 'function') {
  throw new Error('autocannon no longer has PipelinedRequestsQueue.prototype.addBody: see test/bench/load-generator.ts');
}
PipelinedRequestsQueue.prototype.addBody = () => undefined;

/** This file run as the generator's own process (`startGenerator` forks it): only there is the process's CPU the generator's. */
const ownProcess = process.send !== undefined && process.argv[1] === import.meta.filename;

/** What one autocannon run is asked (everything plain data: it crosses the IPC channel). */
export interface LoadOptions {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
  /** Fixed offered rate over all connections (autocannon `overallRate`), or none (saturation). */
  overallRate?: number;
  /**
   * With `overallRate`: send at that constant rate, evenly spaced, latency from each request's due
   * time (test/bench/paced-load.ts), instead of autocannon's per-second bursts.
   */
  paced?: boolean;
  /** With `paced`: seconds at the rate first, timed apart (paced-load.ts). */
  warmup?: number;
  /** autocannon worker threads (0: autocannon's main thread). */
  workers?: number;
  requests?: { method: string; path: string; body?: string; headers?: Record<string, string> }[];
}

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  /**
   * The generator process's CPU per request over the run (user + system, µs; all its threads): with
   * two cores, a generator near a whole core of its own limits what the server is offered.
   */
  generatorCpuUs?: number;
  /** The paced load's further figures (µs resolution, ms). */
  paced?: Omit<PacedFigures, 'rps' | 'p50' | 'p99' | 'non2xx'> & {
    /** The generator process's own loop delay and collections during the run (null in process). */
    generator: ProbeFigures | null;
  };
}

export interface Generator {
  /** Where autocannon runs: `child process <pid>` or `the server process`. */
  where: string;
  pid: number;
  load(options: LoadOptions): Promise<LoadFigures>;
  close(): void;
}

/** The generator process's probe (its own loop delay and collections), made on its first paced run. */
let selfProbe: Probe | null = null;

/**
 * One autocannon run; with workers the offered rate is split between them (autocannon applies it
 * per worker). A paced run in the generator process starts from a collected heap and is probed.
 * A paced request is timed from when it was due, so a pause of the generator's own (its loop busy
 * or collecting) counts as the server's latency just as a pause of the server does. The saturation
 * run before a paced one leaves the generator tens of thousands of requests' garbage, whose major
 * collection could then fall inside the paced run: the heap is collected first (`gc`, exposed in
 * the child by `startGenerator`), and the generator's loop delay and collections during the run
 * are returned beside the server's, so a p99 can be told apart.
 */
export async function runLoad(o: LoadOptions): Promise<LoadFigures> {
  if (o.paced && o.overallRate) {
    const gc = (globalThis as { gc?: () => void }).gc;
    const probe = gc ? (selfProbe ??= localProbe()) : null;
    if (process.env.BENCH_GENERATOR_GC !== '0') gc?.();
    // The forced collection's own entry reaches the probe's observer a turn later: not this run's.
    await new Promise((resolve) => setTimeout(resolve, 10));
    const { result, figures } = await probedRun(probe, () => runPaced({ ...o, rate: o.overallRate! }));
    const { rps, p50, p99, non2xx, ...paced } = result;
    return { rps, p50, p99, non2xx, paced: { ...paced, generator: figures } };
  }
  const workers = o.workers ?? 0;
  const cpu0 = process.cpuUsage();
  const result = await autocannon({
    url: o.url,
    connections: o.connections,
    duration: o.duration,
    ...(o.headers ? { headers: o.headers } : {}),
    ...(o.overallRate ? { overallRate: workers > 1 ? o.overallRate / workers : o.overallRate } : {}),
    ...(workers > 0 ? { workers } : {}),
    ...(o.requests ? { requests: o.requests.map((q) => ({ ...q, method: q.method as 'GET' | 'POST' })) } : {}),
  });
  const cpu = process.cpuUsage(cpu0);
  // In the server's process (`inProcess`) the process's CPU is mostly the server's: not reported.
  const generatorCpuUs = ownProcess && result.requests.total > 0 ? (cpu.user + cpu.system) / result.requests.total : undefined;
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, non2xx: result.non2xx + result.errors + result.timeouts, generatorCpuUs };
}

/** autocannon in the caller's process (the pre-issue-15 arrangement, BENCH_GENERATOR=inprocess). */
export const inProcess = (): Generator => ({ where: 'the server process', pid: process.pid, load: runLoad, close: () => undefined });

/**
 * Forks the generator process and waits until it is ready. With `cpu`, the child and every thread
 * it starts later are pinned to that core (`taskset -a -p`).
 */
export async function startGenerator(cpu?: number): Promise<Generator> {
  const child: ChildProcess = fork(import.meta.filename, [], { execArgv: ['--expose-gc', '--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`load generator exited (${code}) before it was ready`)));
  });
  if (cpu !== undefined) pin(child.pid!, cpu);
  let next = 0;
  const pending = new Map<number, { resolve: (f: LoadFigures) => void; reject: (e: Error) => void }>();
  child.on('message', (m: { id: number; figures?: LoadFigures; error?: string }) => {
    const p = pending.get(m.id);
    pending.delete(m.id);
    if (m.figures) p?.resolve(m.figures);
    else p?.reject(new Error(m.error ?? 'load generator failed'));
  });
  child.on('exit', (code) => {
    for (const p of pending.values()) p.reject(new Error(`load generator exited (${code})`));
    pending.clear();
  });
  return {
    where: `a child process${cpu !== undefined ? ` pinned to CPU ${cpu}` : ''}`,
    pid: child.pid!,
    load: (options) =>
      new Promise((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve, reject });
        child.send({ id, options });
      }),
    close: () => child.disconnect(),
  };
}

/** Pins a process and all its threads (libuv's, DuckDB's, autocannon's workers) to one core. */
export function pin(pid: number, cpu: number): void {
  execFileSync('taskset', ['-a', '-p', '-c', String(cpu), String(pid)], { stdio: 'ignore' });
}

/** Whether `taskset` can be run here (util-linux; absent on macOS). */
export function canPin(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

// The child: answer each run request with its figures; exit when the parent disconnects.
if (ownProcess) {
  process.on('message', (m: { id: number; options: LoadOptions }) => {
    runLoad(m.options).then(
      (figures) => process.send!({ id: m.id, figures }),
      (err: Error) => process.send!({ id: m.id, error: err.message }),
    );
  });
  process.on('disconnect', () => process.exit(0));
  process.send!({ ready: true });
}
