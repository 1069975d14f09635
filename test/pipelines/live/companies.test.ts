/**
 * Live and incremental per-company documents: the submissions (filings job) and companyfacts
 * (fundamentals job) of a company are fetched on a cold start and afterwards only when the EDGAR
 * daily index lists a new filing of it (any form for submissions; 10-K/10-Q/20-F/40-F for
 * companyfacts). Against the local imitation, never the network.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runPipelines } from '../../../pipelines/runner.ts';
import { openSource } from '../../../pipelines/sources/index.ts';
import { tempDir } from '../../helpers.ts';
import { listOn, NVDA_FORM4 } from '../../upstream/edgar-days.ts';
import { startUpstream, type Upstream } from '../../upstream/server.ts';

const UA = 'Almanac test ops@example.com';
const NVDA_FACTS = 'data.sec.gov/api/xbrl/companyfacts/CIK0001045810.json';
const MRVL_FACTS = 'data.sec.gov/api/xbrl/companyfacts/CIK0001835632.json';
const NVDA_SUBS = 'data.sec.gov/submissions/CIK0001045810.json';
const MRVL_SUBS = 'data.sec.gov/submissions/CIK0001835632.json';

let up: Upstream;
const co = suite('live per-company documents');
co.before(async () => {
  up = await startUpstream();
  up.put('www.sec.gov/files/company_tickers_exchange.json', JSON.stringify({ fields: ['cik', 'name', 'ticker', 'exchange'], data: [[1045810, 'NVIDIA CORP', 'NVDA', 'Nasdaq'], [1835632, 'Marvell Technology, Inc.', 'MRVL', 'Nasdaq']] }));
  listOn(up, '2024-08-14', [NVDA_FORM4]);
  // Day 2: NVIDIA files a 10-Q (the index lists it; no job fetches the 10-Q itself).
  listOn(up, '2024-08-20', [{ cik: 1045810, company: 'NVIDIA CORP', form: '10-Q', accession: '0001045810-24-000264' }]);
});
co.after(() => up.close());

co('cold: every company; day 2: only the company the index names, for the jobs whose forms it filed', async () => {
  const dataDir = tempDir();
  const run = (today: string) =>
    runPipelines({
      dataDir,
      source: openSource('live', { secUserAgent: UA, dataDir, edgarRps: 1000, upstreamRps: 1000, upstreams: up.baseUrls }),
      jobs: ['companies', 'filings', 'fundamentals'],
      incremental: true,
      today,
      since: '2024-08-14',
      threads: 1,
    });
  const cold = await run('2024-08-16');
  assert.is(cold.status, 'success', JSON.stringify(cold.runs.map((r) => [r.job, r.error, r.quarantined])));
  for (const k of [NVDA_FACTS, MRVL_FACTS, NVDA_SUBS, MRVL_SUBS]) assert.is(up.hits.get(k), 1, k);
  const day2 = await run('2024-08-21');
  assert.is(up.hits.get(NVDA_FACTS), 2, 'NVIDIA filed a 10-Q: companyfacts asked again');
  assert.is(up.hits.get(NVDA_SUBS), 2, 'NVIDIA filed: submissions asked again');
  assert.is(up.hits.get(MRVL_FACTS), 1, 'Marvell filed nothing');
  assert.is(up.hits.get(MRVL_SUBS), 1);
  // The SEC had not refreshed either document yet (304): nothing parsed, nothing published.
  assert.is(day2.unpublished, 'unchanged');
  assert.is(day2.runs.find((r) => r.job === 'fundamentals')!.docsSkipped, 1);
});

co.run();
