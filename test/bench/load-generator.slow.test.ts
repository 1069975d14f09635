/**
 * The load generator of bench:serve (issue 15): autocannon in a child process, its options and
 * figures over IPC, the requests counted by the server they were aimed at.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import Fastify, { type FastifyRequest } from 'fastify';
import { inProcess, startGenerator, type Generator } from './load-generator.ts';
import { localProbe, sharedStalls } from './server-probe.ts';

const test = suite('load generator');

/** A Fastify answering every GET with `answer`, and a generator process aimed at it; both closed after `run`. */
async function against(answer: (req: FastifyRequest) => Promise<unknown>, run: (url: string, generator: Generator) => Promise<void>): Promise<void> {
  const app = Fastify();
  app.get('/*', answer);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const generator = await startGenerator();
  try {
    await run(`http://127.0.0.1:${(app.server.address() as { port: number }).port}`, generator);
  } finally {
    generator.close();
    await app.close();
  }
}

test('runs autocannon in another process at a fixed rate and sends its figures back', async () => {
  let served = 0;
  const paths = new Set<string>();
  const answer = async (req: FastifyRequest) => {
    served++;
    paths.add(req.url);
    return { ok: true };
  };
  await against(answer, async (url, generator) => {
    assert.is.not(generator.pid, process.pid);
    const fig = await generator.load({ url, connections: 4, duration: 2, overallRate: 200, requests: [{ method: 'GET', path: '/a' }, { method: 'GET', path: '/b' }] });
    assert.is(fig.non2xx, 0);
    // 200 req/s offered for 2 s: the server counted what the generator reports, within a second's
    // worth. autocannon sends each second's share in a burst when its 1 s timer fires; a firing at
    // the very end of the run sends one more burst (plus a request in flight per connection) that
    // its figures do not count (CI once served 604 for a reported 200 rps). On a loaded machine a
    // firing can also fall just inside the end and be counted: up to one burst more than the two
    // seconds' (CI once reported 250.5 rps). Unlimited, 4 connections send thousands a second.
    assert.ok(fig.rps > 150 && fig.rps <= 300 + 4, `rps ${fig.rps}`);
    assert.ok(served - fig.rps * 2 > -200 && served - fig.rps * 2 <= 200 + 4 + 4, `served ${served}, reported ${fig.rps} rps`);
    assert.equal([...paths].sort(), ['/a', '/b']);
  });
});

test('keeps no response bodies (autocannon decodes each as text) and reports its own CPU per request', async () => {
  // The module is loaded in this process too, so autocannon here runs with the change: through its
  // own client, a request's onResponse gets no body (an unchanged autocannon gives it the 8 KB
  // decoded as text).
  const binary = randomBytes(8192);
  await against(
    async (_req) => binary,
    async (url, generator) => {
      const bodies: string[] = [];
      const path = new URL(url).pathname;
      await autocannon({ url, connections: 1, amount: 5, requests: [{ method: 'GET', path, onResponse: (_status: number, body: string) => void bodies.push(body) }] });
      assert.is(bodies.length, 5);
      assert.equal([...new Set(bodies)], ['']);
      const fig = await generator.load({ url, connections: 4, duration: 1 });
      assert.is(fig.non2xx, 0);
      assert.ok(fig.rps > 0);
      assert.ok(fig.generatorCpuUs !== undefined && fig.generatorCpuUs > 0, `generator CPU ${fig.generatorCpuUs}`);
    },
  );
  // In the server's own process the figure would be the server's CPU: not given.
  await against(
    async (_req) => ({ ok: true }),
    async (url) => {
      const fig = await inProcess().load({ url, connections: 2, duration: 1 });
      assert.is(fig.generatorCpuUs, undefined);
    },
  );
});

