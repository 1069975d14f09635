/**
 * The Form N-PORT data-set loader's memory bound (pipelines/jobs/dera-datasets.ts), in a child
 * process under a V8 heap cap: a generated 2024Q2 data set of 250,000 holdings (SYNTHETIC, the
 * documented layout) loads whole although holding its rows would need several times the cap.
 * A slow suite (CI's `npm run test:slow`): it writes and loads a 250,000-row quarter.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DATASETS, datasetKeys, NPORT_INSERT_SLICE } from '../../../pipelines/jobs/dera-datasets.ts';
import { tempDir } from '../../helpers.ts';
import { datasetZipFile, NPORT_COLUMNS, syntheticNportFiling, writeNportFiling } from '../../upstream/dera-datasets.ts';
import { queryBuild } from './build-db.ts';

const Q2_2024 = datasetKeys(DATASETS.nport!, '2024-04-01', '2024-06-30')[0]!;
const test = suite('N-PORT data set memory');

test('memory: a 2024Q2 data set of 250,000 holdings loads under a V8 heap cap far below what its rows would need if held', async () => {
  const funds = 500;
  const perFund = 500;
  const CAP_MB = 40;
  const src = tempDir();
  const zipFile = path.join(src, Q2_2024);
  mkdirSync(path.dirname(zipFile), { recursive: true });
  const firstLines: string[] = [];
  await datasetZipFile(zipFile, NPORT_COLUMNS, async (sink) => {
    const keep = { write: (t: string, l: string) => (t === 'FUND_REPORTED_HOLDING' && firstLines.length < 8192 && firstLines.push(l), sink.write(t, l)) };
    for (let i = 0; i < funds; i++) await writeNportFiling(keep, syntheticNportFiling(9_100_000 + i, `0009100${String(i).padStart(3, '0')}-24-000001`, '2024-05-20', perFund, i));
  });
  // What holding the rows would cost: the heap taken by 8,192 of them split into cells, times the row count.
  v8.setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  const before = process.memoryUsage().heapUsed;
  const held = firstLines.map((l) => l.split('\t'));
  gc();
  const projectedMb = ((process.memoryUsage().heapUsed - before) / held.length) * funds * perFund / 1e6;

  const dataDir = tempDir();
  const child = spawn(process.execPath, [`--max-old-space-size=${CAP_MB}`, '--max-semi-space-size=1', '--import', 'tsx', path.join(import.meta.dirname, 'nport-dataset-child.ts'), Q2_2024, zipFile, dataDir], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => (out += d));
  child.stderr.on('data', (d: Buffer) => (err += d));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  assert.is(code, 0, err.slice(-2000));
  const r = JSON.parse(out.trim().split('\n').pop()!);
  assert.is(r.status, 'success', JSON.stringify(r));
  assert.ok(held.length === 8192 && projectedMb > 1.5 * r.heapLimitMb, `holding every row would take ${projectedMb.toFixed(0)} MB, the heap limit is ${r.heapLimitMb} MB`);
  // Inserted in slices of NPORT_INSERT_SLICE staged holdings: none lost or doubled at a slice's edge.
  assert.ok(funds * perFund > NPORT_INSERT_SLICE);
  assert.equal(await queryBuild(dataDir, 'SELECT count(*)::INTEGER AS n, count(DISTINCT (accession, row))::INTEGER AS distinct_rows, count(maturity)::INTEGER AS bonds, count(other_ids)::INTEGER AS others FROM nport_holdings'), [
    { n: funds * perFund, distinct_rows: funds * perFund, bonds: funds * Math.ceil(perFund / 3), others: funds * Math.ceil(perFund / 3) },
  ]);
  console.log(`  250,000 holdings (zip ${(statSync(zipFile).size / 1e6).toFixed(1)} MB) loaded under a ${r.heapLimitMb} MB heap limit; held as rows they would take ~${projectedMb.toFixed(0)} MB`);
});

test.run();
