/**
 * Starts the API server on PORT (default 8080) over the current snapshot. SIGINT/SIGTERM stop
 * taking new connections, let in-flight requests finish, then close the stores. `npm start`
 * (bin/start.ts) builds the sample warehouse first when there is none; the API itself never runs
 * pipeline code.
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { assertServable, secretProblem, type Config } from '../schema/config.ts';
import { createApp } from './app.ts';

/** Starts serving; refuses (throws) in production with a weak ALMANAC_SECRET (schema/config.ts). */
export async function startServer(config: Config): Promise<FastifyInstance> {
  assertServable(config);
  const { app } = await createApp(config, { logger: { level: config.logLevel } });
  const weak = secretProblem(config);
  if (weak) app.log.warn(`${weak} (fine for ${config.env}; production refuses to start)`);
  await app.listen({ port: config.port, host: config.host });

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  return app;
}

/** The number of server processes `config` asks for (0 = one per core). */
export function workerCount(config: Pick<Config, 'workers'>): number {
  return config.workers === 0 ? availableParallelism() : config.workers;
}

/**
 * Serves with `workerCount(config)` processes (issue 15: all cores used when the stores are
 * shared). One process: `startServer`. More: this process (the cluster primary) forks them, each
 * runs `startServer` on the same port (node:cluster hands connections round robin), opens its own
 * connections to PostgreSQL and Redis (so limits and metering stay exact across them: one atomic
 * Redis round trip per request, the ledger in PostgreSQL) and attaches the snapshot read-only with
 * its own serving layer. A worker that dies is replaced; SIGINT/SIGTERM stop every worker
 * gracefully, then the primary. The embedded stores (PGlite, in-memory limits) are one process:
 * refused with more than one worker.
 */
export async function serve(config: Config): Promise<void> {
  const n = workerCount(config);
  if (n <= 1 || !cluster.isPrimary) {
    await startServer(config);
    return;
  }
  if (!config.databaseUrl || !config.redisUrl) {
    throw new Error(`ALMANAC_WORKERS=${config.workers} needs the shared stores: set DATABASE_URL and REDIS_URL (the embedded stores serve one process)`);
  }
  assertServable(config);
  let stopping = false;
  const fork = (): void => void cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`almanac: worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
    setTimeout(fork, 1000).unref();
  });
  for (let i = 0; i < n; i++) fork();
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(0);
    for (const w of workers) w?.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), 20_000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
