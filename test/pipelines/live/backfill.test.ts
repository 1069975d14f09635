/**
 * `almanac pipelines backfill`: a past period's filings found through the quarterly full index,
 * limited to the period; a killed backfill started again continues where it stopped (no filing
 * fetched or loaded twice). Against the local imitation, never the network.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { backfill, backfillCommand, periodBound } from '../../../pipelines/backfill.ts';
import { busyMessage } from '../../../pipelines/busy.ts';
import { openBuild } from '../../../pipelines/runner.ts';
import { fullIndexKey, renderMasterIndex } from '../../../pipelines/parsers/edgar-index.ts';
import { openSource } from '../../../pipelines/sources/index.ts';
import { buildFile } from '../../../warehouse/snapshots.ts';
import { tempDir, testConfig } from '../../helpers.ts';
import { COATUE_Q1, COATUE_Q2, NVDA_FORM4, type Listed } from '../../upstream/edgar-days.ts';
import { startUpstream, type Upstream } from '../../upstream/server.ts';
import { holdBuildDatabase } from '../hold-build.ts';


const UA = 'Almanac test ops@example.com';
const ARCHIVES = 'www.sec.gov/Archives/edgar/data/';
const BRK_Q1 = { cik: 1067983, company: 'BERKSHIRE HATHAWAY INC', form: '13F-HR', accession: '0000950123-24-006109' };
const BRK_Q1_AMENDMENT = { cik: 1067983, company: 'BERKSHIRE HATHAWAY INC', form: '13F-HR/A', accession: '0000950123-24-006111' };

let up: Upstream;
const bf = suite('backfill');
const quarter = (year: number, q: number, filings: (Listed & { filed: string })[]): void =>
  up.put(fullIndexKey(year, q), renderMasterIndex(`${year}-01-01`, filings.map((f) => ({ ...f, fileName: `edgar/data/${f.cik}/${f.accession}.txt` }))));

bf.before(async () => {
  up = await startUpstream();
  quarter(2024, 2, [
    { ...COATUE_Q1, filed: '2024-05-15' },
    { ...BRK_Q1, filed: '2024-05-15' },
    { ...BRK_Q1_AMENDMENT, filed: '2024-05-15' },
    { ...NVDA_FORM4, filed: '2024-06-17' },
  ]);
  quarter(2024, 3, [{ ...COATUE_Q2, filed: '2024-08-14' }]);
});
bf.after(() => up.close());

bf('period bounds: dates and quarters', () => {
  assert.is(periodBound('2024Q2', false), '2024-04-01');
  assert.is(periodBound('2024q4', true), '2024-12-31');
  assert.is(periodBound('2024-02-29', true), '2024-02-29');
  assert.is(periodBound('2024Q5', false), null);
  assert.is(periodBound('May 2024', false), null);
});

bf('the full index of the period; killed after one filing, started again it loads only the rest', async () => {
  const dataDir = tempDir();
  const source = () => openSource('live', { secUserAgent: UA, dataDir, edgarRps: 1000, upstreamRps: 1000, upstreams: up.baseUrls });
  up.hits.clear();
  let n = 0;
  const killed = await backfill({
    dataDir, source: source(), jobs: ['13f', 'insiders'], from: '2024-04-01', to: '2024-06-30', today: '2024-09-30', threads: 1,
    afterDocument: (job) => {
      if (job === '13f' && ++n === 1) throw new Error('killed');
    },
  });
  assert.is(killed.status, 'failed');
  assert.is(killed.runs.find((r) => r.job === '13f')!.docsNew, 1);
  assert.is(killed.snapshot, null);
  const resumed = await backfill({ dataDir, source: source(), jobs: ['13f', 'insiders'], from: '2024-04-01', to: '2024-06-30', today: '2024-09-30', threads: 1 });
  assert.is(resumed.status, 'success', JSON.stringify(resumed.runs.map((r) => [r.job, r.error, r.quarantined])));
  assert.ok(resumed.snapshot);
  assert.is(resumed.runs.find((r) => r.job === '13f')!.docsNew, 2, 'the two 13F filings the killed run had not loaded');
  for (const [k, v] of up.hits) if (k.startsWith(ARCHIVES)) assert.is(v, 1, `${k} fetched ${v} times`);
  assert.is(up.count(ARCHIVES), 4);
  assert.is(up.hits.get(fullIndexKey(2024, 2)), 1, 'a complete quarter is read once');
  assert.is(up.count(fullIndexKey(2024, 3)), 0, 'outside the period');
  const { instance, conn, db } = await openBuild(dataDir, { threads: 1 });
  try {
    const f13 = await db.all<{ accession: string }>('SELECT accession FROM f13_filings ORDER BY accession');
    assert.equal(f13.map((r) => r.accession), [BRK_Q1.accession, BRK_Q1_AMENDMENT.accession, COATUE_Q1.accession].sort());
    const docs = await db.all<{ n: number; d: number }>("SELECT count(*)::INTEGER AS n, count(DISTINCT doc_path)::INTEGER AS d FROM pipeline_documents WHERE job IN ('13f', 'insiders')");
    assert.equal(docs[0], { n: 4, d: 4 });
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
});

bf("a quarter whose full index the source lacks is quarantined as not found, and the backfill ends partial, not success (an operator pass)", async () => {
  const dataDir = tempDir();
  const source = openSource('live', { secUserAgent: UA, dataDir, edgarRps: 1000, upstreamRps: 1000, upstreams: up.baseUrls });
  // 2024Q2 is served, 2023Q4 and 2024Q1 are not.
  const result = await backfill({ dataDir, source, jobs: ['13f', 'insiders'], from: '2023-10-01', to: '2024-06-30', today: '2024-09-30', threads: 1 });
  assert.is(result.status, 'partial', JSON.stringify(result.runs.map((r) => [r.job, r.error, r.quarantined])));
  const run = result.runs.find((r) => r.job === '13f')!;
  assert.is(run.docsNew, 3, "the 13F filings of the quarter that was read");
  const { instance, conn, db } = await openBuild(dataDir, { threads: 1 });
  try {
    // Each job of the run is told (insiders asks after 13f, within the window the index is not asked again).
    const q = await db.all<{ job: string; doc_path: string; reason: string }>('SELECT job, doc_path, reason FROM pipeline_quarantine ORDER BY job, doc_path');
    const absent = [fullIndexKey(2023, 4), fullIndexKey(2024, 1)];
    assert.equal(q, ['13f', 'insiders'].flatMap((job) => absent.map((doc_path) => ({ job, doc_path, reason: 'not found at the source' }))));
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
});

bf('the command refuses a bad period, a job without filings in the index, and a mirror source: 64 (usage), nothing run', async () => {
  const config = testConfig({ source: 'live', upstreams: up.baseUrls });
  const errs: string[] = [];
  const cmd = (args: string[]) => backfillCommand(args, config, () => {}, (l) => errs.push(l));
  assert.is(await cmd(['13f', '--from', '2024Q2']), 64);
  assert.match(errs.pop()!, /--to is required/);
  assert.is(await cmd(['13f', '--from', 'last year', '--to', '2024Q3']), 64);
  assert.match(errs.pop()!, /--from must be a date YYYY-MM-DD or a quarter YYYYQn, got "last year"/);
  assert.is(await cmd(['13f', '--from', '2024Q3', '--to', '2024Q2']), 64);
  assert.match(errs.pop()!, /is after --to/);
  assert.is(await cmd(['prices', '--from', '2024Q2', '--to', '2024Q2']), 64);
  assert.match(errs.pop()!, /backfill applies to 13f, nport, insiders/);
  assert.is(await cmd(['13f', '--from', '2024Q2', '--to', '2024Q2', '--source', 'mirror:/tmp']), 64);
  assert.match(errs.pop()!, /live source/);
  assert.is(await cmd(['13f', '--from', '2024Q2', '--to', '2024Q2', '--bogus']), 64);
  assert.match(errs.pop()!, /^unknown option --bogus/);
  assert.is(await cmd(['13f', '--from']), 64);
  assert.match(errs.pop()!, /--from needs a value/);
  assert.is(await cmd(['13f', '--from', '2024Q2', '--to', '2024Q2', '--source', 'bogus']), 64, 'a source that is not one');
  assert.is(await cmd(['nope', '--from', '2024Q2', '--to', '2024Q2', '--dataset']), 64);
  assert.match(errs.pop()!, /backfill --dataset applies to/);
  assert.is(await cmd(['13f', '--bulk']), 64);
  assert.match(errs.pop()!, /--bulk takes one job/);
  assert.is(existsSync(buildFile(config.dataDir)), false, 'nothing ran');
});

bf('impossible dates, ranges in the future and years outside EDGAR (1993..this year) are usage errors (64), one line, before anything runs', async () => {
  assert.is(periodBound('0001Q1', true), '0001-03-31', 'year 1, not 1901');
  assert.is(periodBound('0001Q1', false), '0001-01-01');
  const config = testConfig({ source: 'live', upstreams: up.baseUrls });
  const thisYear = new Date().getUTCFullYear();
  for (const [from, to, message] of [
    ['2024-04-31', '2024-05-31', /^--from 2024-04-31 is not a calendar date$/],
    ['2024-02-30', '2024-03-31', /^--from 2024-02-30 is not a calendar date$/],
    ['2024-01-01', '2024-02-30', /^--to 2024-02-30 is not a calendar date$/],
    ['2999Q1', '2999Q2', /^--from 2999Q1 \(2999-01-01\) is in the future \(today is \d{4}-\d{2}-\d{2}\): there is nothing to load after it$/],
    ['0000-01-01', '0001Q1', /^--from 0000-01-01 is outside 1993-01-01\.\.\d{4}-12-31: EDGAR's full indexes start with 1993Q1/],
    ['1992Q4', '1993Q1', /^--from 1992Q4 \(1992-10-01\) is outside 1993-01-01\.\./],
    ['2024Q1', '9999Q4', new RegExp(`^--to 9999Q4 \\(9999-12-31\\) is outside 1993-01-01\\.\\.${thisYear}-12-31`)],
  ] as [string, string, RegExp][]) {
    const errs: string[] = [];
    const code = await backfillCommand(['insiders', '--from', from, '--to', to, '--source', 'live'], config, () => {}, (l) => errs.push(l));
    assert.is(code, 64, `${from}..${to}: ${errs.join(' | ')}`);
    assert.is(errs.length, 1, `${from}..${to}`);
    assert.match(errs[0]!, message);
  }
  assert.is(existsSync(buildFile(config.dataDir)), false, 'nothing ran: no ledger entry');
});

bf('another process holds the build database: 75 (busy) and the line `run` gives, not DuckDB\'s error', async () => {
  const config = testConfig({ source: 'live', upstreams: up.baseUrls });
  mkdirSync(config.dataDir, { recursive: true });
  const holder = await holdBuildDatabase(buildFile(config.dataDir));
  try {
    const errs: string[] = [];
    assert.is(await backfillCommand(['insiders', '--from', '2024Q2', '--to', '2024Q2'], config, () => {}, (l) => errs.push(l)), 75);
    assert.equal(errs, [busyMessage(config.dataDir)]);
  } finally {
    holder.kill();
  }
});

bf.run();
