/**
 * A saturated or unresponsive PostgreSQL is an infrastructure fault (503 with Retry-After), not a
 * 500: pg raises its pool and connect timeouts without an error code (the two-process test once saw
 * 13 x 500 when 250 requests of a new key queued for 10 connections on a machine at load 28).
 */
import net from 'node:net';
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isInfrastructureFault } from '../../api/server.ts';

const faults = suite('store faults');
let silent: net.Server;
let port = 0;
const sockets = new Set<net.Socket>();

faults.before(async () => {
  // Accepts connections and never answers: every connection attempt times out.
  silent = net.createServer((s) => sockets.add(s));
  await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
  port = (silent.address() as net.AddressInfo).port;
});
faults.after(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => silent.close(r));
});

faults("pg's connect timeout and its pool's wait timeout are infrastructure faults", async () => {
  const pool = new pg.Pool({ connectionString: `postgres://x@127.0.0.1:${port}/db`, max: 1, connectionTimeoutMillis: 150 });
  pool.on('error', () => undefined);
  const outcomes = await Promise.allSettled([pool.query('SELECT 1'), pool.query('SELECT 1')]);
  const errors = outcomes.map((o) => (o.status === 'rejected' ? (o.reason as Error) : null));
  assert.ok(errors.every((e) => e !== null), 'both queries fail');
  for (const e of errors) assert.ok(isInfrastructureFault(e), `not classified: ${e!.message}`);
  const messages = new Set(errors.map((e) => e!.message));
  assert.ok(messages.has('timeout exceeded when trying to connect') || messages.has('Connection terminated due to connection timeout'), [...messages].join(' | '));
  await pool.end().catch(() => undefined);
});

faults('ordinary errors stay unclassified', () => {
  assert.not.ok(isInfrastructureFault(new Error('timeout exceeded when trying to connect, says the user')));
  assert.not.ok(isInfrastructureFault(new TypeError('x is undefined')));
  assert.ok(isInfrastructureFault(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })));
});

faults.run();
