/**
 * `almanac pipelines backfill nport --from <q> --to <q> --dataset`: the DERA Form N-PORT data set
 * (SYNTHETIC zips in the documented format, test/upstream/dera-datasets.ts, written from the
 * per-filing parse of the two constructed N-PORT filings, test/fixtures/ownership/constructed, plus
 * a made-up fund), served by the imitation and streamed out of the zip. The rows, and the etf-data, bond-search and fund-holdings answers
 * on them, equal the per-filing build of the same filings; a sample is cross-checked against the
 * per-filing parse (a changed zip with a planted difference is reloaded and the disagreement
 * recorded); an unchanged zip loads nothing; the JS heap stays far below the holdings table's size.
 */
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { backfill } from '../../../pipelines/backfill.ts';
import { DATASETS, datasetKeys } from '../../../pipelines/jobs/dera-datasets.ts';
import { nportJob, type ParsedNport } from '../../../pipelines/jobs/nport.ts';
import { fullIndexKey, renderMasterIndex } from '../../../pipelines/parsers/edgar-index.ts';
import { openSource } from '../../../pipelines/sources/index.ts';
import { openBuild } from '../../../pipelines/runner.ts';
import { bondSearch } from '../../../warehouse/queries/bonds.ts';
import { etfData, fundsHoldingSecurity } from '../../../warehouse/queries/funds.ts';
import { tempDir } from '../../helpers.ts';
import { datasetZip, NPORT_COLUMNS, syntheticNportFiling, writeNportFiling, type NportDatasetFiling } from '../../upstream/dera-datasets.ts';
import { GOLDMAN_NPORT } from '../../upstream/edgar-days.ts';
import { assembleSubmission, CONSTRUCTED, startUpstream, type Upstream } from '../../upstream/server.ts';

const UA = 'Almanac test ops@example.com';
const SPY_NPORT = { cik: 884394, company: 'SPDR S&P 500 ETF TRUST', form: 'NPORT-P', accession: '0001752724-24-197014' };
const SYNTHETIC_FUND = { cik: 9990002, accession: '0009990002-23-000001' };
const Q2_2023 = datasetKeys(DATASETS.nport!, '2023-04-01', '2023-06-30')[0]!;
const Q3_2024 = datasetKeys(DATASETS.nport!, '2024-07-01', '2024-09-30')[0]!;

async function parsed(f: { cik: number; accession: string }): Promise<NportDatasetFiling> {
  const doc = {
    path: `www.sec.gov/Archives/edgar/data/${f.cik}/${f.accession.replace(/-/g, '')}/${f.accession}.txt`,
    bytes: assembleSubmission(path.join(CONSTRUCTED, `www.sec.gov/Archives/edgar/data/${f.cik}/${f.accession.replace(/-/g, '')}`), f.accession)!,
  };
  const p = (await nportJob.parse(doc, {} as never)) as ParsedNport & { kind: 'filing' };
  return { accession: f.accession, filed: p.header.filed, form: p.header.form, filing: p.filing };
}

let up: Upstream;
let spy: NportDatasetFiling;
const ds = suite('N-PORT data set');

ds.before(async () => {
  up = await startUpstream();
  const goldman = await parsed(GOLDMAN_NPORT);
  spy = await parsed(SPY_NPORT);
  up.put(Q2_2023, await datasetZip(NPORT_COLUMNS, async (sink) => {
    for (const f of [goldman, syntheticNportFiling(SYNTHETIC_FUND.cik, SYNTHETIC_FUND.accession, '2023-05-30', 4)]) await writeNportFiling(sink, f);
  }));
  up.put(Q3_2024, await datasetZip(NPORT_COLUMNS, (sink) => writeNportFiling(sink, spy)));
  // The same real filings in the quarters' full indexes, for the per-filing build to compare with.
  const index = (y: number, q: number, f: typeof SPY_NPORT, filed: string) =>
    up.put(fullIndexKey(y, q), renderMasterIndex(`${y}-01-01`, [{ ...f, filed, fileName: `edgar/data/${f.cik}/${f.accession}.txt` }]));
  index(2023, 2, GOLDMAN_NPORT, goldman.filed);
  index(2024, 3, SPY_NPORT, spy.filed);
});
ds.after(() => up.close());

const run = (dataDir: string, dataset: boolean, from: string, to: string) =>
  backfill({
    dataDir, source: openSource('live', { secUserAgent: UA, dataDir, edgarRps: 1000, upstreamRps: 1000, upstreams: up.baseUrls }),
    jobs: ['nport'], from, to, today: '2024-12-31', threads: 1, dataset,
  });

