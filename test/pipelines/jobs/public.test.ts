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
import { sampleCsvRecords } from '../../sample-files.ts';

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
    // The sample's generated FDIC and USAspending files, read here without the pipelines.
    const banks = sampleCsvRecords('banks.data.fdic.gov/api/institutions.csv');
    const awards = sampleCsvRecords('files.usaspending.gov/generated_downloads/Contracts_PrimeAwardSummaries_2024-11-08_H14M02S11_1.csv');
    const usDate = (d: string) => `${d.slice(6)}-${d.slice(0, 2)}-${d.slice(3, 5)}`;
    assert.equal(await db.all('SELECT count(*)::INTEGER AS n FROM fdic_institutions'), [{ n: banks.length }]);
    assert.equal(await db.all('SELECT count(*)::INTEGER AS n FROM federal_awards'), [{ n: awards.length }]);
    const jpm = await bankLookup(db, { ticker: 'JPM' });
    const jpmBank = banks.find((b) => b.NAMEHCR === 'JPMORGAN CHASE & CO')!;
    assert.equal(jpm.map((b) => [b.cert, b.holdingCompanyTicker, b.totalAssets, b.reportDate]), [[Number(jpmBank.CERT), 'JPM', Number(jpmBank.ASSET) * 1000, usDate(jpmBank.REPDTE!)]]);
    const closedBank = banks.find((b) => b.ACTIVE === '0')!;
    const closed = await bankLookup(db, { q: closedBank.NAME!.toLowerCase() });
    assert.equal(closed.map((b) => [b.active, b.inactiveSince]), [[false, usDate(closedBank.ENDEFYMD!)]]);
    const state = closedBank.STALP!;
    assert.equal((await bankLookup(db, { state: state.toLowerCase(), activeOnly: true })).map((b) => b.cert), banks.filter((b) => b.STALP === state && b.ACTIVE === '1').map((b) => Number(b.CERT)));
    // GOOG and GOOGL are one company: either symbol finds the award of Alphabet's (generated) subsidiary.
    const alphabet = awards.filter((a) => a.recipient_parent_name === 'ALPHABET INC.');
    assert.ok(alphabet.length > 0);
    assert.equal((await federalContracts(db, { ticker: 'GOOG' })).map((a) => [a.piid, a.ticker]), alphabet.map((a) => [a.award_id_piid, 'GOOGL']));
    assert.equal((await federalContracts(db, { ticker: 'AMZN' })).map((a) => a.recipientName), awards.filter((a) => a.recipient_parent_name === 'AMAZON COM INC').map((a) => a.recipient_name));
    const jnj = awards.find((a) => a.recipient_parent_name === 'JOHNSON & JOHNSON')!;
    assert.equal((await federalContracts(db, { recipient: jnj.recipient_name!.toLowerCase() })).map((a) => a.ticker), ['JNJ']);
    const dodRows = awards.filter((a) => a.awarding_agency_name === 'DEPARTMENT OF DEFENSE (DOD)' && a.award_latest_action_date_fiscal_year === '2024');
    const dod = await contractTotals(db, { agency: 'department of defense', fiscalYear: 2024 });
    assert.equal([dod.awards, dod.obligated], [dodRows.length, Math.round(dodRows.reduce((s, a) => s + Number(a.total_obligated_amount), 0) * 100) / 100]);
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
    assert.equal(await db.all('SELECT count(*)::INTEGER AS n FROM fdic_institutions'), [{ n: sampleCsvRecords('banks.data.fdic.gov/api/institutions.csv').length }]);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
});

test.run();
