/**
 * `almanac pipelines backfill 13f insiders --from 2024Q2 --to 2024Q2 --dataset`: the DERA quarterly
 * data sets (SYNTHETIC zips in the documented format, test/upstream/dera-datasets.ts, built from the
 * per-filing parse of real sample filings plus a made-up manager), served by the imitation and
 * streamed out of the zip; the rows equal the per-filing build of the same filings; a sample is
 * cross-checked against the per-filing parse and a planted disagreement is recorded in the ledger
 * and shown by `status`; an unchanged zip loads nothing again.
 */
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { backfill, backfillCommand } from '../../../pipelines/backfill.ts';
import { f13Job, type Parsed13f } from '../../../pipelines/jobs/13f.ts';
import { insidersJob, type ParsedInsiderFiling } from '../../../pipelines/jobs/insiders.ts';
import { DATASETS, datasetKeys } from '../../../pipelines/jobs/dera-datasets.ts';
import { fullIndexKey, renderMasterIndex } from '../../../pipelines/parsers/edgar-index.ts';
import { openSource } from '../../../pipelines/sources/index.ts';
import { statusExtras } from '../../../pipelines/status-extras.ts';
import { openBuild } from '../../../pipelines/runner.ts';
import { tempDir } from '../../helpers.ts';
import { datasetZip, F13_COLUMNS, F345_COLUMNS, renderDatasetListing, writeF13Filing, writeF345Filing, type F13DatasetFiling, type F345DatasetFiling } from '../../upstream/dera-datasets.ts';
import { COATUE_Q1, NVDA_FORM4, NVDA_FORM4A } from '../../upstream/edgar-days.ts';
import { assembleSubmission, CONSTRUCTED, startUpstream, type Upstream } from '../../upstream/server.ts';

const UA = 'Almanac test ops@example.com';
const BRK_Q1 = { cik: 1067983, company: 'BERKSHIRE HATHAWAY INC', form: '13F-HR', accession: '0000950123-24-006109' };
const BRK_Q1_AMENDMENT = { cik: 1067983, company: 'BERKSHIRE HATHAWAY INC', form: '13F-HR/A', accession: '0000950123-24-006111' };
const SYNTHETIC_MANAGER = { cik: 9990001, name: 'ALMANAC SYNTHETIC CAPITAL LLC', accession: '0009990001-24-000001' };
const F13_KEY = datasetKeys(DATASETS['13f']!, '2024-04-01', '2024-06-30')[0]!;
const F345_KEY = datasetKeys(DATASETS.insiders!, '2024-04-01', '2024-06-30')[0]!;

const submission = (cik: number, accession: string) => ({
  path: `www.sec.gov/Archives/edgar/data/${cik}/${accession.replace(/-/g, '')}/${accession}.txt`,
  bytes: assembleSubmission(path.join(CONSTRUCTED, `www.sec.gov/Archives/edgar/data/${cik}/${accession.replace(/-/g, '')}`), accession)!,
});

async function f13Filing(cik: number, accession: string): Promise<F13DatasetFiling> {
  const p = (await f13Job.parse(submission(cik, accession), {} as never)) as Parsed13f;
  const c = p.cover;
  return {
    accession, cik: c.cik, form: p.header.form, filed: p.header.filed, period: c.period, manager: c.managerName, reportType: c.reportType, isAmendment: c.isAmendment,
    amendmentNo: c.amendmentNo, amendmentType: c.amendmentType, entryTotal: c.tableEntryTotal, valueTotal: c.tableValueTotal, otherManagers: c.otherManagers, rows: p.rows,
  };
}

let up: Upstream;
let f13Zip: Buffer;
const ds = suite('DERA data sets');

