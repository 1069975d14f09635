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
 * Starts redis-server on `port` and resolves once it answers PING there. Readiness is asked of the
 * server, not inferred from the port being taken: the probe used to bind the port itself to see
 * whether it was free, and a probe that bound it while redis-server was starting made it exit
 * ("Address already in use"), so the suite waited 5 s and failed (seen once in a full `npm test`).
 */
export async function startRedis(port: number): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--daemonize', 'no'], { stdio: 'ignore' });
  let exited: number | null = null;
  child.once('exit', (code) => (exited = code ?? -1));
  for (let i = 0; i < 100; i++) {
    if (exited !== null) throw new Error(`redis-server exited (${exited}) before it answered on port ${port}`);
    if (await answersPing(port)) return child;
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not start');
}

/** Whether a Redis on `port` answers PING (a refused or silent connection is false). */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const sock = connect(port, '127.0.0.1');
    const done = (up: boolean): void => {
      sock.destroy();
      resolve(up);
    };
    sock.setTimeout(500, () => done(false));
    sock.once('error', () => done(false));
    sock.once('connect', () => sock.write('PING\r\n'));
    sock.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}
