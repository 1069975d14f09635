/**
 * An open-loop load at a constant rate, for the latency of `npm run bench:serve` (issue 15).
 *
 * autocannon's fixed rate (`overallRate`) is not a constant rate. Each connection counts the
 * requests it made in the current second. Until it reaches its share it sends back to back, and
 * then it waits for the next tick of a 1 s timer (autocannon lib/httpClient.js, `rateInterval`). So
 * "5,000 req/s" over 50 connections is a burst at full speed at the start of every second,
 * 50 requests in flight, and then silence. Its p99 is the queue of that burst, as at saturation.
 * Its coordinated-omission correction then adds a made-up sample for every 1 ms a response took
 * beyond 1 ms (its expected interval, 1/rate per connection rounded up).
 *
 * This load sends request i at start + i/rate (wrk2's method). It runs over the same keep-alive
 * connections (undici `Client`, one request at a time each). A request whose time has come while
 * every connection is busy waits in a queue and goes out on the first connection that frees.
 * Latency is measured from the time the request was due, not from when it was sent, so a stalled
 * server cannot hide its stall by slowing the sender (coordinated omission).
 *
 * The sender wakes every millisecond (`setTimeout`), so up to rate/1000 requests fall due between
 * wakes; each is timed from its own due time, which adds 0-1 ms (0.5 on average at 1,000+ req/s)
 * of the sender's own granularity to every figure. The service time (from the moment a request was
 * written) is recorded beside it. Both go into Node's HDR histograms (`perf_hooks.createHistogram`,
 * nanoseconds), so the percentiles come in microseconds, not autocannon's whole milliseconds.
 *
 * A run may begin with a warm-up at the same rate over the same connections (`warmup` seconds),
 * whose latencies are kept apart (`warmup` in the figures). In bench:serve each paced run follows a
 * saturation run and the generator's forced collection (load-generator.ts), and in the first
 * 0.5-1 s both processes stalled for 4-13 ms at a time far more often than later, the bare
 * hello-world's runs as much as the service's (2026-11-30, 09:45-10:20 UTC: of one run's 24 stalls
 * of 4 ms or more, 20 in its first second; with 1 s of warm-up, 3-9 of a run's stalls fell in it
 * and 1-5 in the 3 s after). Most of it is the collection's aftermath on two cores: without it
 * (BENCH_GENERATOR_GC=0) 0-5 fell in the warm-up. The warm-up gives the p99 of the steady state;
 * its own p99 is reported beside it.
 */
import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';
import { Client, type Dispatcher } from 'undici';

export interface PacedOptions {
  url: string;
  connections: number;
  /** Seconds. */
  duration: number;
  /** Requests per second, spaced evenly. */
  rate: number;
  /**
   * Seconds at the rate before `duration`, timed apart (`warmup`), not in the figures: the start of a
   * run is not the steady state (see runPaced).
   */
  warmup?: number;
  headers?: Record<string, string>;
  /** Cycled in order; default a GET of `url`. */
  requests?: { method: string; path: string; body?: string; headers?: Record<string, string> }[];
}

export interface PacedFigures {
  /** Answers per second over the run. */
  rps: number;
  /** Latency from the due time, ms (µs resolution). */
  p50: number;
  p99: number;
  p999: number;
  max: number;
  /** Latency from the write, ms. */
  serviceP50: number;
  serviceP99: number;
  /** Measured requests answered with an error or not at all, plus every unanswered request. */
  non2xx: number;
  /** Measured requests that waited for a free connection (the server fell behind the rate). */
  queued: number;
  /** Due requests, warm-up or measured, not answered within the run plus 2 s (counted in non2xx too). */
  unanswered: number;
  /** The warm-up's own figures (latency from the due time, ms; its errors and waits), when there was one. */
  warmup: { seconds: number; p99: number; max: number; non2xx: number; queued: number } | null;
  /** When the measured part began (wall clock, ms since the epoch): the warm-up ends there. */
  measuredFrom: number;
  /** When the last answer came, or the wait for it ended (wall clock, ms since the epoch). */
  measuredUntil: number;
}

const ms = (h: RecordableHistogram, p: number): number => (h.count ? h.percentile(p) / 1e6 : 0);