ds.before(async () => {
  up = await startUpstream();
  const coatue = await f13Filing(COATUE_Q1.cik, COATUE_Q1.accession);
  // The planted disagreement: one row's share count differs from the filing's own table.
  coatue.rows = coatue.rows.map((r, i) => (i === 0 ? { ...r, shares: (r.shares ?? 0) + 1 } : r));
  const f13 = [await f13Filing(BRK_Q1.cik, BRK_Q1.accession), await f13Filing(BRK_Q1_AMENDMENT.cik, BRK_Q1_AMENDMENT.accession), coatue];
  const synthetic: F13DatasetFiling = {
    accession: SYNTHETIC_MANAGER.accession, cik: SYNTHETIC_MANAGER.cik, form: '13F-HR', filed: '2024-05-10', period: '2024-03-31', manager: SYNTHETIC_MANAGER.name,
    reportType: '13F HOLDINGS REPORT', isAmendment: false, amendmentNo: null, amendmentType: null, entryTotal: 2, valueTotal: 3_000_000, otherManagers: [],
    rows: [
      { row: 1, issuer: 'APPLE INC', titleOfClass: 'COM', cusip: '037833100', figi: null, value: 1_000_000, shares: 5000, shareType: 'SH', putCall: null, investmentDiscretion: 'SOLE', otherManagers: null, voteSole: 5000, voteShared: 0, voteNone: 0 },
      { row: 2, issuer: 'NVIDIA CORPORATION', titleOfClass: 'COM', cusip: '67066G104', figi: null, value: 2_000_000, shares: 2000, shareType: 'SH', putCall: null, investmentDiscretion: 'SOLE', otherManagers: null, voteSole: 2000, voteShared: 0, voteNone: 0 },
    ],
  };
  f13Zip = await datasetZip(F13_COLUMNS, async (sink) => {
    for (const f of [...f13, synthetic]) await writeF13Filing(sink, f);
  });
  up.put(F13_KEY, f13Zip);
  const insiders: F345DatasetFiling[] = [];
  for (const f of [NVDA_FORM4, NVDA_FORM4A]) {
    const p = (await insidersJob.parse(submission(f.cik, f.accession), {} as never)) as ParsedInsiderFiling;
    insiders.push({ accession: f.accession, filed: p.header.filed, doc: p.doc });
  }
  up.put(F345_KEY, await datasetZip(F345_COLUMNS, async (sink) => {
    for (const f of insiders) await writeF345Filing(sink, f);
  }));
  // The same real filings in the quarter's full index, for the per-filing build to compare with.
  up.put(
    fullIndexKey(2024, 2),
    renderMasterIndex('2024-04-01', [
      { ...BRK_Q1, filed: '2024-05-15' }, { ...BRK_Q1_AMENDMENT, filed: '2024-05-15' }, { ...COATUE_Q1, filed: '2024-05-15' }, { ...NVDA_FORM4, filed: '2024-06-17' }, { ...NVDA_FORM4A, filed: '2024-06-20' },
    ].map((f) => ({ ...f, fileName: `edgar/data/${f.cik}/${f.accession}.txt` }))),
  );
});
ds.after(() => up.close());

const run = (dataDir: string, dataset: boolean) =>
  backfill({
    dataDir, source: openSource('live', { secUserAgent: UA, dataDir, edgarRps: 1000, upstreamRps: 1000, upstreams: up.baseUrls }),
    jobs: ['13f', 'insiders'], from: '2024-04-01', to: '2024-06-30', today: '2024-09-30', threads: 1, dataset,
  });

