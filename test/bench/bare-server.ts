/**
 * The bare Fastify hello-world of bench:serve (issue 15) in a process of its own
 * (BENCH_BARE=process; by default it runs in the measured server's process).
 *
 * In the server's process the hello-world's requests run through the same Fastify code (router,
 * hook runners, `reply.send`, serializer) with other shapes than the service's, and one heap and
 * one event loop hold both servers' garbage and timers; in its own process it measures only
 * itself. The arrangement moves both figures, not only the baseline (2026-11-25 00:21-00:42 UTC,
 * health and cached /api/data, 3 rounds each, same code): bare 72,500-79,100 rps in process against
 * 78,000-83,400 on its own, and the service's /api/health 26,800-28,600 rps with the hello-world
 * in its process against 22,300-24,100 without it (pinned or not; with no hello-world run before
 * each route too). Why the service answers faster beside a hello-world was not found; the ratios
 * of the two arrangements (0.37-0.39x against 0.27-0.29x for health) are not comparable.
 * `startBareServer` forks this file and returns its URL and a probe of its process
 * (test/bench/server-probe.ts) over IPC.
 */
import { fork, type ChildProcess } from 'node:child_process';
import Fastify, { type FastifyInstance } from 'fastify';
import { coalesceWrites } from '../../api/write-coalescing.ts';
import { localProbe, type Probe, type ProbeFigures } from './server-probe.ts';

/**
 * The bare server: the hello-world at `/`, and the same HTTP work as a route at `/bytes/<n>`: GET,
 * or POST with a JSON body (parsed as Fastify parses one), answered with n bytes of JSON built once.
 * A route's ratio to that tells what the service's own work costs apart from what HTTP costs: a
 * 40 KB screener answer and a hello-world's 17 bytes do not cost the same to send, and neither do
 * a GET and a POST with a body. `/work/<us>` is the hello-world after `us` µs of busy work.
 */
export function bareApp(options: { coalesceWrites?: boolean } = {}): FastifyInstance {
  const bare = Fastify();
  // The service's write coalescing (api/write-coalescing.ts) on the bare server: what it alone is
  // worth to any server on this machine (bench:serve's calibration).
  if (options.coalesceWrites) coalesceWrites(bare.server);
  bare.get('/', async () => ({ hello: 'world' }));
  const bodies = new Map<number, Buffer>();
  const sized = (n: number): Buffer => {
    let body = bodies.get(n);
    // A JSON array of one string, n bytes in all (at least the 4 of `[""]`).
    if (!body) bodies.set(n, (body = Buffer.from(`["${'a'.repeat(Math.max(0, n - 4))}"]`)));
    return body;
  };
  const answer = async (req: { params: unknown }, reply: { type(t: string): { send(b: Buffer): unknown } }) => reply.type('application/json').send(sized(Number((req.params as { n: string }).n)));
  bare.get('/bytes/:n', answer);
  bare.post('/bytes/:n', answer);
  // The hello-world after `us` µs of work on the event loop (a busy wait): bench:serve's calibration,
  // what a given amount of per-request work costs a server's rps on this machine.
  bare.get('/work/:us', async (req) => {
    const until = process.hrtime.bigint() + BigInt(Number((req.params as { us: string }).us) * 1000);
    while (process.hrtime.bigint() < until);
    return { hello: 'world' };
  });
  return bare;
}

export interface BareServer {
  url: string;
  pid: number;
  probe: Probe;
  close(): void;
}

export async function startBareServer(): Promise<BareServer> {
  const child: ChildProcess = fork(import.meta.filename, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const url = await new Promise<string>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { url: string }).url));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`bare server exited (${code}) before it was ready`)));
  });
  const ask = <T>(what: 'start' | 'stop'): Promise<T> =>
    new Promise((resolve) => {
      child.once('message', (m) => resolve((m as { figures: T }).figures));
      child.send(what);
    });
  return {
    url,
    pid: child.pid!,
    probe: { start: () => ask<void>('start'), stop: () => ask<ProbeFigures>('stop') },
    close: () => child.kill(),
  };
}

// The child: the hello-world, and its probe answered over IPC.
if (process.send && process.argv[1] === import.meta.filename) {
  const bare = bareApp();
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const probe = localProbe();
  process.on('message', async (m) => {
    if (m === 'start') process.send!({ figures: await probe.start() });
    else if (m === 'stop') process.send!({ figures: await probe.stop() });
  });
  process.on('disconnect', () => process.exit(0));
  process.send({ url: `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/` });
}
