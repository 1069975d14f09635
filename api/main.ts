/**
 * `npm start`: builds the sample warehouse when DATA_DIR holds no snapshot, then serves on PORT
 * (default 8080) with the embedded defaults. SIGINT/SIGTERM stop taking new connections, let
 * in-flight requests finish, then close the stores.
 */
import { loadConfig } from '../schema/config.ts';
import { ensureWarehouse } from '../pipelines/bootstrap.ts';
import { createApp } from './app.ts';

const config = loadConfig();
const started = Date.now();
const built = await ensureWarehouse(config);
if (built) console.error(`built the sample warehouse (snapshot ${built}) in ${((Date.now() - started) / 1000).toFixed(1)}s`);

const { app } = await createApp(config, { logger: { level: config.logLevel } });
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
