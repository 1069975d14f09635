/**
 * An incremental run derives the point-in-time fundamentals only for the companies whose facts it
 * loaded, and the result equals a full rebuild of the same facts.
 */
import { cpSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runPipelines } from '../../../pipelines/runner.ts';
import { mirrorSource } from '../../../pipelines/sources/mirror.ts';
import { tempDir } from '../../helpers.ts';
import { SAMPLE } from '../../upstream/server.ts';
import { queryBuild } from './build-db.ts';

const FACTS = 'data.sec.gov/api/xbrl/companyfacts';
const TABLES = ['fund_periods', 'fund_values', 'fund_statements'];
const derive = suite('incremental derivations');

function mirrorWith(ciks: string[]): string {
  const dir = tempDir();
  mkdirSync(path.join(dir, FACTS), { recursive: true });
  // The sample keeps companyfacts gzip-compressed; the mirror reads `<key>.gz` as `<key>`.
  for (const c of ciks) cpSync(path.join(SAMPLE, FACTS, `CIK${c}.json.gz`), path.join(dir, FACTS, `CIK${c}.json.gz`));
  return dir;
}

async function dump(dataDir: string): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const t of TABLES) out[t] = (await queryBuild<Record<string, unknown>>(dataDir, `SELECT * FROM ${t}`)).map((r) => JSON.stringify(r, (_, v) => (typeof v === 'bigint' ? String(v) : v))).sort();
  return out;
}

derive('day 2 adds a company: only it is derived, and the tables equal a full build', async () => {
  const full = tempDir();
  const both = mirrorWith(['0000320193', '0001835632']);
  assert.is((await runPipelines({ dataDir: full, source: mirrorSource(both), jobs: ['fundamentals'], threads: 1 })).status, 'success');
  const inc = tempDir();
  const r1 = await runPipelines({ dataDir: inc, source: mirrorSource(mirrorWith(['0000320193'])), jobs: ['fundamentals'], incremental: true, threads: 1 });
  assert.is(r1.runs[0]!.docsNew, 1);
  const before = await queryBuild<{ n: number }>(inc, 'SELECT count(*)::INTEGER AS n FROM fund_statements WHERE cik = 320193');
  // A marker on Apple's rows: a run that derived Apple again would erase it.
  const form = (await queryBuild<{ form: string }>(inc, "SELECT form FROM fund_statements WHERE cik = 320193 AND fiscal_period = 'FY' ORDER BY period_end DESC, known_from DESC LIMIT 1"))[0]!.form;
  await queryBuild(inc, "UPDATE fund_statements SET form = 'MARKER' WHERE cik = 320193 AND fiscal_period = 'FY' AND form = '" + form + "'");
  const r2 = await runPipelines({ dataDir: inc, source: mirrorSource(both), jobs: ['fundamentals'], incremental: true, threads: 1 });
  assert.equal([r2.runs[0]!.docsNew, r2.runs[0]!.docsSkipped], [1, 1]);
  assert.ok((await queryBuild<{ n: number }>(inc, "SELECT count(*)::INTEGER AS n FROM fund_statements WHERE form = 'MARKER'"))[0]!.n > 0, 'Apple was not derived again');
  await queryBuild(inc, "UPDATE fund_statements SET form = '" + form + "' WHERE form = 'MARKER'");
  const expected = await dump(full);
  const got = await dump(inc);
  for (const t of TABLES) {
    assert.ok(expected[t]!.length > 0, `${t} empty`);
    assert.equal(got[t], expected[t], t);
  }
  assert.equal(await queryBuild<{ n: number }>(inc, 'SELECT count(*)::INTEGER AS n FROM fund_statements WHERE cik = 320193'), before);
});

derive.run();
