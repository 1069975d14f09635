/**
 * What a server process went through during a load run (bench:serve, issue 15): its CPU time (all
 * threads), its event-loop delay (monitorEventLoopDelay, 1 ms resolution: how late a timer fired,
 * i.e. how long the loop was busy or paused) and its garbage collections (minor = scavenges of the
 * young generation, major = mark-sweep-compact). Used in the measured server's process and in the
 * bare Fastify's (test/bench/bare-server.ts), so both rows of the tables are measured alike.
 */
import { constants as perf, monitorEventLoopDelay, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

export interface ProbeFigures {
  /** CPU time of the process over the run, µs. */
  cpuUs: number;
  /** Wall time of the run, µs. */
  elapsedUs: number;
  loopP99: number;
  loopMax: number;
  minorGcs: number;
  majorGcs: number;
  gcMs: number;
  gcMaxMs: number;
}

export interface Probe {
  start(): Promise<void>;
  stop(): Promise<ProbeFigures>;
}

/** A probe of this process. */
export function localProbe(): Probe {
  const loopDelay = monitorEventLoopDelay({ resolution: 1 });
  loopDelay.enable();
  let gcs: PerformanceEntry[] = [];
  new PerformanceObserver((list) => gcs.push(...list.getEntries())).observe({ entryTypes: ['gc'] });
  let cpu = process.cpuUsage();
  let started = performance.now();
  const kind = (e: PerformanceEntry): number => (e as PerformanceEntry & { detail: { kind: number } }).detail.kind;
  return {
    async start() {
      loopDelay.reset();
      gcs = [];
      cpu = process.cpuUsage();
      started = performance.now();
    },
    async stop() {
      const { user, system } = process.cpuUsage(cpu);
      const elapsedUs = (performance.now() - started) * 1000;
      await new Promise((r) => setImmediate(r)); // the observer's last entries
      return {
        cpuUs: user + system,
        elapsedUs,
        loopP99: loopDelay.percentile(99) / 1e6,
        loopMax: loopDelay.max / 1e6,
        minorGcs: gcs.filter((e) => kind(e) === perf.NODE_PERFORMANCE_GC_MINOR).length,
        majorGcs: gcs.filter((e) => kind(e) === perf.NODE_PERFORMANCE_GC_MAJOR).length,
        gcMs: gcs.reduce((s, e) => s + e.duration, 0),
        gcMaxMs: gcs.reduce((m, e) => Math.max(m, e.duration), 0),
      };
    },
  };
}
