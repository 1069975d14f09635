/**
 * Child process of nport-dataset.test.ts: loads a landed N-PORT data-set zip (argv: zip key, zip
 * file, data folder) through the data-set job under the V8 heap cap the parent sets, and prints the
 * run's outcome as JSON.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DATASET_JOBS, datasetSource } from '../../../pipelines/jobs/dera-datasets.ts';
import { FUND_TICKERS } from '../../../pipelines/jobs/nport.ts';
import { runPipelines } from '../../../pipelines/runner.ts';
import type { Source } from '../../../pipelines/sources/index.ts';
import { SAMPLE } from '../../upstream/server.ts';

const [key, zipFile, dataDir] = process.argv.slice(2) as [string, string, string];
process.env.ALMANAC_DATASET_CROSSCHECK = '0';
// The zip as the live source lands it (a local file); the fund ticker list from the sample.
const landed: Source = {
  name: 'live',
  list: async () => null,
  get: async (k) => (k === FUND_TICKERS ? { path: k, bytes: readFileSync(path.join(SAMPLE, k)) } : null),
  file: async (k) => (k === key ? zipFile : null),
};
const r = await runPipelines({ dataDir, source: datasetSource(landed), jobList: [DATASET_JOBS.nport!] as never, backfill: { from: '2024-04-01', to: '2024-06-30' }, incremental: true, publish: false, threads: 1 });
const run = r.runs[0]!;
process.stdout.write(`${JSON.stringify({ status: r.status, rowsIn: run.rowsIn, error: run.error ?? null, quarantined: run.quarantined, heapLimitMb: Math.round((await import('node:v8')).default.getHeapStatistics().heap_size_limit / 1e6) })}\n`);
