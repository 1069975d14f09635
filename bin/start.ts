/**
 * `npm start` / `almanac serve`: builds the warehouse from ALMANAC_SOURCE (by default the bundled
 * sample corpus) when DATA_DIR holds no snapshot, then starts the API server.
 */
// First: refuse an older Node.js than package.json's engines before anything else loads.
import './node-version.ts';
import cluster from 'node:cluster';
import { serve } from '../api/main.ts';
import { ensureWarehouse } from '../pipelines/bootstrap.ts';
import { assertServable, loadConfig } from '../schema/config.ts';
import { dataDirProblem } from './data-dir.ts';

const config = loadConfig();
try {
  assertServable(config);
  // The server's configuration refusals exit 1 (README, "Configuration"), this one too.
  const problem = dataDirProblem(config.dataDir, { writable: false });
  if (problem) throw new Error(problem);
} catch (err) {
  console.error(`almanac: ${(err as Error).message}`);
  process.exit(1);
}
// Workers of a multi-process server (ALMANAC_WORKERS) only serve: the primary built or found the warehouse.
if (cluster.isPrimary) {
  const started = Date.now();
  const built = await ensureWarehouse(config);
  if (built) console.error(`built the sample warehouse (snapshot ${built}) in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}
try {
  await serve(config);
} catch (err) {
  console.error(`almanac: ${(err as Error).message}`);
  process.exit(1);
}