test('a paced load: evenly spaced at the rate, every request answered, latency from the due time', async () => {
  let served = 0;
  const arrivals: number[] = [];
  const answer = async () => {
    served++;
    arrivals.push(performance.now());
    return { ok: true };
  };
  await against(answer, async (url, generator) => {
    const fig = await generator.load({ url, connections: 8, duration: 2, overallRate: 500, paced: true, requests: [{ method: 'GET', path: '/p' }] });
    assert.is(fig.non2xx, 0);
    // 1,000 requests due, plus one per connection to open it before the clock starts.
    assert.is(served, 1000 + 8);
    assert.ok(fig.rps > 450 && fig.rps < 520, `rps ${fig.rps}`);
    assert.ok(fig.paced !== undefined && fig.paced.unanswered === 0);
    // The generator's own figures over the run (its heap collected before it): what its pauses were.
    const own = fig.paced!.generator;
    assert.ok(own !== null && own.cpuUs > 0 && own.elapsedUs > 1.5e6 && own.elapsedUs < 4e6, JSON.stringify(own));
    assert.ok(fig.p50 > 0 && fig.p50 <= fig.p99 && fig.p99 <= fig.paced!.p999 && fig.paced!.p999 <= fig.paced!.max, JSON.stringify(fig));
    // Evenly spaced: no second of the run got much more than its share (autocannon's bursts would
    // put 500 in the first few ms of each second).
    const measured = arrivals.slice(8);
    const start = measured[0]!;
    const per100ms = new Map<number, number>();
    for (const t of measured) per100ms.set(Math.floor((t - start) / 100), (per100ms.get(Math.floor((t - start) / 100)) ?? 0) + 1);
    // A stall of the machine leaves a slot that catches up (95 in one 100 ms slot in a clean-clone
    // CI at 02b0e87): the typical slot holds its share, and no slot holds a second's worth.
    const slots = Array.from({ length: 20 }, (_, i) => per100ms.get(i) ?? 0).sort((a, b) => a - b);
    assert.ok(slots[10]! >= 40 && slots[10]! <= 60, `median ${slots[10]} requests a 100 ms slot (50 expected): ${slots.join(' ')}`);
    assert.ok(slots[19]! < 250, `at most ${slots[19]} requests in one 100 ms slot (50 expected; a burst puts 500 in one)`);
  });
});

test('a paced load above what the server can take: the queue drains, and a rate that does not divide a second still counts every answer', async () => {
  let served = 0;
  // 2 connections, each answer 5 ms late: at most ~400 answers a second against 600 offered.
  const answer = async () => {
    served++;
    await new Promise((r) => setTimeout(r, 5));
    return { ok: true };
  };
  await against(answer, async (url, generator) => {
    // 1e9 / 600 ns is not a whole number: every due time is fractional (it once threw inside the
    // response handler and stalled the connection).
    const fig = await generator.load({ url, connections: 2, duration: 1, overallRate: 600, paced: true, requests: [{ method: 'GET', path: '/q' }] });
    assert.ok(fig.paced!.queued > 100, JSON.stringify(fig));
    assert.is(fig.paced!.unanswered, 0, JSON.stringify(fig));
    assert.is(fig.non2xx, 0);
    assert.is(served, 600 + 2);
    // Requests that waited for a connection are timed from when they were due.
    assert.ok(fig.p99 > fig.paced!.serviceP99, JSON.stringify(fig));
  });
});

