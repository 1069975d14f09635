/**
 * Starts the API server on PORT (default 8080) over the current snapshot. SIGINT/SIGTERM stop
 * taking new connections, let in-flight requests finish, then close the stores. `npm start`
 * (bin/start.ts) builds the sample warehouse first when there is none; the API itself never runs
 * pipeline code.
 */
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
