/**
 * `backfill fundamentals|filings --bulk`: the SEC's nightly companyfacts.zip and submissions.zip,
 * streamed to the landing folder and read entry by entry (yauzl); every company in the zip is
 * loaded as from its per-company document; an unchanged zip is a 304 and loads nothing. Against the
 * local imitation, never the network.
 */
import { existsSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { BULK, bulkBackfill, backfillCommand } from '../../../pipelines/backfill.ts';
import { BDC_ZIPS } from '../../../pipelines/jobs/bdc.ts';
import { runPipelines } from '../../../pipelines/runner.ts';
import { openSource } from '../../../pipelines/sources/index.ts';
import { queryBuild } from './build-db.ts';
import { tempDir, testConfig } from '../../helpers.ts';
import { SAMPLE, startUpstream, type Upstream } from '../../upstream/server.ts';
import { zipOf } from '../../upstream/zips.ts';

const UA = 'Almanac test ops@example.com';
let up: Upstream;
const bulk = suite('bulk backfill');
// The sample's real documents, decompressed when the sample keeps them as `<key>.gz`.
const sample = (key: string): Buffer => (existsSync(path.join(SAMPLE, key)) ? readFileSync(path.join(SAMPLE, key)) : gunzipSync(readFileSync(path.join(SAMPLE, `${key}.gz`))));

bulk.before(async () => {
  up = await startUpstream();
  up.put(BULK.fundamentals!.zip, await zipOf(['CIK0001045810.json', 'CIK0001835632.json'].map((name) => ({ name, bytes: sample(`data.sec.gov/api/xbrl/companyfacts/${name}`) }))));
  up.put(BULK.filings!.zip, await zipOf(['CIK0001318605.json', 'CIK0001318605-submissions-001.json', 'CIK0001045810.json'].map((name) => ({ name, bytes: sample(`data.sec.gov/submissions/${name}`) }))));
});
bulk.after(() => up.close());


bulk('companyfacts.zip and submissions.zip load every company in them; an unchanged zip loads nothing', async () => {
  const dataDir = tempDir();
  const source = openSource('live', { secUserAgent: UA, dataDir, edgarRps: 1000, upstreamRps: 1000, upstreams: up.baseUrls });
  const facts = await bulkBackfill({ dataDir, source, job: 'fundamentals', threads: 1 });
  assert.is(facts.status, 'success', JSON.stringify(facts.runs.map((r) => [r.error, r.quarantined])));
  assert.is(facts.runs[0]!.docsNew, 2);
  const ciks = await queryBuild<{ cik: number }>(dataDir, 'SELECT DISTINCT cik FROM facts ORDER BY cik');
  assert.equal(ciks.map((r) => Number(r.cik)), [1045810, 1835632]);
  const subs = await bulkBackfill({ dataDir, source, job: 'filings', threads: 1 });
  assert.is(subs.status, 'success');
  assert.is(subs.runs[0]!.docsNew, 2, 'two main documents; the older page is read from the zip');
  const tesla = await queryBuild<{ n: number; missing: number }>(dataDir, 'SELECT count(*)::INTEGER AS n, (SELECT pages_missing FROM company_profiles WHERE cik = 1318605) AS missing FROM filings WHERE cik = 1318605');
  assert.is(tesla[0]!.missing, 0);
  const recent = JSON.parse(sample('data.sec.gov/submissions/CIK0001318605.json').toString('utf8'));
  const older = JSON.parse(sample('data.sec.gov/submissions/CIK0001318605-submissions-001.json').toString('utf8'));
  assert.is(tesla[0]!.n, new Set([...recent.filings.recent.accessionNumber, ...older.accessionNumber]).size, 'the recent filings and the older page\'s');
  assert.is(up.count('data.sec.gov/'), 0, 'nothing asked per company');
  // Again: the zip is a 304, every entry unchanged, nothing published.
  const again = await bulkBackfill({ dataDir, source, job: 'fundamentals', threads: 1 });
  assert.is(again.runs[0]!.docsSkipped, 2);
  assert.is(again.unpublished, 'unchanged');
  assert.is(again.runs[0]!.sources['www.sec.gov']!.notModified, 1);
});

bulk('bdc on the live source: each month\'s DERA BDC data set zip, member by member; a month not published is passed over', async () => {
  const dataDir = tempDir();
  // The sample's data set (November 2025: the real sub.tsv and generated soi.tsv, num.tsv) as the
  // November zip; October is asked for and not published.
  const folder = 'www.sec.gov/files/dera/data/bdc-data-sets/2025_11';
  up.put(`${BDC_ZIPS}/2025_11_bdc.zip`, await zipOf(['sub.tsv', 'soi.tsv', 'num.tsv'].map((name) => ({ name, bytes: sample(`${folder}/${name}`) }))));
  up.hits.clear();
  const r = await runPipelines({
    dataDir,
    source: openSource('live', { secUserAgent: UA, dataDir, edgarRps: 1000, upstreamRps: 1000, upstreams: up.baseUrls }),
    jobs: ['bdc'],
    incremental: true,
    today: '2025-12-05',
    since: '2025-10-01',
    threads: 1,
  });
  assert.is(r.status, 'success', JSON.stringify(r.runs.map((x) => [x.error, x.quarantined])));
  assert.is(up.hits.get(`${BDC_ZIPS}/2025_11_bdc.zip`), 1, 'the zip is fetched once for its three members');
  assert.is(up.hits.get(`${BDC_ZIPS}/2025_10_bdc.zip`), 1, 'October asked for, not published: passed over');
  assert.is(up.count(`${BDC_ZIPS}/2025_12_bdc.zip`), 0, 'the month in progress is not asked for');
  const datasets = await queryBuild<{ dataset: string; n: number }>(dataDir, 'SELECT dataset, count(*)::INTEGER AS n FROM bdc_filings GROUP BY 1');
  assert.is(datasets.length, 1);
  assert.is(datasets[0]!.dataset, '2025_11');
  assert.ok(datasets[0]!.n > 0);
  assert.ok((await queryBuild<{ n: number }>(dataDir, 'SELECT count(*)::INTEGER AS n FROM bdc_holdings'))[0]!.n > 0);
});

bulk('the command: --bulk takes one bulk job and no period', async () => {
  const config = testConfig({ source: 'live', upstreams: up.baseUrls });
  const errs: string[] = [];
  assert.is(await backfillCommand(['13f', '--bulk'], config, () => {}, (l) => errs.push(l)), 64, 'a usage error');
  assert.match(errs.pop()!, /--bulk takes one job: fundamentals or filings/);
  assert.is(await backfillCommand(['fundamentals', '--bulk', '--from', '2024Q1'], config, () => {}, (l) => errs.push(l)), 64, 'a usage error');
  assert.match(errs.pop()!, /no --from\/--to/);
});

bulk.run();