async function read<T>(dataDir: string, sql: string): Promise<T[]> {
  const { instance, conn, db } = await openBuild(dataDir, { threads: 1 });
  try {
    return await db.all<T>(sql);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

const HOLDINGS = `SELECT accession, row, cik, period::VARCHAR AS period, filed::VARCHAR AS filed, issuer, title_of_class, cusip, figi, value_usd, shares, share_type, put_call,
  investment_discretion, other_managers, vote_sole, vote_shared, vote_none FROM f13_holdings`;
const FILINGS = `SELECT accession, cik, manager_name, form, filed::VARCHAR AS filed, period::VARCHAR AS period, report_type, is_amendment, amendment_no, amendment_type,
  table_entry_total, table_value_total, value_unit, row_count, value_usd FROM f13_filings`;
const TRANSACTIONS = `SELECT accession, seq, table_kind, row_kind, security_title, transaction_date::VARCHAR AS d, code, shares, price, acquired_disposed, shares_after,
  direct_indirect, conversion_price, underlying_title, underlying_shares, footnotes, superseded_by FROM insider_transactions`;

ds('a quarter of each data set, streamed from its zip, equals the per-filing build; the sample cross-check finds the planted disagreement', async () => {
  const dataDir = tempDir();
  up.hits.clear();
  const r = await run(dataDir, true);
  assert.is(r.status, 'success', JSON.stringify(r.runs.map((x) => [x.job, x.error, x.quarantined])));
  assert.ok(r.snapshot);
  assert.equal(r.runs.map((x) => [x.job, x.docsNew]), [['13f', 1], ['insiders', 1], ['security-master', 0]]);
  assert.is(up.count(F13_KEY), 1);
  assert.is(up.count(fullIndexKey(2024, 2)), 0, 'a data-set backfill does not read the full index');

  const perFiling = tempDir();
  const p = await run(perFiling, false);
  assert.is(p.status, 'success');

  assert.is((await read<{ n: number }>(dataDir, `SELECT count(*)::INTEGER AS n FROM f13_holdings`))[0]!.n, 13, 'the sample tables: 6 + 1 + 4 real rows, 2 synthetic');
  const coatue = `accession = '${COATUE_Q1.accession}'`;
  // Every agreeing filing's rows are the per-filing build's rows, value for value.
  assert.equal(
    await read(dataDir, `${HOLDINGS} WHERE NOT ${coatue} AND cik <> ${SYNTHETIC_MANAGER.cik} ORDER BY accession, row`),
    await read(perFiling, `${HOLDINGS} WHERE NOT ${coatue} ORDER BY accession, row`),
  );
  assert.equal(await read(dataDir, `${FILINGS} WHERE cik <> ${SYNTHETIC_MANAGER.cik} ORDER BY accession`), await read(perFiling, `${FILINGS} ORDER BY accession`));
  const tx = await read(dataDir, `${TRANSACTIONS} ORDER BY accession, seq`);
  assert.ok(tx.length > 0);
  assert.equal(tx, await read(perFiling, `${TRANSACTIONS} ORDER BY accession, seq`), 'insider rows, footnotes and the 4/A supersession as the per-filing build');
  // A manager with no per-filing document and no ticker is in the warehouse under its own name.
  assert.equal(await read(dataDir, `SELECT manager_name, row_count, value_usd FROM f13_filings WHERE cik = ${SYNTHETIC_MANAGER.cik}`), [
    { manager_name: SYNTHETIC_MANAGER.name, row_count: 2, value_usd: 3_000_000 },
  ]);

  const checks = await read<{ job: string; accession: string; outcome: string; detail: string }>(dataDir, 'SELECT job, accession, outcome, detail FROM pipeline_crosschecks ORDER BY job, accession');
  const outcome = (acc: string) => checks.find((c) => c.accession === acc)?.outcome;
  assert.is(outcome(BRK_Q1.accession), 'agree');
  assert.is(outcome(BRK_Q1_AMENDMENT.accession), 'agree');
  assert.is(outcome(COATUE_Q1.accession), 'disagree');
  assert.match(checks.find((c) => c.accession === COATUE_Q1.accession)!.detail, /1 row\(s\) only in the data set .*1 row\(s\) only in the filing/);
  assert.is(outcome(SYNTHETIC_MANAGER.accession), 'unavailable');
  assert.is(outcome(NVDA_FORM4.accession), 'agree');
  assert.is(outcome(NVDA_FORM4A.accession), 'agree');
  const notes = await read<{ kind: string; detail: string }>(dataDir, "SELECT kind, detail FROM pipeline_notes WHERE kind = 'dataset_crosscheck_mismatch'");
  assert.is(notes.length, 1);
  assert.match(notes[0]!.detail, COATUE_Q1.accession);
  // No listing page at the imitation: the quarterly names were used, and the ledger says so.
  const fallback = await read<{ job: string; doc_path: string; detail: string }>(dataDir, "SELECT job, doc_path, detail FROM pipeline_notes WHERE kind = 'dataset_listing_fallback' ORDER BY job");
  assert.equal(fallback.map((n) => [n.job, n.doc_path]), [['13f', DATASETS['13f']!.page], ['insiders', DATASETS.insiders!.page]]);
  assert.match(fallback[0]!.detail, /listing page unreadable \(not found\): quarterly names 2024q2_form13f\.zip for 2024-04-01\.\.2024-06-30/);

  const { instance, conn, db } = await openBuild(dataDir, { threads: 1 });
  try {
    const status = await statusExtras(db);
    const text = status.lines.join('\n');
    assert.match(text, /data-set cross-checks/);
    assert.match(text, /data-set files .*\n  13f       FALLBACK: listing page unreadable \(not found\): quarterly names 2024q2_form13f\.zip/);
    assert.match(text, new RegExp(`disagree ${COATUE_Q1.accession}`));
  } finally {
    conn.closeSync();
    instance.closeSync();
  }

  // Again: the zips did not change (304), nothing is loaded twice, nothing is published.
  const again = await run(dataDir, true);
  assert.equal(again.runs.map((x) => [x.job, x.docsNew, x.docsSkipped]), [['13f', 0, 1], ['insiders', 0, 1], ['security-master', 0, 0]]);
  assert.is(again.snapshot, null);
});

ds('the listing page: the 13F date-window files overlapping the period are loaded (any folder), the quarterly name is not asked for', async () => {
  const MAR_MAY = 'www.sec.gov/files/structureddata/data/form-13f-data-sets/01mar2024-31may2024_form13f.zip';
  const JUN_AUG = 'www.sec.gov/files/datastandardsinnovation/data/form-13f-data-sets/01jun2024-31aug2024_form13f.zip';
  const june = (cik: number, accession: string, filed: string): F13DatasetFiling => ({
    accession, cik, form: '13F-HR', filed, period: '2024-03-31', manager: `ALMANAC SYNTHETIC ADVISERS ${cik}`, reportType: '13F HOLDINGS REPORT', isAmendment: false,
    amendmentNo: null, amendmentType: null, entryTotal: 1, valueTotal: 500_000, otherManagers: [],
    rows: [{ row: 1, issuer: 'APPLE INC', titleOfClass: 'COM', cusip: '037833100', figi: null, value: 500_000, shares: 2500, shareType: 'SH', putCall: null, investmentDiscretion: 'SOLE', otherManagers: null, voteSole: 2500, voteShared: 0, voteNone: 0 }],
  });
  up.put(MAR_MAY, f13Zip);
  up.put(JUN_AUG, await datasetZip(F13_COLUMNS, async (sink) => {
    await writeF13Filing(sink, june(9990003, '0009990003-24-000001', '2024-06-12'));
    await writeF13Filing(sink, june(9990004, '0009990004-24-000001', '2024-07-15')); // after the period
  }));
  up.put(DATASETS['13f']!.page, renderDatasetListing('Form 13F Data Sets', [
    { key: 'www.sec.gov/files/structureddata/data/form-13f-data-sets/01sep2024-30nov2024_form13f.zip', label: 'September 2024 - November 2024', bytes: 99e6 },
    { key: JUN_AUG, label: 'June 2024 - August 2024', bytes: 97e6 },
    { key: MAR_MAY, label: 'March 2024 - May 2024', bytes: 98e6 },
    { key: 'www.sec.gov/files/structureddata/data/form-13f-data-sets/01jan2024-29feb2024_form13f.zip', label: 'January 2024 - February 2024', bytes: 60e6 },
    { key: 'www.sec.gov/files/structureddata/data/form-13f-data-sets/2023q4_form13f.zip', label: '2023 Q4', bytes: 95e6 },
  ]));
  const dataDir = tempDir();
  up.hits.clear();
  const r = await backfill({
    dataDir, source: openSource('live', { secUserAgent: UA, dataDir, edgarRps: 1000, upstreamRps: 1000, upstreams: up.baseUrls }),
    jobs: ['13f'], from: '2024-04-01', to: '2024-06-30', today: '2024-09-30', threads: 1, dataset: true,
  });
  assert.is(r.status, 'success', JSON.stringify(r.runs.map((x) => [x.job, x.error, x.quarantined])));
  assert.equal([up.count(MAR_MAY), up.count(JUN_AUG), up.count(F13_KEY)], [1, 1, 0]);
  assert.equal(r.runs.map((x) => [x.job, x.docsNew]), [['13f', 2], ['security-master', 0]]);
  const managers = await read<{ cik: number }>(dataDir, `SELECT cik FROM f13_filings WHERE cik IN (${SYNTHETIC_MANAGER.cik}, 9990003, 9990004) ORDER BY cik`);
  assert.equal(managers.map((m) => m.cik), [SYNTHETIC_MANAGER.cik, 9990003], 'May and June filings loaded; the July one is outside the period');
  const note = await read<{ detail: string }>(dataDir, "SELECT detail FROM pipeline_notes WHERE kind = 'dataset_listing'");
  assert.equal(note.map((n) => n.detail), ['listing page (5 files): 01mar2024-31may2024_form13f.zip, 01jun2024-31aug2024_form13f.zip for 2024-04-01..2024-06-30']);
  assert.is((await read(dataDir, "SELECT 1 FROM pipeline_notes WHERE kind = 'dataset_listing_fallback'")).length, 0);
});

ds('the command: --dataset only for the jobs that have a DERA data set', async () => {
  const errs: string[] = [];
  const config = { source: 'live', upstreams: up.baseUrls } as never;
  assert.is(await backfillCommand(['banks', '--from', '2024Q2', '--to', '2024Q2', '--dataset'], config, () => {}, (l) => errs.push(l)), 64, 'a usage error');
  assert.match(errs.pop()!, /backfill --dataset applies to 13f, insiders, nport, fundamentals/);
});

ds.run();