export async function runPaced(o: PacedOptions): Promise<PacedFigures> {
  const target = new URL(o.url);
  const requests = (o.requests ?? [{ method: 'GET', path: target.pathname + target.search }]).map((q) => ({
    method: q.method as Dispatcher.HttpMethod,
    path: q.path,
    body: q.body,
    headers: { ...o.headers, ...q.headers },
  }));
  const clients = Array.from({ length: o.connections }, () => new Client(target.origin, { pipelining: 1, keepAliveTimeout: 60_000 }));
  const idle = [...clients];
  // Due times waiting for a free connection, taken from `head` (Array#shift is linear: a long
  // queue above the server's capacity would make the sender quadratic).
  const waiting: number[] = [];
  let head = 0;
  const fromDue = createHistogram();
  const fromWrite = createHistogram();
  const warmupFromDue = createHistogram();
  let next = 0;
  let answered = 0;
  let measuredAnswered = 0;
  let non2xx = 0;
  let queued = 0;
  let warmupNon2xx = 0;
  let warmupQueued = 0;
  const now = (): number => Number(process.hrtime.bigint());
  /** A time of `now()` on the wall clock (ms since the epoch; performance.now() reads the same monotonic clock). */
  const epochOf = (ns: number): number => performance.timeOrigin + performance.now() + (ns - now()) / 1e6;

  let settle: () => void = () => undefined;
  const warmup = Math.floor((o.warmup ?? 0) * o.rate);
  const total = warmup + Math.floor(o.duration * o.rate);
  const interval = 1e9 / o.rate;
  let start = 0;
  // Requests due before this are the warm-up's.
  let measuredFrom = 0;
  const send = (client: Client, due: number): void => {
    const q = requests[next++ % requests.length]!;
    const written = now();
    let status = 0;
    const done = (ok: boolean): void => {
      const t = now();
      // Whole nanoseconds: a due time is fractional when 1e9 / rate is (record throws on a fraction).
      if (due < measuredFrom) warmupFromDue.record(Math.max(1, Math.round(t - due)));
      else {
        fromDue.record(Math.max(1, Math.round(t - due)));
        fromWrite.record(Math.max(1, t - written));
        measuredAnswered++;
      }
      if (!ok || status < 200 || status >= 300) {
        if (due < measuredFrom) warmupNon2xx++;
        else non2xx++;
      }
      answered++;
      if (answered === total) settle();
      // After an error (the connection closed under queued requests: undici fails each of them
      // synchronously, inside the next dispatch too) the next send waits a turn, or the failures
      // would recurse until the stack overflows.
      const next = (): void => {
        if (head < waiting.length) send(client, waiting[head++]!);
        else idle.push(client);
      };
      if (ok) next();
      else setImmediate(next);
    };
    client.dispatch(
      { method: q.method, path: q.path, headers: q.headers, ...(q.body !== undefined ? { body: q.body } : {}) },
      {
        onRequestStart: () => undefined,
        onResponseStart: (_c, statusCode) => {
          status = statusCode;
        },
        onResponseData: () => undefined,
        onResponseEnd: () => done(true),
        onResponseError: () => done(false),
      },
    );
  };

  // Connect every client before the clock starts (a first request per connection, not measured).
  await Promise.all(clients.map((c) => c.request({ method: 'GET', path: target.pathname, headers: o.headers }).then((r) => r.body.dump())));

  start = now();
  measuredFrom = start + warmup * interval;
  const measuredFromEpoch = epochOf(measuredFrom);
  let issued = 0;
  const finished = new Promise<void>((resolve) => {
    settle = resolve;
  });
  await new Promise<void>((resolve) => {
    const tick = (): void => {
      const t = now();
      while (issued < total && start + issued * interval <= t) {
        const due = start + issued * interval;
        issued++;
        const client = idle.pop();
        if (client) send(client, due);
        else {
          waiting.push(due);
          if (due < measuredFrom) warmupQueued++;
          else queued++;
        }
      }
      if (issued < total) setTimeout(tick, 1);
      else resolve();
    };
    tick();
  });
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([finished, new Promise<void>((resolve) => (timer = setTimeout(resolve, 2_000)))]);
  clearTimeout(timer);
  const ended = now();
  const elapsed = (ended - measuredFrom) / 1e9;
  const unanswered = total - answered;
  await Promise.all(clients.map((c) => c.destroy()));
  return {
    rps: measuredAnswered / elapsed,
    p50: ms(fromDue, 50),
    p99: ms(fromDue, 99),
    p999: ms(fromDue, 99.9),
    max: fromDue.count ? fromDue.max / 1e6 : 0,
    serviceP50: ms(fromWrite, 50),
    serviceP99: ms(fromWrite, 99),
    non2xx: non2xx + unanswered,
    queued,
    unanswered,
    warmup: warmup ? { seconds: o.warmup!, p99: ms(warmupFromDue, 99), max: warmupFromDue.count ? warmupFromDue.max / 1e6 : 0, non2xx: warmupNon2xx, queued: warmupQueued } : null,
    measuredFrom: measuredFromEpoch,
    measuredUntil: epochOf(ended),
  };
}
