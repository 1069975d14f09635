import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openBuild, runPipelines } from '../../../pipelines/runner.ts';
import { mirrorSource } from '../../../pipelines/sources/mirror.ts';
import { SAMPLE_DIR } from '../../../schema/config.ts';
import { bankLookup } from '../../../warehouse/queries/banks.ts';
import { contractTotals, federalContracts } from '../../../warehouse/queries/contracts.ts';
import { tempDir } from '../../helpers.ts';

/** A mirror with the sample's company list, FDIC and USAspending files (and optionally more). */
function mirror(extra: Record<string, string> = {}): string {
  const dir = tempDir();
  for (const sub of ['www.sec.gov/files', 'banks.data.fdic.gov', 'files.usaspending.gov']) cpSync(path.join(SAMPLE_DIR, sub), path.join(dir, sub), { recursive: true });
  for (const [p, text] of Object.entries(extra)) {
    mkdirSync(path.dirname(path.join(dir, p)), { recursive: true });
    writeFileSync(path.join(dir, p), text);
  }
  return dir;
}

async function build(source: string) {
  const dir = tempDir();
  const run = await runPipelines({ dataDir: dir, source: mirrorSource(source), jobs: ['companies', 'banks', 'contracts'], threads: 1, publish: false });
  return { dir, run };
}

const test = suite('banks and contracts jobs');

test('load the sample; a rerun changes nothing; queries match holding companies and parents to tickers', async () => {
  const source = mirror();
  const { dir, run } = await build(source);
  assert.is(run.status, 'success');
  const again = await runPipelines({ dataDir: dir, source: mirrorSource(source), jobs: ['banks', 'contracts'], threads: 1, publish: false });
  assert.is(again.status, 'success');
  const { db, conn, instance } = await openBuild(dir);
  try {
    assert.equal(await db.all('SELECT count(*)::INTEGER AS n FROM fdic_institutions'), [{ n: 8 }]);
    assert.equal(await db.all('SELECT count(*)::INTEGER AS n FROM federal_awards'), [{ n: 8 }]);
    const jpm = await bankLookup(db, { ticker: 'JPM' });
    assert.equal(jpm.map((b) => [b.cert, b.holdingCompanyTicker, b.totalAssets, b.reportDate]), [[628, 'JPM', 3_502_999_000_000, '2024-06-30']]);
    const closed = await bankLookup(db, { q: 'silicon valley' });
    assert.equal(closed.map((b) => [b.active, b.inactiveSince]), [[false, '2023-03-10']]);
    assert.equal((await bankLookup(db, { state: 'sd', activeOnly: true })).map((b) => b.cert), [3511, 7213]);
    // GOOG and GOOGL are one company: either symbol finds Google Public Sector's award.
    assert.equal((await federalContracts(db, { ticker: 'GOOG' })).map((a) => [a.piid, a.ticker]), [['HC105024F0040', 'GOOGL']]);
    assert.equal((await federalContracts(db, { ticker: 'AMZN' })).map((a) => a.recipientName), ['AMAZON WEB SERVICES, INC.']);
    assert.equal((await federalContracts(db, { recipient: 'janssen' })).map((a) => a.ticker), ['JNJ']);
    const dod = await contractTotals(db, { agency: 'department of defense', fiscalYear: 2024 });
    assert.equal([dod.awards, dod.obligated], [5, 1_669_478_450.27]);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
});

test('a malformed file is quarantined with its reason; the good ones still load', async () => {
  const source = mirror({
    'banks.data.fdic.gov/api/institutions-2.csv': 'CERT,NAME,ACTIVE,ASSET\n99,Broken Bank,1,lots\n',
    'files.usaspending.gov/generated_downloads/Contracts_PrimeAwardSummaries_bad.csv': 'award_id_piid\nX\n',
  });
  const { dir, run } = await build(source);
  const banks = run.runs.find((r) => r.job === 'banks')!;
  const contracts = run.runs.find((r) => r.job === 'contracts')!;
  assert.equal([banks.status, banks.quarantined.length, contracts.status, contracts.quarantined.length], ['partial', 1, 'partial', 1]);
  const { db, conn, instance } = await openBuild(dir);
  try {
    const reasons = await db.all<{ job: string; reason: string }>('SELECT job, reason FROM pipeline_quarantine ORDER BY job');
    assert.equal(reasons.map((r) => r.job), ['banks', 'contracts']);
    assert.match(reasons[0]!.reason, 'record 2: ASSET is not a number: "lots"');
    assert.match(reasons[1]!.reason, 'missing column(s): contract_award_unique_key, recipient_name, total_obligated_amount');
    assert.equal(await db.all('SELECT count(*)::INTEGER AS n FROM fdic_institutions'), [{ n: 8 }]);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
});

test.run();