test('a paced warm-up: its requests are sent at the rate but timed apart, and the stalls carry wall-clock times', async () => {
  let served = 0;
  let slowUntil = 0;
  // The server answers SLOW_MS late for the first 0.4 s of the run, then at once. SLOW_MS is far
  // above what a loaded machine's own pauses add to a measured answer (the clean-clone CI has
  // measured p99s of 22 and 34 ms here with 30 ms slow answers), so the check that the measured
  // part holds none of them says which part they fell in, not how busy the machine was.
  const SLOW_MS = 150;
  const answer = async () => {
    served++;
    if (slowUntil === 0) slowUntil = performance.now() + 400;
    if (performance.now() < slowUntil) await new Promise((r) => setTimeout(r, SLOW_MS));
    return { ok: true };
  };
  await against(
    async (req) => (req.url === '/open' ? { ok: true } : answer()),
    async (url, generator) => {
      const before = Date.now();
      const fig = await generator.load({ url: `${url}/open`, connections: 8, duration: 1, overallRate: 400, paced: true, warmup: 1, requests: [{ method: 'GET', path: '/w' }] });
      assert.is(fig.non2xx, 0);
      // 400 in the warm-up and 400 measured, all sent.
      assert.is(served, 800);
      const p = fig.paced!;
      assert.ok(p.warmup !== null && p.warmup.seconds === 1 && p.warmup.p99 >= SLOW_MS, JSON.stringify(p.warmup));
      // The slow start is the warm-up's alone: the measured p99 is below two thirds of the slow
      // answers' time, 100 ms (it is a few ms on an idle machine; a leaked warm-up would put it at
      // SLOW_MS or more).
      assert.ok(fig.p99 < SLOW_MS * (2 / 3), `measured p99 ${fig.p99} ms`);
      assert.ok(fig.rps > 350 && fig.rps < 450, `rps ${fig.rps}`);
      // The measured part began about a second after the run (wall clock), and the generator's
      // stalls are on the same clock.
      assert.ok(p.measuredFrom > before + 800 && p.measuredFrom < Date.now(), `${p.measuredFrom - before} ms after the call`);
      assert.ok(p.measuredUntil > p.measuredFrom + 900 && p.measuredUntil <= Date.now(), `measured for ${p.measuredUntil - p.measuredFrom} ms`);
      const own = p.generator!;
      assert.ok(own.startedAt >= before && own.startedAt < p.measuredFrom, `probe started ${own.startedAt - before} ms after the call`);
      for (const [at, ms] of own.stalls) assert.ok(at >= own.startedAt && at < Date.now() && ms >= 4, JSON.stringify([at, ms]));
      assert.is(p.warmup!.non2xx, 0);
    },
  );
});

test('the probe records a blocked loop as a stall with its wall-clock time; stalls overlapping in time are shared', async () => {
  const probe = localProbe();
  await probe.start();
  await new Promise((r) => setTimeout(r, 20));
  const blockedAt = Date.now();
  const until = performance.now() + 12;
  while (performance.now() < until);
  const blockedUntil = Date.now();
  await new Promise((r) => setTimeout(r, 20));
  const fig = await probe.stop();
  // The block's stall: the long one overlapping the block in wall-clock time. A loaded machine
  // adds stalls of its own: CI once had one of 8 ms just before a block, and once one of 4 ms
  // that ended where the block's began, 6 ms after the block was timed to start (so "begins
  // within 5 ms of the block" failed on a stall that was the block's).
  const long = fig.stalls.filter(([at, ms]) => ms >= 11 && at <= blockedUntil && at + ms >= blockedAt);
  assert.is(long.length, 1, JSON.stringify({ blockedAt, blockedUntil, stalls: fig.stalls }));
  const [at, ms] = long[0]!;
  assert.ok(at >= blockedAt - 5 && at + ms >= blockedUntil - 1, `the stall ${JSON.stringify(long[0])} against the block ${blockedAt}-${blockedUntil}`);
  assert.ok(fig.startedAt <= blockedAt);
  // A stall still going on when the run stops is counted; a second start begins afresh.
  await probe.start();
  await probe.start();
  await new Promise((r) => setTimeout(r, 20));
  const spunAt = performance.timeOrigin + performance.now();
  const spin = performance.now() + 9;
  while (performance.now() < spin);
  const cut = await probe.stop();
  // The spin's stall began at the ticker's last tick before it (within its 1 ms period, plus
  // timer slack); a stall of the machine's before the spin is not it.
  assert.is(cut.stalls.filter(([at, ms]) => ms >= 8 && at >= spunAt - 3).length, 1, JSON.stringify(cut.stalls));
  await new Promise((r) => setTimeout(r, 10));
  const quietFrom = performance.timeOrigin + performance.now();
  await probe.start();
  const quiet = await probe.stop();
  // The 10 ms between the two runs is in neither: a stall counted from before this run began. A
  // loaded machine may still pause the process inside the run itself (CI once had 43 ms between
  // this start and stop); that stall is this run's, and begins at its start.
  assert.equal(quiet.stalls.filter(([at]) => at < quietFrom), [], 'the time between two runs is neither');
  // Overlap, not mere nearness: [100, 110) and [105, 108) share; [110, 115) touches neither.
  assert.equal(sharedStalls([[100, 10], [200, 5]], [[105, 3]]), [[100, 10]]);
  assert.equal(sharedStalls([[100, 10]], [[110, 5]]), []);
});

test.run();
