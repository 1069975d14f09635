/**
 * What a server process went through during a load run (bench:serve, issue 15): its CPU time (all
 * threads), its event-loop delay (monitorEventLoopDelay, 1 ms resolution: how late a timer fired,
 * i.e. how long the loop was busy or paused) and its garbage collections (minor = scavenges of the
 * young generation, major = mark-sweep-compact). Used in the measured server's process and in the
 * bare Fastify's (test/bench/bare-server.ts), so both rows of the tables are measured alike.
 *
 * Two figures tell a pause of the process's own from one of the machine's:
 * - its stalls: every gap of STALL_MS or more between two ticks of a 1 ms timer, with the wall-clock
 *   time it began. The load generator is probed alike, so a stall of the server's that the generator
 *   had at the same moment was not the server's doing: both processes stood still at once;
 * - its main thread's time waiting for a CPU while runnable (Linux's /proc/<pid>/task/<tid>/schedstat,
 *   second field): time the scheduler, not the code, took.
 */
import { readFileSync } from 'node:fs';
import { getHeapSpaceStatistics } from 'node:v8';
import { constants as perf, monitorEventLoopDelay, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

/** A loop gap at least this long (ms) is a stall. */
export const STALL_MS = 4;

/** A stall: when it began (wall clock, ms since the epoch, µs precision) and how long it was, ms. */
export type Stall = [at: number, ms: number];

export interface ProbeFigures {
  /** CPU time of the process over the run, µs. */
  cpuUs: number;
  /** Wall time of the run, µs. */
  elapsedUs: number;
  /** When the run began (wall clock, ms since the epoch). */
  startedAt: number;
  loopP99: number;
  loopMax: number;
  minorGcs: number;
  majorGcs: number;
  gcMs: number;
  gcMaxMs: number;
  /** Loop gaps of STALL_MS or more during the run. */
  stalls: Stall[];
  /** The main thread's time runnable but not running during the run, ms (null off Linux). */
  runQueueMs: number | null;
  /**
   * The young generation's size (V8's new space, MB) at the start and the end of the run: after
   * some major collections V8 shrinks it, and until it grows again each scavenge comes sooner.
   */
  newSpaceMb: [number, number];
  /**
   * Page faults of the process during the run (minor: a page mapped without I/O; major: read from
   * disk). On a VM whose freed memory goes back to the host, touching it again faults it in.
   */
  pageFaults: { minor: number; major: number };
}

const newSpaceMb = (): number => (getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0) / 2 ** 20;

/** The main thread's cumulative run-queue wait, ns (null where /proc has no schedstat). */
function runQueueNs(): number | null {
  try {
    return Number(readFileSync(`/proc/self/task/${process.pid}/schedstat`, 'utf8').split(' ')[1]);
  } catch {
    return null;
  }
}

/** Of `ours`, the stalls that overlapped one of `theirs` (both on the wall clock). */
export function sharedStalls(ours: Stall[], theirs: Stall[]): Stall[] {
  return ours.filter(([at, ms]) => theirs.some(([t, m]) => t < at + ms && at < t + m));
}

export interface Probe {
  start(): Promise<void>;
  stop(): Promise<ProbeFigures>;
}

/**
 * `run` between the probe's start and stop, stopped also when it fails: a probe left running would
 * count the next run's stalls twice. Without a probe, `run` alone (figures null).
 */
export async function probedRun<T>(probe: Probe | null, run: () => Promise<T>): Promise<{ result: T; figures: ProbeFigures | null }> {
  await probe?.start();
  let result: T;
  try {
    result = await run();
  } catch (err) {
    await probe?.stop();
    throw err;
  }
  return { result, figures: (await probe?.stop()) ?? null };
}

/** A probe of this process. */
export function localProbe(): Probe {
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  let gcs: PerformanceEntry[] = [];
  new PerformanceObserver((list) => gcs.push(...list.getEntries())).observe({ entryTypes: ['gc'] });
  let cpu = process.cpuUsage();
  let started = performance.now();
  let queued = runQueueNs();
  let youngAtStart = newSpaceMb();
  let faults = process.resourceUsage();
  let stalls: Stall[] = [];
  let ticker: NodeJS.Timeout | undefined;
  /** The ticker's last tick (performance.now()). */
  let last = 0;
  const kind = (e: PerformanceEntry): number => (e as PerformanceEntry & { detail: { kind: number } }).detail.kind;
  return {
    async start() {
      // A run that failed before its stop leaves its ticker: it would add its stalls to this run's.
      clearInterval(ticker);
      loopDelay.reset();
      gcs = [];
      cpu = process.cpuUsage();
      started = performance.now();
      queued = runQueueNs();
      youngAtStart = newSpaceMb();
      faults = process.resourceUsage();
      stalls = [];
      last = performance.now();
      ticker = setInterval(() => {
        const t = performance.now();
        if (t - last >= STALL_MS) stalls.push([performance.timeOrigin + last, t - last]);
        last = t;
      }, 1);
      ticker.unref();
    },
    async stop() {
      const { user, system } = process.cpuUsage(cpu);
      const stopped = performance.now();
      const elapsedUs = (stopped - started) * 1000;
      // A stall still going on when the run ended.
      if (ticker !== undefined && stopped - last >= STALL_MS) stalls.push([performance.timeOrigin + last, stopped - last]);
      clearInterval(ticker);
      ticker = undefined;
      const queuedNow = runQueueNs();
      const faultsNow = process.resourceUsage();
      await new Promise((r) => setImmediate(r)); // the observer's last entries
      return {
        cpuUs: user + system,
        elapsedUs,
        startedAt: performance.timeOrigin + started,
        loopP99: loopDelay.percentile(99) / 1e6,
        loopMax: loopDelay.max / 1e6,
        minorGcs: gcs.filter((e) => kind(e) === perf.NODE_PERFORMANCE_GC_MINOR).length,
        majorGcs: gcs.filter((e) => kind(e) === perf.NODE_PERFORMANCE_GC_MAJOR).length,
        gcMs: gcs.reduce((s, e) => s + e.duration, 0),
        gcMaxMs: gcs.reduce((m, e) => Math.max(m, e.duration), 0),
        stalls,
        runQueueMs: queued === null || queuedNow === null ? null : (queuedNow - queued) / 1e6,
        newSpaceMb: [youngAtStart, newSpaceMb()],
        pageFaults: { minor: faultsNow.minorPageFault - faults.minorPageFault, major: faultsNow.majorPageFault - faults.majorPageFault },
      };
    },
  };
}
