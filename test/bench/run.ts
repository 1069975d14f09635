/**
 * `npm run bench`: runs every `test/bench/*.bench.ts` (or those whose name contains an argument)
 * one after another in its own process, so they do not compete for the two cores. Each benchmark
 * prints its own ratio against a baseline measured in the same run. Benchmarks switch limits and
 * metering off on purpose, so the OpenAPI conformance check of the test helpers is off here.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const dir = import.meta.dirname;
const filters = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
let failed = 0;
for (const file of files) {
  process.stdout.write(`\n=== ${file}\n`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test', CONFORMANCE: '0' } });
  if (r.status !== 0) failed++;
}
process.stdout.write(`\n${files.length - failed} benchmarks ran, ${failed} failed\n`);
process.exitCode = failed ? 1 : 0;
