/**
 * A test's own redis-server (no persistence: a SIGKILL loses its data) on a free port, for the
 * suites that kill, restart or flush Redis; the shared Redis is never touched.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { connect, createServer } from 'node:net';

export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Starts redis-server on `port` and resolves once it answers there as this child (`INFO server`'s
 * process id). Readiness is asked of the server, not inferred from the port being taken: the probe
 * used to bind the port itself to see whether it was free, and a probe that bound it while
 * redis-server was starting made it exit ("Address already in use"), so the suite waited 5 s and
 * failed (seen once in a full `npm test`). The process id tells this child from another suite's
 * redis-server given the same port meanwhile (suites run three at a time).
 */
export async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], { stdio: 'ignore' });
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));
  for (let i = 0; i < 100; i++) {
    if (exited !== null) throw new Error(`redis-server exited (${exited}) before it answered on port ${port}`);
    if (await answersAs(port, child.pid)) return child;
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not start');
}

/** Whether the Redis answering on `port` is process `pid` (a refused, silent or other one is false). */
function answersAs(port: number, pid: number | undefined): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = connect(port, '127.0.0.1');
    let reply = '';
    const done = (ours: boolean): void => {
      sock.destroy();
      resolve(ours);
    };
    sock.setTimeout(500, () => done(false));
    sock.once('error', () => done(false));
    sock.once('connect', () => sock.write('INFO server\r\n'));
    sock.on('data', (d) => {
      reply += d.toString();
      if (reply.startsWith('-')) return done(false);
      const id = /\r\nprocess_id:(\d+)\r\n/.exec(reply);
      if (id) done(Number(id[1]) === pid);
    });
  });
}
