import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openBuild, runPipelines } from '../../../pipelines/runner.ts';
import { mirrorSource } from '../../../pipelines/sources/mirror.ts';
import { tempDir } from '../../helpers.ts';

const MIRROR = path.resolve(import.meta.dirname, '../../fixtures/ownership/mirror');

const test = suite('insiders job: amendments');

async function rows(dir: string): Promise<unknown[]> {
  const { db, conn, instance } = await openBuild(dir);
  try {
    return await db.all(`SELECT accession, seq, row_kind, shares_after, superseded_by FROM insider_transactions ORDER BY accession, seq`);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

test('a 4/A with transactions replaces the original transactions, not its holdings; reruns change nothing', async () => {
  const dir = tempDir();
  const run = await runPipelines({ dataDir: dir, source: mirrorSource(MIRROR), jobs: ['insiders'], threads: 1, publish: false });
  assert.is(run.status, 'success');
  assert.equal(run.runs[0]!.docsOk, 2);
  const expected = [
    { accession: '0001197647-24-000090', seq: 1, row_kind: 'transaction', shares_after: 860000000, superseded_by: '0001197647-24-000093' },
    { accession: '0001197647-24-000090', seq: 2, row_kind: 'transaction', shares_after: 859880000, superseded_by: '0001197647-24-000093' },
    { accession: '0001197647-24-000090', seq: 3, row_kind: 'holding', shares_after: 75328080, superseded_by: null },
    { accession: '0001197647-24-000093', seq: 1, row_kind: 'transaction', shares_after: 859880000, superseded_by: null },
    { accession: '0001197647-24-000093', seq: 2, row_kind: 'transaction', shares_after: 859760000, superseded_by: null },
  ];
  assert.equal(await rows(dir), expected);
  await runPipelines({ dataDir: dir, source: mirrorSource(MIRROR), jobs: ['insiders'], threads: 1, publish: false });
  assert.equal(await rows(dir), expected);
});

test.run();