async function withDb<T>(dataDir: string, fn: (db: Awaited<ReturnType<typeof openBuild>>['db']) => Promise<T>): Promise<T> {
  const { instance, conn, db } = await openBuild(dataDir, { threads: 1 });
  try {
    return await fn(db);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}
const read = <T>(dataDir: string, sql: string): Promise<T[]> => withDb(dataDir, (db) => db.all<T>(sql));

const FILINGS = `SELECT accession, form, filed::VARCHAR AS filed, reg_cik, reg_name, series_id, series_name, series_lei, class_ids, period_end::VARCHAR AS period_end,
  period::VARCHAR AS period, total_assets, total_liabilities, net_assets, holdings_count FROM nport_filings`;
const HOLDINGS = `SELECT * EXCLUDE (synthetic, period, filed, maturity), period::VARCHAR AS period, filed::VARCHAR AS filed, maturity::VARCHAR AS maturity FROM nport_holdings`;
const REAL = `accession IN ('${GOLDMAN_NPORT.accession}', '${SPY_NPORT.accession}')`;

ds('two quarters of the data set, streamed from their zips, equal the per-filing build, and so do etf-data, bond-search and fund-holdings', async () => {
  const dataDir = tempDir();
  up.hits.clear();
  for (const [from, to] of [['2023-04-01', '2023-06-30'], ['2024-07-01', '2024-09-30']]) {
    const r = await run(dataDir, true, from!, to!);
    assert.is(r.status, 'success', JSON.stringify(r.runs.map((x) => [x.job, x.error, x.quarantined])));
    assert.ok(r.snapshot);
  }
  assert.is(up.count(Q2_2023), 1);
  assert.is(up.count(fullIndexKey(2023, 2)), 0, 'a data-set backfill does not read the full index');

  const perFiling = tempDir();
  for (const [from, to] of [['2023-04-01', '2023-06-30'], ['2024-07-01', '2024-09-30']]) assert.is((await run(perFiling, false, from!, to!)).status, 'success');

  const holdings = await read<Record<string, unknown>>(dataDir, `${HOLDINGS} WHERE ${REAL} ORDER BY accession, row`);
  assert.is(holdings.length, 9 + 15, 'the sample filings: 9 and 15 holdings');
  assert.ok(holdings.some((h) => h.maturity !== null && h.coupon_rate !== null), 'debt terms joined from DEBT_SECURITY');
  assert.ok(holdings.some((h) => h.other_ids !== null), 'other identifiers joined from IDENTIFIERS');
  assert.ok(holdings.some((h) => h.ticker !== null && h.isin !== null));
  assert.equal(holdings, await read(perFiling, `${HOLDINGS} ORDER BY accession, row`));
  assert.equal(await read(dataDir, `${FILINGS} WHERE ${REAL} ORDER BY accession`), await read(perFiling, `${FILINGS} ORDER BY accession`));
  assert.equal(await read(dataDir, 'SELECT * FROM fund_classes ORDER BY symbol'), await read(perFiling, 'SELECT * FROM fund_classes ORDER BY symbol'));
  // A fund with no per-filing document is in the warehouse under its registrant's name.
  assert.equal(await read(dataDir, `SELECT reg_name, holdings_count FROM nport_filings WHERE reg_cik = ${SYNTHETIC_FUND.cik}`), [
    { reg_name: `ALMANAC SYNTHETIC FUND TRUST ${SYNTHETIC_FUND.cik}`, holdings_count: 4 },
  ]);

  // The answers served from these tables.
  const answers = (dir: string) =>
    withDb(dir, async (db) => {
      const etf = await etfData(db, 'SYN000037818', 50);
      const bondIssuer = String((await db.all<{ name: string }>(`SELECT name FROM nport_holdings WHERE accession = '${GOLDMAN_NPORT.accession}' AND maturity IS NOT NULL LIMIT 1`))[0]!.name);
      return {
        etf: etf && { ...etf, fetchedAt: null },
        bonds: await bondSearch(db, bondIssuer.slice(0, 12)),
        holders: await fundsHoldingSecurity(db, '037833100'),
      };
    });
  const mine = await answers(dataDir);
  assert.is(mine.etf?.profile.accession, GOLDMAN_NPORT.accession);
  assert.ok(mine.etf!.holdings.length === 9 && mine.bonds.length > 0 && mine.holders.some((h) => h.accession === SPY_NPORT.accession));
  assert.equal(mine, await answers(perFiling));

  const checks = await read<{ accession: string; outcome: string; detail: string }>(dataDir, `SELECT accession, outcome, detail FROM pipeline_crosschecks WHERE job = 'nport' ORDER BY accession`);
  assert.equal(checks.map((c) => [c.accession, c.outcome]), [[GOLDMAN_NPORT.accession, 'agree'], [SPY_NPORT.accession, 'agree'], [SYNTHETIC_FUND.accession, 'unavailable']]);

  // Again: the zip did not change (304), nothing is loaded twice, nothing is published.
  const again = await run(dataDir, true, '2024-07-01', '2024-09-30');
  assert.equal(again.runs.map((x) => [x.job, x.docsNew, x.docsChanged, x.docsSkipped]), [['nport', 0, 0, 2], ['security-master', 0, 0, 0]]);
  assert.is(again.snapshot, null);

  // The SEC republishes the zip with one holding's balance differing from the filing: reloaded, the disagreement recorded.
  const planted = { ...spy, filing: { ...spy.filing, holdings: spy.filing.holdings.map((h, i) => (i === 0 ? { ...h, balance: (h.balance ?? 0) + 1 } : h)) } };
  up.put(Q3_2024, await datasetZip(NPORT_COLUMNS, (sink) => writeNportFiling(sink, planted)));
  const changed = await run(dataDir, true, '2024-07-01', '2024-09-30');
  assert.equal(changed.runs.map((x) => [x.job, x.docsChanged]), [['nport', 1], ['security-master', 1]]); // the security master derived again from the changed holdings
  const last = await read<{ outcome: string; detail: string }>(dataDir, `SELECT outcome, detail FROM pipeline_crosschecks WHERE accession = '${SPY_NPORT.accession}' ORDER BY checked_at DESC LIMIT 1`);
  assert.is(last[0]!.outcome, 'disagree');
  assert.match(last[0]!.detail, /1 row\(s\) only in the data set .*1 row\(s\) only in the filing/);
  const notes = await read<{ detail: string }>(dataDir, "SELECT detail FROM pipeline_notes WHERE kind = 'dataset_crosscheck_mismatch'");
  assert.is(notes.length, 1);
  assert.match(notes[0]!.detail, SPY_NPORT.accession);
});

ds.run();
